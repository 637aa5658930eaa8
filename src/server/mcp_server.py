"""Crosscheck for agents: an MCP server (the official ``mcp`` SDK's ``MCPServer``) on stdio.

Tools, each with a JSON schema whose types, bounds and descriptions come from the HTTP API's
request models (``src.server.schemas``), which also validate every call:

- ``search(query, k=10, sources=None, mode="dist")``: the fused, weighted results, the
  ``fusion --json`` object (no claim graph), optionally only from some sources;
- ``ask(question, k=8)``: the ``ask --json`` object: answer set, verdict, citations, warnings;
- ``conflicts(limit=20)``: the corpus audit, the ``graph --json`` object, most severe first.

A bad argument or a domain error is a tool error (``isError``) with a one-line message, as the
HTTP API answers 422: the server keeps serving. The ``AnswerService`` (indexes and models) is
built once, before serving. stdout is the protocol channel: ``stdout_to_stderr`` keeps it clean
while models load, and the SDK's stdio transport points descriptor 1 at stderr while it serves.

A line that is not a JSON-RPC 2.0 message gets the error reply the JSON-RPC spec names
(``screen_line``; the SDK alone would drop it, and a client would wait for ever): -32700 for a
line that is not JSON (id null), -32600 for JSON that is not a request (the request's id when it
has a usable one, else null), -32602 for a request whose ``params`` is not an object. A
notification (no id) never gets a reply; the server keeps serving.
"""

from __future__ import annotations

import inspect
import io
import json
import logging
import os
import sys
from collections.abc import AsyncIterator, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any, TypeVar

import anyio
import mcp_types
from anyio.streams.memory import MemoryObjectSendStream
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from mcp.types import CallToolResult, InputRequiredResult, ToolAnnotations
from pydantic import BaseModel, Field, ValidationError

from ..answer.service import AnswerService, AskOptions
from ..errors import CrosscheckError
from ..fusion.output import log_query
from .app import fusion_config
from .schemas import AskRequest, QueryRequest, describe_errors, value_error_message

log = logging.getLogger(__name__)
VERSION = "0.1.0"
DEFAULT_CONFLICTS = 20
MAX_CONFLICTS = 500
READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)
RequestT = TypeVar("RequestT", bound=BaseModel)


def _like(model: type[BaseModel], name: str, description: str | None = None) -> Any:
    """A tool parameter typed as the HTTP request field ``name``: its type and bounds, and its
    description unless the tool words it for agents."""
    info = model.model_fields[name]
    return Annotated[(info.annotation, *info.metadata, Field(description=description or info.description))]


# Module-level so that the SDK, which reads the tools' signatures, can resolve them.
Query = _like(QueryRequest, "q", "The question or search terms.")
SearchK = _like(QueryRequest, "k", "How many ranked chunks to return.")
Mode = _like(QueryRequest, "mode", "Fusion of the per-source rankings: dist (the measured best), relative or rrf.")
Question = _like(AskRequest, "q", "The question to answer.")
AskK = _like(AskRequest, "k", "How many chunks of evidence to retrieve.")
Sources = Annotated[list[str] | None, Field(
    min_length=1, description="Only results from these sources (corpus folder names such as docs, forums, "
                              "tickets, blogs); default: every source.")]
SEARCH_K, SEARCH_MODE = QueryRequest.model_fields["k"].default, QueryRequest.model_fields["mode"].default
ASK_K = AskRequest.model_fields["k"].default
Limit = Annotated[int, Field(ge=1, le=MAX_CONFLICTS, description="How many contradictions to return, most severe first.")]


def _request(model: type[RequestT], names: Mapping[str, str], **fields: Any) -> RequestT:
    """The HTTP API's request model built from tool arguments: the same validation, the same messages."""
    try:
        return model(**fields)
    except ValidationError as exc:
        raise ToolError(describe_errors(exc.errors(), names=names, whole="arguments")) from exc


