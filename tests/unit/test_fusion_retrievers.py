"""IdFusionRetriever and MergedRetriever with scripted retrievers: hand-computed fusion arithmetic
through the LlamaIndex retriever (tests/unit/test_fusion_fuse.py checks the pure functions).

Two scripted rankings over four nodes a, b, c, d:

    A: a 3.0, b 2.0, c 1.0          B: c 0.9, d 0.5

rrf (rrf_k = 10, rank counted from 0 as in LlamaIndex):
    a 1/10 = 0.1, b 1/11, c 1/12 + 1/10 = 0.183333, d 1/11           -> c, a, b, d (b, d tie: by id)
relative (min-max per list, each list weighted 1/2):
    A -> a 1, b 0.5, c 0;  B -> c 1, d 0
    a 0.5, b 0.25, c 0.5, d 0                                        -> a, c (tie: by id), b, d
dist (per list: (s - (mean - 3 std)) / (6 std), population std, weighted 1/2):
    A: mean 2, std sqrt(2/3); B: mean 0.7, std 0.2
    a 0.5 * (1 + 3 sqrt(2/3)) / (6 sqrt(2/3)) = 0.352062, b 0.25,
    c 0.5 * (3 sqrt(2/3) - 1) / (6 sqrt(2/3)) + 0.5 * 0.8 / 1.2 = 0.481271, d 0.5 * 0.4 / 1.2  -> c, a, b, d
"""

from __future__ import annotations

import math

import pytest
from llama_index.core.retrievers import BaseRetriever
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode

from src.fusion.options import FusionMode
from src.fusion.retrievers import FusedRun, IdFusionRetriever, MergedRetriever


def node(node_id: str, score: float, text: str | None = None) -> NodeWithScore:
    return NodeWithScore(node=TextNode(id_=node_id, text=text if text is not None else f"text {node_id}"),
                         score=score)


class ScriptedRetriever(BaseRetriever):
    """Returns the same NodeWithScore objects on every call, so mutation would show."""

    def __init__(self, name: str, script: dict[str, list[NodeWithScore]]) -> None:
        super().__init__()
        self.name = name
        self.script = script
        self.queries: list[str] = []

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        self.queries.append(query_bundle.query_str)
        return self.script.get(query_bundle.query_str, [])


def two_lists() -> tuple[ScriptedRetriever, ScriptedRetriever]:
    a = ScriptedRetriever("A", {"q": [node("a", 3.0), node("b", 2.0), node("c", 1.0)]})
    b = ScriptedRetriever("B", {"q": [node("c", 0.9), node("d", 0.5)]})
    return a, b


def fuse(mode: FusionMode, retrievers: list[BaseRetriever], **kwargs) -> tuple[FusedRun, list[NodeWithScore]]:
    fusion = IdFusionRetriever(retrievers, mode, top_k=kwargs.pop("top_k", 10), rrf_k=10.0, **kwargs)
    run = fusion.run(QueryBundle("q"))
    return run, run.nodes


@pytest.mark.parametrize("mode", list(FusionMode))
def test_retrieve_is_run_and_keeps_nothing_between_calls(mode: FusionMode) -> None:
    fusion = IdFusionRetriever(list(two_lists()), mode, top_k=10, rrf_k=10.0)
    before = dict(vars(fusion))
    first = [(h.node.node_id, h.score) for h in fusion.retrieve(QueryBundle("q"))]
    assert dict(vars(fusion)) == before  # no per-call attribute was written
    assert [(h.node.node_id, h.score) for h in fusion.run(QueryBundle("q")).nodes] == first
    assert len(first) == 4


def test_rrf_arithmetic() -> None:
    _, fused = fuse(FusionMode.RRF, list(two_lists()))
    assert [(h.node.node_id, h.score) for h in fused] == [
        ("c", pytest.approx(1 / 12 + 1 / 10)), ("a", pytest.approx(0.1)),
        ("b", pytest.approx(1 / 11)), ("d", pytest.approx(1 / 11))]


def test_relative_arithmetic() -> None:
    _, fused = fuse(FusionMode.RELATIVE, list(two_lists()))
    assert [(h.node.node_id, h.score) for h in fused] == [
        ("a", pytest.approx(0.5)), ("c", pytest.approx(0.5)), ("b", pytest.approx(0.25)), ("d", pytest.approx(0.0))]


def test_dist_arithmetic() -> None:
    _, fused = fuse(FusionMode.DIST, list(two_lists()))
    sa = math.sqrt(2 / 3)
    assert [(h.node.node_id, h.score) for h in fused] == [
        ("c", pytest.approx(0.5 * (3 * sa - 1) / (6 * sa) + 0.5 * 0.8 / 1.2)),
        ("a", pytest.approx(0.5 * (3 * sa + 1) / (6 * sa))),
        ("b", pytest.approx(0.25)),
        ("d", pytest.approx(0.5 * 0.4 / 1.2)),
    ]
    assert fused[0].score == pytest.approx(0.481271, abs=1e-6)
    assert fused[1].score == pytest.approx(0.352062, abs=1e-6)


