"""Ranking metrics on tiny rankings, checked against values computed by hand."""

import math

import pytest

from src.evaluation.metrics import (
    average_precision_at,
    dedupe,
    hits_at,
    ndcg_at,
    percentile,
    query_metrics,
    ranks_of,
    recall_at,
    reciprocal_rank_at,
)

BINARY = {"a": 1, "b": 1, "c": 1, "d": 1}
RANKING = ["a", "x", "b", "y", "c"]


def test_binary_ranking_every_metric():
    m = query_metrics(RANKING, BINARY)
    assert m["hits@1"] == 1.0
    assert m["recall@1"] == 0.25
    assert m["recall@5"] == 0.75
    assert m["recall@10"] == 0.75
    assert m["recall@100"] == 0.75
    assert m["mrr"] == m["mrr@10"] == 1.0
    # DCG: hits at ranks 1, 3, 5; IDCG: four relevant at ranks 1-4.
    dcg = 1 / math.log2(2) + 1 / math.log2(4) + 1 / math.log2(6)
    idcg = 1 + 1 / math.log2(3) + 1 / math.log2(4) + 1 / math.log2(5)
    assert m["ndcg@10"] == pytest.approx(dcg / idcg)
    assert m["ndcg@10"] == pytest.approx(0.736590, abs=1e-6)
    # AP: precision 1/1, 2/3, 3/5 at the hits, divided by all 4 relevant.
    assert m["map@100"] == pytest.approx((1 + 2 / 3 + 3 / 5) / 4)


def test_graded_ndcg_uses_linear_gain_and_ideal_from_grades():
    relevant = {"a": 2, "b": 1, "c": 3}
    ranking = ["x", "b", "a"]
    # DCG = 0 + 1/log2(3) + 2/log2(4); IDCG = 3/1 + 2/log2(3) + 1/log2(4)
    assert ndcg_at(ranking, relevant, 10) == pytest.approx(0.342499, abs=1e-6)
    assert ndcg_at(["c", "a", "b"], relevant, 10) == pytest.approx(1.0)
    assert ndcg_at(["c", "a", "b"], relevant, 1) == pytest.approx(1.0)
    assert ndcg_at(["a", "c"], relevant, 1) == pytest.approx(2 / 3)
    m = query_metrics(ranking, relevant)
    assert (m["hits@1"], m["mrr"]) == (0.0, 0.5)
    assert m["recall@5"] == pytest.approx(2 / 3)
    assert m["map@100"] == pytest.approx((1 / 2 + 2 / 3) / 3)


def test_duplicates_count_once_at_their_best_rank():
    ranking = ["d1", "d1", "d2", "d2", "d3"]
    assert dedupe(ranking) == ["d1", "d2", "d3"]
    assert reciprocal_rank_at(ranking, {"d2": 1}, 10) == 0.5
    assert ndcg_at(ranking, {"d2": 1}, 10) == pytest.approx(1 / math.log2(3))
    assert recall_at(ranking, {"d2": 1, "d3": 1}, 3) == 1.0
    assert average_precision_at(ranking, {"d1": 1, "d3": 1}, 100) == pytest.approx((1 + 2 / 3) / 2)
    assert ranks_of(ranking, ["d3", "zz"]) == {"d3": 3, "zz": None}


def test_no_relevant_retrieved_is_all_zero():
    m = query_metrics(["x", "y", "z"], {"a": 1, "b": 2})
    assert m == {key: 0.0 for key in m}


def test_empty_relevant_and_empty_ranking_are_zero():
    assert query_metrics(["a"], {}) == {key: 0.0 for key in query_metrics(["a"], {})}
    assert query_metrics([], {"a": 1})["ndcg@10"] == 0.0


def test_cutoffs_are_respected():
    ranking = [f"x{i}" for i in range(10)] + ["a"]
    assert hits_at(ranking, {"a": 1}, 10) == 0.0
    assert reciprocal_rank_at(ranking, {"a": 1}, 10) == 0.0
    assert ndcg_at(ranking, {"a": 1}, 10) == 0.0
    assert recall_at(ranking, {"a": 1}, 100) == 1.0
    assert average_precision_at(ranking, {"a": 1}, 100) == pytest.approx(1 / 11)
    assert average_precision_at(ranking, {"a": 1}, 10) == 0.0


def test_percentile_is_nearest_rank():
    assert percentile([40.0, 10.0, 30.0, 20.0], 50) == 20.0
    assert percentile([40.0, 10.0, 30.0, 20.0], 95) == 40.0
    assert percentile([float(v) for v in range(1, 21)], 95) == 19.0
    assert percentile([float(v) for v in range(1, 21)], 100) == 20.0
    assert percentile([7.0], 50) == 7.0
    assert percentile([], 50) == 0.0
    with pytest.raises(ValueError, match="percentile"):
        percentile([1.0], 0)