class CrosscheckTools:
    """The tools over one ``AnswerService``. Plain functions: the SDK runs each call in a worker
    thread, and the service's lock serialises the engine."""

    def __init__(self, service: AnswerService, *, log_dir: Path | None = Path("logs")) -> None:
        self.service = service
        self.log_dir = log_dir  # search and ask append to <log_dir>/responses.jsonl, as the HTTP API does

    def search(self, query: Query, k: SearchK = SEARCH_K, sources: Sources = None,
               mode: Mode = SEARCH_MODE) -> dict[str, Any]:
        """Search every source of the knowledge base (docs, forums, tickets, blogs) at once: fused,
        authority-weighted, ranked chunks. Each result has its rank, chunk id (citable), source,
        score with its factors, text and metadata. Use `ask` for an answer with a verdict."""
        req = _request(QueryRequest, {"q": "query"}, q=query, k=k, mode=mode, graph=False)
        config = fusion_config(req)
        engine = self.service.engine
        chosen = sorted(set(sources)) if sources else None
        unknown = [s for s in chosen or () if s not in engine.sources]
        if unknown:
            raise ToolError(f"sources: unknown source {unknown[0]!r}; this corpus has "
                            f"{', '.join(sorted(engine.sources))}")
        if chosen is None:
            ret = self.service.retrieve(req.q, config, with_graph=False)
        else:
            # Every fused candidate, scored as in an unfiltered search, then only the chosen sources.
            every = replace(config, k=max(config.k, config.per_source_topk * len(engine.sources)))
            ret = self.service.retrieve(req.q, every, with_graph=False)
            kept = [s for s in ret.result.results if s.source in chosen][:config.k]
            ret = replace(ret, result=replace(ret.result, config=config, results=kept))
        payload = ret.to_json()
        payload["config"]["sources"] = chosen
        self._log(payload)
        return payload

    def ask(self, question: Question, k: AskK = ASK_K) -> dict[str, Any]:
        """Answer a support question from the knowledge base: the answer text with numbered
        citations, the answer as a set of values (authoritative, supported or contradicted), a
        verdict (consistent, contradiction, scoped or insufficient_data) with the authoritative
        answer, and warnings. Says insufficient_data rather than guessing."""
        req = _request(AskRequest, {"q": "question"}, q=question, k=k)
        answer, ret = self.service.ask(req.q, AskOptions(config=fusion_config(req), graph_topn=req.graph_topn,
                                                         counter_evidence=req.counter_evidence))
        self._log(ret.to_json())
        return answer.to_json()

    def conflicts(self, limit: Limit = DEFAULT_CONFLICTS) -> dict[str, Any]:
        """Audit the whole knowledge base: every fact on which its sources contradict each other,
        most severe first (authority of the disagreeing sides x number of values), each with its
        claims, their supporting chunks and an explanation. `total` counts them all."""
        audit = self.service.audit().to_json()
        return {**audit, "keys": audit["keys"][:limit], "total": len(audit["keys"])}

    def _log(self, payload: dict[str, Any]) -> None:
        if self.log_dir is None:
            return
        try:
            log_query(payload, log_dir=self.log_dir)
        except OSError as exc:  # the query log is a record, not part of the answer
            log.warning("query log not written: %s", exc)


class CrosscheckServer(MCPServer):
    """``MCPServer`` with the three tools, whose failures read like the HTTP API's errors."""

    def __init__(self, tools: CrosscheckTools) -> None:
        engine = tools.service.engine
        super().__init__(
            "crosscheck", version=VERSION, log_level="WARNING",
            instructions=(f"Crosscheck answers technical-support questions from {len(engine.chunks)} chunks of "
                          f"{len(engine.sources)} sources ({', '.join(sorted(engine.sources))}) and shows where "
                          "they contradict each other. `ask` answers with citations and a verdict; `search` "
                          "returns the ranked evidence; `conflicts` lists every contradiction in the corpus. "
                          "Cite chunk ids."))
        self._arguments: dict[str, tuple[str, ...]] = {}
        for fn in (tools.search, tools.ask, tools.conflicts):
            self.add_tool(fn, annotations=READ_ONLY)
            self._arguments[fn.__name__] = tuple(inspect.signature(fn).parameters)

    async def call_tool(self, name: str, arguments: dict[str, Any],
                        context: Context[Any, Any] | None = None) -> CallToolResult | InputRequiredResult:
        known = self._arguments.get(name)
        extra = sorted(set(arguments) - set(known)) if known is not None else []
        if extra:  # the HTTP API forbids unknown fields too; the SDK would ignore them
            raise ToolError(f"Error executing tool {name}: unknown argument {extra[0]!r}; "
                            f"{name} takes {', '.join(known or ())}")
        try:
            return await super().call_tool(name, arguments, context)
        except UnexpectedToolError as exc:
            cause = exc.__cause__
            if isinstance(cause, CrosscheckError | ValueError):  # domain errors: a message, no traceback
                message = value_error_message(cause) if isinstance(cause, ValueError) else str(cause)
                raise ToolError(f"Error executing tool {name}: {message}") from cause
            raise
        except ToolError as exc:
            if isinstance(exc.__cause__, ValidationError):  # the SDK's check of the schema, worded as ours
                raise ToolError(f"Error executing tool {name}: "
                                f"{describe_errors(exc.__cause__.errors(), whole='arguments')}") from exc.__cause__
            raise


def _error(code: int, message: str, ident: str | int | None = None) -> mcp_types.JSONRPCError:
    return mcp_types.JSONRPCError(jsonrpc="2.0", id=ident, error=mcp_types.ErrorData(code=code, message=message))


