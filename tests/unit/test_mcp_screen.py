"""``screen_line``: what the MCP server does with each line a client sends, before the SDK sees it
(issue 25): the JSON-RPC error the spec names, or the line passed on, or nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from src.server.mcp_server import screen_line


def reply(line: str) -> tuple[bool, dict[str, Any] | None]:
    passed, error = screen_line(line)
    return passed is not None, error.model_dump(exclude_none=True) if error is not None else None


def err(code: int, message: str, ident: int | str | None = None) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "error": {"code": code, "message": message}, **({"id": ident} if ident is not None else {})}


@pytest.mark.parametrize(("line", "expected"), [
    ("{oops", (False, err(-32700, "Parse error: the line is not JSON (Expecting property name enclosed in double "
                                  "quotes: line 1 column 2 (char 1))"))),
    ("[" * 100_000, (False, err(-32700, "Parse error: the line is not JSON (maximum recursion depth exceeded while "
                                       "decoding a JSON array from a unicode string)"))),
    ('"hello"', (False, err(-32600, "Invalid Request: a message is a JSON object, not a JSON str"))),
    ('{"jsonrpc": "2.0", "id": true, "method": "ping"}',
     (False, err(-32600, 'Invalid Request: "id" must be a string or an integer, not true'))),
    ('{"jsonrpc": "2.0", "id": "a", "method": 5}', (False, err(-32600, 'Invalid Request: "method" must be a string', "a"))),
    ('{"id": 3, "method": "ping"}', (False, err(-32600, 'Invalid Request: "jsonrpc" must be "2.0", not null', 3))),
    ('{"jsonrpc": "2.0", "id": 5, "method": "tools/list", "params": [1]}',
     (False, err(-32602, 'Invalid params: "params" of tools/list must be an object, not [1]', 5))),
])
def test_malformed_lines_get_the_error_the_spec_names(line: str, expected: tuple[bool, Any]) -> None:
    assert reply(line) == expected


@pytest.mark.parametrize("line", [
    '{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": "oops"}',  # a notification: never answered
    "   \n",
])
def test_notifications_and_blank_lines_get_no_reply(line: str) -> None:
    assert reply(line) == (False, None)


@pytest.mark.parametrize("message", [
    {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "search", "arguments": {"query": "q"}}},
    {"jsonrpc": "2.0", "id": "x", "method": "ping"},
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 9, "result": {}},  # a client's answer to a request of the server
])
def test_well_formed_messages_pass_to_the_sdk_unchanged(message: dict[str, Any]) -> None:
    line = json.dumps(message) + "\n"
    assert screen_line(line) == (line, None)
