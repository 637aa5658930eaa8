"""What an LLM says is checked like the offline path's own answers (issue 25), through
`python main.py ask --json` against the fake OpenAI-compatible server, on the fixture corpus
where the Team plan keeps events 14 days (docs) or 7 days (a forum answer): an answer with markup
or without a value is refused (asked again, then the extractive answer), and an LLM that reads
nothing (valid but empty claims and typed answers) leaves the offline contradiction standing."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from src.graph.llm_answers import SYSTEM_PROMPT as ANSWERS_PROMPT
from tests.fake_llm import FakeLLMServer

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
FIXTURE_CORPUS = ROOT / "tests" / "fixtures" / "server" / "corpus.jsonl"
QUESTION = "How long does the Team plan keep events?"
DOCS = "kb/docs/retention.md#c0"
HEADER = re.compile(r"^\[(\d+)\] source=\S+ (?:authority=\S+ )?id=(\S+)$", re.MULTILINE)
OFFLINE_ANSWERS = [("14 days", "authoritative"), ("7 days", "contradicted")]


def reply(answer: str, auth: str | None = "14 days") -> Callable[[dict[str, Any]], str]:
    """An answer text citing the docs chunk as ``{n}``, with the contradiction the graph finds."""
    def make(request: dict[str, Any]) -> str:
        n = dict((cid, k) for k, cid in HEADER.findall(request["messages"][1]["content"]))[DOCS]
        return json.dumps({"answer": answer.format(n=n), "citations": [int(n)],
                           "verdict": {"status": "contradiction", "explanation": "docs and a forum answer disagree",
                                       "authoritative_answer": auth}})

    return make


def model(answer: Callable[[dict[str, Any]], str], typed: str = '{"answers": []}') -> Callable[[dict[str, Any]], str]:
    """Claims: none (valid); typed answers: ``typed``; the answer text: ``answer``."""
    def step(request: dict[str, Any]) -> str:
        system = request["messages"][0]["content"]
        if system.startswith("You extract factual key/value claims"):
            return '{"claims": []}'
        return typed if system == ANSWERS_PROMPT else answer(request)

    return step


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("llm-checks")
    (root / "chunks.jsonl").write_bytes(FIXTURE_CORPUS.read_bytes())
    res = _ask(root, [])  # indexed once, so the runs below print nothing else on stderr
    assert res.returncode == 0, res.stderr
    return root


def _ask(cwd: Path, extra: list[str]) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"}
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "ask", "--chunks", "chunks.jsonl", "--q", QUESTION,
                           "--json", "--embed-model", "hashing:256", *extra],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def ask_llm(workdir: Path, step: Callable[[dict[str, Any]], str]) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
    with FakeLLMServer([], default=step) as srv:
        res = _ask(workdir, ["--llm-base-url", srv.url, "--llm-model", "fake-model"])
    assert res.returncode == 0, res.stderr
    assert "Traceback" not in res.stderr
    return json.loads(res.stdout), srv.requests, srv.url


def retries(requests: list[dict[str, Any]]) -> list[str]:
    """What the answer's second attempts were told was wrong."""
    return [r["messages"][-1]["content"] for r in requests if len(r["messages"]) > 2]


@pytest.mark.timeout(120)  # a hang guard, not a speed test
def test_a_valid_llm_answer_is_used(workdir: Path) -> None:
    out, _, _ = ask_llm(workdir, model(reply("On the Team plan, events are kept for 14 days [{n}]; a forum says "
                                             "otherwise.")))
    assert out["method"] == "llm" and out["verdict"]["status"] == "contradiction"
    assert [(a["value"], a["status"]) for a in out["answers"]] == OFFLINE_ANSWERS


@pytest.mark.timeout(120)  # a hang guard, not a speed test
def test_an_llm_answer_with_markup_is_refused_then_the_answer_is_extractive(workdir: Path) -> None:
    out, requests, url = ask_llm(workdir, model(reply("Events are kept 14 days <script>steal()</script> as docs "
                                                      "say [{n}].")))
    problem = "the answer contains markup (<script>): write plain text, without HTML tags"
    assert retries(requests) == [f"That reply is invalid: {problem}. Reply again with JSON only, using only the "
                                 "evidence, and fix this."]
    assert out["method"] == "extractive" and "<script>" not in out["answer"]
    assert out["verdict"]["status"] == "contradiction"
    assert [w["message"] for w in out["warnings"] if w["kind"] == "llm_fallback"] == [
        f"LLM fake-model@{url} sent an unusable reply ({problem}); 2 failures in a row; this answer is extractive."]


@pytest.mark.timeout(120)  # a hang guard, not a speed test
def test_an_llm_answer_that_states_no_value_is_refused(workdir: Path) -> None:
    out, requests, _ = ask_llm(workdir, model(reply("Events are kept as the docs say [{n}].", auth=None)))
    assert [m.split(". Reply again")[0] for m in retries(requests)] == [
        "That reply is invalid: the answer states no value: for plan=team (the scope asked) the evidence gives "
        "14 days, 7 days; state the one that answers the question"]
    assert out["method"] == "extractive"
    assert out["answer"].startswith("On the Team plan, events are retained for 14 days. [1]")


@pytest.mark.parametrize("typed", ['{"answers": []}', '{"answers": [{"chunk": 1, "value": null}]}'],
                         ids=["no-answers", "all-null"])
@pytest.mark.timeout(120)  # a hang guard, not a speed test
def test_an_llm_reading_nothing_leaves_the_offline_contradiction(workdir: Path, typed: str) -> None:
    offline = json.loads(_ask(workdir, []).stdout)
    out, _, _ = ask_llm(workdir, model(reply("On the Team plan, events are kept for 14 days [{n}]."), typed))
    assert offline["verdict"]["status"] == out["verdict"]["status"] == "contradiction"
    assert [(a["value"], a["status"]) for a in out["answers"]] == OFFLINE_ANSWERS
    assert out["verdict"]["authoritative_answer"] == "14 days"
    assert [w["kind"] for w in out["warnings"] if w["kind"] == "claims_disagree"] == ["claims_disagree"]
