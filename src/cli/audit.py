"""``graph``: the audit of a whole knowledge base, its contradictions the most severe first."""

from __future__ import annotations

from pathlib import Path

import click

from .common import _open_service, cli, corpus_options, domain_errors, model_options


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

    from .progress import ProgressBar

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
