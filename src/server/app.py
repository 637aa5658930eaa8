"""FastAPI app over one ``AnswerService``.

Routes: ``GET /`` (the page), ``GET /favicon.ico``, ``GET /api/health``, ``POST /api/query`` (the
``fusion --json`` object plus ``query_id``), ``POST /api/ask`` (answer, citations, verdict,
warnings, the ranked evidence and the claim graph, plus ``query_id`` and ``display``: the plain-words
explanation, authoritative value, warnings and citation labels the page shows, see
``src.answer.render.display``), ``GET /api/graph/{query_id}`` (that query's claim-graph page,
headed by its question), ``GET /api/conflicts`` (the corpus audit; each key also has ``display``,
its conflicting sides and scoped values, see ``src.answer.render.fact_display``), ``GET /docs``
(an offline API reference over ``/openapi.json``).

Safety: with a ``token``, every ``/api/`` route but the graph pages and the health check (which
then says only ``{"status": "ok"}``) needs ``Authorization:
Bearer <token>`` (401 otherwise, checked before anything else); a graph page's URL holds its
query id, an unguessable server-made token only an authorised request gets, so the page's
iframe can load it. Request bodies over ``max_body_bytes`` get 413, declared or chunked; a body
not received whole within ``body_timeout_s`` (a client that stalls after its headers) gets 408
and the connection is closed; with ``allowed_hosts``, a request whose ``Host`` header names
another host gets 400 before anything else (``src.server.hosts``); bodies are validated
(422 with a message); query ids are random server tokens looked up in a bounded in-memory
map, never paths; static files come from one fixed folder. Engine and graph calls are
serialised by the service's lock, LLM calls run outside it (see ``src.answer.service``);
handlers are plain functions that FastAPI runs in its thread pool.
"""

from __future__ import annotations

import logging
import math
import re
import secrets
import tempfile
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anyio
from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..answer.model import Answer
from ..answer.render import Sources, display, fact_display
from ..answer.service import AnswerService, AskOptions
from ..errors import CrosscheckError, ModelUnavailable, UsageError
from ..fusion.options import FusionConfig, FusionMode
from ..fusion.output import log_query
from ..graph.html import write_html
from .hosts import header_host, host_allowed
from .schemas import AskRequest, QueryRequest, describe_errors, value_error_message

log = logging.getLogger(__name__)
STATIC = Path(__file__).parent / "static"
QUERY_ID = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
MAX_BODY_BYTES = 16 * 1024
BODY_TIMEOUT_S = 10.0  # a request body must arrive whole within this (from the route's first read of it)
MAX_STORED_QUERIES = 256
GRAPH_CSP = ("default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; "
             "font-src data:; frame-ancestors 'self'")
PAGE_CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-src 'self'; "
            "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'")


class QueryStore:
    """query id -> claim graph (or None) and its question, bounded: the oldest entries are dropped first."""

    def __init__(self, limit: int = MAX_STORED_QUERIES) -> None:
        self._items: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self._lock = threading.Lock()
        self.limit = limit

    def add(self, graph: Any, query: str = "") -> str:
        qid = secrets.token_urlsafe(18)
        with self._lock:
            self._items[qid] = {"graph": graph, "query": query, "html": None}
            while len(self._items) > self.limit:
                self._items.popitem(last=False)
        return qid

    def get(self, qid: str) -> dict[str, Any] | None:
        if not QUERY_ID.match(qid):
            return None
        with self._lock:
            return self._items.get(qid)

    def __len__(self) -> int:
        return len(self._items)


class BodyLimit:
    """ASGI middleware: 413 for a body over ``max_bytes``, declared or streamed; 408 (and the
    connection closed) for one that has not arrived whole ``timeout_s`` after the route began
    reading it."""

    def __init__(self, app: Any, max_bytes: int, timeout_s: float = math.inf) -> None:
        self.app, self.max_bytes, self.timeout_s = app, max_bytes, timeout_s

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_bytes):
            await _too_large(self.max_bytes)(scope, receive, send)
            return
        seen = 0
        started = False
        deadline: float | None = None

        async def limited_receive() -> dict:
            nonlocal seen, deadline
            deadline = deadline if deadline is not None else time.monotonic() + self.timeout_s
            try:
                with anyio.fail_after(max(deadline - time.monotonic(), 0)):
                    message = await receive()
            except TimeoutError:
                raise _BodyTimeout(self.timeout_s) from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    raise _TooLarge(self.max_bytes)
            return message

        async def tracking_send(message: dict) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except _TooLarge:
            if not started:
                await _too_large(self.max_bytes)(scope, receive, send)


