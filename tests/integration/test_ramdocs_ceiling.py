"""eval/ramdocs_ceiling.py on the mini RAMDocs fixture plus a question whose documents do not write
the answers they are labelled with, and one where a misinformation copy ties the right document:
the per-document figures and the perfect-judge ceilings."""

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
                                "type": "correct", "answer": "Karl Ozols"},
                               {"text": "Nobody recorded who designed the Harbour Bridge of Tallin Bay.",
                                "type": "misinfo", "answer": "Anna Berzina"}],
                 "gold_answers": ["Karl Ozols"], "wrong_answers": ["Anna Berzina"]}
    tie = {"question": "When was the Old Mill of Varna built?",
           "documents": [{"text": "The Old Mill of Varna was built in 1822 on the river bank.", "type": "correct",
                          "answer": "1822"},
                         {"text": "The Old Mill of Varna was built in 1901 on the river bank.", "type": "misinfo",
                          "answer": "1901"}],
           "gold_answers": ["1822"], "wrong_answers": ["1901"]}
    path = tmp_path / "six.jsonl"
    path.write_text("\n".join([*rows, json.dumps(unwritten), json.dumps(tie)]) + "\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"}
    res = subprocess.run([sys.executable, str(ROOT / "eval" / "ramdocs_ceiling.py"), str(path), "--split", "all"],
                         env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == "RAMDocs all: 6 questions, 12 documents stating an answer"
    # the new documents' answers are in no text, so in no span: person 2 of 4 everywhere
    assert "person             4    0.500     0.500   0.500" in lines
    assert "all               12    0.833     0.833   0.833" in lines
    # the moon has no gold answer and the designer is never written: 4 of 6 whatever the judge (the
    # mill's right value is read, though only one document against its misinformation copy)
    assert lines[-4:-1] == ["  with each document's picked values  0.667", "  with each document's two best spans 0.667",
                            "  with each document's spans          0.667"]
    # three misinformation documents' wrong values are read beside their questions' right ones; the
    # designer's never is
    assert lines[-1] == "contradictions a perfect judge could flag on the picked values: 0.750 of 4 questions with misinformation"
