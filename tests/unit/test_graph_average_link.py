"""average_link gives exactly the merges of the all-pairs loop it replaced (kept here as the oracle)."""

from __future__ import annotations

import numpy as np
import pytest

from src.graph.keys import average_link


def all_pairs_loop(sims, threshold, blocked, conflict):
    clusters = [[i] for i in range(len(sims))]
    while len(clusters) > 1:
        best, pair = threshold, None
        for a in range(len(clusters)):
            for b in range(a + 1, len(clusters)):
                avg = float(sims[np.ix_(clusters[a], clusters[b])].mean())
                if avg >= best and (pair is None or avg > best) and not blocked[np.ix_(clusters[a], clusters[b])].any() \
                        and not conflict(clusters[a], clusters[b]):
                    best, pair = avg, (a, b)
        if pair is None:
            break
        a, b = pair
        clusters[a] = sorted(clusters[a] + clusters[b])
        del clusters[b]
    return clusters


def random_case(seed: int, n: int):
    rng = np.random.default_rng(seed)
    # Few distinct values, so that ties (and exact threshold hits) are common.
    sims = rng.choice([0.1, 0.3, 0.5, 0.55, 0.6, 0.7, 0.8, 0.9, 1.0], size=(n, n),
                      p=[0.35, 0.2, 0.1, 0.08, 0.07, 0.07, 0.06, 0.04, 0.03])
    sims = np.triu(sims, 1)
    sims = sims + sims.T + np.eye(n)
    blocked = np.zeros((n, n), dtype=bool)
    for i, j in rng.integers(0, n, size=(n // 4, 2)):
        if i != j:
            blocked[i, j] = blocked[j, i] = True
    odd = set(rng.choice(n, size=n // 5, replace=False).tolist())
    conflict = lambda a, b: len(a) + len(b) > 3 and (min(a) in odd) != (min(b) in odd)  # noqa: E731
    return sims, blocked, conflict


@pytest.mark.parametrize("seed", range(40))
def test_same_clusters_as_the_all_pairs_loop(seed: int) -> None:
    n = 5 + seed * 2
    sims, blocked, conflict = random_case(seed, n)
    for threshold in (0.55, 0.7):
        assert average_link(sims, threshold, blocked, conflict) == all_pairs_loop(sims, threshold, blocked, conflict)


def test_hand_checked_chain() -> None:
    # 0-1 at 0.9 merge first; {0,1} with 2 averages (0.8 + 0.4) / 2 = 0.6 >= 0.55: merged;
    # 3 is near nothing.
    sims = np.array([[1, 0.9, 0.8, 0.1], [0.9, 1, 0.4, 0.1], [0.8, 0.4, 1, 0.1], [0.1, 0.1, 0.1, 1]])
    none = np.zeros((4, 4), dtype=bool)
    assert average_link(sims, 0.55, none, lambda a, b: False) == [[0, 1, 2], [3]]
    assert average_link(sims, 0.65, none, lambda a, b: False) == [[0, 1], [2], [3]]
    blocked = none.copy()
    blocked[1, 2] = blocked[2, 1] = True
    assert average_link(sims, 0.55, blocked, lambda a, b: False) == [[0, 1], [2], [3]]
