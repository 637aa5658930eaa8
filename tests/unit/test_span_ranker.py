"""The learned span model: its features on sentences from unrelated corpora, its scoring, its weights file."""

import json
import math

import pytest

from src.claims.extractor import AnswerExtractor, make_extractor
from src.config import load_settings
from src.errors import UsageError
from src.graph.nlp import Tagger
from src.graph.span_ranker import (
    FEATURES,
    WEIGHTS,
    SpanContext,
    load_span_model,
    model_from_json,
    span_features,
)


def _ctx(sentence: str, chunk_text: str, **kw) -> SpanContext:
    base = dict(sentence=sentence, chunk_text=chunk_text.lower(), sentence_score=1.0, rank=0, index=0,
                closeness=1.0, has_cue=True, related=False, fit=0.0, type_fit=0.3, near_subject=1.0,
                chunk_opening=1.0, subject_named=True)
    return SpanContext(**{**base, **kw})


def test_features_after_by_in_a_support_page():
    # OpenEMR wiki, patient_portal
    s = ("The CMS Patient Portal, developed by Sunset Systems, is an interface from OpenEMR to a content "
         "management system such as WordPress.")
    start = s.index("Sunset Systems")
    f = span_features("Sunset Systems", start, start + len("Sunset Systems"), _ctx(s, s))
    assert f["after_by"] == 1.0 and f["before_paren"] == 0.0
    assert f["words"] == 2.0 and f["capital"] == 1.0 and f["digit"] == 0.0
    assert f["repeats"] == pytest.approx(math.log1p(1)) and f["surname"] == 0.0
    assert f["opens"] == 0.0 and f["position"] == pytest.approx(start / len(s))


def test_features_name_before_parenthesis_and_surname_repeated():
    # RAMDocs dev (line 0-based even): a biography opening, the surname repeated later in the page
    s = "Valeri Bragin Valeri Nikolayevich Bragin (); born May 31, 1956, is a retired Russian ice hockey forward."
    page = s + " He played for CSKA Moscow. Bragin later coached the Russian junior team."
    name = "Valeri Nikolayevich Bragin"
    start = s.index(name)
    f = span_features(name, start, start + len(name), _ctx(s, page, rank=1, index=7))
    assert f["before_paren"] == 1.0 and f["after_by"] == 0.0
    assert f["surname"] == pytest.approx(math.log1p(3 - 1))  # "Bragin" three times, the full name once
    assert f["rank"] == 1.0 and f["index"] == 5.0  # the span index is capped at 5
    assert set(f) == set(FEATURES)


def test_model_scores_covered_types_and_leaves_others_to_the_hand_score():
    model = model_from_json({"groups": {"entity": {"types": ["person"], "intercept": -1.0,
                                                   "weights": {"after_by": 2.0, "repeats": 0.5}}}})
    assert model.score("person", {"after_by": 1.0, "repeats": 2.0, "digit": 1.0}) == pytest.approx(2.0)
    assert model.score("version", {"after_by": 1.0}) is None


def test_unknown_feature_in_weights_is_an_error_naming_it():
    with pytest.raises(ValueError, match=r"group 'entity' has unknown features \['shoe_size'\]"):
        model_from_json({"groups": {"entity": {"types": ["person"], "intercept": 0, "weights": {"shoe_size": 1}}}})


def test_unreadable_weights_file_names_the_file(tmp_path):
    bad = tmp_path / "w.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match=r"w\.json: cannot read the span weights"):
        load_span_model(bad)


def test_shipped_weights_cover_entities_phrases_and_dates_only():
    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    assert "RAMDocs dev half" in data["trained_on"]
    model = load_span_model()
    for t in ("person", "organisation", "place", "title", "phrase", "date", "year"):
        assert model.score(t, dict.fromkeys(FEATURES, 0.0)) is not None
    for t in ("count", "duration", "size", "version", "yesno", "time"):  # numbers keep the hand score
        assert model.score(t, dict.fromkeys(FEATURES, 0.0)) is None


def test_hand_score_is_the_default_and_decides_without_an_embedder():
    model = load_span_model()
    assert AnswerExtractor(Tagger(None), lambda texts: None).span_model is None
    assert AnswerExtractor(Tagger(None), lambda texts: None, span_model=model).span_model is model
    assert AnswerExtractor(Tagger(None), span_model=model).span_model is None  # no embedder: hand score
    assert make_extractor(None, object(), span_ranker="learned").span_model is model
    assert make_extractor(None, object()).span_model is None


def test_span_ranker_setting_is_checked(tmp_path):
    with pytest.raises(UsageError, match=r"models\.span_ranker: expected 'hand', 'learned' or a weights file, not 'best'"):
        load_settings(env={"CROSSCHECK_SPAN_RANKER": "best"})
    weights = tmp_path / "w.json"
    weights.write_text(WEIGHTS.read_text(encoding="utf-8"), encoding="utf-8")
    assert load_settings(env={"CROSSCHECK_SPAN_RANKER": str(weights)}).models.span_ranker == str(weights)
    assert load_settings(env={}).models.span_ranker == "hand"
