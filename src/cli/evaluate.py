"""The ``eval`` group and its subcommands (gold, beir, conflicts, answers, ramdocs, realkb); what
they run and print is in ``eval_runs.py``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from .common import (
    _corpus,
    _Group,
    _open_service,
    _settings,
    cli,
    corpus_options,
    domain_errors,
    model_options,
)
from .eval_runs import (
    _echo_conflicts,
    _eval_answers,
    _eval_ramdocs,
    _eval_realkb,
    _eval_retrieval,
    _score_conflicts,
)

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
