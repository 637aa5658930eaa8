"""The MCP tools in-process (the SDK's own ``Client`` on the server object): schemas, shapes,
validation worded as the HTTP API words it, domain errors and crashes as tool errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.types import CallToolResult

from src.answer import AnswerService
from src.config import Settings
from src.errors import ModelUnavailable
from src.fusion.engine import SearchEngine
from src.fusion.options import FusionConfig
from src.server.mcp_server import build_server

ROOT = Path(__file__).parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "server"
Q = "How long does the Team plan keep events?"


@pytest.fixture(scope="module")
def service(tiny_engine: SearchEngine) -> AnswerService:
    return AnswerService(tiny_engine, Settings())


def call(service: AnswerService, name: str, args: dict[str, Any], log_dir: Path | None = None) -> CallToolResult:
    async def run() -> CallToolResult:
        async with Client(build_server(service, log_dir=log_dir)) as client:
            return await client.call_tool(name, args)

    return anyio.run(run)


def test_three_tools_with_schemas_from_the_http_request_models(service: AnswerService) -> None:
    async def run() -> Any:
        async with Client(build_server(service, log_dir=None)) as client:
            return (await client.list_tools()).tools

    tools = {t.name: t for t in anyio.run(run)}
    assert list(tools) == ["search", "ask", "conflicts"]
    search = tools["search"].input_schema
    assert search["required"] == ["query"]
    assert list(search["properties"]) == ["query", "k", "sources", "mode"]
    assert {k: search["properties"]["query"][k] for k in ("type", "minLength", "maxLength")} == \
        {"type": "string", "minLength": 1, "maxLength": 1000}
    assert {k: search["properties"]["k"][k] for k in ("default", "minimum", "maximum")} == \
        {"default": 10, "minimum": 1, "maximum": 50}
    assert search["properties"]["mode"]["enum"] == ["rrf", "relative", "dist"]
    ask = tools["ask"].input_schema
    assert ask["required"] == ["question"] and ask["properties"]["k"]["default"] == 8
    assert tools["conflicts"].input_schema["properties"]["limit"]["maximum"] == 500
    assert all(t.annotations.read_only_hint for t in tools.values())


def test_search_is_the_fusion_object_without_a_graph(service: AnswerService, tmp_path: Path) -> None:
    res = call(service, "search", {"query": Q, "k": 3, "mode": "relative"}, log_dir=tmp_path)
    assert not res.is_error
    j = res.structured_content
    assert set(j) == {"query", "config", "variants", "results", "graph", "timings_ms"}
    assert j["graph"] is None and j["config"]["mode"] == "relative" and j["config"]["k"] == 3
    assert j["config"]["sources"] is None
    assert [r["rank"] for r in j["results"]] == [1, 2, 3]
    assert json.loads(res.content[0].text) == j  # the same object as text, for clients without structured content
    logged = [json.loads(line) for line in (tmp_path / "responses.jsonl").read_text().splitlines()]
    assert [(x["query"], [r["id"] for r in x["results"]]) for x in logged] == [(Q, [r["id"] for r in j["results"]])]


def test_search_in_some_sources_keeps_their_order_and_scores(service: AnswerService) -> None:
    every = service.retrieve(Q, FusionConfig(k=50), with_graph=False).result.results
    expected = [(s.id, round(s.score, 6)) for s in every if s.source in ("forums", "tickets")][:2]
    j = call(service, "search", {"query": Q, "k": 2, "sources": ["tickets", "forums"]}).structured_content
    assert [(r["id"], r["score"]) for r in j["results"]] == expected
    assert j["config"]["sources"] == ["forums", "tickets"] and j["config"]["k"] == 2


def test_ask_is_the_ask_json_object(service: AnswerService) -> None:
    j = call(service, "ask", {"question": Q}).structured_content
    assert j["verdict"]["status"] == "contradiction"
    assert [c["id"] for c in j["citations"]] == ["kb/docs/retention.md#c0", "kb/forums/t001#qa"]
    assert {"query", "answer", "answers", "warnings", "timings_ms"} <= set(j)
    off = call(service, "ask", {"question": "What is the capital of France?"}).structured_content
    assert off["verdict"]["status"] == "insufficient_data" and off["citations"] == []


def test_conflicts_is_the_audit_cut_to_limit(service: AnswerService) -> None:
    full = service.audit().to_json()
    j = call(service, "conflicts", {"limit": 1}).structured_content
    assert j["total"] == len(full["keys"]) >= 1
    assert j["keys"] == full["keys"][:1] and j["keys"][0]["status"] == "contradiction"


@pytest.mark.parametrize(("name", "args", "message"), [
    ("search", {"query": ""}, "query: String should have at least 1 character"),
    ("search", {"query": "   "}, "query: Value error, the question is empty"),
    ("search", {"query": "x", "k": 0}, "k: Input should be greater than or equal to 1"),
    ("search", {"query": "x", "mode": "bogus"}, "mode: Input should be 'rrf', 'relative' or 'dist'"),
    ("search", {"query": "x", "sources": ["wiki"]},
     "sources: unknown source 'wiki'; this corpus has blogs, docs, forums, tickets"),
    ("search", {"query": "x", "sources": []}, "sources: List should have at least 1 item after validation, not 0"),
    ("search", {"query": "x", "rerank": True}, "unknown argument 'rerank'; search takes query, k, sources, mode"),
    ("search", {"k": 3}, "query: Field required"),
    ("ask", {"question": "x", "k": 51}, "k: Input should be less than or equal to 50"),
    ("ask", {"question": "x" * 1001}, "question: String should have at most 1000 characters"),
    ("conflicts", {"limit": 0}, "limit: Input should be greater than or equal to 1"),
])
def test_bad_arguments_are_tool_errors_worded_like_the_http_api(service: AnswerService, name: str,
                                                                args: dict[str, Any], message: str) -> None:
    res = call(service, name, args)
    assert res.is_error
    assert [c.text for c in res.content] == [f"Error executing tool {name}: {message}"]


def test_domain_errors_say_why_and_crashes_say_nothing(service: AnswerService, monkeypatch: pytest.MonkeyPatch) -> None:
    def unavailable(*_: Any, **__: Any) -> None:
        raise ModelUnavailable("reranker 'x' not found: pass --reranker offline")

    monkeypatch.setattr(service, "retrieve", unavailable)
    res = call(service, "search", {"query": "x"})
    assert res.is_error and res.content[0].text == \
        "Error executing tool search: reranker 'x' not found: pass --reranker offline"

    def crash(*_: Any, **__: Any) -> None:
        raise RuntimeError("internal detail")

    monkeypatch.setattr(service, "retrieve", crash)
    res = call(service, "search", {"query": "x"})
    assert res.is_error and res.content[0].text == "Error executing tool search"


def test_an_unwritable_query_log_does_not_fail_the_search(service: AnswerService, tmp_path: Path) -> None:
    blocker = tmp_path / "logs"
    blocker.write_text("a file where the log folder should be", encoding="utf-8")
    res = call(service, "search", {"query": Q, "k": 1}, log_dir=blocker)
    assert not res.is_error and res.structured_content["results"][0]["rank"] == 1
