"""``ask`` latency on the sample corpus, warm: models and indexes loaded, the corpus audit done,
each question asked once to warm its caches, then timed. Prints p50/p95 of the whole answer
(retrieval, claim graph, typed answer set, verdict) over the gold questions of
``eval/gold.jsonl`` (33). Usage: ``python bench/bench_answer.py [--data data] [--rounds 3]``."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    from src.answer import AnswerService
    from src.config import Settings
    from src.evaluation.metrics import percentile
    from src.pipelines.corpus import ingest_to

    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--data", type=Path, default=ROOT / "data")
    ap.add_argument("--gold", type=Path, default=ROOT / "eval" / "gold.jsonl")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp())
    ingest_to(args.data, tmp / "chunks.jsonl", Settings())
    t0 = time.perf_counter()
    service = AnswerService.open(Settings(), chunks=tmp / "chunks.jsonl")
    questions = [json.loads(x)["q"] for x in args.gold.read_text().splitlines() if x.strip()]
    cold = []
    for q in questions:  # warms the audit, the tagger, the sentence vectors
        t = time.perf_counter()
        service.ask(q)
        cold.append((time.perf_counter() - t) * 1000)
    print(f"open + first pass: {time.perf_counter() - t0:.1f} s; first-pass p50 {statistics.median(cold):.0f} ms")
    warm = []
    for _ in range(args.rounds):
        for q in questions:
            t = time.perf_counter()
            service.ask(q)
            warm.append((time.perf_counter() - t) * 1000)
    print(f"ask warm over {len(questions)} questions x {args.rounds}: p50 {statistics.median(warm):.1f} ms, "
          f"p95 {percentile(warm, 95):.1f} ms")


if __name__ == "__main__":
    main()
