"""The learned span model against the hand-set score on RAMDocs documents (read in place, packaged embedder)."""

from pathlib import Path

import pytest

from src.claims.extractor import make_extractor
from src.evaluation.ramdocs import load_ramdocs
from src.graph.question import analyse_question

pytestmark = pytest.mark.integration

RAMDOCS = Path(__file__).resolve().parents[3] / "shared" / "datasets" / "ramdocs" / "RAMDocs_test.jsonl"


@pytest.fixture(scope="module")
def extractors():
    from src.embeddings import load_embed_model

    if not RAMDOCS.is_file():
        pytest.skip(f"{RAMDOCS} not present")
    model = load_embed_model()
    return make_extractor(None, model, span_ranker="hand"), make_extractor(None, model, span_ranker="learned")


@pytest.mark.parametrize(("line", "doc", "hand", "learned"), [
    (40, 1, "1816", "2 July 1829"),  # "When was Horace Rumbold born?": the life span, not a later year
    (142, 1, "March 2023", "Pakistan"),  # "2017 Census of which country was conducted?": a place, not a date
])
def test_learned_model_picks_the_answer_the_hand_score_misses(extractors, line, doc, hand, learned):
    q = next(q for q in load_ramdocs(RAMDOCS, "dev") if q.line == line)
    chunk = q.chunks()[doc]
    assert q.doc_types[doc] == "correct" and q.doc_answers[doc] == learned
    by_hand, by_model = (ex.candidates(analyse_question(q.question), [chunk]) for ex in extractors)
    assert [c.value for c in by_hand] == [hand]
    assert [c.value for c in by_model] == [learned]
