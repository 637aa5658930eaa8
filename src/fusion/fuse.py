"""Fusion as pure functions: rankings in, one ranking out, one function per ``FusionMode``.

A ranking is a list of ``(id, score)`` pairs, best first, from one retriever for one query
variant. Every function returns a new list of ``(id, fused score)``, highest first, ties by id;
no input is changed. ``IdFusionRetriever`` (``src/fusion/retrievers.py``) runs the retrievers
and hands their rankings to ``fuse``.

- ``rrf``: each ranking adds ``1 / (rrf_k + rank)`` (rank from 0, by score) to an id.
- ``relative``: each ranking's scores are min-max scaled to [0, 1], weighted, summed, divided
  by the number of query variants.
- ``dist``: as ``relative``, scaled by mean +/- 3 standard deviations instead of min and max.

A ranking whose scores are all equal scales to 1.0 (0.0 when they are all 0 or less), as in
LlamaIndex's ``QueryFusionRetriever``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from .options import FusionMode

Ranking = Sequence[tuple[str, float]]
Fused = list[tuple[str, float]]
RRF_K = 60.0


def _ordered(scores: dict[str, float]) -> Fused:
    return [(i, scores[i]) for i in sorted(scores, key=lambda i: (-scores[i], i))]


def fuse_rrf(rankings: Sequence[Ranking], *, rrf_k: float = RRF_K, weights: Sequence[float] | None = None,
             n_queries: int = 1) -> Fused:
    """Reciprocal rank fusion; ``weights`` and ``n_queries`` do not apply to ranks."""
    scores: dict[str, float] = {}
    for ranking in rankings:
        for rank, (cid, _) in enumerate(sorted(ranking, key=lambda h: h[1], reverse=True)):
            scores[cid] = scores.get(cid, 0.0) + 1.0 / (rank + rrf_k)
    return _ordered(scores)


def _scaled(rankings: Sequence[Ranking], weights: Sequence[float] | None, n_queries: int,
            bounds: Callable[[list[float]], tuple[float, float]]) -> Fused:
    weights = weights if weights is not None else [1.0] * len(rankings)
    scores: dict[str, float] = {}
    for ranking, weight in zip(rankings, weights, strict=True):
        if not ranking:
            continue
        raw = [s for _, s in ranking]
        lo, hi = bounds(raw)
        for (cid, s) in ranking:
            norm = (1.0 if hi > 0 else 0.0) if hi == lo else (s - lo) / (hi - lo)
            scores[cid] = scores.get(cid, 0.0) + norm * weight / n_queries
    return _ordered(scores)


def _min_max(raw: list[float]) -> tuple[float, float]:
    return min(raw), max(raw)


def _three_std(raw: list[float]) -> tuple[float, float]:
    mean = sum(raw) / len(raw)
    std = math.sqrt(sum((x - mean) ** 2 for x in raw) / len(raw))
    return mean - 3 * std, mean + 3 * std


def fuse_relative(rankings: Sequence[Ranking], *, rrf_k: float = RRF_K, weights: Sequence[float] | None = None,
                  n_queries: int = 1) -> Fused:
    """Min-max scaled scores, times each ranking's weight, summed, over ``n_queries``."""
    return _scaled(rankings, weights, max(1, n_queries), _min_max)


def fuse_dist(rankings: Sequence[Ranking], *, rrf_k: float = RRF_K, weights: Sequence[float] | None = None,
              n_queries: int = 1) -> Fused:
    """Scores scaled by mean +/- 3 std, times each ranking's weight, summed, over ``n_queries``."""
    return _scaled(rankings, weights, max(1, n_queries), _three_std)


FUSERS: dict[FusionMode, Callable[..., Fused]] = {
    FusionMode.RRF: fuse_rrf,
    FusionMode.RELATIVE: fuse_relative,
    FusionMode.DIST: fuse_dist,
}


def fuse(rankings: Sequence[Ranking], mode: FusionMode, *, rrf_k: float = RRF_K,
         weights: Sequence[float] | None = None, n_queries: int = 1) -> Fused:
    """One ranking from many: ``FUSERS[mode]``. ``weights``: one per ranking (default 1.0 each)."""
    return FUSERS[mode](rankings, rrf_k=rrf_k, weights=weights, n_queries=n_queries)
