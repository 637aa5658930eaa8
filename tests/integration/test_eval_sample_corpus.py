"""`eval` on the sample corpus with the real embedder: retrieval floor and every planted conflict."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from main import cli

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


def test_gold_and_planted_conflicts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(ROOT / "data", tmp_path / "data")
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(cli, ["eval", "gold", str(ROOT / "eval" / "gold.jsonl"), "--match", "doc",
                                   "--conflicts", str(ROOT / "eval" / "conflicts.jsonl"), "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output[res.output.index("{\n"):])
    assert out["metrics"]["hits@1"] >= 0.96 and out["metrics"]["recall@10"] >= 0.96
    conflicts = out["conflicts"]
    assert (conflicts["found"], conflicts["gold_contradictions"], conflicts["false_alarms"]) == (9, 9, 0)
    assert conflicts["precision"] == conflicts["recall"] == conflicts["authoritative_accuracy"] == 1.0
    # Each fact asked as a question (with counter-evidence from the audit): all 9 again, no false alarm.
    per_question = conflicts["per_question"]
    assert (per_question["found"], per_question["gold_contradictions"], per_question["false_alarms"]) == (9, 9, 0)
    assert [i["outcome"] for i in per_question["items"] if i["type"] != "contradiction"] == ["ok"] * 9
