"""Retyping a question by the official docs' closest sentences (src/claims/retype.py), on sentences
written here in the shapes vendors' settings pages use."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from src.claims.extractor import make_extractor
from src.claims.retype import docs_type
from src.graph.question import AnswerType, analyse_question
from src.types import Chunk

EXTRACTOR = make_extractor(None, None)  # values read by their shape, no embedder


def _docs(*sentences: str) -> list[Chunk]:
    return [Chunk(id="kb/docs/settings.md#c0", source="docs", kind="document", text="\n\n".join(sentences),
                  metadata={})]


def _closeness(scores: dict[str, float]) -> Callable[[str, list[str]], np.ndarray]:
    """Cosines as an embedder would give them: each sentence's, found by its opening words."""
    def similarity(_question: str, texts: list[str]) -> np.ndarray:
        return np.array([next((v for k, v in scores.items() if t.startswith(k)), 0.0) for t in texts])
    return similarity


def test_an_amount_in_the_closest_docs_sentence_retypes_a_question_its_words_misread() -> None:
    q = analyse_question("What call budget does one access key get?")
    assert q.atype is AnswerType.MONEY  # "budget" read as money
    docs = _docs("Call budget of an access key.", "Each access key may make up to 600 calls per minute.",
                 "Keys are created in the admin console.")
    near = _closeness({"Call": 0.8, "Each": 0.7, "Keys": 0.3})
    assert docs_type(q, docs, near, EXTRACTOR).atype is AnswerType.RATE
    # too far in meaning to answer the question alone: the type stands
    far = _closeness({"Call": 0.5, "Each": 0.5})
    assert docs_type(q, docs, far, EXTRACTOR).atype is AnswerType.MONEY
    # a count noun the docs measure by answers "how long" of a name
    q = analyse_question("How long must a display name be?")
    assert q.atype is AnswerType.DURATION
    docs = _docs("Display names have 3 to 32 characters.", "Accounts lock after 5 failed sign-ins.")
    assert docs_type(q, docs, _closeness({"Display": 0.75, "Accounts": 0.4}), EXTRACTOR).atype is AnswerType.COUNT


def test_a_value_of_the_type_asked_a_plain_number_or_a_yes_no_question_keeps_the_type() -> None:
    q = analyse_question("What call budget does one access key get?")
    # the closest sentence stating a value gives a plain number: no kind of amount
    docs = _docs("Call budget of an access key.", "The budget defaults to 5, so a key waits 5 ms between calls.")
    assert docs_type(q, docs, _closeness({"Call": 0.8, "The budget": 0.7}), EXTRACTOR).atype is AnswerType.MONEY
    # the docs answer the type asked: it stands, whatever the closest sentence states
    q = analyse_question("What is the default chunk size in bytes?")
    docs = _docs("Uploads are cut into chunks of 8 MB.", "Each chunk is retried for 30 seconds.")
    assert docs_type(q, docs, _closeness({"Each": 0.9, "Uploads": 0.6}), EXTRACTOR).atype is AnswerType.SIZE
    # a yes/no question keeps its type: a number answers it only through the judge
    q = analyse_question("Is there a cap on file size?")
    assert docs_type(q, _docs("Files of up to 250 MB each."), _closeness({"Files": 0.9}), EXTRACTOR).atype \
        is AnswerType.YESNO
