"""Questions answered: ``ask`` on the command line, ``mcp`` for agents (Model Context Protocol)
and ``serve`` (the HTTP API and the web page)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..fusion.options import FusionMode
from .common import (
    Bounded,
    ModeChoice,
    _open_service,
    _say_models,
    cli,
    corpus_options,
    domain_errors,
    model_options,
    no_log_option,
)


@cli.command(name="mcp")
@corpus_options
@model_options
@no_log_option
@click.pass_context
@domain_errors
def mcp_cmd(ctx: click.Context) -> None:
    """Serve Crosscheck to agents over the Model Context Protocol, on stdin/stdout.

    Tools: search (the fused, weighted results), ask (answer set, verdict, citations) and
    conflicts (the corpus audit), validated as the HTTP API validates its requests. Indexes
    and models load once, before serving; stdout carries only the protocol, progress and logs
    go to stderr. An MCP client starts this command itself: the README section "MCP server
    for agents" has the configuration block.

    \b
    Examples:
      python main.py mcp
      python main.py mcp --data mykb
    """
    from ..server.mcp_server import serve_stdio, stdout_to_stderr

    with stdout_to_stderr():
        service = _open_service(ctx)
    click.echo(f"Crosscheck MCP server: {len(service.chunks)} chunks of {service.chunks_path}; tools search, ask, "
               "conflicts on stdin/stdout", err=True)
    if sys.stdin.isatty():
        click.echo("stdin is a terminal: an MCP client starts this command itself (see the README)", err=True)
    serve_stdio(service, log_dir=Path("logs") if service.settings.log.queries else None)


@cli.command()
@click.option("--q", "query", required=True, help="The question.")
@click.option("--k", "k", default=8, show_default=True, type=Bounded(1, 50), help="Evidence retrieved.")
@click.option("--mode", default="dist", show_default=True, type=ModeChoice(),
              help="Fusion: dist (default), relative or rrf.")
@click.option("--rerank", is_flag=True, help="Rerank the evidence with a cross-encoder (offline fallback).")
@click.option("--graph-topn", default=8, show_default=True, type=click.IntRange(1, 50),
              help="Chunks the claim graph reads.")
@click.option("--counter-evidence", default=4, show_default=True, type=click.IntRange(0, 50),
              help="Chunks the corpus audit may add to the graph: the other sides of contradictions the "
                   "evidence takes part in (0: none).")
@click.option("--json", "as_json", is_flag=True, help="Print the answer as one JSON object.")
@corpus_options
@model_options
@click.pass_context
@domain_errors
def ask(ctx: click.Context, query: str, k: int, mode: FusionMode, rerank: bool, graph_topn: int,
        counter_evidence: int, as_json: bool) -> None:
    """Answer a question with numbered citations, a verdict (consistent, contradiction,
    scoped or insufficient_data) and warnings (conflicting sources, outdated versions,
    only low-authority sources).

    With an LLM (OPENAI_API_KEY for the OpenAI API, or --llm-base-url and --llm-model) the
    answer is written by it from the top chunks and the claim graph and checked against its
    citations; otherwise it is extractive. The answer names the LLM that wrote it.
    When nothing relevant is found it says so instead of guessing.

    \b
    Examples:
      python main.py ask --q "How long does the Team plan keep event history?"
      python main.py ask --q "..." --json
      python main.py ask --q "..." --llm-base-url http://127.0.0.1:1234/v1 --llm-model qwen2.5-7b-instruct
      OPENAI_API_KEY=sk-... python main.py ask --q "..."           # the OpenAI API, gpt-4o-mini
    """
    import json

    from ..fusion.options import FusionConfig, clean_query

    query = clean_query(query)  # before the retrieval stack is imported and the models loaded
    config = FusionConfig(mode=mode, k=k, rerank=rerank)
    config.validate()
    from ..answer import AskOptions
    from ..answer.render import Sources, render_answer

    service = _open_service(ctx)
    answer, _ = service.ask(query, AskOptions(config=config, graph_topn=graph_topn,
                                              counter_evidence=counter_evidence))
    if rerank:
        _say_models(service)
    if as_json:
        click.echo(json.dumps(answer.to_json(), ensure_ascii=False, indent=2))
    else:
        click.echo(render_answer(answer, sources=Sources(answer, source_of=lambda i: getattr(
            service.by_id.get(i), "source", None), authority=service.authority)))


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Interface to bind. Loopback by default; any other address needs --token (or --insecure).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option("--token", envvar="CROSSCHECK_TOKEN", show_envvar=True, default=None,
              help="Require `Authorization: Bearer TOKEN` on the API (the page asks for it once, or takes it "
                   "from the address: http://HOST:PORT/#token=TOKEN).")
@click.option("--insecure", is_flag=True,
              help="Serve a non-loopback --host without a token: anyone who can reach it can query the corpus.")
@click.option("--allowed-hosts", "allowed_hosts", multiple=True, metavar="NAMES",
              help="Host names (comma-separated, repeatable; *.example.com for subdomains) a request's Host header "
                   "may give; others get 400. Default: localhost, 127.0.0.1, ::1 and --host (for 0.0.0.0: this "
                   "machine's names and addresses).")
@click.option("--body-timeout", "body_timeout_s", default=10.0, show_default=True,
              type=click.FloatRange(min=0, min_open=True),
              help="Seconds a request body may take to arrive once its headers are in; then 408 and the "
                   "connection is closed.")
@corpus_options
@model_options
@no_log_option
@click.pass_context
@domain_errors
def serve(ctx: click.Context, host: str, port: int, token: str | None, insecure: bool,
          allowed_hosts: tuple[str, ...], body_timeout_s: float) -> None:
    """Serve the HTTP API and the web page (indexes and models are loaded once, at start).

    On an address other than loopback the API needs a bearer token (--token or
    CROSSCHECK_TOKEN); --insecure serves it open, on purpose.

    \b
    Routes: GET / (the page), GET /api/health, POST /api/query, POST /api/ask,
            GET /api/graph/{query_id}, GET /api/conflicts, GET /docs, GET /openapi.json
    \b
    Examples:
      python main.py serve
      python main.py serve --port 8080 --data mykb
      CROSSCHECK_TOKEN=$(openssl rand -hex 16) python main.py serve --host 0.0.0.0
      curl -s localhost:8000/api/ask -H 'content-type: application/json' -d '{"q": "How long are events kept?"}'
    """
    import uvicorn

    from ..server.app import create_app
    from ..server.hosts import default_allowed_hosts, is_loopback, parse_allowed_hosts

    hosts = default_allowed_hosts(host) + parse_allowed_hosts(allowed_hosts)  # a bad name: exit 2
    if token is not None and not token.strip():
        raise click.UsageError("--token (or CROSSCHECK_TOKEN) is empty: give a secret, e.g. openssl rand -hex 16")
    token = token.strip() if token else None
    if not is_loopback(host) and token is None:
        if not insecure:
            raise click.UsageError(f"refusing to serve {host} without a token: anyone who can reach it could query "
                                   "this corpus; set --token (or CROSSCHECK_TOKEN), or pass --insecure")
        click.echo(f"warning: serving {host} without a token (--insecure): anyone who can reach it can query "
                   "this corpus", err=True)
    service = _open_service(ctx)
    hosts = tuple(dict.fromkeys(hosts))
    app = create_app(service, token=token, allowed_hosts=hosts, body_timeout_s=body_timeout_s,
                     log_dir=Path("logs") if service.settings.log.queries else None)
    where = f"http://{host}:{port}/"
    click.echo(f"Crosscheck serving {len(service.chunks)} chunks on {where} (Ctrl+C to stop)", err=True)
    if not is_loopback(host):
        click.echo(f"answering requests for the hosts {', '.join(hosts)} (others get 400; --allowed-hosts adds "
                   "names)", err=True)
    if token:
        click.echo(f"the API needs the bearer token; open the page as {where}#token=<token> or enter it there",
                   err=True)
    sys.stderr.flush()
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=5)
