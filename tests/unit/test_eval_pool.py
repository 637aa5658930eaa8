"""eval/pool.py: the pool's table, its totals without realkb, and what changed against an earlier run."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "eval"))

import pool  # noqa: E402


def run(verdicts: int, standing: int, *questions: tuple[str, str, str]) -> dict:
    return {"total": {"cases": 4, "verdicts_right": verdicts, "verdicts_standing": standing, "contradictions": 2,
                      "authoritative_right": 1, "answer_sets_right": 1, "contradictions_standing": 1,
                      "contradictions_reported": 2, "audit": {"reported": 3, "labelled": 1}},
            "per_question": [{"q": q, "expected": e, "verdict": v} for q, e, v in questions]}


def test_the_total_leaves_realkb_out_and_shows_each_change() -> None:
    before = {"realkb": run(3, 3), "set_a": run(2, 1, ("How long?", "consistent", "contradiction")),
              "set_b": run(1, 1)}
    now = {"realkb": run(4, 3), "set_a": run(3, 3, ("How long?", "consistent", "consistent")), "set_b": run(1, 1)}
    lines = pool.table(now, before).splitlines()
    assert lines[0] == ("| set | verdicts | standing | authoritative | answer sets | contradictions standing "
                        "| audit rep./lab. |")
    assert lines[2] == "| realkb | 4/4 (+1) | 3 | 1/2 | 1 | 1/2 | 3/1 |"
    assert lines[3] == "| set_a | 3/4 (+1) | 3 (+2) | 1/2 | 1 | 1/2 | 3/1 |"
    assert lines[4] == "| set_b | 1/4 | 1 | 1/2 | 1 | 1/2 | 3/1 |"
    assert lines[5] == "| **total** (all but realkb) | 4/8 (+1) | 4 (+2) | 2/4 | 2 | 2/4 | 6/2 |"
    assert lines[6:] == ["  set_a: How long? [consistent]: contradiction -> consistent"]


def test_a_first_run_has_no_changes_and_repeated_set_names_are_numbered(tmp_path: Path) -> None:
    assert pool.table({"set_a": run(2, 1)}).splitlines()[2:] == [
        "| set_a | 2/4 | 1 | 1/2 | 1 | 1/2 | 3/1 |", "| **total** (all but realkb) | 2/4 | 1 | 1/2 | 1 | 1/2 | 3/1 |"]
    (tmp_path / "a" / "configs").mkdir(parents=True)
    (tmp_path / "b" / "configs").mkdir(parents=True)
    assert pool.names([tmp_path / "a" / "configs", tmp_path / "b" / "configs"]) == ["configs", "configs-2"]


def test_an_earlier_folder_is_read_for_its_realkb_outputs_only(tmp_path: Path) -> None:
    import json

    (tmp_path / "set_a.json").write_text(json.dumps(run(2, 1)))
    (tmp_path / "dev_nimbusnote.json").write_text(json.dumps({"right": 0.7}))  # another eval's output
    (tmp_path / "broken.json").write_text("{")
    assert list(pool.read(tmp_path)) == ["set_a"]


def test_the_confusion_counts_each_labelled_verdict_against_the_given_one_without_realkb() -> None:
    runs = {"realkb": run(1, 1, ("Q0", "contradiction", "consistent")),
            "set_a": run(2, 1, ("Q1", "contradiction", "consistent"), ("Q2", "contradiction", "contradiction"),
                         ("Q3", "consistent", "consistent")),
            "set_b": run(1, 1, ("Q4", "contradiction", "consistent"), ("Q5", "scoped", "insufficient_data"))}
    assert pool.confusion(runs).splitlines() == [
        "consistent (1): consistent 1",
        "contradiction (3): consistent 2, contradiction 1",
        "scoped (1): insufficient_data 1"]
    assert pool.confusion({"realkb": runs["realkb"]}) == ""
