"""Query rewriting: parsing a model's reply, PRF terms, the LLM rewriter's fallback, variants in search."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from src.config import Settings
from src.embeddings import HashingEmbedding
from src.fusion.engine import SearchEngine
from src.fusion.options import FusionConfig, FusionMode
from src.fusion.rewrite import REWRITE_PROMPT, llm_rewriter, parse_variants, prf_rewriter, prf_terms
from src.pipelines.chunks_io import write_chunks
from src.types import Chunk
from tests.conftest import ScriptedLLM as ConftestLLM
from tests.unit.fusion_corpus import load_corpus

# -- parse_variants ----------------------------------------------------------------------


def test_parse_variants_strips_numbering_bullets_quotes_and_blank_lines() -> None:
    reply = ('1. retry window on the Team plan\n'
             '2) how long are failed webhooks retried\n'
             '\n'
             '- dead letter queue retention\n'
             '* "exponential backoff schedule"\n'
             '\u2022 retry limit Team\n')
    assert parse_variants(reply, "How long are retries?", 10) == [
        "retry window on the Team plan",
        "how long are failed webhooks retried",
        "dead letter queue retention",
        "exponential backoff schedule",
        "retry limit Team",
    ]


def test_parse_variants_drops_the_original_and_duplicates_case_insensitively() -> None:
    reply = "How long are retries?\n1. retry window\n2. Retry Window\n3. HOW LONG ARE RETRIES?\n4. backoff"
    assert parse_variants(reply, "how long are retries?", 5) == ["retry window", "backoff"]


def test_parse_variants_keeps_at_most_n_and_strips_a_code_fence() -> None:
    assert parse_variants("```\none\ntwo\nthree\n```", "q", 2) == ["one", "two"]
    assert parse_variants("", "q", 3) == []
    assert parse_variants("   \n\n", "q", 3) == []


def test_parse_variants_keeps_a_leading_version_number() -> None:
    # Regression: numbering needs a space after "2." / "2)", so "2.1 ..." keeps its major version.
    assert parse_variants("2.1 retry policy\n3.0.1 upgrade notes\n4. 2.1 retries", "q", 5) == [
        "2.1 retry policy", "3.0.1 upgrade notes", "2.1 retries"]


# -- PRF -----------------------------------------------------------------------------------


FEEDBACK = [
    # 12 words of >= 3 letters; "payload" and "limit" are in the query, "the" and "are" are stop words.
    Chunk("x/docs/a#c0", "docs", "document",
          "Payload limit: bodies above the limit are rejected. Store bodies in object storage."),
    # 4 words; "get" is a stop word, "413" is not a word.
    Chunk("x/docs/b#c0", "docs", "document", "Rejected bodies get status 413."),
]
IDF = {"bodies": 1.0, "rejected": 2.0, "status": 0.5, "storage": 3.0}  # 1.0 for every other word


def test_prf_terms_exact() -> None:
    # tf = sum over feedback of (1 / (1 + rank)) x count / words:
    #   bodies 2/12 + 1/2 x 1/4 = 0.2917, rejected 1/12 + 1/8 = 0.2083, status 1/8,
    #   above, store, object, storage 1/12 each.
    # x idf: rejected 0.4167, bodies 0.2917, storage 0.25, above = object = store 0.0833 (by word),
    #   status 0.0625.
    assert prf_terms("payload limit", FEEDBACK, lambda w: IDF.get(w, 1.0)) == [
        "rejected", "bodies", "storage", "above", "object", "store"]
    assert prf_terms("payload limit", FEEDBACK, lambda w: IDF.get(w, 1.0), n_terms=3) == [
        "rejected", "bodies", "storage"]
    assert prf_terms("payload limit", FEEDBACK, lambda w: IDF.get(w, 1.0), n_terms=10)[-1] == "status"


def test_prf_terms_of_no_feedback_is_empty() -> None:
    assert prf_terms("payload limit", [], lambda w: 1.0) == []


def test_prf_rewriter_widens_the_feedback_per_variant() -> None:
    asked: list[tuple[str, int]] = []

    def first_pass(query: str, k: int) -> list[Chunk]:
        asked.append((query, k))
        return FEEDBACK[:k]

    rewrite = prf_rewriter(first_pass, FEEDBACK, feedback_k=1)
    variants = rewrite("payload limit", 2)
    assert asked == [("payload limit", 2)]
    # Variant 1 uses the first hit only, variant 2 both. idf over the two-chunk corpus:
    # log(1 + 1.5 / 1.5) = 0.693 for words in one chunk, log(1 + 0.5 / 2.5) = 0.182 for
    # "bodies" and "rejected", which are in both.
    #   1: above = object = storage = store 1/12 x 0.693, bodies 2/12 x 0.182, rejected 1/12 x 0.182
    #   2: status 1/8 x 0.693, above = object = storage = store 0.0578, bodies 0.0531 (rejected 0.038 is 7th)
    assert variants == ["payload limit above object storage store bodies rejected",
                        "payload limit status above object storage store bodies"]


# -- the LLM rewriter ------------------------------------------------------------------------


def ScriptedLLM(reply: str | Exception) -> ConftestLLM:  # noqa: N802 - reads as the class it builds
    """The shared scripted LLM, answering ``reply`` to every call, named as the log lines below expect."""
    return ConftestLLM(reply, name="scripted-llm")


def offline(query: str, n: int) -> list[str]:
    return [f"{query} offline {i}" for i in range(1, n + 1)]


def test_llm_rewriter_uses_the_models_variants() -> None:
    llm = ScriptedLLM("1. retry window Team plan\n2. failed delivery retries\n3. third")
    assert llm_rewriter(llm, offline)("How long are retries?", 2) == ["retry window Team plan",
                                                                      "failed delivery retries"]
    assert llm.calls == [{"messages": [{"role": "user", "content": REWRITE_PROMPT.format(
        n=2, query="How long are retries?")}], "temperature": 0.3, "max_tokens": 256}]


def test_llm_rewriter_falls_back_when_the_model_raises(caplog: pytest.LogCaptureFixture) -> None:
    llm = ScriptedLLM(ConnectionError("connection refused"))
    with caplog.at_level(logging.WARNING, logger="src.fusion.rewrite"):
        assert llm_rewriter(llm, offline)("q", 2) == ["q offline 1", "q offline 2"]
    assert [r.getMessage() for r in caplog.records] == [
        "query rewriting with scripted-llm failed (connection refused); using offline rewriting"]


@pytest.mark.parametrize("reply", ["", "   \n", "q\nQ\n1. q"])
def test_llm_rewriter_falls_back_when_the_model_returns_nothing_usable(
        reply: str, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="src.fusion.rewrite"):
        assert llm_rewriter(ScriptedLLM(reply), offline)("q", 1) == ["q offline 1"]
    assert [r.getMessage() for r in caplog.records] == [
        "LLM scripted-llm returned no usable query variants; using offline rewriting"]


def test_llm_rewriter_without_fallback_returns_no_variants() -> None:
    assert llm_rewriter(ScriptedLLM(RuntimeError("boom")))("q", 2) == []


# -- variants in a search ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def chunks_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("fusion-rewrite") / "chunks.jsonl"
    write_chunks(load_corpus(), path)
    return path


def open_engine(chunks_path: Path, llm=None) -> SearchEngine:
    return SearchEngine.open(chunks_path, Settings(), embed_model=HashingEmbedding(256), llm=llm)


def test_offline_variants_lead_with_the_original(chunks_path: Path) -> None:
    engine = open_engine(chunks_path)
    # The PRF first pass: BM25 over every source, best 3 (feedback_k x 1 variant).
    assert [c.id for c in engine._bm25_first_pass("max payload size 413", 3)] == [
        "data/forums/t002#q", "data/docs/limits.md#c0", "data/blogs/release-2-1.md#c1"]
    result = engine.search("max payload size 413", FusionConfig(mode=FusionMode.RRF, num_queries=2))
    assert result.variants == ["max payload size 413",
                               "max payload size 413 event getting http webhook larger maximum"]
    three = engine.search("max payload size 413", FusionConfig(mode=FusionMode.RRF, num_queries=3))
    assert three.variants == ["max payload size 413",
                              "max payload size 413 event getting http webhook larger maximum",
                              "max payload size 413 event getting http webhook large larger"]


def test_llm_variants_are_searched_too(chunks_path: Path) -> None:
    llm = ScriptedLLM("1. Okta single sign-on\n2. SAML on the Business plan")
    engine = open_engine(chunks_path, llm=llm)
    result = engine.search("max payload size 413", FusionConfig(mode=FusionMode.RRF, num_queries=2, k=11))
    assert result.variants == ["max payload size 413", "Okta single sign-on"]
    assert len(llm.calls) == 1
    by_id = {s.id: s for s in result.results}
    # sso.md#c0 shares no term with the question (dense #10 of 11 only), but it is the only
    # BM25 hit of "Okta single sign-on" and that variant's dense #1: 1/19 + 1/10 + 1/10.
    sso = by_id["data/docs/sso.md#c0"]
    assert sso.scores["fusion"] == pytest.approx(1 / 19 + 1 / 10 + 1 / 10)
    assert sso.explain["retrievers"] == "dense#10"  # ranks are those of the original question
    assert [s.id for s in result.results][:3] == ["data/docs/sso.md#c0", "data/docs/limits.md#c0",
                                                  "data/blogs/release-2-1.md#c1"]
    plain = engine.search("max payload size 413", FusionConfig(mode=FusionMode.RRF, k=11))
    assert [s.id for s in plain.results].index("data/docs/sso.md#c0") == 7


def test_a_failing_llm_falls_back_to_offline_variants(chunks_path: Path) -> None:
    engine = open_engine(chunks_path, llm=ScriptedLLM(TimeoutError("timed out")))
    result = engine.search("max payload size 413", FusionConfig(mode=FusionMode.RRF, num_queries=2))
    assert result.variants == ["max payload size 413",
                               "max payload size 413 event getting http webhook larger maximum"]
