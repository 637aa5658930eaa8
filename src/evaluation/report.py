"""Write an evaluation as ``report.html`` (self-contained) and ``report.md``.

Both hold the ablation table (best values marked ``*``), one bar chart per metric, the
latency histogram and the worst queries of the first config with what was retrieved
instead. The HTML inlines its PNGs as base64 ``data:`` URIs and loads nothing from the
network; the Markdown links the same PNGs, written to ``plots/`` beside it. Every query,
id and snippet is HTML-escaped.
"""

from __future__ import annotations

import base64
import html
import logging
from collections.abc import Sequence
from dataclasses import dataclass, fields
from pathlib import Path

from ..fusion.options import FusionConfig
from .conflict_types import ConflictItemResult, ConflictScore
from .plots import report_charts
from .runner import ConfigResult, EvalReport, QueryRow
from .table import format_table, markdown_table, md_escape, table_cells

log = logging.getLogger(__name__)

WORST_SHOWN = 10
PLOTS_DIR = "plots"
_CSS = (
    "body{font-family:system-ui,sans-serif;margin:2em;max-width:70em}"
    "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}"
    "td:first-child,th:first-child{text-align:left}td.best{font-weight:bold;background:#eef7ee}"
    "img{max-width:100%;margin:.5em 0}.missed{color:#b00}code{font-size:90%}"
)


@dataclass(frozen=True)
class ReportFiles:
    html: Path
    markdown: Path


def worst_queries(result: ConfigResult, n: int = WORST_SHOWN) -> list[QueryRow]:
    """The ``n`` rows with the lowest nDCG@10 (ties keep query order)."""
    return sorted(result.rows, key=lambda row: row.metrics["ndcg@10"])[:n]


def config_changes(config: FusionConfig) -> str:
    """The settings where ``config`` differs from ``FusionConfig()``, e.g. ``use_bm25=False``."""
    base = FusionConfig()
    changed = [
        f"{f.name}={getattr(config, f.name).value if f.name == 'mode' else getattr(config, f.name)}"
        for f in fields(FusionConfig)
        if getattr(config, f.name) != getattr(base, f.name)
    ]
    return ", ".join(changed) or "defaults"


def rank_text(rank: int | None) -> str:
    return "missed" if rank is None else f"rank {rank}"


def _summary(report: EvalReport) -> str:
    first = report.first
    return (
        f"{len(first.rows)} queries, match level {report.match.value}, "
        f"{len(report.results)} config(s); first config: {first.name}"
    )


def render_markdown(
    report: EvalReport, images: dict[str, str], conflicts: ConflictScore | None = None
) -> str:
    """Markdown text; ``images`` maps chart names to paths relative to the report."""
    out = [
        "# Retrieval evaluation",
        "",
        md_escape(_summary(report)),
        "",
        "## Ablation",
        "",
        markdown_table(report.results),
        "",
        "Best value of each column marked `*`.",
        "",
        "| config | settings |",
        "|---|---|",
    ]
    out += [f"| {md_escape(res.name)} | {md_escape(config_changes(res.config))} |" for res in report.results]
    out += ["", "## Charts", ""]
    out += [f"![{md_escape(name)}]({path})" for name, path in images.items()]
    out += ["", f"## Worst queries ({md_escape(report.first.name)}, lowest nDCG@10)", ""]
    for n, row in enumerate(worst_queries(report.first), start=1):
        out.append(f"{n}. **{md_escape(row.query)}** (nDCG@10 {row.metrics['ndcg@10']:.3f})")
        out += [f"    - relevant `{md_escape(rid)}`: {rank_text(rank)}" for rid, rank in row.ranks.items()]
        out += [
            f"    - retrieved {i}: `{md_escape(rid)}` {md_escape(text)}"
            for i, (rid, text) in enumerate(row.top, start=1)
        ] or ["    - nothing retrieved"]
    if conflicts is not None:
        out += ["", "## Conflicts", "", md_escape(_conflict_summary(conflicts)), ""]
        out += [f"- {md_escape(_conflict_item(item))}" for item in conflicts.items]
    return "\n".join(out) + "\n"


