"""The benchmark scripts' query passes run against the code as it is (a refactor once broke the
100k benchmark's claim-graph pass after 29 minutes of indexing)."""

from __future__ import annotations

from bench.bench_scale import query_pass
from src.fusion.options import FusionConfig


def test_the_scale_benchmark_times_search_and_the_claim_graph(tiny_engine) -> None:
    questions = ["How long does the Team plan keep events?", "What is the agent forward timeout?"]
    for graph in (False, True):
        times = query_pass(tiny_engine, questions, FusionConfig(), graph)
        assert len(times) == 2 and all(t > 0 for t in times)
