"""Each chunk's typed answers picked from the scored spans of its answering sentences
(``src.claims.extractor``): its best value, by the learned span model where it covers the answer
type, else by the hand score; one per scope when its sentence gives values for several plans or
versions, or another of its sentences gives the value for another version or plan. A yes/no
answer stated as a state ("Default: On", "off by default") outranks one that may only speak of
the thing (``_explicit``).
"""

from __future__ import annotations

import re

from ..graph.question import AnswerType, Question
from ..graph.scope import DIMENSION_NOUNS, find_scope
from ..graph.span_ranker import SpanModel
from ..graph.text import text_terms
from ..types import Chunk
from .candidate import Candidate, SpanRow, _segment_scope
from .phrases import _fullest, stated_state
from .sentences import _share, chunk_context
from .spans import _Span

OTHER_SCOPE_SHARE = 0.6  # a chunk's value for another scope, in another sentence, scores at least this share of its best


def _chunk_candidates(question: Question, chunk: Chunk, rows: list[SpanRow], opening: float,
                      span_model: SpanModel | None) -> list[Candidate]:
    """The chunk's best value (by the learned ``span_model`` where it covers the answer type,
    else by the hand score), and one per scope when its sentence lists several; ``opening``:
    the share of the subject its title and first sentences name."""
    found: list[tuple[float, float, _Span, str]] = []
    levels = [_explicit(r.span.value, r.span.kind, r.sentence) for r in rows] \
        if question.atype is AnswerType.YESNO else []
    if 2 in levels:  # as in ``AnswerExtractor.candidates``
        rows = [r for r, level in zip(rows, levels) if level]
    for row in rows:
        learned = span_model.score(question.atype.value, row.features) if span_model else None
        found.append((row.hand if learned is None else learned, row.hand, row.span, row.sentence))
    if not found:
        return []
    found.sort(key=lambda x: (-x[0], -x[1], x[2].start))
    found = [(hand, span, sentence) for _, hand, span, sentence in found]
    best_score, best, sentence = found[0]
    best = _fullest(best, [sp for _, sp, _ in found])
    context = chunk_context(chunk.text)
    meaning = {row.sentence: row.meaning for row in rows}
    picked = [(best_score, best, sentence)]
    # One sentence giving values per plan/version ("Basic keeps 30 days, Pro 90"): one per scope.
    best_segment = _segment_scope(sentence, best)
    for score, span, sent in found[1:]:
        if sent == sentence and span.normalized != best.normalized and span.kind == best.kind and \
                (segment := _segment_scope(sent, span)) and segment != best_segment:
            picked.append((score, span, sent))
    # Another sentence of the chunk giving the value for another version or plan ("The v2.0
    # defaults were set to 1Mbps" beside "Upgraded to v2.1 ... (10Mbps)"): one per scope, of the
    # dimensions the best sentence names and the question does not.
    scopes = [find_scope(sentence)[0]]
    for score, span, sent in found[1:]:
        if sent == sentence or score < OTHER_SCOPE_SHARE * best_score or span.kind != best.kind or \
                span.normalized == best.normalized:
            continue
        other = find_scope(sent)[0]
        if other not in scopes and any(k in other and other[k] != v for k, v in scopes[0].items()) and \
                not any(k in question.scope for k in other):
            picked.append((score, span, sent))
            scopes.append(other)
    out = []
    subject_names = {w.lower() for w in re.findall(r"\b[A-Z][\w-]*", question.subject)}
    for score, span, sent in picked:
        scope = (_segment_scope(sent, span) or find_scope(sent)[0]) if len(picked) > 1 else find_scope(sent)[0]
        if span.kind == "only":  # "only on Business, Enterprise" names its plans in the value
            scope = {k: v for k, v in scope.items() if k not in DIMENSION_NOUNS.values()}
        # "Each LumenVault account can have ...": the product the question names is no class of account
        scope = {k: v for k, v in scope.items() if not set(v.split(",")) <= subject_names}
        if span.kind == "version":  # "supported from version 5.0": the version is the answer, not its scope
            own = span.normalized.strip("v+")
            scope = {k: v for k, v in scope.items() if not (k == "version" and v.strip("v+") == own)}
        out.append(Candidate(value=span.value, normalized=span.normalized, kind=span.kind, scope=scope,
                             sentence=sent, chunk_id=chunk.id, source=chunk.source, score=round(score, 4),
                             context=context, subject=max(opening, _share(text_terms(sent), question.subject_terms))
                             if question.subject_terms else 1.0, meaning=round(meaning[sent], 4)))
    return out


def _explicit(value: str, kind: str, sentence: str) -> int:
    """How explicitly a yes/no answer is stated: 2 a state stated as a value ("Default: On", "off by
    default"), 0 a "yes" or "available" that may be only the sentence's speaking of the thing (its
    mention, "modern terminals support ..."), 1 anything else (a negation, "only on Business")."""
    state = stated_state(sentence) if kind == "bool" else None
    if state is not None and value.lower() in (state.value.lower(), f"yes ({state.value.lower()})",
                                                f"no ({state.value.lower()})"):
        return 2
    return 0 if kind == "bool" and value.lower() in ("yes", "available") else 1
