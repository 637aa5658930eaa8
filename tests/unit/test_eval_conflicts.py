"""Conflict scoring against a small hand-made claim graph."""

import json
from pathlib import Path

import pytest

from src.errors import UsageError
from src.evaluation.conflict_types import ConflictItemResult, GoldClaim, GoldConflict
from src.evaluation.conflicts import (
    finds,
    graph_keys,
    load_conflict_gold,
    score_conflicts,
    separates,
    values_match,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "eval"
GOLD = FIXTURES / "conflicts.jsonl"
GRAPH = json.loads((FIXTURES / "graph.json").read_text(encoding="utf-8"))


def test_gold_parsing_skips_bad_items_with_warnings():
    items, warnings = load_conflict_gold(GOLD)
    assert [item.id for item in items] == ["c1", "c2", "c3", "r1", "s1"]
    assert items[0].claims[1] == GoldClaim(
        "data/forums/t1", "14 days", "forums", "They keep 14 days.", "data/forums/t1#qa"
    )
    assert (items[0].authoritative, items[2].authoritative, items[4].scope_dimension) == (
        "7 days",
        None,
        "version",
    )
    assert [str(w) for w in warnings] == [
        f'{GOLD}:6: "type" must be one of contradiction, restatement, scoped',
        f'{GOLD}:7: "claims" must list at least two claims, each with "doc_id" and "value"',
        f"{GOLD}:8: a contradiction needs claims with at least two different values",
    ]


def test_scores_on_the_hand_made_graph():
    score = score_conflicts(GOLD, GRAPH)
    assert score.items == (
        ConflictItemResult("c1", "contradiction", "found", "backup retention", True),
        ConflictItemResult("c2", "contradiction", "found", "seat limit", False),
        ConflictItemResult("c3", "contradiction", "missed"),
        ConflictItemResult("r1", "restatement", "ok"),
        ConflictItemResult("s1", "scoped", "false_alarm", "memory"),
    )
    # in scope: backup retention, seat limit, memory ("unrelated" touches no gold document)
    assert (score.reported_keys, score.correct_keys) == (3, 2)
    assert score.precision == pytest.approx(2 / 3)
    assert score.recall == pytest.approx(2 / 3)
    assert score.f1 == pytest.approx(2 / 3)
    assert score.authoritative_accuracy == pytest.approx(0.5)
    assert (score.false_alarms, score.found, score.gold_contradictions) == (1, 2, 3)
    assert len(score.warnings) == 3
    out = score.to_json()
    assert out["items"][4] == {
        "id": "s1",
        "type": "scoped",
        "outcome": "false_alarm",
        "key": "memory",
        "authoritative_correct": None,
    }


def test_graph_may_be_a_file_or_a_whole_fusion_output(tmp_path):
    path = tmp_path / "fusion.json"
    path.write_text(json.dumps({"query": "q", "graph": GRAPH}), encoding="utf-8")
    assert score_conflicts(GOLD, path).items == score_conflicts(GOLD, GRAPH).items
    with pytest.raises(ValueError, match='no "keys" list'):
        graph_keys({"query": "q", "graph": None})


def test_missing_gold_is_a_usage_error(tmp_path):
    with pytest.raises(UsageError, match="conflict gold file not found"):
        score_conflicts(tmp_path / "none.jsonl", GRAPH)


def test_values_match_ignores_case_space_and_accepts_containment():
    assert values_match("7 Days", "7days")
    assert values_match("10 seats", "up to 10 seats")
    assert values_match("up to 10 seats", "10 seats")
    assert not values_match("7 days", "14 days")
    assert not values_match("", "7 days")


def test_values_match_contains_whole_words_only():
    # held-out answers once scored "1" right against "100" and "Update key mapping" against "t"
    assert values_match("on by default", "on")
    assert values_match("512", "512-byte")
    assert not values_match("100", "1")
    assert not values_match("600 per minute", "1")
    assert not values_match("t", "Update key mapping")
    assert not values_match("gnu", "GNU tar NEWS - User visible changes")


def test_values_match_word_order_scope_and_negation():
    assert values_match("Enterprise only", "only enterprise")
    assert values_match("Business and Enterprise", "available", ("business,enterprise",))
    assert not values_match("Business and Enterprise", "available", ("enterprise",))
    assert not values_match("available", "not available")
    assert not values_match("not available", "available")
    assert values_match("not available", "Not available")


def _item(kind="contradiction"):
    return GoldConflict("g", kind, (GoldClaim("d/docs/a", "7 days"), GoldClaim("d/forums/b", "14 days")))


def _keys(claims, status="contradiction"):
    return graph_keys({"keys": [{"key": "k", "status": status, "claims": claims}]})[0]


def test_both_sides_on_one_claim_is_not_found():
    both = [
        {"value": "7 days or 14 days", "support": [{"id": "d/docs/a#c0"}, {"id": "d/forums/b#qa"}]},
        {"value": "30 days", "support": [{"id": "d/docs/z#c0"}]},
    ]
    assert not finds(_keys(both), _item())


def test_found_needs_status_contradiction_and_evidence_from_the_side_documents():
    right = [
        {"value": "7 days", "support": [{"id": "d/docs/a#c0"}]},
        {"value": "14 days", "support": [{"id": "d/forums/b#qa"}]},
    ]
    wrong_doc = [
        {"value": "7 days", "support": [{"id": "d/docs/a#c0"}]},
        {"value": "14 days", "support": [{"id": "d/forums/other#qa"}]},
    ]
    assert finds(_keys(right), _item())
    assert not finds(_keys(right, status="consistent"), _item())
    assert not finds(_keys(wrong_doc), _item())


def test_scoped_sides_on_one_claim_are_no_false_alarm():
    shared = [
        {"value": "7 days", "support": [{"id": "d/docs/a#c0"}, {"id": "d/forums/b#qa"}]},
        {"value": "14 days", "support": [{"id": "d/forums/b#qa"}]},
    ]
    split = [
        {"value": "7 days", "support": [{"id": "d/docs/a#c0"}]},
        {"value": "14 days", "support": [{"id": "d/forums/b#qa"}]},
    ]
    assert not separates(_keys(shared), _item("scoped"))
    assert separates(_keys(split), _item("scoped"))


def test_per_question_scoring_asks_each_fact_and_scores_its_own_graph():
    from src.evaluation.conflicts import score_per_question

    asked = []

    def graph_for(question):
        asked.append(question)
        # The first question gets an empty graph; the others the hand-made one.
        return {"keys": []} if len(asked) == 1 else GRAPH

    score = score_per_question(GOLD, graph_for)
    assert asked == ["Backup retention?", "Seat limit?", "Upload limit?"] + asked[3:]
    assert len(asked) == 5
    assert [(r.id, r.outcome) for r in score.items] == [
        ("c1", "missed"), ("c2", "found"), ("c3", "missed"), ("r1", "ok"), ("s1", "false_alarm")]
    assert (score.found, score.gold_contradictions, score.false_alarms) == (1, 3, 1)
    assert score.to_json()["recall"] == pytest.approx(1 / 3)


def test_question_of_a_fact():
    from src.evaluation.conflicts import question_of

    item = GoldConflict("x", "contradiction", (), fact="how long events are kept.")
    assert question_of(item) == "How long events are kept?"
