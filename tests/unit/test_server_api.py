"""The HTTP API in-process (FastAPI TestClient): shapes, validation, limits, ids."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from src.answer import AnswerService
from src.config import Settings
from src.fusion.engine import SearchEngine
from src.server.app import create_app

FIXTURES = Path(__file__).parents[1] / "fixtures" / "server"
Q = "How long does the Team plan keep events?"


@pytest.fixture(scope="module")
def client(tiny_engine: SearchEngine) -> TestClient:
    return TestClient(create_app(AnswerService(tiny_engine, Settings()), max_stored_queries=3))


def test_health(client: TestClient) -> None:
    j = client.get("/api/health").json()
    assert j["status"] == "ok" and j["chunks"] == 9 and j["embed_model"] == "hashing:256" and j["llm"] is None
    assert j["sources"] == {"blogs": 1, "docs": 5, "forums": 2, "tickets": 1}


def test_query_is_the_fusion_object_plus_query_id(client: TestClient) -> None:
    r = client.post("/api/query", json={"q": Q, "k": 3, "mode": "relative"})
    assert r.status_code == 200
    j = r.json()
    assert set(j) == {"query", "config", "variants", "results", "graph", "timings_ms", "query_id"}
    assert j["config"]["mode"] == "relative" and j["config"]["k"] == 3 and len(j["results"]) == 3
    assert [r["rank"] for r in j["results"]] == [1, 2, 3] and {"fusion", "prior"} <= set(j["results"][0]["scores"])
    assert j["graph"]["html"] == f"/api/graph/{j['query_id']}"
    assert any(k["status"] == "contradiction" for k in j["graph"]["keys"])
    page = client.get(j["graph"]["html"])
    assert page.status_code == 200 and "vis.Network" in page.text
    assert "script-src 'unsafe-inline'" in page.headers["content-security-policy"]
    no_graph = client.post("/api/query", json={"q": Q, "graph": False}).json()
    assert no_graph["graph"] is None and client.get(f"/api/graph/{no_graph['query_id']}").status_code == 404


def test_ask(client: TestClient) -> None:
    j = client.post("/api/ask", json={"q": Q}).json()
    assert j["verdict"]["status"] == "contradiction"
    assert [c["id"] for c in j["citations"]] == ["kb/docs/retention.md#c0", "kb/forums/t001#qa"]
    assert j["results"][0]["rank"] == 1 and j["graph"]["keys"] and j["query_id"]
    off = client.post("/api/ask", json={"q": "What is the capital of France?"}).json()
    assert off["verdict"]["status"] == "insufficient_data" and off["citations"] == []


@pytest.mark.parametrize("body, message", [
    ({"q": ""}, "q:"),
    ({"q": "   "}, "the question is empty"),
    ({"q": "x" * 1001}, "at most 1000 characters"),
    ({"q": Q, "mode": "fancy"}, "mode:"),
    ({"q": Q, "k": 0}, "k:"),
    ({"q": Q, "k": 10_000}, "k:"),
    ({"q": Q, "counter_evidence": -1}, "counter_evidence:"),
    ({"q": Q, "oops": 1}, "oops: Extra inputs are not permitted"),
    ({}, "q: Field required"),
    ([Q], "body"),
])
def test_bad_queries_are_422_with_a_message(client: TestClient, body: object, message: str) -> None:
    for route in ("/api/query", "/api/ask"):
        r = client.post(route, json=body)
        assert r.status_code == 422, r.text
        assert message in r.json()["error"]


def test_malformed_json_is_422(client: TestClient) -> None:
    r = client.post("/api/ask", content=b'{"q": ', headers={"content-type": "application/json"})
    assert r.status_code == 422 and "error" in r.json()


def test_body_over_the_limit_is_413(client: TestClient) -> None:
    r = client.post("/api/query", content=b'{"q": "' + b"a" * 20_000 + b'"}', headers={"content-type": "application/json"})
    assert (r.status_code, r.json()) == (413, {"error": "request body over 16384 bytes"})


def test_routing_errors_have_the_api_error_shape(client: TestClient) -> None:
    # Starlette's own 404 and 405 go through the same handler as the API's errors.
    assert (client.get("/api/nothing").status_code, client.get("/api/nothing").json()) == (404, {"error": "Not Found"})
    assert client.get("/api/ask").json() == {"error": "Method Not Allowed"}


def test_graph_ids_are_tokens_not_paths_and_the_map_is_bounded(client: TestClient) -> None:
    for bad in ("..%2F..%2Fetc%2Fpasswd", "graph.html", "a" * 200, "x"):
        assert client.get(f"/api/graph/{bad}").status_code == 404
    ids = [client.post("/api/query", json={"q": Q}).json()["query_id"] for _ in range(4)]
    assert client.get(f"/api/graph/{ids[0]}").status_code == 404  # evicted: the map holds 3
    assert client.get(f"/api/graph/{ids[-1]}").status_code == 200


def test_conflicts_is_the_corpus_audit(client: TestClient) -> None:
    j = client.get("/api/conflicts").json()
    assert [k["status"] for k in j["keys"]] == ["contradiction"] * len(j["keys"]) and j["keys"]
    assert any({c["value"] for c in k["claims"]} == {"14 days", "7 days", "90 days"} or
               {"14 days", "7 days"} <= {c["value"] for c in k["claims"]} for k in j["keys"])


def test_page_docs_and_openapi_are_served_without_external_urls(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and 'id="q"' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for path in ("/static/app.js", "/static/style.css", "/docs", "/static/docs.js"):
        body = client.get(path)
        assert body.status_code == 200, path
        assert "http://" not in body.text and "https://" not in body.text, path
    assert "innerHTML" not in client.get("/static/app.js").text
    spec = client.get("/openapi.json").json()
    assert {"/api/health", "/api/query", "/api/ask", "/api/graph/{query_id}", "/api/conflicts"} <= set(spec["paths"])
    assert client.get("/static/../app.py").status_code == 404


TOKEN = "s3cret-token-for-tests"


@pytest.fixture(scope="module")
def locked(tiny_engine: SearchEngine) -> TestClient:
    return TestClient(create_app(AnswerService(tiny_engine, Settings()), token=TOKEN))


@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer wrong"}, {"Authorization": TOKEN},
                                     {"Authorization": f"Basic {TOKEN}"}])
def test_with_a_token_the_api_refuses_requests_without_it(locked: TestClient, headers: dict) -> None:
    assert locked.get("/api/health", headers=headers).json() == {"status": "ok"}  # liveness, nothing more
    for method, path in (("get", "/api/conflicts"), ("post", "/api/query"), ("post", "/api/ask")):
        r = getattr(locked, method)(path, headers=headers, **({"json": {"q": Q}} if method == "post" else {}))
        assert r.status_code == 401, path
        assert r.json() == {"error": "this server needs its access token: send the header "
                                     "'Authorization: Bearer <token>'"}
        assert r.headers["www-authenticate"] == 'Bearer realm="crosscheck"'
    assert locked.post("/api/ask", content=b"{not json", headers=headers).status_code == 401  # before parsing
    oversize = b'{"q": "' + b"a" * 20_000 + b'"}'
    assert locked.post("/api/ask", content=oversize, headers=headers).status_code == 401  # before the size limit


def test_with_the_token_the_api_answers_and_graph_pages_need_only_their_id(locked: TestClient) -> None:
    auth = {"Authorization": f"Bearer {TOKEN}"}
    j = locked.post("/api/ask", json={"q": Q}, headers=auth).json()
    assert j["verdict"]["status"] == "contradiction" and locked.get("/api/health", headers=auth).json()["chunks"] > 0
    assert locked.get(f"/api/graph/{j['query_id']}").status_code == 200  # the page's iframe sends no header
    for path in ("/", "/static/app.js", "/docs", "/openapi.json"):
        assert locked.get(path).status_code == 200, path


def test_an_llm_body_that_is_not_json_is_no_client_error(tiny_service, fake_llm_server) -> None:
    from src.llm import OpenAICompatibleLLM

    with fake_llm_server([], default=("raw", b"<html>busy</html>", "application/json")) as srv:
        service = tiny_service(llm=OpenAICompatibleLLM(srv.url, "fake-model"))
        client = TestClient(create_app(service))
        first = client.post("/api/ask", json={"q": Q})
        second = client.post("/api/ask", json={"q": Q})
        health = client.get("/api/health").json()
    assert first.status_code == 200 and first.json()["verdict"]["status"] == "contradiction"
    reason = (f"LLM fake-model@{srv.url} sent a body that is not a chat completion (JSONDecodeError: Expecting "
              "value: line 1 column 1 (char 0)); 2 failures in a row")
    assert first.json()["llm_status"] == {"name": f"fake-model@{srv.url}", "used": False, "calls": 2,
                                          "reason": reason, "deadline_s": 20.0}
    # the breaker backs off: the next request does not call the server, and says why
    assert len(srv.requests) == 2 and second.json()["llm_status"]["calls"] == 0
    assert second.json()["llm_status"]["reason"].startswith(f"LLM fake-model@{srv.url} sent a body that is not a "
                                                            "chat completion")
    assert re.search(r"\(after 2 failures in a row; skipped for \d+ s more\)$", second.json()["llm_status"]["reason"])
    assert health["llm_backoff"].startswith(reason.removesuffix("; 2 failures in a row") + " (after 2 failures")


def test_a_boolean_or_a_string_is_not_a_count(client: TestClient) -> None:
    # issue #12: `"k": true` used to be accepted as 1
    for bad in (True, "5", 2.5):
        r = client.post("/api/query", json={"q": Q, "k": bad})
        assert r.status_code == 422, bad
        assert "k: Input should be a valid integer" in r.json()["error"]


class _Untouchable:
    """A service whose every use fails: requests that reach it are not 422s."""

    def __getattr__(self, name: str) -> object:
        raise AssertionError(f"the service was used: {name}")


@pytest.mark.parametrize("q", ["", "   ", "\t\n"])
def test_an_empty_question_is_422_before_the_service_is_used(q: str) -> None:
    client = TestClient(create_app(_Untouchable()), raise_server_exceptions=False)  # type: ignore[arg-type]
    for route in ("/api/query", "/api/ask"):
        r = client.post(route, json={"q": q})
        assert r.status_code == 422, r.text
        assert r.json()["error"] == ("q: String should have at least 1 character" if not q
                                     else "q: Value error, the question is empty")
    assert client.post("/api/ask", json={"q": Q}).status_code == 500  # the stub does fail when it is reached


def test_a_query_log_that_cannot_be_written_does_not_fail_the_request(client: TestClient, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "logs").write_text("not a folder")  # the API appends to logs/responses.jsonl
    for route in ("/api/query", "/api/ask"):
        r = client.post(route, json={"q": Q})
        assert r.status_code == 200, r.text
