"""What the ``eval`` subcommands run and print: retrieval metrics, conflict scores, answer sets
(answer-level gold, RAMDocs, real knowledge bases)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from ..config import Settings
from .common import _open_service, _warn


def _score_conflicts(service: Any, path: Path) -> tuple[Any, Any]:
    """The corpus audit against gold conflicts, and each fact asked as ``ask`` asks it."""
    from ..answer.service import AskOptions
    from ..evaluation import score_conflicts
    from ..evaluation.conflicts import score_per_question

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

    from ..evaluation import evaluate, format_table, load_beir, load_gold, parse_configs, write_report
    from ..evaluation.beir import write_beir_chunks

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

    from ..evaluation.answers import load_answer_items, run_answers, summarize_answers

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

    from ..evaluation.realkb import products, run_product, summarize

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

    from ..embeddings import embed_model_from
    from ..evaluation.ramdocs import load_ramdocs, run_ramdocs, summarize
    from ..fsio import atomic_write_text

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
