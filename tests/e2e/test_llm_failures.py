"""Every way an OpenAI-compatible LLM can fail, as users meet it: `ask` as a subprocess and
`serve` over real HTTP. The offline path answers, stderr has one warning naming the server, the
JSON says why, and a hanging LLM neither outlives the deadline nor holds up other requests."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

from main import cli
from tests.e2e.serving import start_server, stop
from tests.e2e.test_cli import write_corpus
from tests.fake_llm import FakeLLMServer, by_prompt, refused_url

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
QUESTION = "How long does the Team plan keep event history?"
NOT_THE_SCHEMA = json.dumps({"answer": 42, "claims": "none"})
FIXTURE_CORPUS = ROOT / "tests" / "fixtures" / "server" / "corpus.jsonl"


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A corpus, ingested and indexed once, so the runs below print nothing else on stderr."""
    root = tmp_path_factory.mktemp("llm-failures")
    data = write_corpus(root)
    res = _ask(root, data, [])
    assert res.returncode == 0, res.stderr
    return root


def _ask(cwd: Path, data: Path, extra: list[str], deadline: str = "2") -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CROSSCHECK_LLM_DEADLINE_S": deadline}
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "ask", "--data", str(data), "--q", QUESTION,
                           "--json", "--embed-model", "hashing:256", *extra],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("step, reason", [
    (("hang",), r"timed out after [\d.]+ s \(the request's 2 s LLM deadline passed\)"),
    (("raw", b"<html>overloaded</html>", "application/json"),
     r"sent a body that is not a chat completion \(JSONDecodeError: Expecting value: line 1 column 1 \(char 0\)\); "
     r"2 failures in a row"),
    (("status", 500, {"error": "boom"}), r"answered HTTP 500 \(Error code: 500 - \{'error': 'boom'\}\); "
                                         r"2 failures in a row"),
    (NOT_THE_SCHEMA, r"sent an unusable reply \(reply has no 'claims' list\); 2 failures in a row"),
    ("refused", r"unreachable \(\[Errno 111\] Connection refused\); 2 failures in a row"),
], ids=["hangs", "200-not-json", "http-500", "not-the-schema", "refused"])
@pytest.mark.timeout(60)  # a hang guard (the deadline is 2 s), not a speed test
def test_ask_answers_offline_with_one_warning_naming_the_server(workdir: Path, step: object, reason: str) -> None:
    with FakeLLMServer([], default=step) as srv:
        url = refused_url() if step == "refused" else srv.url
        res = _ask(workdir, workdir / "kb", ["--llm-base-url", url, "--llm-model", "fake-model"])
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert out["verdict"]["status"] == "contradiction" and out["method"] == "extractive"
    assert [(a["value"], a["status"]) for a in out["answers"]] == [("14 days", "authoritative"),
                                                                   ("7 days", "contradicted")]
    warnings = [line for line in res.stderr.splitlines() if "warning" in line.lower()]
    assert len(warnings) == 1, res.stderr
    assert re.fullmatch(rf"WARNING src\.llm: LLM fake-model@{re.escape(url)} {reason}; using the offline claim extractor",
                        warnings[0]), warnings[0]
    status = out["llm_status"]
    assert status["used"] is False and status["name"] == f"fake-model@{url}" and re.fullmatch(
        rf"LLM fake-model@{re.escape(url)} {reason}", status["reason"])
    assert [w["message"] for w in out["warnings"] if w["kind"] == "llm_fallback"] == [
        status["reason"] + "; this answer is extractive."]
    assert "Traceback" not in res.stderr and "Usage:" not in res.stderr


