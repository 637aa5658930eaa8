"""Retrieval engine benchmark: embedding throughput, index build, warm reopen, search latency.

Builds a synthetic corpus of N chunks (default 10,000) by cycling the real chunks of
../shared/datasets/openemr/data and ../shared/datasets/astraml/data: chunk i copies base chunk
i mod B (text and metadata), appends a unique token so every text is distinct (nothing is
deduplicated by the embedding cache), and goes to one of four sources (docs, forums, blogs,
tickets) round-robin. Prints figures only; nothing is asserted.

    .venv/bin/python bench/bench_retrieval.py                 # 10,000 chunks, ~6-8 min on 2 idle cores
    .venv/bin/python bench/bench_retrieval.py --chunks 2000   # ~1.5 min

Figures:
  1. bare embedder throughput: ``get_text_embedding_batch`` on the corpus' indexed texts in
     batches of the configured size (the same calls the index build makes), on a sample;
  2. cold index build (SearchEngine.open on an empty index folder): time, chunks/s, and its
     throughput as a share of the bare embedder's (the rest is hashing, FAISS, BM25, I/O);
  3. warm reopen of the up-to-date index, with the already-loaded model (the model load is
     timed on its own);
  4. search latency p50/p95 over the queries (default 50), without and with rerank.
"""

from __future__ import annotations

import argparse
import logging
import math
import os
import random
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from src.config import Settings  # noqa: E402
from src.fusion.engine import SearchEngine  # noqa: E402
from src.fusion.index_text import indexed_text  # noqa: E402
from src.fusion.options import FusionConfig  # noqa: E402
from src.pipelines.chunks_io import write_chunks  # noqa: E402
from src.pipelines.ingest import ingest_corpus  # noqa: E402
from src.types import Chunk  # noqa: E402

