"""The runner with a scripted searcher, the ablation presets and the table."""

import math
from dataclasses import replace

import pytest

from src.evaluation import runner
from src.evaluation.gold import GoldQuery, MatchMode
from src.evaluation.presets import CONFIG_PRESETS, parse_configs
from src.evaluation.runner import evaluate
from src.evaluation.table import format_table
from src.fusion.options import FusionConfig, FusionMode, SearchResult
from src.types import Chunk, ScoredChunk

BM25 = replace(FusionConfig(), use_dense=False)
CONFIGS = {"default": FusionConfig(), "bm25": BM25}
QUERIES = [
    GoldQuery("alpha", {"c/docs/a#c0": 1}, "q1"),
    GoldQuery("beta", {"c/docs/b#c0": 1, "c/docs/c#c1": 1}, "q2"),
]
# (query, use_dense) -> ranked chunk ids
SCRIPT = {
    ("alpha", True): ["c/docs/a#c0", "c/docs/x#c0"],
    ("beta", True): ["c/docs/x#c0", "c/docs/c#c1", "c/docs/y#c0", "c/docs/b#c0"],
    ("alpha", False): ["c/docs/x#c0"],
    ("beta", False): ["c/docs/b#c0", "c/docs/c#c1"],
}
# milliseconds each search takes, in call order
DURATIONS_MS = [10.0, 30.0, 5.0, 5.0]


def scored(chunk_id: str) -> ScoredChunk:
    source = chunk_id.split("/")[1]
    chunk = Chunk(chunk_id, source, "document", f"text of {chunk_id}", {"title": f"Title {chunk_id}"})
    return ScoredChunk(chunk, 1.0)


class FakeSearcher:
    def __init__(self, script):
        self.script = script
        self.calls: list[tuple[str, FusionConfig]] = []

    def search(self, query: str, config: FusionConfig) -> SearchResult:
        self.calls.append((query, config))
        return SearchResult(query, config, [scored(cid) for cid in self.script[(query, config.use_dense)]])


class FakeClock:
    """perf_counter that advances by the scripted durations, one per search."""

    def __init__(self, durations_ms):
        self.durations = list(durations_ms)
        self.now = 0.0
        self.started = False

    def perf_counter(self) -> float:
        if self.started:
            self.now += self.durations.pop(0) / 1000.0
        self.started = not self.started
        return self.now


@pytest.fixture
def searcher():
    return FakeSearcher(SCRIPT)


@pytest.fixture
def report(monkeypatch, searcher):
    monkeypatch.setattr(runner, "time", FakeClock(DURATIONS_MS))
    return evaluate(searcher, QUERIES, CONFIGS, progress=False)


def test_searcher_is_asked_for_100_results_under_each_config(report, searcher):
    calls = searcher.calls
    assert [q for q, _ in calls] == ["alpha", "beta", "alpha", "beta"]
    assert [c for _, c in calls] == [replace(FusionConfig(), k=100)] * 2 + [replace(BM25, k=100)] * 2


def test_exact_aggregated_metrics(report):
    assert report.match is MatchMode.CHUNK
    default, bm25 = report.results
    # q2 default: relevant at ranks 4 and 2 -> nDCG = (1/log2 3 + 1/log2 5) / (1 + 1/log2 3)
    ndcg_q2 = (1 / math.log2(3) + 1 / math.log2(5)) / (1 + 1 / math.log2(3))
    assert default.metrics == pytest.approx(
        {
            "hits@1": 0.5,
            "recall@1": 0.5,
            "recall@5": 1.0,
            "recall@10": 1.0,
            "recall@100": 1.0,
            "mrr": 0.75,
            "mrr@10": 0.75,
            "ndcg@10": (1 + ndcg_q2) / 2,
            "map@100": (1 + 0.5) / 2,
        }
    )
    assert default.metrics["ndcg@10"] == pytest.approx(0.825460, abs=1e-6)
    # bm25: q1 misses; q2 has both relevant at ranks 1-2 (so Recall@1 is 1/2 there)
    assert bm25.metrics == pytest.approx({**{key: 0.5 for key in default.metrics}, "recall@1": 0.25})
    assert default.latency_ms == pytest.approx({"p50": 10.0, "p95": 30.0})
    assert bm25.latency_ms == pytest.approx({"p50": 5.0, "p95": 5.0})


def test_per_query_rows_for_error_analysis(report):
    row = report.first.rows[1].to_json()
    assert row["config"] == "default"
    assert row["query"] == "beta"
    assert row["relevant_ids"] == ["c/docs/b#c0", "c/docs/c#c1"]
    assert row["ranks"] == {"c/docs/b#c0": 4, "c/docs/c#c1": 2}
    assert row["top5"] == ["c/docs/x#c0", "c/docs/c#c1", "c/docs/y#c0", "c/docs/b#c0"]
    assert row["latency_ms"] == pytest.approx(30.0)
    missed = report.results[1].rows[0].to_json()
    assert missed["ranks"] == {"c/docs/a#c0": "missed"}
    assert missed["ndcg@10"] == 0.0


