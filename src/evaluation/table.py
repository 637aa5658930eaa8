"""The ablation table: one row per config, the best value of each column marked with ``*``."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from .runner import ConfigResult


@dataclass(frozen=True)
class Column:
    header: str
    key: str
    higher_is_better: bool = True
    latency: bool = False


COLUMNS: tuple[Column, ...] = (
    Column("hits@1", "hits@1"),
    Column("recall@5", "recall@5"),
    Column("recall@10", "recall@10"),
    Column("mrr@10", "mrr@10"),
    Column("ndcg@10", "ndcg@10"),
    Column("map@100", "map@100"),
    Column("p50", "p50", higher_is_better=False, latency=True),
    Column("p95", "p95", higher_is_better=False, latency=True),
)
QUALITY_COLUMNS = tuple(col for col in COLUMNS if not col.latency)


def column_value(result: ConfigResult, column: Column) -> float:
    return result.latency_ms[column.key] if column.latency else result.metrics[column.key]


def format_value(value: float, column: Column) -> str:
    return f"{value:.1f}ms" if column.latency else f"{value:.4f}"


def best_values(results: Sequence[ConfigResult]) -> dict[str, str]:
    """Best formatted value per column header (max for metrics, min for latency).

    Compared as displayed, so every config that ties at the shown precision is marked.
    """
    best: dict[str, str] = {}
    for col in COLUMNS:
        values = [column_value(res, col) for res in results]
        pick = max(values) if col.higher_is_better else min(values)
        best[col.header] = format_value(pick, col)
    return best


def table_cells(results: Sequence[ConfigResult]) -> list[list[str]]:
    """Header row then one row per config; best cells carry a trailing ``*``."""
    best = best_values(results)
    rows = [["config", *(col.header for col in COLUMNS)]]
    for res in results:
        cells = [res.name]
        for col in COLUMNS:
            text = format_value(column_value(res, col), col)
            cells.append(text + "*" if text == best[col.header] else text)
        rows.append(cells)
    return rows


def format_table(results: Sequence[ConfigResult]) -> str:
    """A plain-text, column-aligned table (config name left, numbers right)."""
    rows = table_cells(results)
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for n, row in enumerate(rows):
        cells = [row[0].ljust(widths[0])] + [
            cell.rjust(w) for cell, w in zip(row[1:], widths[1:], strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def markdown_table(results: Sequence[ConfigResult]) -> str:
    """The same table as Markdown; config names are escaped for table cells."""
    rows = table_cells(results)
    header, body = rows[0], rows[1:]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|"]
    for row in body:
        cells = [md_escape(row[0]), *(cell.replace("*", r"\*") for cell in row[1:])]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def md_escape(text: str) -> str:
    """Text safe inside a Markdown table cell: HTML-escaped, pipes and newlines neutralised."""
    return html.escape(" ".join(text.split())).replace("|", r"\|")
