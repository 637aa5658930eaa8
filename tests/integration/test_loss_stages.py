"""eval/loss_stages.py on the sample corpus: each labelled value's first lost stage, or "ok"."""

import json
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "eval"))

import loss_stages  # noqa: E402

from src.answer.service import AnswerService  # noqa: E402
from src.config import load_settings  # noqa: E402
from src.evaluation.realkb import load_cases  # noqa: E402

HEADLINE = "How long does the Team plan keep event history?"


def test_stages_of_the_headline_question(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    product = tmp_path / "sample"
    product.mkdir()
    (product / "data").symlink_to(ROOT / "data", target_is_directory=True)
    sides = [
        # the docs' 14 days against a forum reply's 7 days: both reach the answer set
        {"q": HEADLINE, "expect": "contradiction",
         "sides": [["data/docs/plans.md", ["14 days"]], ["data/forums/t003", ["7 days"]]], "authoritative": ["14 days"]},
        # a labelled document the corpus does not hold is lost before anything reads it
        {"q": HEADLINE, "expect": "contradiction",
         "sides": [["data/docs/plans.md", ["14 days"]], ["data/blogs/no-such-post.md", ["30 days"]]],
         "authoritative": ["14 days"]},
        # the thread is read, but it never writes this value: lost before any sentence is typed
        {"q": HEADLINE, "expect": "contradiction",
         "sides": [["data/docs/plans.md", ["14 days"]], ["data/forums/t003", ["45 days"]]], "authoritative": ["14 days"]},
        # an official value its document never gives: the settings reader does not read it there
        {"q": HEADLINE, "expect": "contradiction",
         "sides": [["data/docs/plans.md", ["21 days"]], ["data/forums/t003", ["7 days"]]], "authoritative": ["21 days"]},
    ]
    answers = [{"q": HEADLINE, "verdict": "contradiction",
                "answers": [{"value": "14 days", "status": "authoritative", "source": s["sides"][0][0]},
                            {"value": s["sides"][1][1][0], "status": "contradicted", "source": s["sides"][1][0]}]}
               for s in sides]
    (product / "conflicts.jsonl").write_text("".join(json.dumps(s) + "\n" for s in sides))
    (product / "answers.jsonl").write_text("".join(json.dumps(a) + "\n" for a in answers))
    monkeypatch.chdir(ROOT)
    svc = AnswerService.open(load_settings(), data=product / "data")
    first, second, third, fourth = (loss_stages.case_stages(svc, case) for case in load_cases(product))
    assert (first.official, first.other, first.verdict_ok) == ("ok", "ok", True)
    assert first.official_read and first.to_json()["official_read"] is True  # the plans table's row
    assert (second.official, second.other, second.verdict_ok) == ("ok", "retrieved", True)
    assert second.to_json()["other"] == "retrieved" and second.to_json()["atype"] == "duration"
    assert (third.official, third.other) == ("ok", "written")
    assert not fourth.official_read and fourth.official == "written"


def test_a_tickets_file_holds_every_ticket_chunk() -> None:
    # tickets.json's chunks are named by ticket ("data/tickets/go-sql-driver/mysql%23680#qa")
    assert loss_stages._prefix("data/tickets/tickets.json") == "data/tickets/"
    assert loss_stages._prefix("data/forums/t003") == "data/forums/t003"
    assert loss_stages._prefix("data/docs/plans.md") == "data/docs/plans.md"