@pytest.mark.parametrize("mode", list(FusionMode))
def test_fusion_never_mutates_the_retrievers_nodes(mode: FusionMode) -> None:
    a, b = two_lists()
    originals = [h for r in (a, b) for h in r.script["q"]]
    before = [(id(h), h.score, id(h.node)) for h in originals]
    _, fused = fuse(mode, [a, b])
    assert [(id(h), h.score, id(h.node)) for h in originals] == before
    assert [h.score for h in a.script["q"]] == [3.0, 2.0, 1.0]
    assert [h.score for h in b.script["q"]] == [0.9, 0.5]
    assert not {id(h) for h in fused} & {id(h) for h in originals}  # fused hits are new objects


@pytest.mark.parametrize("mode", list(FusionMode))
def test_dedup_is_by_id_not_by_text(mode: FusionMode) -> None:
    # x appears in both lists with different texts: one result. y and z share text and
    # metadata (so the same LlamaIndex hash) but have different ids: two results.
    a = ScriptedRetriever("A", {"q": [node("x", 2.0, "first"), node("y", 1.0, "same text")]})
    b = ScriptedRetriever("B", {"q": [node("x", 5.0, "other"), node("z", 4.0, "same text")]})
    assert a.script["q"][1].node.hash == b.script["q"][1].node.hash
    _, fused = fuse(mode, [a, b])
    assert sorted(h.node.node_id for h in fused) == ["x", "y", "z"]
    assert fused[0].node.node_id == "x"


def test_per_retriever_ranks_are_one_based_and_named() -> None:
    fusion, _ = fuse(FusionMode.RRF, list(two_lists()))
    assert fusion.per_retriever == {"a": {"A": 1}, "b": {"A": 2}, "c": {"A": 3, "B": 1}, "d": {"B": 2}}
    assert fusion.variants == ["q"]


def test_top_k_cuts_the_fused_list() -> None:
    _, fused = fuse(FusionMode.RRF, list(two_lists()), top_k=2)
    assert [h.node.node_id for h in fused] == ["c", "a"]


def test_an_empty_retriever_contributes_nothing() -> None:
    a, _ = two_lists()
    empty = ScriptedRetriever("E", {})
    for mode in FusionMode:
        _, fused = fuse(mode, [a, empty])
        assert [h.node.node_id for h in fused] == ["a", "b", "c"]


def test_variants_are_retrieved_and_fused_but_ranks_come_from_the_original() -> None:
    a = ScriptedRetriever("A", {"q": [node("a", 3.0), node("b", 2.0)], "q more": [node("b", 9.0), node("e", 1.0)]})
    asked: list[tuple[str, int]] = []

    def rewrite(query: str, n: int) -> list[str]:
        asked.append((query, n))
        return ["q more"]

    fusion, fused = fuse(FusionMode.RRF, [a], rewrite=rewrite, num_queries=2)
    assert asked == [("q", 1)]
    assert a.queries == ["q", "q more"]
    assert fusion.variants == ["q", "q more"]
    # b: 1/11 (original) + 1/10 (variant); a: 1/10; e: 1/11 (variant only).
    assert [(h.node.node_id, h.score) for h in fused] == [
        ("b", pytest.approx(1 / 11 + 1 / 10)), ("a", pytest.approx(0.1)), ("e", pytest.approx(1 / 11))]
    assert fusion.per_retriever == {"a": {"A": 1}, "b": {"A": 2}}
    # relative mode averages over the two queries: min-max per (query, retriever) list, / 2:
    # a 1/2 (original), b 0 + 1/2 (variant), e 0: a and b tie and go by id.
    _, rel = fuse(FusionMode.RELATIVE, [a], rewrite=rewrite, num_queries=2)
    assert [(h.node.node_id, h.score) for h in rel] == [
        ("a", pytest.approx(0.5)), ("b", pytest.approx(0.5)), ("e", pytest.approx(0.0))]


def test_no_rewrite_means_no_variants_even_with_num_queries() -> None:
    fusion, _ = fuse(FusionMode.RRF, list(two_lists()), num_queries=3)
    assert fusion.variants == ["q"]


def test_merged_retriever_sorts_by_score_then_id_without_copying() -> None:
    a = ScriptedRetriever("A", {"q": [node("m", 0.5), node("k", 0.9)]})
    b = ScriptedRetriever("B", {"q": [node("j", 0.5), node("z", None)]})  # type: ignore[arg-type]
    merged = MergedRetriever([a, b], "dense")
    hits = merged.retrieve(QueryBundle("q"))
    assert [(h.node.node_id, h.score) for h in hits] == [("k", 0.9), ("j", 0.5), ("m", 0.5), ("z", None)]
    assert merged.name == "dense"
