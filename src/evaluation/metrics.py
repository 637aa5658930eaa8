"""Ranking metrics as pure functions of a ranked id list and graded relevance.

Notation: ``ranking`` is the retrieved ids best first (rank ``i`` = position + 1), already
mapped to the match level (chunk or document ids); ``relevant`` maps each relevant id to its
grade ``rel(d) > 0``; ``R = len(relevant)``. Every function first drops repeated ids, keeping
each at its best (first) rank, so several chunks of one document count once.

- Hits@k    = 1 if some relevant id is in the top k, else 0.
- Recall@k  = |relevant ∩ top k| / R.
- MRR@k     = 1 / rank of the first relevant id if that rank <= k, else 0.
- nDCG@k    = DCG@k / IDCG@k, DCG@k = sum_{i<=k} rel(d_i) / log2(i + 1) (linear gain,
  as trec_eval / pytrec_eval ``ndcg_cut`` used by BEIR); IDCG@k is the same sum over the
  grades sorted descending (the ideal ranking of all judged relevant ids).
- AP@k      = (1 / R) * sum_{i<=k, d_i relevant} Precision@i (trec_eval ``map_cut``:
  divides by all relevant ids, not only the retrieved ones). MAP@k is its mean.
- Percentiles of latencies use the nearest-rank method: the p-th percentile of n sorted
  values is the value at 1-based position ceil(p / 100 * n).

Every metric is 0 when ``relevant`` is empty.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

RECALL_CUTOFFS = (1, 5, 10, 100)
METRIC_KEYS = (
    "hits@1",
    "recall@1",
    "recall@5",
    "recall@10",
    "recall@100",
    "mrr",
    "mrr@10",
    "ndcg@10",
    "map@100",
)


def dedupe(ranking: Sequence[str]) -> list[str]:
    """``ranking`` with repeated ids removed, each kept at its first (best) rank."""
    return list(dict.fromkeys(ranking))


def hits_at(ranking: Sequence[str], relevant: Mapping[str, int], k: int) -> float:
    return 1.0 if any(rid in relevant for rid in dedupe(ranking)[:k]) else 0.0


def recall_at(ranking: Sequence[str], relevant: Mapping[str, int], k: int) -> float:
    if not relevant:
        return 0.0
    found = sum(1 for rid in dedupe(ranking)[:k] if rid in relevant)
    return found / len(relevant)


def reciprocal_rank_at(ranking: Sequence[str], relevant: Mapping[str, int], k: int) -> float:
    for rank, rid in enumerate(dedupe(ranking)[:k], start=1):
        if rid in relevant:
            return 1.0 / rank
    return 0.0


def dcg(gains: Sequence[float]) -> float:
    """Discounted cumulative gain of gains listed best rank first: sum g_i / log2(i + 1)."""
    return sum(g / math.log2(i + 1) for i, g in enumerate(gains, start=1))


def ndcg_at(ranking: Sequence[str], relevant: Mapping[str, int], k: int) -> float:
    ideal = dcg(sorted(relevant.values(), reverse=True)[:k])
    if ideal <= 0:
        return 0.0
    gains = [float(relevant.get(rid, 0)) for rid in dedupe(ranking)[:k]]
    return dcg(gains) / ideal


def average_precision_at(ranking: Sequence[str], relevant: Mapping[str, int], k: int) -> float:
    if not relevant:
        return 0.0
    found = 0
    total = 0.0
    for rank, rid in enumerate(dedupe(ranking)[:k], start=1):
        if rid in relevant:
            found += 1
            total += found / rank
    return total / len(relevant)


def ranks_of(ranking: Sequence[str], ids: Sequence[str]) -> dict[str, int | None]:
    """1-based rank of each id in the deduplicated ranking, ``None`` when not retrieved."""
    position = {rid: rank for rank, rid in enumerate(dedupe(ranking), start=1)}
    return {rid: position.get(rid) for rid in ids}


def query_metrics(ranking: Sequence[str], relevant: Mapping[str, int]) -> dict[str, float]:
    """Every metric of :data:`METRIC_KEYS` for one query ("mrr" is MRR@10)."""
    ranked = dedupe(ranking)
    out = {"hits@1": hits_at(ranked, relevant, 1)}
    out.update({f"recall@{k}": recall_at(ranked, relevant, k) for k in RECALL_CUTOFFS})
    rr = reciprocal_rank_at(ranked, relevant, 10)
    out["mrr"] = rr
    out["mrr@10"] = rr
    out["ndcg@10"] = ndcg_at(ranked, relevant, 10)
    out["map@100"] = average_precision_at(ranked, relevant, 100)
    return out


def mean_metrics(rows: Sequence[Mapping[str, float]]) -> dict[str, float]:
    """Mean of each metric of :data:`METRIC_KEYS` over queries (0 for no query)."""
    if not rows:
        return {key: 0.0 for key in METRIC_KEYS}
    return {key: sum(row[key] for row in rows) / len(rows) for key in METRIC_KEYS}


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile (see module docstring); 0 for no values."""
    if not values:
        return 0.0
    if not 0 < p <= 100:
        raise ValueError(f"percentile must be in (0, 100], got {p}")
    ordered = sorted(values)
    return ordered[max(1, math.ceil(p / 100 * len(ordered))) - 1]
