"""Terminal and JSON renderers for the CLI. Each returns a string; main.py prints it."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]], align: str | None = None) -> str:
    """A plain monospace table. ``align`` is one char per column: l or r (default: l then r...)."""
    cells = [[str(h) for h in headers]] + [[_fmt(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    align = align or ("l" + "r" * (len(headers) - 1))
    lines = []
    for n, row in enumerate(cells):
        parts = [c.ljust(w) if a == "l" else c.rjust(w) for c, w, a in zip(row, widths, align)]
        lines.append("  ".join(parts).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3f}".rstrip("0").rstrip(".")
    return "" if value is None else str(value)


def render_ingest_summary(result: Any, out: Path) -> str:
    rows = [(s.source, s.kind, s.weight, s.files, s.records, s.chunks, s.skipped) for s in result.stats]
    total = ("total", "", "", sum(s.files for s in result.stats), sum(s.records for s in result.stats),
             sum(s.chunks for s in result.stats), sum(s.skipped for s in result.stats))
    body = table(["source", "kind", "weight", "files", "records", "chunks", "skipped"], rows + [total],
                 align="llrrrrr")
    return f"{body}\n\nwrote {len(result.chunks)} chunks to {out}"


def render_ingest_json(result: Any, out: Path) -> str:
    return json.dumps({
        "out": str(out),
        "chunks": len(result.chunks),
        "sources": [asdict(s) for s in result.stats],
        "warnings": [str(w) for w in result.warnings],
    }, indent=2)
