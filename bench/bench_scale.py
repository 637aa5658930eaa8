"""Scale benchmark: a 100,000-chunk corpus on one machine (bench/scale_corpus.py builds it).

    .venv/bin/python bench/bench_scale.py                       # 100,000 chunks, int8 backend
    .venv/bin/python bench/bench_scale.py --chunks 5000 --qdrant # smaller, plus the Qdrant pass
    .venv/bin/python bench/bench_scale.py --bare-only --sample 600 --rounds 5   # step 1 only
    taskset -c 1 .venv/bin/python bench/bench_scale.py --bare-only --threads 1  # one core each

Prints figures only; nothing is asserted. Steps, in one run:

1. the bare embedders on the same sample (``--sample`` texts, seeded): fp32 through
   sentence-transformers, the way the index embedded before (batches of 64 in corpus order),
   and the ``--backend`` one through ``fill_cache``'s length-sorted batches, in ``--rounds``
   interleaved rounds (medians); their ratio, with the load average before and after
   (``--bare-only`` stops here; ``--threads 1`` gives each embedder one thread: torch's
   ``set_num_threads(1)`` against one single-threaded ONNX session, under ``taskset -c 1`` the
   figure least disturbed by other jobs on the other core);
2. ``main.py index --chunks FILE`` as a subprocess: wall time, chunks/s against the bare fp32
   rate, peak RSS (``/usr/bin/time``), index size on disk (embedding cache and sources apart);
3. reload: ``SearchEngine.open`` of the up-to-date index in this process (the model load apart);
4. queries (``--queries``, seeded from the corpus): p50/p95 of the default search, with the
   offline rerank, and with the claim graph of the top 12 (counter-evidence from the saved audit);
5. ``main.py graph --chunks FILE --json`` as a subprocess: the whole-corpus audit's wall time,
   peak RSS and number of contradictions (run before step 4's graph pass, which reuses it);
6. with ``--qdrant``: the same index on Qdrant's local mode (vectors from the embedding cache,
   nothing re-embedded): build time, reload time, query p50/p95.
"""

from __future__ import annotations

import argparse
import logging
import math
import os
import random
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.scale_corpus import build, describe  # noqa: E402
from src.config import Settings  # noqa: E402
from src.fusion.index_text import indexed_text  # noqa: E402
from src.pipelines.chunks_io import write_chunks  # noqa: E402


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile, as src/evaluation/metrics.py."""
    ordered = sorted(values)
    return ordered[max(1, math.ceil(p / 100 * len(ordered))) - 1]


def folder_mb(path: Path) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 1e6 if path.exists() else 0.0


def timed_child(args: list[str], env: dict[str, str], log: Path) -> tuple[float, float, int]:
    """Run ``main.py ARGS`` under /usr/bin/time: (wall seconds, peak RSS in GB, exit code)."""
    stats = log.with_suffix(".time")
    cmd = ["/usr/bin/time", "-f", "%e %M", "-o", str(stats), sys.executable, str(ROOT / "main.py"), *args]
    with log.open("w") as out:
        code = subprocess.run(cmd, env=env, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT).returncode
    wall, rss_kb = stats.read_text().split()[-2:]
    return float(wall), int(rss_kb) / 1e6, code


def bare_rates(texts: list[str], settings: Settings, backend: str, rounds: int = 3,
               threads: int | None = None) -> tuple[float, float]:
    """Chunks/s of the fp32 sentence-transformers embedder and of ``backend`` on the same texts:
    ``rounds`` interleaved passes of each over a slice, the median of each (load from other jobs
    then falls on both alike). ``threads=1``: one torch thread against one ONNX session."""
    from statistics import median

    from src.embedding_cache import EmbeddingCache, fill_cache
    from src.embeddings import load_embed_model

    if threads is not None:
        import torch

        import src.embed_onnx

        torch.set_num_threads(threads)
        src.embed_onnx.WORKERS = threads  # one single-threaded session per thread (bench only)

    batch = settings.models.embed_batch_size
    fp32 = load_embed_model(settings.models.embed_model, batch)
    fast = load_embed_model(settings.models.embed_model, batch, backend)
    fp32.get_text_embedding_batch(texts[:batch])  # warm-up
    fast.get_text_embedding_batch(texts[:batch])
    slices = [texts[k::rounds] for k in range(rounds)]
    fp32_rates, fast_rates = [], []
    for part in slices:
        t0 = time.perf_counter()
        for start in range(0, len(part), batch):
            fp32.get_text_embedding_batch(part[start:start + batch])
        fp32_rates.append(len(part) / (time.perf_counter() - t0))
        t0 = time.perf_counter()
        fill_cache(fast, EmbeddingCache(None), {str(i): t for i, t in enumerate(part)})
        fast_rates.append(len(part) / (time.perf_counter() - t0))
    return median(fp32_rates), median(fast_rates)


def query_pass(engine: object, queries: list[str], config: object, graph: bool = False) -> list[float]:
    """Milliseconds per query: the search alone, or (``graph``) as ``fusion --graph`` runs it, with
    the claim graph of the top 12, each source's voice and up to 4 chunks of counter-evidence."""
    from src.answer import AnswerService

    service = AnswerService(engine, engine.settings) if graph else None  # type: ignore[attr-defined]
    engine._qcache.clear()  # type: ignore[attr-defined]
    engine.search("warm-up question", config)  # type: ignore[attr-defined]
    out = []
    for q in queries:
        t = time.perf_counter()
        if service is not None:
            service.retrieve(q, config, graph_topn=12, counter_limit=4)
        else:
            engine.search(q, config)  # type: ignore[attr-defined]
        out.append((time.perf_counter() - t) * 1000)
    return out


