"""The benchmark scripts' query passes run against the code as it is (a refactor once broke the
100k benchmark's claim-graph pass after 29 minutes of indexing)."""

from __future__ import annotations

import pytest

from bench.bench_scale import query_pass
from src.fusion.options import FusionConfig


def test_the_scale_benchmark_times_search_and_the_claim_graph(tiny_engine) -> None:
    questions = ["How long does the Team plan keep events?", "What is the agent forward timeout?"]
    for graph in (False, True):
        times = query_pass(tiny_engine, questions, FusionConfig(), graph)
        assert len(times) == 2 and all(t > 0 for t in times)


@pytest.mark.e2e  # runs the CLI as subprocesses (about 10 s)
def test_the_startup_benchmark_times_whole_processes(tmp_path, capsys) -> None:
    from bench.bench_startup import main

    (tmp_path / "kb" / "docs").mkdir(parents=True)
    (tmp_path / "kb" / "docs" / "retention.md").write_text("# Retention\n\nThe Team plan keeps events for 14 days.\n")
    times = main(["--quick", "--cwd", str(tmp_path), "--data", "kb", "--embed-model", "hashing:64",
                  "--q", "How long does the Team plan keep events?"])
    assert list(times) == ["--help", "--version", "ask (cold, indexed corpus)"]
    assert all(len(t) == 1 and t[0] > 0 for t in times.values())
    lines = capsys.readouterr().out.splitlines()
    assert lines[-3].startswith("--help: min ") and lines[-3].endswith("imports none of the heavy libraries")
    assert lines[-1].startswith("ask (cold, indexed corpus): min ") and "torch" not in lines[-1]
