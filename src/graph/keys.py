"""Clustering synonymous keys without an allow-list.

Similarity of two keys = max(token similarity, embedding cosine):

- token similarity: keys are split (snake/camel/dots), stop words and unit words dropped,
  stemmed (Snowball); score = 0.75 x containment + 0.25 x Jaccard of the two token sets, so
  ``artifacts`` ~ ``artifact_retention_days`` (0.875) but ``authenticated requests`` !~
  ``unauthenticated requests`` (0.46);
- embedding cosine of the key phrases (the injected embedder; skipped when none is given).

Keys are only compared when their values have the same dimension (days never cluster with MB).
No keys x keys matrix is made: ``key_sims.KeySims`` computes blocks of it on demand and finds
the pairs above the threshold through shared tokens and FAISS range search.
Clustering is average-link agglomerative: the two clusters with the highest mean pairwise
similarity merge while that mean is at least ``KEY_THRESHOLD`` (stable order, ties to the first pair),
unless one of these says the two clusters name different facts:

- a cannot-link pair across them (the caller's evidence, e.g. two keys one chunk gives different
  values for, or amounts of different things: "128 characters" vs "5 endpoints");
- a qualifier one cluster uses consistently and the other lacks while sharing its head
  (``qualifier_conflict``): "events dead-letter queue kept" + "dead-lettered events stick" share
  ``dead letter``, which "events retained" lacks though it shares ``event``;
- a hub: a one-word key contained in keys that are not similar to each other ("events" in
  "events retained" and "event type name") is too vague for containment to count; it is
  compared by Jaccard and embedding only (``discount_hubs``).

``KEY_THRESHOLD`` was measured, not guessed: ``measure_threshold`` over the labelled key pairs
in ``tests/fixtures/graph/key_pairs.jsonl`` (pairs drawn from the astraml, nimbusnote and
Hooklane corpora) with the packaged all-MiniLM-L6-v2. See the comment on the constant.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from .key_sims import KeySims
from .text import key_tokens

# Measured with measure_threshold over tests/fixtures/graph/key_pairs.jsonl (56 labelled pairs,
# 28 same / 28 different; re-run by tests/integration/test_graph_datasets.py::test_key_threshold_measurement).
# all-MiniLM-L6-v2 + tokens: best F1 at 0.55 -> precision 0.833, recall 0.893, F1 0.862
#   (0.50: P 0.806 R 0.893; 0.60: P 0.828 R 0.857; 0.70: P 0.846 R 0.786).
# tokens only (no embedder): best F1 at 0.45 -> precision 0.852, recall 0.821, F1 0.836
#   (0.40: P 0.758 R 0.893; 0.50: P 0.857 R 0.643).
KEY_THRESHOLD = 0.55
TOKEN_THRESHOLD = 0.45


def default_threshold(embed_model) -> float:
    return KEY_THRESHOLD if embed_model is not None else TOKEN_THRESHOLD


def token_similarity(a: str, b: str) -> float:
    ta, tb = key_tokens(a), key_tokens(b)
    if not ta or not tb:
        return 1.0 if a.strip().lower() == b.strip().lower() else 0.0
    inter = len(ta & tb)
    return 0.25 * inter / len(ta | tb) + 0.75 * inter / min(len(ta), len(tb))


def similarity_parts(keys: Sequence[str], embed_model=None) -> tuple[np.ndarray, np.ndarray | None]:
    """(token similarity, embedding cosine or None) of every key pair."""
    n = len(keys)
    sims = np.zeros((n, n), dtype=np.float64)
    for i in range(n):
        for j in range(i, n):
            sims[i, j] = sims[j, i] = token_similarity(keys[i], keys[j])
    if embed_model is None or not n:
        return sims, None
    from ..embeddings import embed_texts

    vecs = embed_texts(embed_model, list(keys))
    return sims, np.clip(vecs @ vecs.T, 0.0, 1.0)


def similarity_matrix(keys: Sequence[str], embed_model=None) -> np.ndarray:
    """Pairwise key similarity (see module docstring)."""
    tokens, embed = similarity_parts(keys, embed_model)
    return tokens if embed is None else np.maximum(tokens, embed)


def discount_hubs(keys: Sequence[str], sims: np.ndarray, threshold: float, embed: np.ndarray | None = None) -> np.ndarray:
    """``sims`` with the containment credit of hub keys removed (see module docstring)."""
    toks = [key_tokens(k) for k in keys]
    out = sims.copy()
    for i, t in enumerate(toks):
        if len(t) != 1:
            continue
        supers = [j for j, u in enumerate(toks) if j != i and t < u]
        if not any(sims[a, b] < threshold for x, a in enumerate(supers) for b in supers[x + 1:]):
            continue
        for j in supers:
            jac = len(t & toks[j]) / len(t | toks[j])
            out[i, j] = out[j, i] = max(jac, float(embed[i, j]) if embed is not None else 0.0)
    return out


def qualifier_conflict(a: Sequence[str], b: Sequence[str]) -> bool:
    """Does one cluster (of two or more keys) consistently qualify a head the other names bare?"""
    for x, y in ((a, b), (b, a)):
        if len(x) < 2:
            continue
        shared = frozenset.intersection(*(key_tokens(k) for k in x))
        other = frozenset().union(*(key_tokens(k) for k in y))
        if shared & other and shared - other:
            return True
    return False


def nouns_conflict(a: Sequence[Collection[str]], b: Sequence[Collection[str]]) -> bool:
    """Does a key of one cluster count other things than a key of the other (disjoint, non-empty
    sets of counted nouns: "128 characters" vs "5 endpoints")?"""
    left = [set(x) for x in a if x]
    return any(not s & set(y) for y in b if y for s in left)


@dataclass(frozen=True)
class KeyCluster:
    name: str
    aliases: tuple[str, ...]
    members: frozenset[str]


class DenseSims:
    """A full similarity matrix behind the interface of ``key_sims.KeySims`` (small inputs, tests)."""

    def __init__(self, sims: np.ndarray) -> None:
        self.sims = sims

    def __len__(self) -> int:
        return len(self.sims)

    def block(self, rows: Sequence[int], cols: Sequence[int]) -> np.ndarray:
        return self.sims[np.ix_(rows, cols)]

    def pairs_at_least(self, threshold: float) -> list[tuple[int, int, float]]:
        rows, cols = np.nonzero(np.triu(self.sims >= threshold, k=1))
        return [(i, j, float(self.sims[i, j])) for i, j in zip(rows.tolist(), cols.tolist())]


def blocked_pairs(blocked: np.ndarray | Mapping[int, Collection[int]]) -> dict[int, set[int]]:
    """Cannot-link partners of each item, from a boolean matrix or a mapping."""
    if isinstance(blocked, np.ndarray):
        out: dict[int, set[int]] = defaultdict(set)
        for i, j in zip(*np.nonzero(blocked)):
            out[int(i)].add(int(j))
        return out
    return {i: set(js) for i, js in blocked.items()}


def average_link(sims: np.ndarray | KeySims | DenseSims, threshold: float,
                 blocked: np.ndarray | Mapping[int, Collection[int]],
                 conflict: Callable[[list[int], list[int]], bool]) -> list[list[int]]:
    """Agglomerative average-link clustering of items ``0..n-1``: repeatedly merge the two
    clusters of highest mean similarity (at least ``threshold``; ties go to the pair that comes
    first by smallest member) unless a ``blocked`` pair spans them or ``conflict`` says no.
    Returns the clusters, each sorted, ordered by smallest member.

    Only pairs at or above the threshold are ever candidates, and a merged cluster can reach
    it with a third one only if one of its parts did (its mean is their weighted mean), so the
    work follows the similar pairs, not all pairs: a heap of candidate pairs, stale entries
    skipped. The merges are those of the plain all-pairs loop it replaced. ``sims`` is a
    matrix or anything with ``block(rows, cols)`` and ``pairs_at_least(threshold)``
    (``key_sims.KeySims``: no n x n matrix is ever made).
    """
    import heapq

    sims = DenseSims(sims) if isinstance(sims, np.ndarray) else sims
    partners = blocked_pairs(blocked)
    n = len(sims)
    members: dict[int, list[int]] = {i: [i] for i in range(n)}  # cluster id = its smallest member
    version = dict.fromkeys(range(n), 0)
    near: dict[int, set[int]] = {i: set() for i in range(n)}
    heap: list[tuple[float, int, int, int, int]] = []
    for i, j, sim in sims.pairs_at_least(threshold):
        near[i].add(j)
        near[j].add(i)
        heap.append((-sim, i, j, 0, 0))
    heapq.heapify(heap)

    def spans_blocked(xs: list[int], ys: list[int]) -> bool:
        other = set(ys)
        return any(not other.isdisjoint(partners.get(x, ())) for x in xs)

    while heap:
        neg, a, b, va, vb = heapq.heappop(heap)
        if a not in members or b not in members or version[a] != va or version[b] != vb:
            continue
        if spans_blocked(members[a], members[b]) or conflict(members[a], members[b]):
            continue  # neither cluster changes while this pair waits, so it never becomes eligible
        members[a] = sorted(members[a] + members.pop(b))
        version[a] += 1
        for c in (near.pop(b) | near[a]) - {a, b}:
            near[c].discard(b)
            x, y = min(a, c), max(a, c)  # rows from the earlier cluster, as the all-pairs loop had them
            avg = float(sims.block(members[x], members[y]).mean())
            if avg >= threshold:
                near[a].add(c)
                near[c].add(a)
                heapq.heappush(heap, (-avg, x, y, version[x], version[y]))
            else:
                near[a].discard(c)
                near[c].discard(a)
        near[a].discard(b)
    return [members[i] for i in sorted(members)]


def key_sims(keys: Sequence[str], embed_model=None, threshold: float | None = None) -> KeySims:
    """The similarities of sorted unique ``keys``, hubs discounted at ``threshold``, as blocks on demand."""
    from ..embeddings import embed_texts

    threshold = default_threshold(embed_model) if threshold is None else threshold
    vectors = embed_texts(embed_model, list(keys)) if embed_model is not None and len(keys) else None
    return KeySims(keys, vectors, hub_threshold=threshold)


def cluster_keys(keys: Sequence[str], counts: Counter | None = None, *, embed_model=None,
                 threshold: float | None = None, sims: np.ndarray | KeySims | None = None,
                 cannot_link: Collection[tuple[str, str]] = (),
                 nouns: Mapping[str, Collection[str]] | None = None) -> list[KeyCluster]:
    """Average-link clusters of ``keys``; each named by its most frequent (then shortest) member.
    ``sims`` (over the sorted unique keys) is used as given; computed here, hubs are discounted.
    Two clusters never merge across a ``cannot_link`` pair, nor when ``nouns_conflict`` says their
    counts count different things."""
    threshold = default_threshold(embed_model) if threshold is None else threshold
    uniq = sorted(set(keys))
    counts = counts or Counter(keys)
    if sims is None:
        sims = key_sims(uniq, embed_model, threshold)
    index = {k: i for i, k in enumerate(uniq)}
    blocked: dict[int, set[int]] = defaultdict(set)
    for x, y in cannot_link:
        if x in index and y in index:
            blocked[index[x]].add(index[y])
            blocked[index[y]].add(index[x])
    counted = [frozenset(nouns.get(k, ())) if nouns else frozenset() for k in uniq]

    def conflict(a: list[int], b: list[int]) -> bool:
        return nouns_conflict([counted[i] for i in a], [counted[i] for i in b]) or \
            qualifier_conflict([uniq[i] for i in a], [uniq[i] for i in b])

    clusters = average_link(sims, threshold, blocked, conflict)
    groups = {i: [uniq[j] for j in members] for i, members in enumerate(clusters)}
    out = []
    for members in groups.values():
        name = min(members, key=lambda k: (-counts.get(k, 0), len(k), k))
        out.append(KeyCluster(name, tuple(sorted(m for m in members if m != name)), frozenset(members)))
    return sorted(out, key=lambda c: c.name)


def measure_threshold(pairs: Sequence[tuple[str, str, bool]], embed_model=None,
                      grid: Sequence[float] = tuple(round(0.4 + 0.05 * i, 2) for i in range(12))) -> list[dict]:
    """Precision, recall and F1 of "same key" at each threshold over labelled pairs."""
    keys = sorted({k for a, b, _ in pairs for k in (a, b)})
    index = {k: i for i, k in enumerate(keys)}
    sims = similarity_matrix(keys, embed_model)
    rows = []
    for t in grid:
        tp = sum(1 for a, b, same in pairs if same and sims[index[a], index[b]] >= t)
        fp = sum(1 for a, b, same in pairs if not same and sims[index[a], index[b]] >= t)
        fn = sum(1 for a, b, same in pairs if same and sims[index[a], index[b]] < t)
        p = tp / (tp + fp) if tp + fp else 1.0
        r = tp / (tp + fn) if tp + fn else 1.0
        rows.append({"threshold": t, "precision": round(p, 3), "recall": round(r, 3),
                     "f1": round(2 * p * r / (p + r), 3) if p + r else 0.0})
    return rows
