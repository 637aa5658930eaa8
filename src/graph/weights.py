"""Evidence weights and how support adds up.

``evidence_weight = authority x quality`` where ``quality`` lies in [0.75, 1.0] and averages
three signals, each in [0, 1]:

- relevance: the chunk's rank among the evidence by final retrieval score (1.0 for the top
  chunk; 1.0 for all chunks in a whole-corpus audit, which has no scores). Ranks, not raw
  scores, because fusion, rerank and prior scores live on different scales;
- community: accepted answers 1.0, other answers 0.5 rising with upvotes; documents 1.0;
- recency: 1.0 for the newest dated chunk, decaying with a two-year time constant; 0.75 when undated.

Because quality never drops below 0.75, a docs chunk (authority 1.2) always outweighs one
forum answer (authority 0.8): 1.2 x 0.75 = 0.9 > 0.8 x 1.0, however the forum chunk ranked.

Support of one claim (``aggregate_support``): first the best weight per chunk, then copies
of the same text (the same answer pasted into several threads) count once, then within a
source the k-th supporting chunk (strongest first) adds ``REPEAT_DECAY ** k`` of its weight.
A source therefore contributes at most 4/3 of its best chunk: many low-authority copies or
near-copies cannot trivially outvote the docs, while independent sources still add up in full.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime

from ..types import ScoredChunk

QUALITY_FLOOR = 0.75
REPEAT_DECAY = 0.25
RECENCY_DAYS = 730.0
DATE_FIELDS = ("last_updated", "updated_at", "published_date", "created_at", "created_date", "timestamp", "date")


@dataclass(frozen=True)
class Support:
    """One evidence chunk supporting a claim."""

    chunk_id: str
    source: str
    weight: float
    sentence: str


def evidence_weight(authority: float, relevance: float = 1.0, community: float = 1.0,
                    recency: float = 0.75) -> float:
    """authority x (0.75 + 0.25 x mean(relevance, community, recency)); see module docstring."""
    signals = [min(max(x, 0.0), 1.0) for x in (relevance, community, recency)]
    return authority * (QUALITY_FLOOR + (1.0 - QUALITY_FLOOR) * sum(signals) / len(signals))


def _date(meta: Mapping) -> date | None:
    for name in DATE_FIELDS:
        value = meta.get(name)
        if isinstance(value, str) and re.match(r"\d{4}-\d{2}-\d{2}", value):
            try:
                return datetime.fromisoformat(value[:10]).date()
            except ValueError:
                continue
    return None


def community_signal(meta: Mapping) -> float:
    if "accepted" not in meta and "upvotes" not in meta:
        return 1.0
    if meta.get("accepted") is True:
        return 1.0
    upvotes = meta.get("upvotes") or 0
    try:
        up = max(float(upvotes), 0.0)
    except (TypeError, ValueError):
        up = 0.0
    return min(1.0, 0.5 + 0.5 * math.log1p(up) / math.log1p(50))


def chunk_weights(evidence: Sequence[ScoredChunk], source_weights: Mapping[str, float]) -> dict[str, float]:
    """Weight of every evidence chunk by id (first occurrence wins for duplicate ids)."""
    ranked = sorted(range(len(evidence)), key=lambda i: (-evidence[i].score, i))
    n = len(evidence)
    distinct_scores = len({e.score for e in evidence})
    rank_of = {i: r for r, i in enumerate(ranked)}
    dates = {e.chunk.id: _date(e.chunk.metadata) for e in evidence}
    newest = max((d for d in dates.values() if d), default=None)
    out: dict[str, float] = {}
    for i, e in enumerate(evidence):
        if e.chunk.id in out:
            continue
        relevance = 1.0 if distinct_scores <= 1 or n <= 1 else 1.0 - rank_of[i] / (n - 1)
        d = dates[e.chunk.id]
        recency = 0.75 if d is None or newest is None else math.exp(-(newest - d).days / RECENCY_DAYS)
        out[e.chunk.id] = round(evidence_weight(float(source_weights.get(e.chunk.source, 1.0)), relevance,
                                                community_signal(e.chunk.metadata), recency), 4)
    return out


def _text_key(sentence: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", sentence.lower()))


def aggregate_support(supports: Iterable[Support]) -> float:
    """Total support of a claim; see module docstring for the decay rules."""
    best_per_chunk: dict[str, Support] = {}
    for s in supports:
        if s.chunk_id not in best_per_chunk or s.weight > best_per_chunk[s.chunk_id].weight:
            best_per_chunk[s.chunk_id] = s
    unique_text: dict[tuple[str, str], float] = {}
    for s in best_per_chunk.values():
        k = (s.source, _text_key(s.sentence))
        unique_text[k] = max(unique_text.get(k, 0.0), s.weight)
    per_source: dict[str, list[float]] = defaultdict(list)
    for (source, _), w in unique_text.items():
        per_source[source].append(w)
    total = 0.0
    for weights in per_source.values():
        total += sum(w * REPEAT_DECAY ** k for k, w in enumerate(sorted(weights, reverse=True)))
    return total
