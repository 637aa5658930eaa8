"""The pure fusion functions on hand-checked rankings (no LlamaIndex objects).

    A (weight 1/2): a 3.0, b 2.0, c 1.0          B (weight 1/2): c 0.9, d 0.5

rrf, rrf_k = 10, rank from 0:  a 1/10, b 1/11, c 1/12 + 1/10, d 1/11        -> c, a, b, d (b, d by id)
relative: A -> a 1, b 0.5, c 0; B -> c 1, d 0; times 1/2                    -> a 0.5, c 0.5, b 0.25, d 0
dist: A mean 2, std sqrt(2/3); B mean 0.7, std 0.2; (s - mean + 3 std) / (6 std), times 1/2
"""

from __future__ import annotations

import math

import pytest

from src.fusion.fuse import FUSERS, fuse, fuse_relative, fuse_rrf
from src.fusion.options import FusionMode

A = [("a", 3.0), ("b", 2.0), ("c", 1.0)]
B = [("c", 0.9), ("d", 0.5)]
HALF = [0.5, 0.5]


def rounded(fused: list[tuple[str, float]]) -> list[tuple[str, float]]:
    return [(i, round(s, 6)) for i, s in fused]


def test_one_function_per_mode() -> None:
    assert set(FUSERS) == set(FusionMode)  # every mode has its function


def test_rrf() -> None:
    assert rounded(fuse([A, B], FusionMode.RRF, rrf_k=10.0)) == [
        ("c", round(1 / 12 + 1 / 10, 6)), ("a", 0.1), ("b", round(1 / 11, 6)), ("d", round(1 / 11, 6))]


def test_rrf_ranks_by_score_not_by_list_order() -> None:
    assert rounded(fuse_rrf([[("x", 1.0), ("y", 5.0)]], rrf_k=1.0)) == [("y", 1.0), ("x", 0.5)]


def test_relative() -> None:
    assert fuse([A, B], FusionMode.RELATIVE, weights=HALF) == [("a", 0.5), ("c", 0.5), ("b", 0.25), ("d", 0.0)]


def test_relative_divides_by_the_number_of_query_variants() -> None:
    assert fuse([A, B], FusionMode.RELATIVE, weights=[1.0, 1.0], n_queries=2) == [
        ("a", 0.5), ("c", 0.5), ("b", 0.25), ("d", 0.0)]


def test_dist() -> None:
    sa = math.sqrt(2 / 3)
    assert rounded(fuse([A, B], FusionMode.DIST, weights=HALF)) == [
        ("c", round(0.5 * (3 * sa - 1) / (6 * sa) + 0.5 * 0.8 / 1.2, 6)), ("a", 0.352062), ("b", 0.25),
        ("d", round(0.5 * 0.4 / 1.2, 6))]
    assert rounded(fuse([A, B], FusionMode.DIST, weights=HALF))[0] == ("c", 0.481271)


@pytest.mark.parametrize("mode", [FusionMode.RELATIVE, FusionMode.DIST])
def test_a_flat_ranking_scales_to_one_unless_it_is_all_zero(mode: FusionMode) -> None:
    assert fuse([[("x", 2.0), ("y", 2.0)]], mode) == [("x", 1.0), ("y", 1.0)]
    assert fuse([[("x", 0.0), ("y", 0.0)]], mode) == [("x", 0.0), ("y", 0.0)]


@pytest.mark.parametrize("mode", list(FusionMode))
def test_inputs_are_not_changed_and_empty_rankings_add_nothing(mode: FusionMode) -> None:
    a, b = list(A), list(B)
    fused = fuse([a, [], b], mode, weights=[0.5, 0.5, 0.5])
    assert (a, b) == (A, B)
    assert sorted(i for i, _ in fused) == ["a", "b", "c", "d"]
    assert fuse([], mode) == []


def test_weights_must_match_the_rankings() -> None:
    with pytest.raises(ValueError):
        fuse_relative([A, B], weights=[1.0])