def report_pass(name: str, times: list[float]) -> None:
    print(f"   {name}: p50 {percentile(times, 50):.1f} ms, p95 {percentile(times, 95):.1f} ms, max {max(times):.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunks", type=int, default=100_000)
    parser.add_argument("--backend", default="onnx-int8", help="embedding backend to index with (default onnx-int8)")
    parser.add_argument("--sample", type=int, default=1000, help="texts for the bare embedder rates (default 1000)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds of step 1 (default 3)")
    parser.add_argument("--threads", type=int, default=None,
                        help="threads for each embedder in step 1 (default: torch's and the backend's own)")
    parser.add_argument("--bare-only", action="store_true", help="step 1 only: the bare embedders' rates")
    parser.add_argument("--queries", type=int, default=50)
    parser.add_argument("--work", type=Path, default=ROOT / "artifacts" / "bench-scale",
                        help="folder for the corpus and its index (default artifacts/bench-scale)")
    parser.add_argument("--qdrant", action="store_true", help="also build and query on Qdrant's local mode")
    parser.add_argument("--skip-index", action="store_true", help="reuse the index already in --work")
    parser.add_argument("--skip-audit", action="store_true", help="leave out step 5 (the graph command)")
    parser.add_argument("--embed-model", default=None,
                        help="another embedder for every step, e.g. hashing:384 to time the storage, search "
                             "and Qdrant paths at full size without the embedding cost (step 1 is skipped)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    sys.stdout.reconfigure(line_buffering=True)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    env = {**os.environ, "CROSSCHECK_EMBED_BACKEND": args.backend}
    if args.embed_model:
        env["CROSSCHECK_EMBED_MODEL"] = args.embed_model
    started = time.perf_counter()

    settings = Settings()
    settings = replace(settings, models=replace(settings.models, embed_backend=args.backend,
                                                embed_model=args.embed_model or settings.models.embed_model))
    t0 = time.perf_counter()
    corpus = build(args.chunks, settings)
    work = args.work / f"n{args.chunks}"
    work.mkdir(parents=True, exist_ok=True)
    chunks_path = work / "chunks.jsonl"
    write_chunks(corpus.chunks, chunks_path)
    print(f"corpus: {describe(corpus)} (built in {time.perf_counter() - t0:.0f} s)")
    print(f"machine: {os.cpu_count()} CPUs (shared with other jobs: timings are noisy), "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")

    texts = [indexed_text(c) for c in corpus.chunks]
    sample = random.Random(0).sample(texts, min(args.sample, len(texts)))
    load = os.getloadavg()[0]
    fp32_rate, fast_rate = ((float("nan"),) * 2 if args.embed_model
                            else bare_rates(sample, settings, args.backend, args.rounds, args.threads))
    threads = f", {args.threads} thread(s) each" if args.threads else ""
    print(f"\n1. bare embedders, same {len(sample)} texts, {args.rounds} interleaved rounds{threads}: fp32 "
          f"(sentence-transformers, batches of 64 in corpus order) {fp32_rate:.1f} chunks/s; {args.backend} "
          f"(length-sorted batches) {fast_rate:.1f} chunks/s = {fast_rate / fp32_rate:.2f}x "
          f"(load average {load:.2f} before, {os.getloadavg()[0]:.2f} after)")
    if args.bare_only:
        return

    index_dir = work / "index"
    if not args.skip_index:
        wall, rss, code = timed_child(["index", "--chunks", str(chunks_path)], env, work / "index.log")
        rate = len(corpus.chunks) / wall
        print(f"2. index (main.py index, {args.embed_model or args.backend}): {len(corpus.chunks):,} chunks in {wall / 60:.1f} min = "
              f"{rate:.1f} chunks/s = {rate / fp32_rate:.2f}x the bare fp32 embedder; peak RSS {rss:.2f} GB; "
              f"exit {code}")
    cache_mb = folder_mb(index_dir / ".embeddings")
    print(f"   index on disk: {folder_mb(index_dir):.0f} MB (embedding cache {cache_mb:.0f} MB, "
          f"sources {folder_mb(index_dir) - cache_mb - folder_mb(index_dir / '.audit'):.0f} MB)")

    from src.embeddings import embed_model_from
    from src.fusion.engine import SearchEngine
    from src.fusion.options import FusionConfig

    t0 = time.perf_counter()
    model = embed_model_from(settings.models)
    load_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    engine = SearchEngine.open(chunks_path, settings, embed_model=model)
    print(f"3. reload of the up-to-date index: {time.perf_counter() - t0:.1f} s (+ {load_s:.1f} s model load); "
          f"embedded {engine.index_report.embedded}")

    if not args.skip_audit:
        wall, rss, code = timed_child(["graph", "--chunks", str(chunks_path), "--json"], env, work / "graph.log")
        contradictions = _count_keys(work / "graph.log")
        print(f"5. audit (main.py graph): {wall / 60:.1f} min, peak RSS {rss:.2f} GB, {contradictions} "
              f"contradiction keys; exit {code}")

    rng = random.Random(1)
    queries = [" ".join(c.text.split()[:12]) for c in rng.sample(corpus.chunks, args.queries)]
    print(f"4. queries ({len(queries)}, opening words of random chunks):")
    report_pass("default (dist, no rerank)", query_pass(engine, queries, FusionConfig()))
    report_pass("with offline rerank (top 12)", query_pass(engine, queries, FusionConfig(rerank=True)))
    report_pass("with claim graph (top 12 + counter-evidence)", query_pass(engine, queries, FusionConfig(), True))

    if args.qdrant:
        q_settings = replace(settings, models=replace(settings.models, vector_store="qdrant"))
        q_dir = work / "index-qdrant"
        _share_cache(index_dir, q_dir)
        t0 = time.perf_counter()
        q_engine = SearchEngine.open(chunks_path, q_settings, index_dir=q_dir, embed_model=model)
        build_s = time.perf_counter() - t0
        for source in q_engine.sources.values():  # Qdrant's local mode allows one client per folder
            source.vector_store.client.close()
        t0 = time.perf_counter()
        q_engine = SearchEngine.open(chunks_path, q_settings, index_dir=q_dir, embed_model=model)
        print(f"6. Qdrant local mode: built in {build_s / 60:.1f} min (embedded "
              f"{q_engine.index_report.embedded} on reload), reload {time.perf_counter() - t0:.1f} s, "
              f"{folder_mb(q_dir / '.qdrant'):.0f} MB")
        report_pass("default search on Qdrant", query_pass(q_engine, queries, FusionConfig()))
    print(f"\ntotal {(time.perf_counter() - started) / 60:.1f} min")


def _count_keys(log: Path) -> int | str:
    import json

    text = log.read_text(errors="replace")
    try:
        return len(json.loads(text[text.index("{"):])["keys"])
    except (ValueError, KeyError):
        return "? (see " + str(log) + ")"


def _share_cache(index_dir: Path, other: Path) -> None:
    """Give ``other`` the embedding cache of ``index_dir`` (hard links), so nothing is re-embedded."""
    src = index_dir / ".embeddings"
    for path in src.rglob("*"):
        target = other / ".embeddings" / path.relative_to(src)
        if path.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        elif not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            os.link(path, target)


if __name__ == "__main__":
    main()
