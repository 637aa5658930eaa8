"""The server as a user runs it: `python main.py serve` in a subprocess, over real HTTP."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from tests.e2e.serving import start_server, stop

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "server"
QUESTIONS = {  # question -> the chunk that must be cited first
    "How long does the Team plan keep events?": "kb/docs/retention.md#c0",
    "What is the agent forward timeout?": "kb/docs/agent.md#c0",
    "How do I run the tunnel behind a corporate proxy?": "kb/forums/t002#qa",
    "What is the maximum webhook payload size?": "kb/docs/limits.md#c0",
    "How many requests per second can an endpoint accept?": "kb/blogs/limits.md#c0",
}








@pytest.fixture(scope="module")
def server_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("serve")


@pytest.fixture(scope="module")
def server(server_dir: Path) -> Iterator[str]:
    shutil.copy(FIXTURES / "corpus.jsonl", server_dir / "chunks.jsonl")
    proc, base = start_server(server_dir / "chunks.jsonl", server_dir, "--embed-model", "hashing:256")
    yield base
    stop(proc)


def test_binds_loopback_and_serves_the_page(server: str) -> None:
    assert server.startswith("http://127.0.0.1:")
    page = httpx.get(server + "/")
    assert page.status_code == 200 and "<title>Crosscheck</title>" in page.text
    assert httpx.get(server + "/docs").status_code == 200
    assert httpx.post(server + "/api/ask", json={"q": ""}).status_code == 422


def test_favicon_is_served(server: str) -> None:
    icon = httpx.get(server + "/favicon.ico")
    assert icon.status_code == 200, icon.text
    assert icon.headers["content-type"].startswith("image/svg+xml") and icon.text.startswith("<svg")
    assert '<link rel="icon" href="/favicon.ico"' in httpx.get(server + "/").text


def test_ask_adds_plain_words_beside_the_spec_fields(server: str) -> None:
    q = "How long does the Team plan keep events?"
    j = httpx.post(server + "/api/ask", json={"q": q}, timeout=120).json()
    assert j["display"] == {
        "explanation": "Docs say 14 days for the Team plan. Forums say 7 days for the Team plan instead.",
        "authoritative": "14 days for the Team plan",
        "warnings": ["Sources disagree on the fact asked; see who says what above."],
        "citations": [{"n": c["n"], "label": c["id"], "page": None} for c in j["citations"]]}
    # the SPEC fields keep their machine form for scripts
    assert j["verdict"]["explanation"].startswith("docs (authority 1.2, 1 chunk) says 14 days for plan=team;")
    assert j["verdict"]["authoritative_answer"].endswith("14 days (plan=team) per docs")
    assert j["warnings"][0]["message"].endswith(j["verdict"]["explanation"])
    graph = httpx.get(server + f"/api/graph/{j['query_id']}")
    assert graph.status_code == 200
    assert f"<title>Claim graph: {q}</title>" in graph.text
    assert f'<h1 id="question"><span class="label">Question:</span> {q}</h1>' in graph.text


def test_conflicts_group_each_fact_with_scoped_values_apart(server: str) -> None:
    keys = httpx.get(server + "/api/conflicts", timeout=120).json()["keys"]
    fact = next(k for k in keys if {"14 days", "7 days"} <= {c["value"] for c in k["claims"]})
    assert fact["display"]["conflict"] == ("14 days for the Team plan (authoritative; docs) "
                                           "vs 7 days for the Team plan (forums)")
    assert fact["display"]["scoped_text"] == "90 days for the Business plan (docs)"
    assert [s["value"] for s in fact["display"]["scoped"]] == ["90 days"]


def test_fifty_parallel_requests_each_get_their_own_answer(server: str, server_dir: Path) -> None:
    log = server_dir / "logs" / "responses.jsonl"
    logged_before = len(log.read_text().splitlines()) if log.exists() else 0
    jobs = [(q, route) for i, q in enumerate(list(QUESTIONS) * 10) for route in [("/api/ask", "/api/query")[i % 2]]]
    assert len(jobs) == 50

    def call(job: tuple[str, str]) -> tuple[str, str, dict]:
        q, route = job
        r = httpx.post(server + route, json={"q": q, "k": 5}, timeout=120)
        assert r.status_code == 200, r.text
        return q, route, r.json()

    with ThreadPoolExecutor(max_workers=50) as pool:
        answers = list(pool.map(call, jobs))
    ids = set()
    for q, route, j in answers:
        assert j["query"] == q
        ids.add(j["query_id"])
        if route == "/api/ask":
            assert j["citations"][0]["id"] == QUESTIONS[q], (q, j["citations"])
        else:
            assert QUESTIONS[q] in [r["id"] for r in j["results"][:3]], (q, [r["id"] for r in j["results"]])
    assert len(ids) == 50
    # every request left one whole JSON line in the query log, none interleaved
    lines = log.read_text().splitlines()[logged_before:]
    assert len(lines) == 50
    assert sorted(json.loads(line)["query"] for line in lines) == sorted(q for q, _ in jobs)


def test_ask_cli_as_a_subprocess(tmp_path: Path) -> None:
    shutil.copy(FIXTURES / "corpus.jsonl", tmp_path / "chunks.jsonl")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = lambda *a: subprocess.run([sys.executable, str(ROOT / "main.py"), "ask", "--chunks",  # noqa: E731
                                     str(tmp_path / "chunks.jsonl"), "--embed-model", "hashing:256", *a],
                                    cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    res = run("--q", "How long does the Team plan keep events?", "--json")
    assert res.returncode == 0, res.stderr
    j = json.loads(res.stdout)
    assert j["verdict"]["status"] == "contradiction" and j["citations"][0]["id"] == "kb/docs/retention.md#c0"
    team = run("--q", "How long does the Team plan keep events?")
    assert "\nauthoritative: 14 days for the Team plan\n" in team.stdout
    assert "\nwhy: Docs say 14 days for the Team plan. Forums say 7 days for the Team plan instead.\n" in team.stdout
    assert "plan=team" not in team.stdout
    text = run("--q", "What is the capital of France?")
    assert text.returncode == 0 and "verdict: insufficient_data" in text.stdout
    bad = run("--q", "  ")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
    assert run("--help").returncode == 0


@pytest.mark.slow
def test_default_embedder_server_answers(tmp_path: Path) -> None:
    shutil.copy(FIXTURES / "corpus.jsonl", tmp_path / "chunks.jsonl")
    proc, base = start_server(tmp_path / "chunks.jsonl", tmp_path, timeout=300)
    try:
        j = httpx.post(base + "/api/ask", json={"q": "How long does the Team plan keep events?"}, timeout=120).json()
        assert j["verdict"]["status"] == "contradiction"
        assert j["citations"][0]["id"] == "kb/docs/retention.md#c0"
    finally:
        stop(proc)


@pytest.mark.parametrize("route", ["/api/ask", "/api/query"])
def test_an_oversize_chunked_body_is_413(server: str, route: str) -> None:
    # No Content-Length: httpx streams a generator with Transfer-Encoding: chunked, so only the
    # bytes received can tell the body is too large (it used to be a 400 "error parsing the body").
    def body() -> Iterator[bytes]:
        yield b'{"q": "'
        for _ in range(40):
            yield b"a" * 1024
        yield b'"}'

    r = httpx.post(server + route, content=body(), headers={"content-type": "application/json"}, timeout=30)
    assert r.request.headers.get("transfer-encoding") == "chunked" and "content-length" not in r.request.headers
    assert (r.status_code, r.json()) == (413, {"error": "request body over 16384 bytes"})
    # A chunked body under the limit is read as usual.
    ok = httpx.post(server + route, content=iter([b'{"q": "How long does the Team plan ', b'keep events?"}']),
                    headers={"content-type": "application/json"}, timeout=60)
    assert ok.status_code == 200, ok.text
