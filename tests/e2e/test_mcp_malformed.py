"""The MCP server over raw stdio lines (issue 25): every malformed message gets the JSON-RPC
error the spec names, in the order of the client's lines, and the server keeps serving;
notifications never get a reply. `python main.py mcp` as a subprocess, on the tiny fixture
corpus with the hashing embedder."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "fixtures" / "server" / "corpus.jsonl"
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}
SEARCH = {"jsonrpc": "2.0", "id": 10, "method": "tools/call",
          "params": {"name": "search", "arguments": {"query": "How long are events kept?", "k": 1}}}


class Raw:
    """The server as a subprocess, written to and read from one line at a time."""

    def __init__(self, workdir: Path) -> None:
        shutil.copy(CORPUS, workdir / "corpus.jsonl")
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "mcp", "--chunks", "corpus.jsonl", "--embed-model", "hashing:64"],
            cwd=workdir, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"})

    def send(self, line: str | dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((line if isinstance(line, str) else json.dumps(line)) + "\n")
        self.proc.stdin.flush()

    def read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line, f"the server closed stdout; stderr: {self.proc.stderr.read() if self.proc.stderr else ''}"
        return json.loads(line)

    def read_until(self, ident: int) -> list[dict[str, Any]]:
        out = [self.read()]
        while out[-1].get("id") != ident:
            out.append(self.read())
        return out

    def close(self) -> str:
        assert self.proc.stdin is not None and self.proc.stderr is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=60)
        return self.proc.stderr.read()


@pytest.fixture()
def server(tmp_path: Path) -> Any:
    raw = Raw(tmp_path)
    raw.send(INITIALIZE)
    assert raw.read()["result"]["serverInfo"]["name"] == "crosscheck"
    raw.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    yield raw
    if raw.proc.poll() is None:
        raw.proc.kill()


def error(ident: int | None, code: int, message: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": ident, "error": {"code": code, "message": message}}


@pytest.mark.timeout(180)
def test_each_malformed_line_gets_its_json_rpc_error_and_the_server_keeps_serving(server: Raw) -> None:
    for line in ["this is not JSON",
                 '{"jsonrpc": "2.0", "id": 3, "method": "tools/li',
                 "[1,2,3]",
                 '{"jsonrpc": "1.0", "id": 4, "method": "ping"}',
                 '{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": "oops"}',  # a notification
                 '{"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": "oops"}',
                 '{"jsonrpc": "2.0", "id": 7, "method": "ping"}']:
        server.send(line)
    replies = server.read_until(7)
    assert replies == [
        error(None, -32700, "Parse error: the line is not JSON (Expecting value: line 1 column 1 (char 0))"),
        error(None, -32700, "Parse error: the line is not JSON (Unterminated string starting at: line 1 column 39 "
                            "(char 38))"),
        error(None, -32600, "Invalid Request: a message is a JSON object, not an array (batches are not supported)"),
        error(4, -32600, 'Invalid Request: "jsonrpc" must be "2.0", not "1.0"'),
        error(6, -32602, 'Invalid params: "params" of tools/call must be an object, not "oops"'),
        {"jsonrpc": "2.0", "id": 7, "result": {}},
    ]
    server.send(SEARCH)
    [found] = server.read_until(10)
    assert json.loads(found["result"]["content"][0]["text"])["results"][0]["id"]
    stderr = server.close()
    assert "Traceback" not in stderr
    assert stderr.count("MCP: answered a malformed message") == 5
