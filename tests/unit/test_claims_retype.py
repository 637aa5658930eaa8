"""Retyping a question by the official docs' closest sentences (src/claims/retype.py), on sentences
written here in the shapes vendors' settings pages use."""

from __future__ import annotations

import numpy as np

from src.claims.extractor import make_extractor
from src.claims.retype import docs_type
from src.graph.question import AnswerType, analyse_question
from src.types import Chunk


def _docs(*sentences: str) -> list[Chunk]:
    return [Chunk(id="kb/docs/settings.md#c0", source="docs", kind="document", text="\n\n".join(sentences),
                  metadata={})]


def _closeness(scores: dict[str, float]):
    """Cosines as an embedder would give them: each sentence's, by its opening words."""
    def similarity(_question: str, texts: list[str]) -> np.ndarray:
        return np.array([next((v for k, v in scores.items() if t.startswith(k)), 0.0) for t in texts])
    return similarity


TYPED = make_extractor(None, None)


def test_an_amount_in_the_closest_docs_sentence_retypes_a_question_its_words_misread() -> None:
    q = analyse_question("What's the largest single file a student can attach to an assignment?")
    assert q.atype is AnswerType.PERSON  # "student" read as the noun asked about
    docs = _docs("Largest single file a student can attach to a submission.",
                 "Students can attach files of up to 250 MB each.", "Teachers sign in with single sign-on.")
    near = _closeness({"Largest": 0.8, "Students": 0.7, "Teachers": 0.3})
    assert docs_type(q, docs, near, TYPED).atype is AnswerType.SIZE
    # too far in meaning to answer the question alone: the type stands
    far = _closeness({"Largest": 0.5, "Students": 0.5})
    assert docs_type(q, docs, far, TYPED).atype is AnswerType.PERSON


def test_a_value_of_the_type_asked_or_a_plain_number_keeps_the_type() -> None:
    q = analyse_question("What is the default batch size in bytes?")
    assert q.atype is AnswerType.SIZE
    # the closest sentence stating a value gives a plain number: no kind of amount, the type stands
    docs = _docs("Controls the default batch size in bytes.", "The timer defaults to 5, so it waits for 5 ms.",
                 "Batches are sent every 30 ms.")
    near = _closeness({"Controls": 0.8, "The timer": 0.6, "Batches": 0.58})
    assert docs_type(q, docs, near, TYPED).atype is AnswerType.SIZE
    # a count noun the docs measure by ("12 characters") answers "how long" of a password
    q = analyse_question("How long does a password need to be?")
    assert q.atype is AnswerType.DURATION
    docs = _docs("Passwords need at least 12 characters.", "Accounts lock after 5 failed sign-ins.")
    assert docs_type(q, docs, _closeness({"Passwords": 0.75, "Accounts": 0.4}), TYPED).atype is AnswerType.COUNT
    # a yes/no question keeps its type: a number answers it only through the judge
    q = analyse_question("Is there a limit on file size?")
    assert docs_type(q, _docs("Files of up to 250 MB each."), _closeness({"Files": 0.9}), TYPED).atype \
        is AnswerType.YESNO