def _conflict_summary(score: ConflictScore) -> str:
    acc = "n/a" if score.authoritative_accuracy is None else f"{score.authoritative_accuracy:.3f}"
    return (
        f"precision {score.precision:.3f}, recall {score.recall:.3f}, F1 {score.f1:.3f}, "
        f"authoritative accuracy {acc}, false alarms {score.false_alarms}"
    )


def _conflict_item(item: ConflictItemResult) -> str:
    return f"{item.id} ({item.type}): {item.outcome}" + (f" in key {item.key}" if item.key else "")


def _html_table(results: Sequence[ConfigResult]) -> str:
    rows = table_cells(results)
    head = "".join(f"<th>{html.escape(cell)}</th>" for cell in rows[0])
    body = []
    for row in rows[1:]:
        cells = [f"<td>{html.escape(row[0])}</td>"]
        cells += [
            f'<td class="best">{html.escape(c)}</td>' if c.endswith("*") else f"<td>{html.escape(c)}</td>"
            for c in row[1:]
        ]
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _html_worst(result: ConfigResult) -> str:
    items = []
    for row in worst_queries(result):
        rel = "".join(
            f'<li><code>{html.escape(rid)}</code>: <span class="{"missed" if rank is None else "hit"}">'
            f"{rank_text(rank)}</span></li>"
            for rid, rank in row.ranks.items()
        )
        top = "".join(
            f"<li><code>{html.escape(rid)}</code> {html.escape(text)}</li>" for rid, text in row.top
        )
        top = top or "<li>nothing retrieved</li>"
        items.append(
            f"<li><b>{html.escape(row.query)}</b> (nDCG@10 {row.metrics['ndcg@10']:.3f})"
            f"<br>relevant:<ul>{rel}</ul>retrieved instead:<ol>{top}</ol></li>"
        )
    return f"<ol>{''.join(items)}</ol>"


def render_html(report: EvalReport, charts: dict[str, bytes], conflicts: ConflictScore | None = None) -> str:
    """A self-contained HTML page; ``charts`` are PNG bytes inlined as ``data:`` URIs."""
    imgs = "".join(
        f'<img alt="{html.escape(name)}" src="data:image/png;base64,{base64.b64encode(png).decode("ascii")}">'
        for name, png in charts.items()
    )
    settings = "".join(
        f"<tr><td>{html.escape(res.name)}</td><td>{html.escape(config_changes(res.config))}</td></tr>"
        for res in report.results
    )
    conflict_html = ""
    if conflicts is not None:
        items = "".join(f"<li>{html.escape(_conflict_item(item))}</li>" for item in conflicts.items)
        conflict_html = (
            f"<h2>Conflicts</h2><p>{html.escape(_conflict_summary(conflicts))}</p><ul>{items}</ul>"
        )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Retrieval evaluation</title>'
        f"<style>{_CSS}</style></head><body><h1>Retrieval evaluation</h1><p>{html.escape(_summary(report))}</p>"
        f"<h2>Ablation</h2>{_html_table(report.results)}<p>Best value of each column marked *.</p>"
        f"<table><tr><th>config</th><th>settings</th></tr>{settings}</table>"
        f"<h2>Charts</h2>{imgs}"
        f"<h2>Worst queries ({html.escape(report.first.name)}, lowest nDCG@10)</h2>{_html_worst(report.first)}"
        f"{conflict_html}</body></html>\n"
    )


def write_report(
    report: EvalReport, out_dir: str | Path, conflicts: ConflictScore | None = None
) -> ReportFiles:
    """Write ``report.html``, ``report.md`` and ``plots/*.png`` into ``out_dir`` (created)."""
    out_dir = Path(out_dir)
    (out_dir / PLOTS_DIR).mkdir(parents=True, exist_ok=True)
    charts = report_charts(report.results)
    images: dict[str, str] = {}
    for name, png in charts.items():
        (out_dir / PLOTS_DIR / f"{name}.png").write_bytes(png)
        images[name] = f"{PLOTS_DIR}/{name}.png"
    files = ReportFiles(html=out_dir / "report.html", markdown=out_dir / "report.md")
    files.html.write_text(render_html(report, charts, conflicts), encoding="utf-8")
    files.markdown.write_text(render_markdown(report, images, conflicts), encoding="utf-8")
    log.info("evaluation report written to %s and %s", files.html, files.markdown)
    log.debug("ablation table:\n%s", format_table(report.results))
    return files
