"""SearchEngine.search on a hand-written 11-chunk corpus with the deterministic hashing embedder.

The corpus (tests/fixtures/fusion/corpus.jsonl) has three sources: docs (authority 1.2),
forums (0.8) and blogs (1.0). Its newest date is 2025-03-05 (the release-2.1 blog), the
reference for the recency prior. ``data/docs/limits.md#c0`` and ``data/blogs/release-2-1.md#c1``
have the same title and text, so their embeddings are identical.

Expected rankings are hand-checked: BM25 candidates follow from which chunks share a
(stemmed, non-stop-word) term with the query; RRF scores are 1 / (rrf_k + rank - 1) with the
1-based rank shown in ``explain["retrievers"]`` and rrf_k = 10; priors are the products
listed in src/fusion/priors.py.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from src.config import Settings
from src.embeddings import HashingEmbedding
from src.fusion.engine import SearchEngine
from src.fusion.index_text import indexed_text
from src.fusion.options import FusionConfig, FusionMode
from src.pipelines.chunks_io import write_chunks
from tests.unit.fusion_corpus import load_corpus

DOCS_C0 = "data/docs/retries.md#c0"
DOCS_C1 = "data/docs/retries.md#c1"
LIMITS = "data/docs/limits.md#c0"
SSO = "data/docs/sso.md#c0"
T1Q = "data/forums/t001#q"
T1A = "data/forums/t001#a1"
T2Q = "data/forums/t002#q"
T2A = "data/forums/t002#a1"
RATE = "data/blogs/rate-limits.md#c0"
REL0 = "data/blogs/release-2-1.md#c0"
REL1 = "data/blogs/release-2-1.md#c1"

# Days between each chunk's date and the corpus' newest date, 2025-03-05.
AGE_DAYS = {DOCS_C0: 4, DOCS_C1: 369, LIMITS: 49, SSO: 105, T1Q: 23, T1A: 22, T2Q: 59, T2A: 58,
            RATE: 266, REL0: 0, REL1: 0}

RRF = FusionConfig(mode=FusionMode.RRF)  # the hand-checked rankings below are RRF's
BM25_ONLY = FusionConfig(mode=FusionMode.RRF, use_dense=False)
DENSE_ONLY = FusionConfig(mode=FusionMode.RRF, use_bm25=False)




def recency(chunk_id: str) -> float:
    return 1.0 + 0.02 * 0.5 ** (AGE_DAYS[chunk_id] / 365.0)


def votes(upvotes: int) -> float:
    return min(1.15, 1.0 + 0.03 * math.log(1 + upvotes))


def rrf(*ranks: int) -> float:
    """RRF contribution of 1-based ranks, as the engine computes it (rrf_k = 10, 0-based rank)."""
    return sum(1.0 / (10.0 + r - 1) for r in ranks)


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> SearchEngine:
    folder = tmp_path_factory.mktemp("fusion-search")
    write_chunks(load_corpus(), folder / "chunks.jsonl")
    return SearchEngine.open(folder / "chunks.jsonl", Settings(), embed_model=HashingEmbedding(256))


def ids(result) -> list[str]:
    return [s.id for s in result.results]


# -- BM25 ----------------------------------------------------------------------------------


def test_bm25_only_ranking_and_priors_flip_the_forum_question(engine: SearchEngine) -> None:
    # "max", "payload", "size", "413": t002#q has all four (BM25 #1); the two identical
    # "Payload limits" chunks have three; t002#a1 only "payload". Nothing else shares a term.
    # The priors (docs 1.2 vs an open forum question 0.8 x 0.95) move the doc to the top.
    result = engine.search("max payload size 413", BM25_ONLY)
    assert ids(result) == [LIMITS, REL1, T2Q, T2A]
    assert [s.explain["retrievers"] for s in result.results] == ["bm25#2", "bm25#3", "bm25#1", "bm25#4"]
    assert [s.scores["fusion"] for s in result.results] == pytest.approx([rrf(2), rrf(3), rrf(1), rrf(4)])
    assert [s.score for s in result.results] == pytest.approx([
        rrf(2) * 1.2 * recency(LIMITS),
        rrf(3) * 1.0 * recency(REL1),
        rrf(1) * 0.8 * 0.95 * votes(2) * recency(T2Q),
        rrf(4) * 0.8 * 0.95 * 1.15 * recency(T2A),
    ])


@pytest.mark.parametrize(("query", "expected"), [
    ("zebra quantum flux", []),  # no term in the corpus
    ("the and of is", []),  # stop words only: no query token at all
    ("object storage", [T2A]),  # one chunk shares a term: only it is a candidate
    ("Okta", [SSO]),
])
def test_bm25_hits_scoring_zero_are_not_candidates(engine: SearchEngine, query: str, expected: list[str]) -> None:
    assert ids(engine.search(query, BM25_ONLY)) == expected


def test_version_prior_puts_the_matching_version_first(engine: SearchEngine) -> None:
    # Stemmed query terms: "retri", "polici", "v2". Both retry-policy docs have "retry policy" and
    # "retried"; version 2.0's chunk is shorter so it is BM25 #1, but the query names v2.1:
    # 1.15 for the 2.1 chunks, 0.92 for the 2.0 chunk, no factor for chunks without a version.
    result = engine.search("retry policy v2.1", BM25_ONLY)
    assert ids(result) == [DOCS_C0, DOCS_C1, REL0, T1A, T1Q]
    assert [s.explain["retrievers"] for s in result.results] == ["bm25#2", "bm25#1", "bm25#3", "bm25#5", "bm25#4"]
    by_id = {s.id: s for s in result.results}
    assert by_id[DOCS_C0].scores["version"] == 1.15
    assert by_id[DOCS_C1].scores["version"] == 0.92
    assert by_id[REL0].scores["version"] == 1.15
    assert "version" not in by_id[T1A].scores
    assert "version" not in by_id[T1Q].scores
    assert by_id[DOCS_C0].score == pytest.approx(rrf(2) * 1.2 * recency(DOCS_C0) * 1.15)
    assert by_id[DOCS_C1].score == pytest.approx(rrf(1) * 1.2 * recency(DOCS_C1) * 0.92)
    assert by_id[T1A].score == pytest.approx(rrf(5) * 0.8 * 1.15 * votes(12) * 1.05 * recency(T1A))
    # The same query without a version: no version factor, and the shorter 2.0 chunk wins.
    plain = engine.search("retry policy", BM25_ONLY)
    assert ids(plain)[:2] == [DOCS_C1, DOCS_C0]
    assert all("version" not in s.scores for s in plain.results)


# -- dense ---------------------------------------------------------------------------------


def test_dense_only_ranks_by_cosine_of_the_indexed_text(engine: SearchEngine) -> None:
    query = "max payload size 413"
    embedder = HashingEmbedding(256)
    qvec = np.asarray(embedder.get_query_embedding(query))
    sims = {c.id: float(np.asarray(embedder.get_text_embedding(indexed_text(c))) @ qvec) for c in load_corpus()}
    by_cosine = sorted(sims, key=lambda i: (-sims[i], i))
    result = engine.search(query, replace(DENSE_ONLY, k=11))
    # Every chunk is a dense candidate, ranked by its cosine (ties to the smaller id) ...
    assert {s.id: s.explain["retrievers"] for s in result.results} == {
        cid: f"dense#{rank}" for rank, cid in enumerate(by_cosine, 1)}
    assert [s.scores["fusion"] for s in sorted(result.results, key=lambda s: by_cosine.index(s.id))] == (
        pytest.approx([rrf(r) for r in range(1, 12)]))
    # ... and the identical "Payload limits" texts tie: the smaller id (blogs) gets the better rank.
    assert sims[LIMITS] == sims[REL1]
    assert by_cosine[:4] == [T2Q, REL1, LIMITS, T2A]
    # Priors then reorder the final list.
    assert ids(result) == [LIMITS, REL1, T2Q, DOCS_C1, T2A, DOCS_C0, RATE, SSO, T1Q, REL0, T1A]


# -- hybrid modes ----------------------------------------------------------------------------


def test_rrf_hybrid_exact_ranking(engine: SearchEngine) -> None:
    result = engine.search("max payload size 413", RRF)
    assert ids(result) == [LIMITS, REL1, T2Q, T2A, DOCS_C1, DOCS_C0, RATE, SSO, T1Q, REL0]
    assert [s.explain["retrievers"] for s in result.results][:4] == [
        "bm25#2, dense#3", "bm25#3, dense#2", "bm25#1, dense#1", "bm25#4, dense#4"]
    assert [s.scores["fusion"] for s in result.results][:4] == pytest.approx(
        [rrf(2, 3), rrf(3, 2), rrf(1, 1), rrf(4, 4)])
    # Dense-only candidates get one RRF term each.
    for s in result.results[4:]:
        assert s.explain["retrievers"].startswith("dense#")
        assert s.scores["fusion"] == pytest.approx(rrf(int(s.explain["retrievers"][len("dense#"):])))


def test_relative_mode_exact_ranking(engine: SearchEngine) -> None:
    result = engine.search("max payload size 413", replace(FusionConfig(), mode=FusionMode.RELATIVE))
    assert ids(result) == [LIMITS, T2Q, REL1, T2A, T1Q, DOCS_C1, REL0, RATE, DOCS_C0, SSO]
    # Top of both rankings: 0.5 x 1 + 0.5 x 1.
    assert result.results[1].scores["fusion"] == pytest.approx(1.0)
    assert all(0.0 <= s.scores["fusion"] <= 1.0 for s in result.results)
    # The last of the dense ranking, retrieved by dense only, normalises to 0.
    everything = engine.search("max payload size 413", replace(FusionConfig(k=11), mode=FusionMode.RELATIVE))
    last = everything.results[-1]
    assert (last.id, last.explain["retrievers"], last.scores["fusion"], last.score) == (T1A, "dense#11", 0.0, 0.0)


def test_dist_mode_exact_ranking(engine: SearchEngine) -> None:
    result = engine.search("max payload size 413", replace(FusionConfig(), mode=FusionMode.DIST))
    assert ids(result) == [LIMITS, REL1, T2Q, T2A, DOCS_C1, DOCS_C0, SSO, T1Q, REL0, RATE]


def test_modes_disagree_on_the_version_query(engine: SearchEngine) -> None:
    query = "retry policy v2.1"
    assert ids(engine.search(query))[:5] == [DOCS_C0, DOCS_C1, REL0, T1A, T1Q]
    assert ids(engine.search(query, replace(FusionConfig(), mode=FusionMode.RELATIVE)))[:5] == [
        DOCS_C0, DOCS_C1, REL0, T1Q, RATE]
    assert ids(engine.search(query, replace(FusionConfig(), mode=FusionMode.DIST)))[:5] == [
        DOCS_C0, DOCS_C1, REL0, T1A, T1Q]


# -- scores, dedup, k ------------------------------------------------------------------------


@pytest.mark.parametrize("mode", list(FusionMode))
def test_results_are_unique_by_id_and_sorted(engine: SearchEngine, mode: FusionMode) -> None:
    result = engine.search("payload limit retries on the Team plan", replace(FusionConfig(k=20), mode=mode))
    got = ids(result)
    assert len(got) == len(set(got)) == 11  # every chunk once, though most came from both retrievers
    # The two chunks with the same text are both kept: dedup is by id, not by text.
    assert {LIMITS, REL1} <= set(got)
    keys = [(-s.score, s.id) for s in result.results]
    assert keys == sorted(keys)


@pytest.mark.parametrize("mode", list(FusionMode))
def test_final_score_is_fusion_times_prior(engine: SearchEngine, mode: FusionMode) -> None:
    result = engine.search("retry policy v2.1 payload", replace(FusionConfig(k=11), mode=mode))
    assert len(result.results) == 11
    for s in result.results:
        assert s.scores["fusion"] * s.scores["prior"] == pytest.approx(s.score, rel=1e-12)
        factors = {k: v for k, v in s.scores.items() if k not in {"fusion", "prior"}}
        assert math.prod(factors.values()) == pytest.approx(s.scores["prior"], rel=1e-12)


def test_prior_factor_values(engine: SearchEngine) -> None:
    result = engine.search("retry policy v2.1 payload limits", FusionConfig(mode=FusionMode.RRF, k=11))
    factors = {s.id: {k: v for k, v in s.scores.items() if k not in {"fusion", "prior"}} for s in result.results}
    assert factors[DOCS_C0] == pytest.approx({"authority": 1.2, "recency": recency(DOCS_C0), "version": 1.15})
    assert factors[DOCS_C1] == pytest.approx({"authority": 1.2, "recency": recency(DOCS_C1), "version": 0.92})
    assert factors[LIMITS] == pytest.approx({"authority": 1.2, "recency": recency(LIMITS)})
    assert factors[T1Q] == pytest.approx({"authority": 0.8, "votes": 1 + 0.03 * math.log(5), "status": 1.05,
                                          "recency": recency(T1Q)})
    assert factors[T1A] == pytest.approx({"authority": 0.8, "accepted": 1.15, "votes": 1 + 0.03 * math.log(13),
                                          "status": 1.05, "recency": recency(T1A)})
    assert factors[T2Q] == pytest.approx({"authority": 0.8, "votes": 1 + 0.03 * math.log(3), "status": 0.95,
                                          "recency": recency(T2Q), "version": 1.15})
    # 500 upvotes: 1 + 0.03 ln 501 = 1.186, capped at 1.15; accepted=false adds no factor.
    assert factors[T2A] == pytest.approx({"authority": 0.8, "votes": 1.15, "status": 0.95, "recency": recency(T2A)})
    assert factors[RATE] == pytest.approx({"authority": 1.0, "recency": recency(RATE)})
    assert factors[REL0] == pytest.approx({"authority": 1.0, "recency": 1.02, "version": 1.15})
    assert recency(DOCS_C1) == pytest.approx(1.0 + 0.02 * 0.5 ** (369 / 365))
    by_id = {s.id: s for s in result.results}
    assert by_id[T1A].explain["factors"] == "authority 0.800 x accepted 1.150 x votes 1.077 x status 1.050 x recency 1.019"


def test_weights_and_priors_can_be_switched_off(engine: SearchEngine) -> None:
    query = "max payload size 413"
    no_weights = engine.search(query, replace(BM25_ONLY, use_weights=False))
    assert "authority" not in no_weights.results[0].scores
    no_priors = engine.search(query, replace(BM25_ONLY, use_priors=False))
    assert [(s.id, s.scores) for s in no_priors.results] == [
        (LIMITS, {"fusion": pytest.approx(rrf(2)), "prior": 1.2, "authority": 1.2}),
        (REL1, {"fusion": pytest.approx(rrf(3)), "prior": 1.0, "authority": 1.0}),
        (T2Q, {"fusion": pytest.approx(rrf(1)), "prior": 0.8, "authority": 0.8}),
        (T2A, {"fusion": pytest.approx(rrf(4)), "prior": 0.8, "authority": 0.8}),
    ]
    neither = engine.search(query, replace(BM25_ONLY, use_weights=False, use_priors=False))
    assert ids(neither) == [T2Q, LIMITS, REL1, T2A]  # plain BM25 order
    assert [s.score for s in neither.results] == pytest.approx([rrf(1), rrf(2), rrf(3), rrf(4)])
    assert [s.explain["factors"] for s in neither.results] == ["none"] * 4


@pytest.mark.parametrize("k", [1, 3, 7])
def test_k_truncates_the_same_ranking(engine: SearchEngine, k: int) -> None:
    full = engine.search("payload limit retries on the Team plan", FusionConfig(mode=FusionMode.RRF, k=11))
    short = engine.search("payload limit retries on the Team plan", FusionConfig(mode=FusionMode.RRF, k=k))
    assert [(s.id, s.score) for s in short.results] == [(s.id, s.score) for s in full.results[:k]]


def test_search_result_record(engine: SearchEngine, monkeypatch: pytest.MonkeyPatch) -> None:
    config = FusionConfig(k=2)
    monkeypatch.setattr(engine, "_rerank", lambda *a: pytest.fail("reranked without rerank=True"))
    result = engine.search("  max   payload\nsize ", config)
    assert result.query == "max payload size"
    assert result.config is config
    assert result.variants == ["max payload size"]
    assert result.reranker is None
    assert set(result.timings_ms) == {"retrieve", "rerank", "total"}


def test_invalid_config_is_rejected_before_searching(engine: SearchEngine) -> None:
    with pytest.raises(ValueError, match="^k must be at least 1$"):
        engine.search("payload", FusionConfig(mode=FusionMode.RRF, k=0))


def test_a_zero_rrf_k_is_rejected_by_validate(engine: SearchEngine) -> None:
    with pytest.raises(ValueError):
        engine.search("payload", FusionConfig(rrf_k=0))


def test_a_100kb_query_is_truncated_and_still_answered(engine: SearchEngine) -> None:
    query = "What is the max payload size? " * 3500  # 105,000 characters
    result = engine.search(query, BM25_ONLY)
    assert len(result.query) == 2000
    assert result.query == " ".join(query.split())[:2000]
    # The same candidates and order as the question asked once.
    once = engine.search("What is the max payload size?", BM25_ONLY)
    assert [s.explain["retrievers"] for s in once.results] == ["bm25#2", "bm25#3", "bm25#1", "bm25#4"]
    assert ids(result) == ids(once) == [LIMITS, REL1, T2Q, T2A]