class _TooLarge(StarletteHTTPException):
    """A streamed (chunked) body passed the limit while a route read it. An HTTPException, so that
    FastAPI's body parsing passes it on instead of turning it into a 400 "error parsing the body"."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"request body over {limit} bytes")


class _BodyTimeout(StarletteHTTPException):
    """The body did not arrive in time: 408, and ``Connection: close`` so that the server drops
    the connection instead of waiting for the rest."""

    def __init__(self, timeout_s: float) -> None:
        super().__init__(408, f"request body not received within {timeout_s:g} s", headers={"Connection": "close"})


class HostCheck:
    """ASGI middleware: 400 for a request whose ``Host`` header names none of ``allowed``."""

    def __init__(self, app: Any, allowed: Sequence[str]) -> None:
        self.app, self.allowed = app, tuple(allowed)

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            host = dict(scope.get("headers") or []).get(b"host", b"").decode("latin-1")
            if not host_allowed(host, self.allowed):
                name = header_host(host)
                why = (f"Host {name!r} is not a name this server answers to" if name else "the request has no Host header")
                fix = f"; if it is, start serve with --allowed-hosts {name}" if name else ""
                response = JSONResponse({"error": f"{why} (allowed: {', '.join(self.allowed)}){fix}"}, status_code=400,
                                        headers={"Connection": "close"})
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _too_large(limit: int) -> JSONResponse:
    return JSONResponse({"error": f"request body over {limit} bytes"}, status_code=413)


def fusion_config(req: QueryRequest) -> FusionConfig:
    config = FusionConfig(mode=FusionMode.from_str(req.mode), per_source_topk=req.per_source_topk, k=req.k,
                          num_queries=req.num_queries, rerank=req.rerank, rerank_topn=req.rerank_topn,
                          use_weights=req.weights, use_priors=req.priors)
    config.validate()
    return config


def answer_display(service: AnswerService, answer: Answer) -> dict[str, Any]:
    """The page's plain-words view of ``answer``, naming each chunk's source from the corpus."""
    def source_of(chunk_id: str) -> str | None:
        chunk = service.by_id.get(chunk_id)
        return chunk.source if chunk is not None else None

    return display(answer, Sources(answer, source_of=source_of, authority=service.authority))


def _authorized(request: Request, token: str) -> bool:
    scheme, _, given = request.headers.get("authorization", "").partition(" ")
    return scheme.lower() == "bearer" and secrets.compare_digest(given.strip().encode(), token.encode())


def create_app(service: AnswerService, *, token: str | None = None, max_body_bytes: int = MAX_BODY_BYTES,
               max_stored_queries: int = MAX_STORED_QUERIES, allowed_hosts: Sequence[str] | None = None,
               body_timeout_s: float = BODY_TIMEOUT_S, log_dir: Path | None = Path("logs")) -> FastAPI:
    """The app; ``allowed_hosts`` None answers any ``Host`` (``serve`` always passes a list).
    ``/api/query`` and ``/api/ask`` append to ``<log_dir>/responses.jsonl`` (None: no query log)."""
    app = FastAPI(title="Crosscheck", version="0.1.0", docs_url=None, redoc_url=None,
                  description="Ask docs, forums, tickets and blogs at once; see where they agree and contradict.")
    store = QueryStore(max_stored_queries)
    app.state.service, app.state.store = service, store
    # Added first, so innermost: the routes read the body through it directly. Behind the
    # BaseHTTPMiddleware layers below, its 413 would reach FastAPI's body parsing wrapped in an
    # ExceptionGroup and become a 400. It also runs after the token check.
    app.add_middleware(BodyLimit, max_bytes=max_body_bytes, timeout_s=body_timeout_s)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": describe_errors(exc.errors())}, status_code=422)

    @app.exception_handler(CrosscheckError)
    async def _domain(_: Request, exc: CrosscheckError) -> JSONResponse:
        code = 422 if isinstance(exc, UsageError) else 503 if isinstance(exc, ModelUnavailable) else 500
        return JSONResponse({"error": str(exc)}, status_code=code)

    @app.exception_handler(ValueError)
    async def _value(_: Request, exc: ValueError) -> JSONResponse:
        return JSONResponse({"error": value_error_message(exc)}, status_code=422)

    @app.middleware("http")
    async def _token(request: Request, call_next: Any) -> Any:
        path = request.url.path
        if token and path.startswith("/api/") and not path.startswith("/api/graph/") and path != "/api/health" \
                and not _authorized(request, token):
            return JSONResponse({"error": "this server needs its access token: send the header "
                                          "'Authorization: Bearer <token>'"},
                                status_code=401, headers={"WWW-Authenticate": 'Bearer realm="crosscheck"'})
        return await call_next(request)

    @app.middleware("http")
    async def _headers(request: Request, call_next: Any) -> Any:
        response = await call_next(request)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        if not request.url.path.startswith("/api/graph/"):
            response.headers.setdefault("Content-Security-Policy", PAGE_CSP)
            response.headers.setdefault("X-Frame-Options", "DENY")
        return response

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml",
                            headers={"Cache-Control": "public, max-age=86400"})

    @app.get("/docs", include_in_schema=False)
    def docs() -> FileResponse:
        return FileResponse(STATIC / "docs.html", media_type="text/html")

    @app.get("/api/health")
    def health(request: Request) -> dict[str, Any]:
        """Liveness for anyone (a load balancer's probe has no token); what is loaded only for
        an authorised request."""
        if token and not _authorized(request, token):
            return {"status": "ok"}
        engine = service.engine
        return {"status": "ok", "chunks": len(engine.chunks),
                "sources": {n: len(s.chunks) for n, s in sorted(engine.sources.items())},
                "embed_model": str(getattr(engine.embed_model, "model_name", "")),
                "llm": getattr(service.llm, "name", None), "llm_backoff": service.breaker.blocked(),
                "stored_queries": len(store)}

    @app.post("/api/query")
    def query(req: QueryRequest) -> dict[str, Any]:
        """Retrieve, fuse, optionally rerank and build the claim graph: the `fusion --json` object plus
        `query_id` (its graph page is `/api/graph/{query_id}`)."""
        ret = service.retrieve(req.q, fusion_config(req), graph_topn=req.graph_topn, with_graph=req.graph,
                               counter_limit=req.counter_evidence)
        qid = store.add(ret.graph, req.q)
        payload = ret.to_json(graph_html=f"/api/graph/{qid}" if ret.graph is not None else None)
        log_query(payload, log_dir=log_dir)
        return {**payload, "query_id": qid}

    @app.post("/api/ask")
    def ask(req: AskRequest) -> dict[str, Any]:
        """Answer with numbered citations, a verdict (consistent | contradiction | scoped |
        insufficient_data) and warnings; also the ranked `results`, `cited_beyond` (cited chunks the claim
        graph read below the results' cut: a source's own voice, counter-evidence), the claim `graph`
        and `display` (the plain-words explanation, authoritative value, warnings and citation labels
        the page shows)."""
        answer, ret = service.ask(req.q, AskOptions(config=fusion_config(req), graph_topn=req.graph_topn,
                                                    counter_evidence=req.counter_evidence))
        qid = store.add(ret.graph, answer.query)
        payload = ret.to_json(graph_html=f"/api/graph/{qid}" if ret.graph is not None else None)
        log_query(payload, log_dir=log_dir)
        cited = {c.id for c in answer.citations}
        beyond = {s.id: s for s in ret.beyond if s.id in cited}  # cited, read by the graph below the cut
        return {**answer.to_json(), "results": payload["results"], "graph": payload["graph"],
                "cited_beyond": [{"id": s.id, "source": s.source, "score": round(s.score, 6),
                                  "scores": {k: round(v, 6) for k, v in s.scores.items()},
                                  "text": s.chunk.text, "metadata": s.chunk.metadata} for s in beyond.values()],
                "config": payload["config"], "query_id": qid, "display": answer_display(service, answer)}

    @app.get("/api/graph/{query_id}", response_class=HTMLResponse)
    def graph(query_id: str) -> HTMLResponse:
        """The claim-graph page of an earlier query, headed by its question (self-contained; corpus text escaped)."""
        entry = store.get(query_id)
        if entry is None or entry["graph"] is None:
            raise HTTPException(404, "unknown query id (ids expire after "
                                     f"{store.limit} newer queries) or the query had no graph")
        if entry["html"] is None:
            with tempfile.TemporaryDirectory() as tmp:
                page = write_html(entry["graph"].keys, Path(tmp) / "graph.html", question=entry["query"])
                entry["html"] = page.read_text(encoding="utf-8")
        return HTMLResponse(entry["html"], headers={"Content-Security-Policy": GRAPH_CSP})

    @app.get("/api/conflicts")
    def conflicts() -> dict[str, Any]:
        """Every contradiction in the corpus, most severe first (the `graph --json` object); each key
        also has `display`: its conflicting sides, restatements and scoped values (not conflicts)."""
        audit = service.audit().to_json()
        return {**audit, "keys": [{**k, "display": fact_display(k, service.authority)} for k in audit["keys"]]}

    @app.exception_handler(StarletteHTTPException)  # also FastAPI's subclass, and routing's own 404/405
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code, headers=exc.headers)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    if allowed_hosts is not None:
        app.add_middleware(HostCheck, allowed=allowed_hosts)  # added last: outermost, before the token check
    return app
