"""The type of answer a question asks, read again from the official docs where the type its words
set finds nothing there (``docs_type``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from ..graph.mentions import find_mentions
from ..graph.question import ENTITY_TYPES, AnswerType, Question
from ..types import Chunk
from .extractor import SEMANTIC_ALONE
from .sentences import chunk_sentences

# The kind of amount a value states (``Norm.kind``) and the type of answer asking for it; other
# kinds with a unit (a temperature, a speed, a current) are quantities.
_AMOUNT_TYPES = {"duration": AnswerType.DURATION, "size": AnswerType.SIZE, "rate": AnswerType.RATE,
                 "data_rate": AnswerType.RATE, "percent": AnswerType.PERCENT, "number": AnswerType.COUNT}


def docs_type(question: Question, docs: Sequence[Chunk], similarity: Callable[[str, list[str]], np.ndarray],
              extractor: Any) -> Question:
    """``question`` asking for the kind of amount the official ``docs`` answer it with, where the type
    its words set misreads it: a person the question names taken for the noun asked about ("the
    biggest file a guest may send"), "what call budget does a key get" read as asking for money,
    "how long must a display name be" for a length of time. The docs' sentences are read closest in
    meaning first, those close enough to answer the question alone (``SEMANTIC_ALONE``, the
    extractor's floor); the first one stating a value decides: a value of the type asked keeps it,
    as does a plain number ("defaults to 5, ...", which says no kind); an amount of another kind
    ("600 calls per minute", "3 to 32 characters") is the type asked where the ``extractor``
    (``src.claims.extractor``) reads it so by its shape. The docs' sentences are read so only where
    the docs give no answer of the type asked (the extractor's candidates); for a person, a place
    or a title, found by the tagger, which tags any name, they are read in any case. Yes/no and
    version questions keep their type: a number answers neither on its own."""
    if question.atype in (AnswerType.YESNO, AnswerType.VERSION):
        return question
    if question.atype not in ENTITY_TYPES and extractor.candidates(question, docs):
        return question
    sentences = [(s, ch) for ch in docs for s in chunk_sentences(ch)]
    if not sentences:
        return question
    sims = similarity(question.asked or question.text, [s for s, _ in sentences])
    for i in np.argsort(-sims, kind="stable"):
        sentence, chunk = sentences[int(i)]
        if float(sims[i]) < SEMANTIC_ALONE:
            break
        if question.atype not in ENTITY_TYPES and extractor.typed_values(question, sentence, chunk):
            return question
        amounts = [m for m in find_mentions(sentence) if m.norm.lo is not None]  # not a release, time, yes/no
        if not amounts:
            continue
        atype = _AMOUNT_TYPES.get(amounts[0].norm.kind, AnswerType.QUANTITY)
        if amounts[0].bare or atype is question.atype:
            return question
        retyped = replace(question, atype=atype)
        return retyped if extractor.typed_values(retyped, sentence, chunk) else question
    return question