DATASETS = ROOT.parent / "shared" / "datasets"
BASE_CORPORA = ("openemr", "astraml")
SOURCES = ("docs", "forums", "blogs", "tickets")


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile, as src/evaluation/metrics.py."""
    ordered = sorted(values)
    return ordered[max(1, math.ceil(p / 100 * len(ordered))) - 1]


def base_chunks(settings: Settings) -> list[Chunk]:
    chunks: list[Chunk] = []
    for name in BASE_CORPORA:
        data = DATASETS / name / "data"
        if not data.is_dir():
            sys.exit(f"dataset {name!r} not found at {data}: the shared datasets are needed for this benchmark")
        chunks.extend(ingest_corpus(data, settings).chunks)
    return chunks


def synthetic_corpus(base: list[Chunk], n: int, settings: Settings) -> list[Chunk]:
    out = []
    for i in range(n):
        b = base[i % len(base)]
        source = SOURCES[i % len(SOURCES)]
        kind = settings.source(source).kind.value
        out.append(Chunk(f"bench/{source}/d{i:06d}#c0", source, kind, f"{b.text}\n\nref-{i:06d}", dict(b.metadata)))
    return out


def bench_queries(base: list[Chunk], n: int) -> list[str]:
    """The AstraML gold questions, then titles and opening words of base chunks (seeded)."""
    import json

    queries: list[str] = []
    gold = DATASETS / "astraml" / "eval" / "queries.jsonl"
    if gold.is_file():
        queries += [json.loads(line)["q"] for line in gold.read_text().splitlines() if line.strip()]
    rng = random.Random(0)
    pool = list(base)
    rng.shuffle(pool)
    for c in pool:
        if len(queries) >= n:
            break
        words = " ".join(c.text.split()[:10]).strip("# ")
        title = str(c.metadata.get("title") or "")
        q = f"{title} {words}".strip() if rng.random() < 0.5 else words
        if q and q not in queries:
            queries.append(q[:200])
    return queries[:n]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunks", type=int, default=10_000, help="synthetic corpus size (default 10000)")
    parser.add_argument("--queries", type=int, default=50, help="search queries to time (default 50)")
    parser.add_argument("--bare-sample", type=int, default=1000,
                        help="texts for the bare embedder throughput (default 1000; 0 = all)")
    parser.add_argument("--no-rerank", action="store_true", help="skip the rerank latency pass")
    parser.add_argument("--keep", type=Path, default=None, help="build in this folder and keep it")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("bm25s").setLevel(logging.WARNING)
    sys.stdout.reconfigure(line_buffering=True)  # figures appear as they are measured
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

    settings = Settings()
    batch = settings.models.embed_batch_size
    t0 = time.perf_counter()
    base = base_chunks(settings)
    corpus = synthetic_corpus(base, args.chunks, settings)
    texts = [indexed_text(c) for c in corpus]
    queries = bench_queries(base, args.queries)
    prep_s = time.perf_counter() - t0

    import torch

    print(f"corpus: {len(corpus)} chunks from {len(base)} base chunks of {', '.join(BASE_CORPORA)}; "
          f"sources {', '.join(SOURCES)}; mean indexed text {sum(map(len, texts)) / len(texts):.0f} chars "
          f"(prepared in {prep_s:.1f} s)")
    print(f"machine: {os.cpu_count()} CPUs, torch {torch.__version__} with {torch.get_num_threads()} threads; "
          f"embed batch size {batch}")

    # 0. model load, on its own
    from src.embeddings import load_embed_model

    t0 = time.perf_counter()
    model = load_embed_model(settings.models.embed_model, batch)
    load_s = time.perf_counter() - t0
    print(f"\n0. model load ({model.model_name}): {load_s:.2f} s")

    # 1. bare embedder
    sample = texts if args.bare_sample <= 0 else texts[: args.bare_sample]
    model.get_text_embedding_batch(sample[:batch])  # warm-up: first-call allocation
    t0 = time.perf_counter()
    for start in range(0, len(sample), batch):
        model.get_text_embedding_batch(sample[start:start + batch])
    bare_s = time.perf_counter() - t0
    bare_rate = len(sample) / bare_s
    print(f"1. bare embedder: {len(sample)} texts in {bare_s:.1f} s = {bare_rate:.1f} chunks/s")

    with tempfile.TemporaryDirectory(prefix="bench-retrieval-") as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        chunks_path = folder / "chunks.jsonl"
        write_chunks(corpus, chunks_path)

        # 2. cold build
        t0 = time.perf_counter()
        engine = SearchEngine.open(chunks_path, settings, embed_model=model)
        cold_s = time.perf_counter() - t0
        report = engine.index_report
        cold_rate = report.embedded / cold_s
        size_mb = sum(p.stat().st_size for p in (folder / "index").rglob("*") if p.is_file()) / 1e6
        print(f"2. cold index build: {report.embedded} chunks embedded, sources {', '.join(report.rebuilt)}, "
              f"in {cold_s:.1f} s = {cold_rate:.1f} chunks/s, {cold_rate / bare_rate:.0%} of the bare embedder "
              f"(index {size_mb:.1f} MB)")

        # 3. warm reopen
        t0 = time.perf_counter()
        warm = SearchEngine.open(chunks_path, settings, embed_model=model)
        warm_s = time.perf_counter() - t0
        wr = warm.index_report
        print(f"3. warm reopen: {warm_s:.2f} s (embedded {wr.embedded}, reused {len(wr.reused)} sources; "
              f"+ {load_s:.2f} s model load when a process starts cold)")

        # 4. search latency
        def timed(config: FusionConfig) -> list[float]:
            warm._qcache.clear()  # every pass embeds its queries afresh
            t = time.perf_counter()
            warm.search("warm-up question", config)
            print(f"   (first query of the pass, with any lazy model initialisation: "
                  f"{(time.perf_counter() - t) * 1000:.0f} ms)")
            out = []
            for q in queries:
                t = time.perf_counter()
                warm.search(q, config)
                out.append((time.perf_counter() - t) * 1000)
            return out

        default = FusionConfig()
        plain = timed(default)
        print(f"4. search, {len(queries)} queries, default config ({default.mode.value}, k={default.k}, "
              f"per-source top {default.per_source_topk}): "
              f"p50 {percentile(plain, 50):.1f} ms, p95 {percentile(plain, 95):.1f} ms, "
              f"max {max(plain):.1f} ms")
        if not args.no_rerank:
            t0 = time.perf_counter()
            reranker = warm.reranker
            rr_load_s = time.perf_counter() - t0
            reranked = timed(replace(FusionConfig(), rerank=True))
            print(f"   with rerank (top {FusionConfig().rerank_topn}, {reranker.name}; loaded in {rr_load_s:.1f} s): "
                  f"p50 {percentile(reranked, 50):.1f} ms, p95 {percentile(reranked, 95):.1f} ms, "
                  f"max {max(reranked):.1f} ms")


if __name__ == "__main__":
    main()
