"""FusionConfig validation, FusionMode parsing and query cleaning: exact messages."""

from __future__ import annotations

import logging
from dataclasses import replace

import pytest

from src.errors import UsageError
from src.fusion.options import MAX_QUERY_CHARS, FusionConfig, FusionMode, clean_query


def test_defaults_are_the_documented_stack() -> None:
    config = FusionConfig()
    assert (config.mode, config.rrf_k, config.per_source_topk, config.k, config.num_queries) == (
        FusionMode.DIST, 10.0, 30, 10, 1)
    assert (config.rerank, config.rerank_topn) == (False, 12)
    assert (config.use_dense, config.use_bm25, config.use_weights, config.use_priors) == (True, True, True, True)
    config.validate()  # the defaults are valid


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"k": 0}, "k must be at least 1"),
        ({"k": -3}, "k must be at least 1"),
        ({"per_source_topk": 0}, "per_source_topk must be at least 1"),
        ({"rerank_topn": 0}, "rerank_topn must be at least 1"),
        ({"num_queries": 0}, "num_queries must be between 1 and 10"),
        ({"num_queries": 11}, "num_queries must be between 1 and 10"),
        ({"use_dense": False, "use_bm25": False}, "at least one of dense and BM25 retrieval must be on"),
    ],
)
def test_validate_rejects_bad_values_with_exact_message(changes: dict, message: str) -> None:
    with pytest.raises(ValueError) as info:
        replace(FusionConfig(), **changes).validate()
    assert str(info.value) == message


@pytest.mark.parametrize("changes", [{"k": 1}, {"num_queries": 1}, {"num_queries": 10}, {"use_dense": False},
                                     {"use_bm25": False}, {"per_source_topk": 1, "rerank_topn": 1}])
def test_validate_accepts_boundary_values(changes: dict) -> None:
    replace(FusionConfig(), **changes).validate()


@pytest.mark.parametrize(("text", "mode"), [("rrf", FusionMode.RRF), (" Relative ", FusionMode.RELATIVE),
                                            ("DIST", FusionMode.DIST)])
def test_fusion_mode_from_str(text: str, mode: FusionMode) -> None:
    assert FusionMode.from_str(text) is mode


def test_fusion_mode_from_str_lists_the_valid_modes() -> None:
    with pytest.raises(ValueError) as info:
        FusionMode.from_str("borda")
    assert str(info.value) == "unknown fusion mode 'borda'; valid modes: rrf, relative, dist"


@pytest.mark.parametrize("query", ["", "   ", "\n\t ", None])
def test_clean_query_rejects_an_empty_query(query: str | None) -> None:
    with pytest.raises(UsageError) as info:
        clean_query(query)  # type: ignore[arg-type]
    assert str(info.value) == 'the query is empty: pass a question with --q "..."'
    assert info.value.exit_code == 2


def test_clean_query_collapses_whitespace() -> None:
    assert clean_query("  how long\n are\tevents   kept? ") == "how long are events kept?"


def test_clean_query_truncates_a_huge_query_and_says_so(caplog: pytest.LogCaptureFixture) -> None:
    query = "retry " * 20_000  # 120,000 characters
    with caplog.at_level(logging.WARNING, logger="src.fusion.options"):
        cleaned = clean_query(query)
    assert MAX_QUERY_CHARS == 2000
    assert len(cleaned) == 2000
    assert cleaned == ("retry " * 334)[:2000]
    assert [r.getMessage() for r in caplog.records] == ["query is 119999 characters; using its first 2000"]