def screen_line(line: str) -> tuple[str | None, mcp_types.JSONRPCError | None]:
    """What to do with one line read from the client: (the line to hand to the SDK, or None) and
    (the error to answer it with, or None). Both None: a line to drop without a reply (a blank
    line, a notification whose params are not an object)."""
    if not line.strip():
        return None, None
    try:
        obj = json.loads(line.strip())
    except (ValueError, RecursionError) as exc:
        return None, _error(mcp_types.PARSE_ERROR, f"Parse error: the line is not JSON ({exc})")
    if not isinstance(obj, dict):
        kind = "an array (batches are not supported)" if isinstance(obj, list) else f"a JSON {type(obj).__name__}"
        return None, _error(mcp_types.INVALID_REQUEST, f"Invalid Request: a message is a JSON object, not {kind}")
    raw_id = obj.get("id")
    ident = raw_id if isinstance(raw_id, str | int) and not isinstance(raw_id, bool) else None
    if obj.get("jsonrpc") != "2.0":
        return None, _error(mcp_types.INVALID_REQUEST,
                            f'Invalid Request: "jsonrpc" must be "2.0", not {json.dumps(obj.get("jsonrpc"))}', ident)
    if "method" not in obj and ("result" in obj or "error" in obj):
        return line, None  # a response to a request of the server's: the SDK's
    if "id" in obj and ident is None:
        return None, _error(mcp_types.INVALID_REQUEST,
                            f'Invalid Request: "id" must be a string or an integer, not {json.dumps(raw_id)}')
    if not isinstance(obj.get("method"), str):
        return None, _error(mcp_types.INVALID_REQUEST, 'Invalid Request: "method" must be a string', ident)
    if "params" in obj and not isinstance(obj["params"], dict):
        if ident is None:
            return None, None  # a notification is never answered
        return None, _error(mcp_types.INVALID_PARAMS,
                            f'Invalid params: "params" of {obj["method"]} must be an object, '
                            f"not {json.dumps(obj['params'])[:80]}", ident)
    try:
        mcp_types.jsonrpc_message_adapter.validate_python(obj, by_name=False)
    except ValidationError as exc:
        return None, (_error(mcp_types.INVALID_REQUEST, f"Invalid Request: {exc.errors()[0]['msg']}", ident)
                      if ident is not None else None)
    return line, None


class _ScreenedLines:
    """The client's lines as the SDK's stdio transport reads them, minus those ``screen_line``
    refuses. Their error replies go to ``replies`` (the transport's write stream) before the next
    line is read, so a client reads them in the order of its lines."""

    def __init__(self, lines: Any) -> None:
        self.lines = lines
        self.replies: MemoryObjectSendStream[SessionMessage] | None = None
        self.ready = anyio.Event()

    async def __aiter__(self) -> AsyncIterator[str]:
        async for line in self.lines:
            passed, error = screen_line(line)
            if error is not None:
                log.warning("MCP: answered a malformed message with error %s: %s", error.error.code,
                            error.error.message)
                await self.ready.wait()
                with suppress(anyio.ClosedResourceError, anyio.BrokenResourceError):  # the session has ended
                    await self.replies.send(SessionMessage(error))  # type: ignore[union-attr]
            if passed is not None:
                yield passed


async def run_stdio(server: MCPServer) -> None:
    """``MCPServer.run("stdio")``, with every line screened first (``screen_line``)."""
    wire = io.TextIOWrapper(os.fdopen(os.dup(sys.stdin.fileno()), "rb"), encoding="utf-8", errors="replace")
    with wire:
        lines = _ScreenedLines(anyio.wrap_file(wire))
        async with stdio_server(stdin=lines) as (read_stream, write_stream):  # type: ignore[arg-type]
            lines.replies = write_stream
            lines.ready.set()
            lowlevel = server._lowlevel_server  # noqa: SLF001 - what MCPServer.run_stdio_async runs
            await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())


def build_server(service: AnswerService, *, log_dir: Path | None = Path("logs")) -> CrosscheckServer:
    return CrosscheckServer(CrosscheckTools(service, log_dir=log_dir))


@contextmanager
def stdout_to_stderr() -> Iterator[None]:
    """Point file descriptor 1 at stderr for the block: while models and indexes load, stray
    output (ours, a library's, native code's) must not reach the protocol channel."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        os.dup2(2, 1)
        yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)


def serve_stdio(service: AnswerService, *, log_dir: Path | None = Path("logs")) -> None:
    """Serve until the client closes stdin (or Ctrl+C); ``log_dir`` None: no query log."""
    with suppress(KeyboardInterrupt):
        anyio.run(run_stdio, build_server(service, log_dir=log_dir))
