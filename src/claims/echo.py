"""Rivals in other words than the question's: a thread's, post's or ticket's sentence that means
what the official answer's sentence means gives the value its source states for the same fact
(``echoes``), found by closeness of meaning to the docs' answering sentence rather than to the
question. Measured on the 65-set development pool (forty-third session): see BENCHMARKS.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..graph.question import ENTITY_TYPES, AnswerType, Question
from ..graph.scope import find_scope
from ..types import Chunk
from .candidate import Candidate
from .sentences import chunk_context, chunk_sentences
from .setting_candidates import AUTHORITY_ORDER
from .spans import _Span

ECHO = 0.7  # a sentence this close in meaning to the official answer's states the same fact
ECHO_MARGIN = 0.1  # ... and replaces its chunk's answer when this much closer to it

Similarity = Callable[..., list[float]]  # (anchor, texts, *, query=False) -> cosines


def echoes(question: Question, chunks: Sequence[Chunk], found: Sequence[Candidate], *,
           similarity: Similarity, spans: Callable[[Question, str, Chunk], list[_Span]]) -> list[Candidate]:
    """The value a thread, post or ticket states in a sentence that means what the official
    answer's sentence means (a blog's "the console output of a finished build stays for 14 days"
    beside the docs' "Tooler keeps the console output of a finished build for 30 days"), of the
    official answer's kind. One per chunk: its sentence at least ``ECHO`` close to the docs'
    answering sentence and, where the chunk already answers (``found``), ``ECHO_MARGIN`` closer
    than the sentence it answers with, whose value it then replaces (the caller's part): a
    sentence sharing the question's words may give a neighbouring setting's value ("artifacts
    expire after 7 days"). ``spans``: a sentence's typed values; ``similarity``: cosines with an
    anchor text (the question's embedding with ``query=True``)."""
    if question.atype in ENTITY_TYPES or question.atype is AnswerType.YESNO:
        return []
    official = [c for c in found if AUTHORITY_ORDER.get(c.source, 0)]
    if not official:
        return []
    anchor = max(official, key=lambda c: c.score)
    answered = {(c.chunk_id, c.sentence) for c in found}
    rows = [(chunk, s, typed) for chunk in chunks if not AUTHORITY_ORDER.get(chunk.source, 0)
            for s in chunk_sentences(chunk)
            if (chunk.id, s) not in answered
            and (typed := [sp for sp in spans(question, s, chunk) if sp.kind == anchor.kind])]
    if not rows:
        return []
    theirs = sorted({c.sentence for c in found if not AUTHORITY_ORDER.get(c.source, 0)})
    close = similarity(anchor.sentence, [*(s for _, s, _ in rows), *theirs])
    own = dict(zip(theirs, close[len(rows):], strict=True))
    bar: dict[str, float] = {}
    for c in found:
        if c.sentence in own:
            bar[c.chunk_id] = max(bar.get(c.chunk_id, 0.0), own[c.sentence] + ECHO_MARGIN)
    meant = similarity(question.asked or question.text, [s for _, s, _ in rows], query=True)
    best: dict[str, tuple[float, Candidate]] = {}
    for (chunk, s, typed), sim, meaning in zip(rows, close[:len(rows)], meant, strict=True):
        if sim < max(ECHO, bar.get(chunk.id, 0.0)) or (chunk.id in best and best[chunk.id][0] >= sim):
            continue
        span = typed[0]  # as close to the question's subject as the docs' answer it echoes
        best[chunk.id] = (sim, Candidate(value=span.value, normalized=span.normalized, kind=span.kind,
                                         scope=find_scope(s)[0], sentence=s, chunk_id=chunk.id,
                                         source=chunk.source, score=round(anchor.score * sim, 4),
                                         context=chunk_context(chunk.text), subject=anchor.subject,
                                         meaning=round(meaning, 4)))
    return [c for _, c in best.values()]
