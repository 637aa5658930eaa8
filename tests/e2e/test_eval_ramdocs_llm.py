"""`python main.py eval ramdocs FILE --llm-base-url URL` against the fake OpenAI-compatible server:
each question's documents are read by the LLM (typed answers per chunk, as `ask --llm-base-url`
does), judged by the same answer-set logic, and scored; the summary says who answered. A dead
server costs its two calls for the whole run (one circuit breaker for every question), and the
offline extractor answers the rest."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from src.graph.llm_answers import SYSTEM_PROMPT as ANSWERS_PROMPT
from tests.fake_llm import FakeLLMServer

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "ramdocs" / "mini.jsonl"
ROWS = [json.loads(line) for line in FIXTURE.read_text(encoding="utf-8").splitlines()]
TYPES = ["date", "person", "count", None]  # what the model calls each fixture question's answer
HEADER = re.compile(r"^\[(\d+)\] source=\S+ (?:authority=\S+ )?id=ramdocs-(\d+)/docs/d(\d+)#c0$", re.MULTILINE)
# the model's verdict on each question, as a model reading the documents would give it
VERDICTS = ["contradiction", "scoped", "contradiction", "insufficient_data"]


def reads(request: dict[str, Any]) -> str:
    """Each numbered chunk's answer: the value its document states (the fixture's ``answer``)
    with the sentence that states it; null for a document stating none."""
    items = []
    for n, line, k in HEADER.findall(request["messages"][1]["content"]):
        doc = ROWS[int(line)]["documents"][int(k)]
        value = doc["answer"] if doc["answer"] in doc["text"] else None
        if value is None or TYPES[int(line)] is None:
            items.append({"chunk": int(n), "value": None})
            continue
        sentence = next(s for s in re.split(r"(?<=\.)\s+", doc["text"]) if value in s)
        items.append({"chunk": int(n), "value": value, "type": TYPES[int(line)], "scope": {}, "entity": "",
                      "sentence": sentence})
    return json.dumps({"answers": items})


def model(request: dict[str, Any]) -> str:
    system, user = request["messages"][0]["content"], request["messages"][1]["content"]
    if system == ANSWERS_PROMPT:
        return reads(request)
    if system.startswith("You extract factual key/value claims"):
        return '{"claims": []}'
    line = next(i for i, row in enumerate(ROWS) if row["question"] in user)  # the answer text, citing [1]
    status = VERDICTS[line]
    cites = [] if status == "insufficient_data" else [1]
    first = ROWS[line]["documents"][int(HEADER.findall(user)[0][2])]  # an answer states the value of what it cites
    return json.dumps({"answer": f"The documents say {first['answer']} [1]." if cites else "The documents do not say.",
                       "citations": cites, "verdict": {"status": status, "explanation": "read from the documents",
                                                       "authoritative_answer": None}})


def _eval(cwd: Path, url: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"}
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "eval", "ramdocs", str(FIXTURE), "--split", "all",
                           "--out", "answers.jsonl", "--json", "--embed-model", "hashing:256",
                           "--llm-base-url", url, "--llm-model", "fake-model"],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.timeout(240)  # a hang guard, not a speed test
def test_eval_ramdocs_asks_the_llm_to_read_each_question_s_documents(tmp_path: Path) -> None:
    with FakeLLMServer([], default=model) as srv:
        res = _eval(tmp_path, srv.url)
    assert res.returncode == 0, res.stderr
    summary = json.loads(res.stdout)
    lines = [json.loads(x) for x in (tmp_path / "answers.jsonl").read_text().splitlines()]
    # the documents' own values, judged: the two copies outvote the misinformation document
    assert lines[0] == {"question": ROWS[0]["question"], "answers": ["12 May 1931"], "verdict": "contradiction"}
    assert sorted(lines[1]["answers"]) == ["Mara Lindqvist", "Tomas Ferreira"] and lines[1]["verdict"] == "scoped"
    assert lines[2]["answers"] == ["1,284"] and lines[2]["verdict"] == "contradiction"
    assert lines[3]["answers"] == [] and lines[3]["verdict"] == "insufficient_data"
    assert summary["strict_em"] == 0.75 and summary["flagged_with_misinfo"] == 1.0  # the moon has no gold answer
    asked = [r for r in srv.requests if r["messages"][0]["content"] == ANSWERS_PROMPT]
    # one reading per question with evidence, each showing only that question's documents
    shown = [{line for _, line, _ in HEADER.findall(r["messages"][1]["content"])} for r in asked]
    assert sorted(map(sorted, shown)) == [["0"], ["1"], ["2"], ["3"]]
    assert summary["answered_by"] == {"llm": 4}
    assert "Traceback" not in res.stderr


@pytest.mark.timeout(240)  # a hang guard, not a speed test
def test_eval_ramdocs_with_a_failing_llm_spends_two_calls_then_answers_offline(tmp_path: Path) -> None:
    with FakeLLMServer([], default=("status", 500, {"error": "overloaded"})) as srv:
        res = _eval(tmp_path, srv.url)
    assert res.returncode == 0, res.stderr
    summary = json.loads(res.stdout)
    assert len(srv.requests) == 2  # then the shared breaker skips the LLM for every other question
    assert summary["answered_by"] == {"offline": 4}
    # the offline extractor's answers, as without an LLM (tests/e2e/test_cli.py)
    lines = [json.loads(x) for x in (tmp_path / "answers.jsonl").read_text().splitlines()]
    assert lines[0]["answers"] == ["12 May 1931"] and lines[0]["verdict"] == "contradiction"
    assert "Traceback" not in res.stderr
