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
                                "type": "correct", "answer": "Karl Ozols"},
                               {"text": "Nobody recorded who designed the Harbour Bridge of Tallin Bay.",
                                "type": "misinfo", "answer": "Anna Berzina"}],
                 "gold_answers": ["Karl Ozols"], "wrong_answers": ["Anna Berzina"]}
    path = tmp_path / "five.jsonl"
    path.write_text("\n".join([*rows, json.dumps(unwritten)]) + "\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"}
    res = subprocess.run([sys.executable, str(ROOT / "eval" / "ramdocs_ceiling.py"), str(path), "--split", "all"],
                         env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == "RAMDocs all: 5 questions, 10 documents stating an answer"
    # the new documents' answers are in no text, so in no span: person 2 of 4 everywhere
    assert "person             4    0.500     0.500   0.500" in lines
    assert "all               10    0.800     0.800   0.800" in lines
    # the moon has no gold answer and the designer is never written: 3 of 5 whatever the judge
    assert lines[-4:-1] == ["  with each document's top-1     0.600", "  with each document's top-2     0.600",
                            "  with each document's any span  0.600"]
    # two misinformation documents' wrong values are read beside their questions' right ones; the
    # designer's never is
    assert lines[-1] == "contradictions a perfect judge could flag on the top-1 values: 0.667 of 3 questions with misinformation"
