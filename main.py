"""Crosscheck command line: thin click commands over src/.

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

from src.config import Settings, load_settings  # noqa: E402
from src.errors import CrosscheckError  # noqa: E402

log = logging.getLogger("crosscheck")


def _setup_logging(verbose: int) -> None:
    level = logging.WARNING if verbose == 0 else logging.INFO if verbose == 1 else logging.DEBUG
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    for noisy in ("httpx", "sentence_transformers", "transformers", "faiss", "bm25s", "urllib3"):
        logging.getLogger(noisy).setLevel(max(level, logging.WARNING))


def domain_errors(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Turn domain errors into one-line click errors with the error's exit code."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except CrosscheckError as exc:
            err = click.ClickException(str(exc))
            err.exit_code = exc.exit_code
            raise err from None
        except ValueError as exc:  # option values rejected by src/ validators
            raise click.UsageError(str(exc)) from None

    return wrapper


def corpus_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """--data / --chunks, shared by every command that reads a corpus."""
    fn = click.option("--chunks", "chunks", type=click.Path(path_type=Path), default=None,
                      help="A chunks file written by `ingest` (default: artifacts/chunks.jsonl).")(fn)
    fn = click.option("--data", "data", type=click.Path(path_type=Path), default=None,
                      help="A corpus folder; ingested (when changed) into artifacts/<name>-<hash>/.")(fn)
    return fn


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
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
    try:
        ctx.obj = load_settings(config_path)
    except CrosscheckError as exc:
        raise click.ClickException(str(exc)) from None


def _settings(ctx: click.Context) -> Settings:
    return ctx.obj if isinstance(ctx.obj, Settings) else load_settings()


@cli.command()
@click.option("--data", "data", type=click.Path(path_type=Path), default=Path("data"), show_default=True,
              help="The corpus folder: one subfolder per source (docs/, forums/, tickets/, blogs/, ...).")
@click.option("--out", "out", type=click.Path(path_type=Path), default=None,
              help="Where to write the chunks (default: artifacts/chunks.jsonl for data/, "
                   "artifacts/<name>-<hash>/chunks.jsonl for another folder).")
@click.option("--strict", is_flag=True, help="Fail (exit 1) on the first bad file or line instead of skipping it.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON on stdout.")
@click.pass_context
@domain_errors
def ingest(ctx: click.Context, data: Path, out: Path | None, strict: bool, as_json: bool) -> None:
    """Load and chunk a corpus into a chunks file.

    Every source folder is chunked by its kind (docs: section-aware windows; forums and
    tickets: one chunk per answer, the accepted one with its question; blogs: paragraphs).
    A bad file or line is skipped with a `file:line: reason` warning and counted.

    \b
    Examples:
      python main.py ingest
      python main.py ingest --data ../shared/datasets/astraml/data --out artifacts/astraml.jsonl
      python main.py ingest --strict
    """
    from src.pipelines.corpus import DEFAULT_CHUNKS, artifacts_dir_for, ingest_to
    from src.render import render_ingest_summary, render_ingest_json

    settings = _settings(ctx)
    if out is None:
        out = DEFAULT_CHUNKS if data.resolve() == Path("data").resolve() else artifacts_dir_for(data) / "chunks.jsonl"

    def warn(w: Any) -> None:
        click.echo(f"warning: {w}", err=True)

    result = ingest_to(data, out, settings, strict=strict, on_warning=warn, progress=sys.stderr.isatty())
    if as_json:
        click.echo(render_ingest_json(result, out))
    else:
        click.echo(render_ingest_summary(result, out))


def main() -> None:
    cli(prog_name="python main.py")


if __name__ == "__main__":
    main()
