"""The rival model: which contradicted values we can stand behind (src/claims/rivals.py)."""

import math
from pathlib import Path

import numpy as np
import pytest

from src.claims.answer_set import AnswerValue
from src.claims.candidate import Candidate
from src.claims.rivals import (
    FEATURES,
    RivalModel,
    load_rival_model,
    rival_features,
    rival_model,
    stood_behind,
)
from src.config import UsageError, load_settings


def _value(value: str, normalized: str, status: str, sentence: str, source: str, *, kind: str = "duration",
           contradicts: tuple[str, ...] = (), votes: int = 1, score: float = 1.0) -> AnswerValue:
    cand = Candidate(value, normalized, kind, {}, sentence, f"kb/{source}/x.md#c0", source, score)
    return AnswerValue(value, normalized, {}, status, (cand.chunk_id,), votes, 1.0, 1.0, contradicts, (cand,))


OFFICIAL = _value("14 days", "P14D", "authoritative", "The Team plan keeps event history for 14 days.", "docs",
                  contradicts=("P7D", "PT20S"))
RIVAL = _value("7 days", "P7D", "contradicted", "Team only keeps event history for 7 days.", "forums",
               contradicts=("P14D",))
OTHER_FACT = _value("20 seconds", "PT20S", "contradicted", "Hold the reset button for 20 seconds.", "blogs",
                    contradicts=("P14D",))


def _embed(texts: list[str]) -> np.ndarray:
    """Unit vectors that count shared words (enough to order the two rivals)."""
    vocab = sorted({w for t in texts for w in t.lower().split()})
    rows = np.array([[t.lower().split().count(w) for w in vocab] for t in texts], dtype=float)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def _official(c: Candidate) -> bool:
    return c.source == "docs"


def test_features_measure_the_rival_against_the_official_answer() -> None:
    near = rival_features("How long does the Team plan keep event history?", OFFICIAL, RIVAL, _embed, None, _official)
    far = rival_features("How long does the Team plan keep event history?", OFFICIAL, OTHER_FACT, _embed, None,
                         _official)
    assert set(near) == set(FEATURES)
    assert near["magnitude"] == pytest.approx(math.log10(2))  # 14 days against 7 days
    assert far["magnitude"] == 4.0  # 14 days against 20 seconds: capped
    assert near["same_kind"] == far["same_kind"] == 1.0 and near["official"] == 0.0
    assert near["a_words"] > far["a_words"] and near["a_cos"] > far["a_cos"] and near["q_cos"] > far["q_cos"]


def test_a_doubted_rival_leaves_the_answer_set_and_what_it_contradicted() -> None:
    model = RivalModel({"a_words": 10.0, "magnitude": -1.0}, -2.0, 0.5)  # a rival must say what the answer says
    kept = stood_behind("How long does the Team plan keep event history?", [OFFICIAL, RIVAL, OTHER_FACT], _embed,
                        None, _official, model)
    assert [a.value for a in kept] == ["14 days", "7 days"]
    assert kept[0].contradicts == ("P7D",)
    assert stood_behind("q", [OFFICIAL, RIVAL], _embed, None, _official, None) == [OFFICIAL, RIVAL]  # no model


def test_the_shipped_model_weighs_every_feature_and_can_be_switched_off() -> None:
    shipped = rival_model("learned")
    assert shipped is not None and set(shipped.weights) == set(FEATURES) and 0 < shipped.threshold < 1
    assert rival_model("off") is None


def test_a_rival_model_setting_that_is_no_model_is_a_usage_error(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CROSSCHECK_RIVAL_MODEL", str(tmp_path / "missing.json"))
    with pytest.raises(UsageError, match="rival_model: expected 'learned', 'off' or a weights file"):
        load_settings()
    monkeypatch.setenv("CROSSCHECK_RIVAL_MODEL", "off")
    assert load_settings().models.rival_model == "off"


def test_a_weights_file_without_weights_is_a_usage_error_naming_it(tmp_path: Path) -> None:
    bad = tmp_path / "rivals.json"
    bad.write_text('{"weights": {"q_cos": 1.0}, "bias": 0, "threshold": 0.5}')
    with pytest.raises(UsageError, match=r"rivals.json: not a rival model's weights \(KeyError: 'a_cos'\)"):
        load_rival_model(bad)
    bad.write_text("not json")
    with pytest.raises(UsageError, match="rivals.json: not a rival model's weights"):
        load_rival_model(bad)
