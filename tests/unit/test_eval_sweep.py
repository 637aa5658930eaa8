"""eval/sweep.py: the constant's spec, every module holding it, and its runs as eval/pool.py reads them."""

import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "eval"))

import pool  # noqa: E402
import sweep  # noqa: E402


def test_a_spec_names_a_module_a_constant_and_literal_values() -> None:
    assert sweep.parse_spec("src.claims.answer:MIN_MEANING=0.45, 0.4,1") == ("src.claims.answer", "MIN_MEANING",
                                                                             [0.45, 0.4, 1])
    with pytest.raises(SystemExit, match="not MODULE:NAME=V1,V2"):
        sweep.parse_spec("src.claims.answer.MIN_MEANING=0.4")
    with pytest.raises(SystemExit, match="no Python literal"):
        sweep.parse_spec("src.claims.answer:MIN_MEANING=low")


def test_every_module_of_src_holding_the_constant_is_patched() -> None:
    value = 0.55  # one float object, bound under one name in two modules (an import by name)
    first, second, other, outside = (ModuleType(n) for n in ("src.a", "src.b", "src.c", "elsewhere"))
    first.SEMANTIC_ALONE = second.SEMANTIC_ALONE = outside.SEMANTIC_ALONE = value
    other.SEMANTIC_ALONE = 0.6
    assert sweep.holders("SEMANTIC_ALONE", value, [first, second, other, outside]) == [first, second]
    from src.answer import verdict
    from src.claims import extractor
    found = sweep.holders("SEMANTIC_ALONE", extractor.SEMANTIC_ALONE, list(sys.modules.values()))
    assert {extractor, verdict} <= set(found)


@dataclass
class _Case:
    expect: str


@dataclass
class _Score:
    case: _Case
    verdict: str
    verdict_ok: bool
    authoritative_ok: bool = False
    answer_set_ok: bool = False
    contradiction_stands: bool = False

    def to_json(self) -> dict:
        return {"q": f"q-{self.case.expect}", "expected": self.case.expect, "verdict": self.verdict}


def test_a_value_s_scores_read_as_an_eval_realkb_output() -> None:
    scores = [_Score(_Case("contradiction"), "contradiction", True, True, True, True),
              _Score(_Case("contradiction"), "contradiction", True),  # right, on values no label names
              _Score(_Case("consistent"), "contradiction", False)]
    run = sweep.as_run(scores)
    assert pool.figures(run) == {"verdicts_right": 2, "verdicts_standing": 1, "authoritative_right": 1,
                                 "answer_sets_right": 1, "contradictions_standing": 1, "contradictions_reported": 3,
                                 "cases": 3, "contradictions": 2, "audit_reported": 0, "audit_labelled": 0}
    before = sweep.as_run([scores[0], scores[1], _Score(_Case("consistent"), "consistent", True)])
    assert pool.table({"set_a": run}, {"set_a": before}).splitlines()[-1] == \
        "  set_a: q-consistent [consistent]: consistent -> contradiction"
