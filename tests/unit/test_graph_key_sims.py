"""KeySims gives the numbers of the dense key x key matrix it replaced, and the same clusters.

The oracle is the dense path still in src/graph/keys.py (``similarity_parts`` + ``discount_hubs``),
fed the same vectors: a full ``block`` must equal it to float32 precision (the last bits of a
float32 product depend on the CPU's BLAS kernel and the operands' memory layout: an AMD EPYC
gives 0.4708389 where the Xeon gave 0.47083887).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from src.graph.key_sims import KeySims
from src.graph.keys import DenseSims, cluster_keys, discount_hubs, similarity_parts

FIXTURE = Path(__file__).parents[1] / "fixtures" / "graph" / "key_pairs.jsonl"
EXTRA = ["events", "events retained", "event type name", "events retained days", "retention", "the", "The ",
         "of", "payload", "maximum payload size", "payload size", "max payload", "retry window", "retries",
         "team plan retry window", "dead letter queue", "dead-lettered events", "timeout", "endpoint timeout"]


def keys_and_vectors(seed: int = 0, dim: int = 16) -> tuple[list[str], np.ndarray]:
    pairs = [json.loads(line) for line in FIXTURE.read_text().splitlines() if line.strip()]
    keys = sorted({k for p in pairs for k in (p["a"], p["b"])} | set(EXTRA))
    rng = np.random.default_rng(seed)
    base = rng.normal(size=(len(keys) // 3 + 1, dim))
    # Keys in threes share a base direction: many cosines above the threshold, many below.
    vecs = np.stack([base[i // 3] + 0.6 * rng.normal(size=dim) for i in range(len(keys))]).astype(np.float32)
    return keys, vecs / np.linalg.norm(vecs, axis=1, keepdims=True)


def dense(keys: list[str], vecs: np.ndarray | None, threshold: float) -> np.ndarray:
    tokens, _ = similarity_parts(keys)
    embed = None if vecs is None else np.clip(vecs @ vecs.T, 0.0, 1.0)
    return discount_hubs(keys, tokens if embed is None else np.maximum(tokens, embed), threshold, embed)


@pytest.mark.parametrize("with_vectors", [True, False])
@pytest.mark.parametrize("threshold", [0.45, 0.55, 0.7])
def test_blocks_equal_the_dense_matrix(with_vectors: bool, threshold: float) -> None:
    keys, vecs = keys_and_vectors()
    vecs = vecs if with_vectors else None
    oracle = dense(keys, vecs, threshold)
    sims = KeySims(keys, vecs, hub_threshold=threshold)
    everything = list(range(len(keys)))
    assert np.allclose(sims.block(everything, everything), oracle, rtol=0, atol=1e-6)
    rows, cols = [3, 0, 17, 40], [5, 40, 1]
    assert np.allclose(sims.block(rows, cols), oracle[np.ix_(rows, cols)], rtol=0, atol=1e-6)
    assert sims.hubs.sum() > 0  # the discount is exercised ("events" sits in unlike keys)


@pytest.mark.parametrize("with_vectors", [True, False])
def test_pairs_at_least_are_the_dense_ones(with_vectors: bool) -> None:
    keys, vecs = keys_and_vectors(seed=1)
    vecs = vecs if with_vectors else None
    for threshold in (0.45, 0.55, 0.7):
        want = DenseSims(dense(keys, vecs, threshold)).pairs_at_least(threshold)
        got = KeySims(keys, vecs, hub_threshold=threshold).pairs_at_least(threshold)
        assert [(i, j) for i, j, _ in got] == [(i, j) for i, j, _ in want]
        assert np.allclose([s for *_, s in got], [s for *_, s in want], rtol=0, atol=1e-6)
        assert len(want) > 10


def test_keys_without_tokens_pair_only_with_their_own_spelling() -> None:
    sims = KeySims(["of", "Of ", "the"], None, hub_threshold=0.45)
    assert sims.block([0, 1, 2], [0, 1, 2]).tolist() == [[1, 1, 0], [1, 1, 0], [0, 0, 1]]
    assert sims.pairs_at_least(0.45) == [(0, 1, 1.0)]


def test_clusters_are_those_of_the_dense_matrix() -> None:
    keys, vecs = keys_and_vectors(seed=2)
    counts = Counter({k: 1 + (i % 3) for i, k in enumerate(keys)})
    links = {("events retained", "events retained days"), ("payload size", "max payload")}
    for threshold in (0.45, 0.55):
        from_dense = cluster_keys(keys, counts, threshold=threshold, sims=dense(keys, vecs, threshold),
                                  cannot_link=links)
        from_blocks = cluster_keys(keys, counts, threshold=threshold,
                                   sims=KeySims(keys, vecs, hub_threshold=threshold), cannot_link=links)
        assert from_blocks == from_dense
        assert sum(len(c.members) > 1 for c in from_dense) >= 5


def test_counted_nouns_block_merges_as_the_pairs_they_stand_for() -> None:
    """``nouns`` (checked per cluster pair) merges exactly as every disjoint pair given as a cannot-link."""
    keys, vecs = keys_and_vectors(seed=3)
    nouns = {k: {"endpoint"} if i % 4 == 0 else {"character"} if i % 4 == 1 else set() for i, k in enumerate(keys)}
    nouns[keys[2]] = {"endpoint", "character"}  # meets both
    pairs = {(a, b) for a in keys for b in keys if a < b and nouns[a] and nouns[b] and not nouns[a] & nouns[b]}
    sims = dense(keys, vecs, 0.45)
    by_pairs = cluster_keys(keys, threshold=0.45, sims=sims, cannot_link=pairs)
    by_nouns = cluster_keys(keys, threshold=0.45, sims=sims, nouns=nouns)
    assert by_nouns == by_pairs
    assert by_nouns != cluster_keys(keys, threshold=0.45, sims=sims)  # the nouns did keep keys apart
