"""The MCP server as an agent's client runs it: `python main.py mcp --data data` as a subprocess,
driven over stdio by the SDK's own client (``stdio_client`` and ``ClientSession``), with the real
packaged MiniLM over the sample corpus (ingested and indexed in a temporary working folder).

One session makes every call in order; the tests read its record."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
PLANTED = {item["id"]: item for item in map(json.loads, (ROOT / "eval" / "conflicts.jsonl").read_text().splitlines())}
SEARCH_Q = "What day and time does Hooklane do its scheduled weekly maintenance?"  # checked with `main.py fusion`
ASK_Q = "How long are events retained on the Team plan?"  # planted contradiction C02
BAD_K = {"query": SEARCH_Q, "k": 0}


def server_env() -> dict[str, str]:
    """The stdio client passes only a safe few variables on: the rest the server needs, explicitly."""
    keep = ("HF_HUB_OFFLINE", "TOKENIZERS_PARALLELISM", "HF_HOME", "TMPDIR")
    return {**{k: os.environ[k] for k in keep if k in os.environ}, "HF_HUB_OFFLINE": "1",
            "PYTHONPATH": str(ROOT)}


async def session(workdir: Path) -> dict[str, Any]:
    record: dict[str, Any] = {"stray": []}

    async def on_message(message: Any) -> None:
        if isinstance(message, Exception):  # a line on the server's stdout that is not JSON-RPC
            record["stray"].append(message)

    params = StdioServerParameters(command=sys.executable,
                                   args=[str(ROOT / "main.py"), "mcp", "--data", str(ROOT / "data")],
                                   cwd=workdir, env=server_env())
    with open(workdir / "mcp.log", "w", encoding="utf-8") as errlog, anyio.fail_after(240):
        async with stdio_client(params, errlog=errlog) as (read, write), \
                ClientSession(read, write, message_handler=on_message) as client:
            record["init"] = await client.initialize()
            record["tools"] = (await client.list_tools()).tools
            record["search"] = await client.call_tool("search", {"query": SEARCH_Q, "k": 5})
            record["search_forums"] = await client.call_tool("search", {"query": SEARCH_Q, "k": 2,
                                                                         "sources": ["forums"]})
            record["ask"] = await client.call_tool("ask", {"question": ASK_Q})
            record["conflicts"] = await client.call_tool("conflicts", {})
            record["bad_k"] = await client.call_tool("search", BAD_K)
            record["unknown_argument"] = await client.call_tool("ask", {"question": ASK_Q, "mode": "bogus"})
            record["after"] = await client.call_tool("search", {"query": SEARCH_Q, "k": 1})
    return record


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    workdir = tmp_path_factory.mktemp("mcp")
    out = anyio.run(session, workdir)
    out["log"] = (workdir / "mcp.log").read_text(encoding="utf-8")
    return out


@pytest.mark.timeout(300)
def test_lists_three_tools_each_with_an_input_schema(record: dict[str, Any]) -> None:
    assert record["init"].server_info.name == "crosscheck"
    tools = {t.name: t.input_schema for t in record["tools"]}
    assert list(tools) == ["search", "ask", "conflicts"]
    assert [s["type"] for s in tools.values()] == ["object"] * 3
    assert tools["search"]["required"] == ["query"] and tools["ask"]["required"] == ["question"]
    assert set(tools["conflicts"]["properties"]) == {"limit"}


@pytest.mark.timeout(300)
def test_search_ranks_the_answer_chunk_first(record: dict[str, Any]) -> None:
    res = record["search"]
    assert not res.is_error
    results = res.structured_content["results"]
    assert [r["rank"] for r in results] == [1, 2, 3, 4, 5]
    assert results[0]["id"] == "data/docs/maintenance.md#c0"
    forums = record["search_forums"].structured_content["results"]
    assert [r["source"] for r in forums] == ["forums", "forums"]
    assert forums[0]["id"] == "data/forums/t004#qa"


@pytest.mark.timeout(300)
def test_ask_gives_the_planted_contradiction_and_its_authoritative_value(record: dict[str, Any]) -> None:
    res = record["ask"]
    assert not res.is_error
    j = res.structured_content
    planted = PLANTED["C02"]
    assert j["verdict"]["status"] == "contradiction"
    by_status = {a["status"]: a["value"] for a in j["answers"]}
    assert by_status["authoritative"] == planted["authoritative"] == "14 days"
    assert by_status["contradicted"] == next(c["value"] for c in planted["claims"] if c["source"] == "forums")
    assert j["citations"][0]["id"] == "data/docs/retention.md#c0"


@pytest.mark.timeout(300)
def test_conflicts_lists_the_planted_keys(record: dict[str, Any]) -> None:
    j = record["conflicts"].structured_content
    keys = [k["key"] for k in j["keys"]]
    assert "events retained" in keys and "weekly maintenance window" in keys
    assert {k["status"] for k in j["keys"]} == {"contradiction"} and j["total"] == len(keys)


@pytest.mark.timeout(300)
def test_a_bad_argument_is_a_tool_error_and_the_server_keeps_serving(record: dict[str, Any]) -> None:
    bad = record["bad_k"]
    assert bad.is_error and bad.content[0].text == \
        "Error executing tool search: k: Input should be greater than or equal to 1"
    unknown = record["unknown_argument"]
    assert unknown.is_error and unknown.content[0].text == \
        "Error executing tool ask: unknown argument 'mode'; ask takes question, k"
    after = record["after"]
    assert not after.is_error and after.structured_content["results"][0]["id"] == "data/docs/maintenance.md#c0"
    assert "Traceback" not in record["log"]


@pytest.mark.timeout(300)
def test_stdout_carries_only_the_protocol_and_stderr_the_notices(record: dict[str, Any]) -> None:
    assert record["stray"] == []
    assert "Crosscheck MCP server: 89 chunks of artifacts/data-" in record["log"]


@pytest.mark.timeout(120)
def test_a_missing_corpus_exits_2_with_one_line(tmp_path: Path) -> None:
    res = subprocess.run([sys.executable, str(ROOT / "main.py"), "mcp", "--data", "nope"], cwd=tmp_path,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, timeout=100)
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr.strip() == "Error: data folder not found: nope (pass --data DIR with a corpus folder)"


def test_stdout_to_stderr_diverts_python_and_native_writes() -> None:
    code = ("import os\nfrom src.server.mcp_server import stdout_to_stderr\n"
            "with stdout_to_stderr():\n    print('python')\n    os.write(1, b'native\\n')\nprint('after')\n")
    # Buffered, as stdout is on a pipe: a print left in the buffer would reach the protocol after the block.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout == "after\n"
    assert sorted(res.stderr.splitlines()[-2:]) == ["native", "python"]
