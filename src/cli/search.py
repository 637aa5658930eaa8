"""``fusion``: retrieve, fuse and rank, and optionally build the claim graph of the evidence."""

from __future__ import annotations

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

    from ..answer.render import render_graph
    from ..fusion.options import FusionConfig, clean_query
    from ..fusion.output import log_query, render_results

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
