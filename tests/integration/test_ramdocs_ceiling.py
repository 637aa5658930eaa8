"""eval/ramdocs_ceiling.py on the mini RAMDocs fixture plus one question whose document does not
write the answer it is labelled with: the per-document figures and the perfect-judge ceilings."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


def test_ceiling_counts_documents_and_questions(tmp_path: Path) -> None:
    rows = (ROOT / "tests" / "fixtures" / "ramdocs" / "mini.jsonl").read_text(encoding="utf-8").splitlines()
    unwritten = {"question": "Who designed the Harbour Bridge of Tallin Bay?",
                 "documents": [{"text": "The Harbour Bridge of Tallin Bay was designed by an engineer from Riga.",
                                "type": "correct", "answer": "Karl Ozols"}],
                 "gold_answers": ["Karl Ozols"], "wrong_answers": []}
    path = tmp_path / "five.jsonl"
    path.write_text("\n".join([*rows, json.dumps(unwritten)]) + "\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"}
    res = subprocess.run([sys.executable, str(ROOT / "eval" / "ramdocs_ceiling.py"), str(path), "--split", "all"],
                         env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == "RAMDocs all: 5 questions, 9 documents stating an answer"
    # the new document's answer is in no text, so in no span: person 2 of 3 everywhere
    assert "person             3    0.667     0.667   0.667" in lines
    assert "all                9    0.889     0.889   0.889" in lines
    # the moon has no gold answer and the designer is never written: 3 of 5 whatever the judge
    assert lines[-3:] == ["  with each document's top-1     0.600", "  with each document's top-2     0.600",
                          "  with each document's any span  0.600"]
