"""Run gold queries through a searcher under named configs and collect metrics per query.

The searcher is asked for ``max(depth, config.k)`` results (depth 100 by default) so that
Recall@100 and MAP@100 are meaningful whatever ``k`` the config was built with.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from tqdm import tqdm

from ..fusion.options import FusionConfig, SearchResult
from ..types import ScoredChunk
from .gold import GoldQuery, MatchMode, gold_at_level, map_id, resolve_match
from .metrics import dedupe, mean_metrics, percentile, query_metrics, ranks_of

log = logging.getLogger(__name__)

DEFAULT_DEPTH = 100
TOP_SHOWN = 5
SNIPPET_CHARS = 120


class Searcher(Protocol):
    """What the harness needs from the retrieval engine."""

    def search(self, query: str, config: FusionConfig) -> SearchResult: ...


@dataclass(frozen=True)
class QueryRow:
    """One query under one config, for error analysis.

    ``relevant`` and ``ranks`` are at the match level; ``ranks[id]`` is ``None`` when missed.
    ``top`` holds the first retrieved ids (match level, deduplicated) with a text snippet each.
    """

    config: str
    qid: str
    query: str
    relevant: dict[str, int]
    ranks: dict[str, int | None]
    top: tuple[tuple[str, str], ...]
    metrics: dict[str, float]
    latency_ms: float

    def to_json(self) -> dict[str, Any]:
        return {
            "config": self.config,
            "qid": self.qid,
            "query": self.query,
            "relevant_ids": list(self.relevant),
            "ranks": {rid: rank if rank is not None else "missed" for rid, rank in self.ranks.items()},
            "top5": [rid for rid, _ in self.top],
            **{key: round(value, 6) for key, value in self.metrics.items()},
            "latency_ms": round(self.latency_ms, 3),
        }


@dataclass(frozen=True)
class ConfigResult:
    """Aggregates of one named config: mean metrics and latency percentiles (ms)."""

    name: str
    config: FusionConfig
    metrics: dict[str, float]
    latency_ms: dict[str, float]
    rows: tuple[QueryRow, ...]

    def metrics_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {key: round(value, 6) for key, value in self.metrics.items()}
        out["latency_p50_ms"] = round(self.latency_ms["p50"], 3)
        out["latency_p95_ms"] = round(self.latency_ms["p95"], 3)
        out["queries"] = len(self.rows)
        return out


@dataclass(frozen=True)
class EvalReport:
    match: MatchMode
    results: tuple[ConfigResult, ...]

    @property
    def first(self) -> ConfigResult:
        return self.results[0]

    def to_json(self) -> dict[str, Any]:
        """``{"metrics", "configs", "per_query", "latency_ms"}``: metrics and latency of the
        first config, metrics of every config, and the per-query rows of every config."""
        return {
            "metrics": self.first.metrics_json(),
            "configs": {res.name: res.metrics_json() for res in self.results},
            "per_query": [row.to_json() for res in self.results for row in res.rows],
            "latency_ms": {key: round(value, 3) for key, value in self.first.latency_ms.items()},
        }


def snippet(scored: ScoredChunk) -> str:
    """A one-line preview of a retrieved chunk: its title, else the start of its text."""
    title = str(scored.chunk.metadata.get("title") or "").strip()
    text = " ".join((title or scored.chunk.text).split())
    return text if len(text) <= SNIPPET_CHARS else text[: SNIPPET_CHARS - 1] + "…"


def top_retrieved(
    results: Sequence[ScoredChunk], match: MatchMode, n: int = TOP_SHOWN
) -> tuple[tuple[str, str], ...]:
    """First ``n`` distinct ids at match level, each with the snippet of its best chunk."""
    seen: dict[str, str] = {}
    for scored in results:
        key = map_id(scored.id, match)
        if key not in seen:
            seen[key] = snippet(scored)
            if len(seen) == n:
                break
    return tuple(seen.items())


def score_query(
    name: str, gold: GoldQuery, results: Sequence[ScoredChunk], match: MatchMode, latency_ms: float
) -> QueryRow:
    """The metrics row of one query given what was retrieved for it."""
    ranking = dedupe([map_id(scored.id, match) for scored in results])
    relevant = gold_at_level(gold.relevant, match)
    return QueryRow(
        config=name,
        qid=gold.qid,
        query=gold.query,
        relevant=relevant,
        ranks=ranks_of(ranking, list(relevant)),
        top=top_retrieved(results, match),
        metrics=query_metrics(ranking, relevant),
        latency_ms=latency_ms,
    )


def aggregate(name: str, config: FusionConfig, rows: Sequence[QueryRow]) -> ConfigResult:
    latencies = [row.latency_ms for row in rows]
    return ConfigResult(
        name=name,
        config=config,
        metrics=mean_metrics([row.metrics for row in rows]),
        latency_ms={"p50": percentile(latencies, 50), "p95": percentile(latencies, 95)},
        rows=tuple(rows),
    )


def run_config(
    searcher: Searcher,
    name: str,
    config: FusionConfig,
    queries: Sequence[GoldQuery],
    match: MatchMode,
    *,
    depth: int = DEFAULT_DEPTH,
    progress: bool = True,
) -> ConfigResult:
    """Search every query under one config, timing each search with ``time.perf_counter``."""
    search_config = replace(config, k=max(depth, config.k))
    # Each config pays for its own query embeddings, so latencies compare across configs.
    clear = getattr(searcher, "clear_query_cache", None)
    if callable(clear):
        clear()
    show = progress and sys.stderr.isatty()
    rows: list[QueryRow] = []
    for gold in tqdm(queries, desc=name, unit="q", file=sys.stderr, disable=not show, leave=False):
        start = time.perf_counter()
        result = searcher.search(gold.query, search_config)
        elapsed_ms = (time.perf_counter() - start) * 1000.0
        rows.append(score_query(name, gold, result.results, match, elapsed_ms))
    res = aggregate(name, config, rows)
    log.info(
        "%s: nDCG@10 %.4f, Recall@100 %.4f over %d queries",
        name,
        res.metrics["ndcg@10"],
        res.metrics["recall@100"],
        len(rows),
    )
    return res


def evaluate(
    searcher: Searcher,
    queries: Sequence[GoldQuery],
    configs: Mapping[str, FusionConfig],
    match: MatchMode | str = MatchMode.AUTO,
    *,
    depth: int = DEFAULT_DEPTH,
    progress: bool = True,
) -> EvalReport:
    """Metrics of every named config over ``queries``; the first config is the headline one.

    ``progress`` shows a tqdm bar on stderr (only when stderr is a terminal).
    """
    if not configs:
        raise ValueError("evaluate needs at least one named config")
    if not queries:
        raise ValueError("evaluate needs at least one gold query")
    mode = resolve_match(queries, match)
    results = tuple(
        run_config(searcher, name, config, queries, mode, depth=depth, progress=progress)
        for name, config in configs.items()
    )
    return EvalReport(match=mode, results=results)
