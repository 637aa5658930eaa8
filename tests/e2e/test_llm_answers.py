"""Typed answers by the LLM through `python main.py ask --json` on the sample corpus `data/`, against
the fake OpenAI-compatible server: its answers make the answer set (planted contradiction C01 of
eval/conflicts.jsonl, the Team plan's retry window: docs 72 hours, a forum answer 48 hours), and a
server sending garbage leaves the answer set to the offline extractor, with one warning."""

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
QUESTION = "How long does the Team plan retry failed deliveries?"
DOCS, ACCEPTED, FORUM = "data/docs/retries.md#c0", "data/forums/t001#qa", "data/forums/t001#a0011"
PLANS = "data/docs/plans.md#c0"  # its table's row "| Retry window | 24 hours | 72 hours | ..." (Team's column)
# what a model reading each chunk answers (value, the sentence as the chunk writes it)
READS = {
    DOCS: ("72 hours", "On the Team plan, failed deliveries are retried for up to 72 hours."),
    ACCEPTED: ("72 hours", "On Team, failed deliveries are retried for up to 72 hours, counted from the first "
                           "attempt, not from the last one."),
    FORUM: ("48 hours", "From what I remember, on the Team plan failed deliveries are retried for 48 hours, then "
                        "they go to the DLQ."),
}
HEADER = re.compile(r"^\[(\d+)\] source=\S+ (?:authority=\S+ )?id=(\S+)$", re.MULTILINE)


def typed_answers(request: dict[str, Any]) -> str:
    """The typed-answer reply: READS for the chunks the prompt numbers, null for the others."""
    def read(n: int, cid: str) -> dict[str, Any]:
        if cid not in READS:
            return {"chunk": n, "value": None}
        return {"chunk": n, "value": READS[cid][0], "type": "duration", "scope": {"plan": "Team"},
                "entity": "Team plan retry window", "sentence": READS[cid][1]}

    return json.dumps({"answers": [read(int(n), cid) for n, cid in HEADER.findall(request["messages"][1]["content"])]})


def generated(request: dict[str, Any]) -> str:
    """A valid generated answer citing the docs chunk by its number in the prompt."""
    n = dict((cid, k) for k, cid in HEADER.findall(request["messages"][1]["content"]))[DOCS]
    return json.dumps({"answer": f"On the Team plan, failed deliveries are retried for up to 72 hours [{n}]; "
                                 "a forum answer disagrees.", "citations": [int(n)],
                       "verdict": {"status": "contradiction", "explanation": "docs and a forum answer disagree",
                                   "authoritative_answer": "72 hours"}})


def script(answers: Any) -> Any:
    """Claims: none (a valid reply); typed answers: ``answers``; the answer text: ``generated``."""
    def step(request: dict[str, Any]) -> Any:
        system = request["messages"][0]["content"]
        if system.startswith("You extract factual key/value claims"):
            return '{"claims": []}'
        return answers(request) if system == ANSWERS_PROMPT else generated(request)

    return step


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder where data/ is ingested and indexed once (under artifacts/), so the runs below print
    nothing else on stderr."""
    root = tmp_path_factory.mktemp("llm-answers")
    res = _ask(root, [])
    assert res.returncode == 0, res.stderr
    return root


def _ask(cwd: Path, extra: list[str]) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"}
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "ask", "--data", str(ROOT / "data"), "--q", QUESTION,
                           "--json", "--embed-model", "hashing:256", *extra],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def _answers(out: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(a["value"], a["normalized"], a["scope"], a["status"], a["sources"]) for a in out["answers"]]


@pytest.mark.timeout(120)  # a hang guard, not a speed test
def test_the_llms_typed_answers_give_the_contradiction_and_the_docs_value(workdir: Path) -> None:
    with FakeLLMServer([], default=script(typed_answers)) as srv:
        res = _ask(workdir, ["--llm-base-url", srv.url, "--llm-model", "fake-model"])
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    # "72 hours" as the model gave it (the offline extractor says "up to 72 hours", see below)
    assert _answers(out) == [("72 hours", "P3D", {"plan": "team"}, "authoritative", [DOCS, ACCEPTED]),
                             ("48 hours", "P2D", {"plan": "team"}, "contradicted", [FORUM])]
    assert out["verdict"]["status"] == "contradiction" and out["verdict"]["authoritative_answer"] == "72 hours"
    assert out["method"] == "llm"
    asked = [r for r in srv.requests if r["messages"][0]["content"] == ANSWERS_PROMPT]
    assert len(asked) == 1  # one call for the question, every evidence chunk numbered in it
    shown = HEADER.findall(asked[0]["messages"][1]["content"])
    assert [n for n, _ in shown] == [str(k) for k in range(1, len(shown) + 1)] and len(shown) >= 8
    assert {DOCS, ACCEPTED, FORUM} <= {cid for _, cid in shown}
    assert out["llm_status"] == {"name": f"fake-model@{srv.url}", "used": True, "calls": len(srv.requests),
                                 "reason": None, "deadline_s": 20.0}
    assert "llm_fallback" not in [w["kind"] for w in out["warnings"]]
    assert "WARNING" not in res.stderr and "Traceback" not in res.stderr


@pytest.mark.timeout(120)  # a hang guard, not a speed test
def test_garbage_from_the_server_leaves_the_answer_set_offline_with_one_warning(workdir: Path) -> None:
    offline = _ask(workdir, [])
    with FakeLLMServer([], default=script(lambda _: ("raw", b"<html>busy</html>", "application/json"))) as srv:
        res = _ask(workdir, ["--llm-base-url", srv.url, "--llm-model", "fake-model"])
    assert res.returncode == 0, res.stderr
    out, expected = json.loads(res.stdout), json.loads(offline.stdout)
    assert _answers(out) == _answers(expected) == [
        ("up to 72 hours", "P3D", {"plan": "team"}, "authoritative", [DOCS, ACCEPTED, PLANS]),
        ("48 hours", "P2D", {"plan": "team"}, "contradicted", [FORUM])]
    assert out["verdict"] == expected["verdict"] and out["verdict"]["status"] == "contradiction"
    assert out["method"] == "extractive"
    reason = (f"LLM fake-model@{srv.url} sent a body that is not a chat completion (JSONDecodeError: Expecting value: "
              "line 1 column 1 (char 0)); 2 failures in a row")
    assert [line for line in res.stderr.splitlines() if "warning" in line.lower()] == [
        f"WARNING src.llm: {reason}; using the offline answer extractor"]
    assert out["llm_status"]["reason"] == reason and out["llm_status"]["used"] is True  # the claims were used
    assert [w["message"] for w in out["warnings"] if w["kind"] == "llm_fallback"] == [
        f"{reason}; this answer is extractive."]
    assert len([r for r in srv.requests if r["messages"][0]["content"] == ANSWERS_PROMPT]) == 2  # tried twice
    assert "Traceback" not in res.stderr