def test_an_llm_giving_empty_claims_is_flagged(tmp_path: Path) -> None:
    (tmp_path / "chunks.jsonl").write_bytes(FIXTURE_CORPUS.read_bytes())
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with FakeLLMServer([], default=by_prompt('{"claims": []}', NOT_THE_SCHEMA)) as srv:
        res = subprocess.run([sys.executable, str(ROOT / "main.py"), "ask", "--chunks", str(tmp_path / "chunks.jsonl"),
                              "--q", "How long does the Team plan keep events?", "--json", "--embed-model",
                              "hashing:256", "--llm-base-url", srv.url, "--llm-model", "fake-model"],
                             cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert out["verdict"]["status"] == "contradiction"
    assert [w["message"] for w in out["warnings"] if w["kind"] == "claims_disagree"] == [
        "The LLM's claims show no contradiction, but the offline rules find one on 'events retained'."]
    assert out["llm_status"]["used"] is True  # the (empty) claims were used; the answer fell back
    assert len([line for line in res.stderr.splitlines() if "warning" in line.lower()]) == 1, res.stderr


def test_serve_answers_queries_while_an_ask_waits_on_a_hanging_llm(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "chunks.jsonl").write_bytes(FIXTURE_CORPUS.read_bytes())
    # the test, not a timeout, ends the hang: the query must answer while the ask's LLM call is in flight
    monkeypatch.setenv("CROSSCHECK_LLM_DEADLINE_S", "600")
    monkeypatch.setenv("CROSSCHECK_LLM_TIMEOUT_S", "600")
    with FakeLLMServer([("hang",)], default=("raw", b"not json", "application/json")) as llm:
        proc, base = start_server(tmp_path / "chunks.jsonl", tmp_path, "--embed-model", "hashing:256",
                                  "--llm-base-url", llm.url, "--llm-model", "fake-model")
        try:
            with ThreadPoolExecutor(max_workers=1) as pool:
                asking = pool.submit(httpx.post, base + "/api/ask", json={"q": "How long does the Team plan keep "
                                                                               "events?"}, timeout=300)
                assert llm.received.wait(60), "the ask never reached the LLM"
                query = httpx.post(base + "/api/query", json={"q": "What is the maximum webhook payload size?",
                                                              "graph": False}, timeout=60)
                assert query.status_code == 200
                assert "kb/docs/limits.md#c0" in [r["id"] for r in query.json()["results"][:3]]
                assert not asking.done(), "the query waited for the ask: the engine lock was held across the LLM call"
                llm.release()
                answered = asking.result(timeout=300)
            assert answered.status_code == 200 and answered.json()["verdict"]["status"] == "contradiction"
            assert answered.json()["llm_status"]["used"] is False
            # two failures in a row: the server backs off; the next ask does not call the LLM at all
            calls = len(llm.requests)
            again = httpx.post(base + "/api/ask", json={"q": "How long does the Team plan keep events?"}, timeout=120)
            assert again.json()["llm_status"]["calls"] == 0 and len(llm.requests) == calls == 2
            assert "skipped for" in again.json()["llm_status"]["reason"]
        finally:
            stop(proc)
    log = (tmp_path / "serve.log").read_text()
    assert len([line for line in log.splitlines() if line.startswith("WARNING")]) == 1, log


def test_serve_refuses_a_network_address_without_a_token(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CROSSCHECK_TOKEN", raising=False)
    res = CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0", "--chunks", "missing.jsonl"])
    assert res.exit_code == 2
    assert res.output.strip().splitlines()[-1] == (
        "Error: refusing to serve 0.0.0.0 without a token: anyone who can reach it could query this corpus; "
        "set --token (or CROSSCHECK_TOKEN), or pass --insecure")
    res = CliRunner().invoke(cli, ["serve", "--token", " ", "--chunks", "missing.jsonl"])
    assert res.exit_code == 2 and "--token (or CROSSCHECK_TOKEN) is empty" in res.output


def test_serve_with_a_token_over_http(tmp_path: Path) -> None:
    (tmp_path / "chunks.jsonl").write_bytes(FIXTURE_CORPUS.read_bytes())
    auth = {"Authorization": "Bearer e2e-token"}
    proc, base = start_server(tmp_path / "chunks.jsonl", tmp_path, "--embed-model", "hashing:256",
                              "--token", "e2e-token", headers=auth)
    try:
        assert httpx.post(base + "/api/ask", json={"q": QUESTION}, timeout=60).status_code == 401
        ok = httpx.post(base + "/api/ask", json={"q": QUESTION}, headers=auth, timeout=120)
        assert ok.status_code == 200 and httpx.get(base + "/").status_code == 200
    finally:
        stop(proc)
    assert "#token=<token>" in (tmp_path / "serve.log").read_text()
