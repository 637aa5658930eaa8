"""PNG charts of an evaluation (matplotlib, drawn off-screen with the Agg canvas).

``matplotlib.figure.Figure`` is used directly (no ``pyplot``): no global figure state and no
GUI backend, whatever ``MPLBACKEND`` says. matplotlib is imported only when a chart is drawn.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from .runner import ConfigResult
from .table import QUALITY_COLUMNS, Column, column_value

PNG_METADATA = {"Software": None}  # keep files byte-stable across matplotlib builds
HIST_BINS = 30


def _figure(width: float, height: float) -> Any:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _png(fig: Any) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata=PNG_METADATA)
    return buf.getvalue()


def metric_bar_png(results: Sequence[ConfigResult], column: Column) -> bytes:
    """Bars of one metric across configs, the best bar highlighted and every bar labelled."""
    names = [res.name for res in results]
    values = [column_value(res, column) for res in results]
    best = max(values) if column.higher_is_better else min(values)
    fig = _figure(max(4.0, 0.7 * len(names) + 1.5), 3.2)
    ax = fig.add_subplot()
    colors = ["#d62728" if v == best else "#1f77b4" for v in values]
    bars = ax.bar(range(len(names)), values, color=colors)
    ax.bar_label(bars, labels=[f"{v:.3f}" for v in values], fontsize=7)
    ax.set_xticks(range(len(names)), names, rotation=35, ha="right", fontsize=8)
    ax.set_ylabel(column.header)
    ax.set_ylim(0, (max(values) * 1.15 or 1.0) if column.latency else 1.1)  # quality metrics lie in [0, 1]
    ax.set_title(f"{column.header} by config")
    return _png(fig)


def latency_histogram_png(results: Sequence[ConfigResult]) -> bytes:
    """Per-query search latency of every config, overlaid, with the p50/p95 of the first."""
    fig = _figure(6.0, 3.4)
    ax = fig.add_subplot()
    every = [row.latency_ms for res in results for row in res.rows]
    low, high = min(every), max(every)
    bins = [low + (high - low) * i / HIST_BINS for i in range(HIST_BINS + 1)] if high > low else HIST_BINS
    for res in results:
        ax.hist([row.latency_ms for row in res.rows], bins=bins, alpha=0.5, label=res.name)
    first = results[0]
    for key, style in (("p50", "--"), ("p95", ":")):
        ax.axvline(
            first.latency_ms[key],
            color="black",
            linestyle=style,
            label=f"{first.name} {key} {first.latency_ms[key]:.1f} ms",
        )
    ax.set_xlabel("search latency per query (ms)")
    ax.set_ylabel("queries")
    ax.legend(fontsize=7)
    return _png(fig)


def report_charts(results: Sequence[ConfigResult]) -> dict[str, bytes]:
    """``{file stem: PNG}``: one bar chart per quality metric and the latency histogram."""
    charts = {
        f"bar-{col.header.replace('@', '-at-')}": metric_bar_png(results, col) for col in QUALITY_COLUMNS
    }
    charts["latency-histogram"] = latency_histogram_png(results)
    return charts
