"""Gold file parsing: every bad-input case, match modes, unknown ids."""

from pathlib import Path

import pytest

from src.errors import UsageError
from src.evaluation.gold import (
    GoldFileError,
    GoldQuery,
    MatchMode,
    gold_at_level,
    load_gold,
    map_id,
    resolve_match,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "eval"
BAD = FIXTURES / "gold_bad.jsonl"
SHAPE = '"relevant_ids" must be a list of ids or an object of id -> grade'


def test_bad_lines_are_skipped_with_exact_warnings():
    queries, warnings = load_gold(BAD)
    assert [str(w) for w in warnings] == [
        f"{BAD}:2: not valid JSON (Expecting value)",
        f"{BAD}:3: expected a JSON object",
        f'{BAD}:4: missing "q"',
        f'{BAD}:5: missing "q"',
        f'{BAD}:6: "q" must be a string',
        f'{BAD}:7: missing "relevant_ids"',
        f'{BAD}:8: empty "relevant_ids"',
        f"{BAD}:9: {SHAPE}",
        f"{BAD}:10: {SHAPE}",
        f'{BAD}:13: empty "relevant_ids"',
    ]
    assert queries == [
        GoldQuery("good one", {"data/docs/a.md#c0": 1}, "gold_bad.jsonl:1"),
        GoldQuery("graded", {"data/docs/b.md": 2}, "gold_bad.jsonl:12"),
    ]


def test_file_without_usable_query_is_a_usage_error_naming_it():
    with pytest.raises(UsageError, match="gold_unusable.jsonl: no usable gold query") as info:
        load_gold(FIXTURES / "gold_unusable.jsonl")
    assert isinstance(info.value, GoldFileError)
    assert info.value.path == str(FIXTURES / "gold_unusable.jsonl")


def test_empty_and_missing_files_are_usage_errors(tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n\n", encoding="utf-8")
    with pytest.raises(UsageError, match="empty.jsonl: no usable gold query"):
        load_gold(empty)
    with pytest.raises(UsageError, match="nope.jsonl: gold file not found"):
        load_gold(tmp_path / "nope.jsonl")


def test_unknown_ids_give_one_warning_and_are_still_scored():
    corpus = {"data/docs/a.md#c0", "data/docs/a.md#c1", "data/docs/z.md#c0"}
    queries, warnings = load_gold(BAD, corpus_ids=corpus)
    assert len(queries) == 2
    assert str(warnings[-1]) == (
        f"{BAD}: 1 gold id(s) match no chunk or document of the corpus (still scored, as misses): data/docs/b.md"
    )
    assert len(warnings) == 11


def test_document_ids_count_as_known(tmp_path):
    gold = tmp_path / "g.jsonl"
    gold.write_text('{"q": "x", "relevant_ids": ["c/docs/a", "c/docs/a#c1", "c/docs/q#c0", "c/docs/p"]}\n')
    _, warnings = load_gold(gold, corpus_ids={"c/docs/a#c1", "c/docs/b#c0"})
    assert [w.reason for w in warnings] == [
        "2 gold id(s) match no chunk or document of the corpus (still scored, as misses): c/docs/p, c/docs/q#c0"
    ]


def test_auto_match_is_chunk_only_when_every_gold_id_has_an_anchor():
    anchored = [GoldQuery("a", {"c/docs/a#c0": 1}), GoldQuery("b", {"c/forums/t1#qa": 1})]
    mixed = [*anchored, GoldQuery("c", {"c/docs/d": 1})]
    assert resolve_match(anchored) is MatchMode.CHUNK
    assert resolve_match(mixed) is MatchMode.DOC
    assert resolve_match(anchored, "doc") is MatchMode.DOC
    assert resolve_match(mixed, MatchMode.CHUNK) is MatchMode.CHUNK
    with pytest.raises(ValueError, match="unknown match mode 'page'; valid modes: auto, chunk, doc"):
        resolve_match(mixed, "page")


def test_doc_level_mapping_keeps_the_highest_grade():
    assert map_id("c/docs/a#c3", MatchMode.DOC) == "c/docs/a"
    assert map_id("c/docs/a#c3", MatchMode.CHUNK) == "c/docs/a#c3"
    assert gold_at_level({"c/docs/a#c0": 1, "c/docs/a#c1": 3, "c/docs/b": 2}, MatchMode.DOC) == {
        "c/docs/a": 3,
        "c/docs/b": 2,
    }
