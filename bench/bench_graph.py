"""Claim-graph benchmark: extraction throughput and graph-build latency for 12 chunks.

    .venv/bin/python bench/bench_graph.py [--data DIR] [--runs 30] [--no-embed]

Ingests a real corpus (default: ../shared/datasets/astraml/data), times the offline extractor
over every chunk, then builds the claim graph for windows of 12 chunks (a docs/forum/blog mix,
as retrieval returns them) and prints p50/p95. The embedder is loaded once, outside the timings.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from src.config import Settings  # noqa: E402
from src.graph import audit_corpus, build_claim_graph, extract_claims  # noqa: E402
from src.pipelines.ingest import ingest_corpus  # noqa: E402
from src.types import ScoredChunk  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "datasets" / "astraml" / "data")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--no-embed", action="store_true", help="token-only key clustering")
    parser.add_argument("--torch-threads", type=int, default=0,
                        help="torch.set_num_threads(N) before timing (0: leave torch's default)")
    args = parser.parse_args()

    settings = Settings()
    weights = {name: cfg.weight for name, cfg in settings.sources.items()}
    chunks = ingest_corpus(args.data, settings).chunks
    t0 = time.perf_counter()
    n_claims = sum(len(extract_claims(c)) for c in chunks)
    dt = time.perf_counter() - t0
    print(f"corpus: {args.data} ({len(chunks)} chunks)")
    print(f"extraction: {n_claims} claims, {len(chunks) / dt:.0f} chunks/s ({dt * 1000:.1f} ms)")

    embed = None
    if not args.no_embed:
        from src.embeddings import load_embed_model

        t0 = time.perf_counter()
        embed = load_embed_model()
        if args.torch_threads:
            import torch

            torch.set_num_threads(args.torch_threads)
        print(f"embedder load (one-off, excluded): {time.perf_counter() - t0:.1f} s")

    step = max(1, len(chunks) // 12)
    timings = []
    for run in range(args.runs):
        window = [chunks[(run + i * step) % len(chunks)] for i in range(12)]
        evidence = [ScoredChunk(c, score=1.0 - i / 12) for i, c in enumerate(window)]
        t0 = time.perf_counter()
        build_claim_graph(evidence, source_weights=weights, embed_model=embed)
        timings.append((time.perf_counter() - t0) * 1000)
    print(f"graph build, 12 chunks, {args.runs} runs ({'MiniLM' if embed else 'tokens only'}): "
          f"p50 {statistics.median(timings):.1f} ms, p95 {percentile(timings, 0.95):.1f} ms")

    t0 = time.perf_counter()
    audit = audit_corpus(chunks, source_weights=weights, embed_model=embed)
    print(f"whole-corpus audit: {len(audit.keys)} contradicting keys in {(time.perf_counter() - t0) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