def test_to_json_shape(report):
    out = report.to_json()
    assert list(out) == ["metrics", "configs", "per_query", "latency_ms"]
    assert out["metrics"] == out["configs"]["default"]
    assert {"hits@1", "recall@5", "mrr", "ndcg@10", "map@100", "recall@100"} <= set(out["metrics"])
    assert out["metrics"]["queries"] == 2
    assert list(out["configs"]) == ["default", "bm25"]
    assert len(out["per_query"]) == 4
    assert out["latency_ms"] == {"p50": 10.0, "p95": 30.0}


def test_doc_match_counts_several_chunks_of_a_document_once(monkeypatch):
    monkeypatch.setattr(runner, "time", FakeClock([1.0]))
    script = {("q", True): ["c/docs/x#c0", "c/docs/x#c1", "c/docs/b#c2", "c/docs/b#c0"]}
    rep = evaluate(
        FakeSearcher(script), [GoldQuery("q", {"c/docs/b": 1})], {"default": FusionConfig()}, progress=False
    )
    assert rep.match is MatchMode.DOC
    row = rep.first.rows[0]
    assert row.ranks == {"c/docs/b": 2}
    assert row.metrics["mrr"] == 0.5
    assert [rid for rid, _ in row.top] == ["c/docs/x", "c/docs/b"]
    assert row.top[0][1] == "Title c/docs/x#c0"


def test_table_marks_the_best_value_of_each_column(report):
    assert format_table(report.results) == "\n".join(
        [
            "config    hits@1  recall@5  recall@10   mrr@10  ndcg@10  map@100     p50     p95",
            "-------  -------  --------  ---------  -------  -------  -------  ------  ------",
            "default  0.5000*   1.0000*    1.0000*  0.7500*  0.8255*  0.7500*  10.0ms  30.0ms",
            "bm25     0.5000*    0.5000     0.5000   0.5000   0.5000   0.5000  5.0ms*  5.0ms*",
        ]
    )


def test_evaluate_rejects_empty_inputs():
    with pytest.raises(ValueError, match="at least one named config"):
        evaluate(FakeSearcher({}), QUERIES, {}, progress=False)
    with pytest.raises(ValueError, match="at least one gold query"):
        evaluate(FakeSearcher({}), [], CONFIGS, progress=False)


def test_presets_are_single_changes_from_the_default():
    base = FusionConfig()
    assert CONFIG_PRESETS["default"] == base
    assert CONFIG_PRESETS["dense"] == replace(base, use_bm25=False)
    assert CONFIG_PRESETS["bm25"] == replace(base, use_dense=False)
    assert CONFIG_PRESETS["hybrid-relative"].mode is FusionMode.RELATIVE
    assert CONFIG_PRESETS["hybrid-dist"].mode is FusionMode.DIST
    assert CONFIG_PRESETS["rerank"].rerank is True
    assert CONFIG_PRESETS["rewrite"].num_queries == 3
    assert (CONFIG_PRESETS["topk10"].per_source_topk, CONFIG_PRESETS["topk50"].per_source_topk) == (10, 50)
    assert CONFIG_PRESETS["no-weights"] == replace(base, use_weights=False)
    assert CONFIG_PRESETS["no-priors"] == replace(base, use_priors=False)
    for config in CONFIG_PRESETS.values():
        config.validate()


def test_parse_configs():
    assert list(parse_configs("dense,bm25,default")) == ["dense", "bm25", "default"]
    assert parse_configs(" dense , ,DENSE") == {"dense": CONFIG_PRESETS["dense"]}
    assert list(parse_configs("all")) == list(CONFIG_PRESETS)
    assert len(CONFIG_PRESETS) == 12
    assert list(parse_configs("rerank,all"))[:2] == ["rerank", "default"]
    with pytest.raises(
        ValueError, match=r"unknown config 'colbert'; valid configs: all, default, dense, bm25, "
    ):
        parse_configs("dense,colbert")
    with pytest.raises(ValueError, match="no config named"):
        parse_configs(" , ")


def test_each_config_starts_with_a_cold_query_cache() -> None:
    class Caching:
        def __init__(self) -> None:
            self.cleared = 0

        def clear_query_cache(self) -> None:
            self.cleared += 1

        def search(self, query: str, config: FusionConfig) -> SearchResult:
            return SearchResult(query=query, config=config, results=[])

    searcher = Caching()
    queries = [GoldQuery(query="q", relevant={"kb/docs/a.md": 1})]
    evaluate(searcher, queries, {"a": FusionConfig(), "b": FusionConfig(k=5)}, "doc", progress=False)
    assert searcher.cleared == 2
