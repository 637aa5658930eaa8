"""RAMDocs scoring (MADAM-RAG normalisation, strict EM), splits and bad files; the answers harness."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from src.evaluation.answers import AnswerItem, load_answer_items, same_value, score_item, summarize_answers
from src.evaluation.gold import GoldFileError
from src.evaluation.ramdocs import answered_by, found, load_ramdocs, normalize_answer, score_one, summarize

MINI = Path(__file__).parents[1] / "fixtures" / "ramdocs" / "mini.jsonl"


def test_normalisation_and_word_for_word_containment() -> None:
    assert normalize_answer("The Beatles’ (band)") == "beatles band"
    assert found("3,559 people", ["As of 2010: 3,559 people"])
    assert found("The Beatles", ["beatles"])
    assert not found("1850", ["July 10, 18500"])
    assert not found("Golf", ["golfer"])
    assert not found("", ["anything"])


def test_strict_em_needs_every_gold_and_no_wrong_answer() -> None:
    q = load_ramdocs(MINI, "all")[1]  # two films, two directors
    assert score_one(q, ["Mara Lindqvist", "Tomas Ferreira"], "scoped").strict
    one = score_one(q, ["Mara Lindqvist"], "consistent")
    assert not one.strict and one.any_right
    q0 = load_ramdocs(MINI, "all")[0]
    both = score_one(q0, ["12 May 1931", "3 June 1948"], "contradiction")
    assert not both.strict and both.wrong and both.flagged


def test_splits_are_even_and_odd_lines() -> None:
    assert [q.line for q in load_ramdocs(MINI, "dev")] == [0, 2]
    assert [q.line for q in load_ramdocs(MINI, "test")] == [1, 3]
    assert [c.id for c in load_ramdocs(MINI, "all")[0].chunks()][:2] == ["ramdocs-0/docs/d0#c0", "ramdocs-0/docs/d1#c0"]


def test_summary_rates() -> None:
    qs = load_ramdocs(MINI, "all")
    scored = [score_one(qs[0], ["12 May 1931"], "contradiction"), score_one(qs[1], ["Mara Lindqvist"], "consistent"),
              score_one(qs[2], ["10,000"], "consistent"), score_one(qs[3], [], "insufficient_data")]
    s = summarize(qs, scored)
    assert (s["strict_em"], s["at_least_one_right"], s["wrong_answer_rate"]) == (0.25, 0.5, 0.25)
    assert (s["flagged_with_misinfo"], s["flagged_without_misinfo"], s["insufficient_data"]) == (0.5, 0.0, 0.25)


def test_bad_files_name_the_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "r.jsonl"
    bad.write_text('{"question": "q", "documents": []}\n{"question": "x"}\n')
    with pytest.raises(GoldFileError, match=r"line 2: not a RAMDocs record"):
        load_ramdocs(bad, "all")
    with pytest.raises(GoldFileError, match="unknown split 'train'"):
        load_ramdocs(MINI, "train")
    with pytest.raises(GoldFileError, match="not found"):
        load_ramdocs(tmp_path / "missing.jsonl", "all")


def test_answer_items_match_values_across_wordings(tmp_path: Path) -> None:
    assert same_value("two weeks", "14 days") and same_value("1,024 MB", "up to 1 GB")
    assert same_value("30 days (Basic)", "30 days") and same_value("5", "up to five devices", "5")
    assert not same_value("60 days", "30 days")
    item = AnswerItem("L01", "q", "contradiction", ("60 days",), ("30 days",))
    ok = score_item(item, "contradiction", [("60 days", "P60D")])
    bad = score_item(item, "contradiction", [("60 days", "P60D"), ("a month", "P1M")])
    assert ok.right and bad.right and not bad.wrong  # "a month" (P1M) is not "30 days"
    assert score_item(item, "contradiction", ["60 days", "30 days"]).wrong
    summary = summarize_answers([ok, score_item(item, "consistent", [])])
    assert (summary["right"], summary["verdict_accuracy"], summary["answered"]) == (0.5, 0.5, 0.5)
    f = tmp_path / "a.jsonl"
    f.write_text(json.dumps({"q": "x", "verdict": "maybe"}) + "\n")
    with pytest.raises(GoldFileError, match="line 1"):
        load_answer_items(f)


def test_answered_by_reads_the_llm_status_of_an_answer():
    assert answered_by(None) == "offline"  # no LLM configured
    assert answered_by({"used": False, "reason": "LLM timed out", "calls": 2}) == "offline"
    assert answered_by({"used": True, "reason": None, "calls": 3}) == "llm"
    assert answered_by({"used": True, "reason": "invalid reply twice", "calls": 4}) == "llm+offline"
