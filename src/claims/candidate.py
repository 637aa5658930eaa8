"""What the question-driven reader hands on, and the scope it holds under: ``Candidate`` (one
chunk's typed answer, what ``src.claims.answer_set`` and ``src.claims.judge`` weigh), ``SpanRow``
(a candidate span before one is picked, what ``eval/train_span_ranker.py`` learns from),
``_Answering`` (a sentence that may answer, with its spans), and the scope helpers: whether a
sentence names the plan or version asked about, the scope of the segment that holds a value, and
the plan names one chunk introduces that scope another chunk's bare mention.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import NamedTuple

from ..graph.question import Question
from ..graph.scope import DIMENSION_NOUNS, find_scope, learned_scope, scope_values
from ..types import Chunk
from .sentences import chunk_sentences
from .spans import _Span


def author(chunk_id: str) -> str:
    """Who wrote a chunk: a document's sections (``#c3``, a PDF's ``#p12c0``) share one
    author; each post of a thread (``#qa``, ``#a0031``, ``#r2``) has its own."""
    doc, _, anchor = chunk_id.partition("#")
    return doc if re.fullmatch(r"(?:p\d+)?c\d+", anchor) else chunk_id


@dataclass(frozen=True)
class Candidate:
    """One chunk's answer to the question: the value as written, its canonical form, its
    kind (``date``, ``number``, ``duration``, ``entity``, ``bool``, ``only``...), the scope it
    holds under and how well its sentence answers the question (``score``)."""

    value: str
    normalized: str
    kind: str
    scope: dict[str, str]
    sentence: str
    chunk_id: str
    source: str
    score: float
    context: frozenset[str] = field(default=frozenset(), compare=False)  # the chunk's distinctive words
    subject: float = 0.0  # share of the question's subject terms its sentence or chunk opening names
    meaning: float = 0.0  # cosine of its sentence with the question (0.0 without an embedder)


@dataclass(frozen=True)
class SpanRow:
    """A candidate span in one of a chunk's answering sentences, before one is picked."""

    span: _Span
    sentence: str
    hand: float  # the hand-set score: sentence score + closeness + fit + relation - rank
    features: dict[str, float]  # src.graph.span_ranker.FEATURES ({} when no learned model reads them)
    meaning: float = 0.0  # cosine of the sentence with the question


class _Answering(NamedTuple):
    """A sentence of a chunk that may answer the question."""

    score: float  # lexical share + SEMANTIC_WEIGHT x meaning + SCOPE_BONUS
    sentence: str
    spans: list[_Span]
    meaning: float  # cosine of the sentence with the question


def _with_learned_scopes(candidates: list[Candidate], chunks: Sequence[Chunk]) -> list[Candidate]:
    """"On Basic you only get 30 days": a plan name the evidence introduces elsewhere ("the Basic
    plan") scopes a sentence that names it bare (``src.graph.scope.learned_scope``)."""
    vocab = _plans_introduced(chunks)
    if not vocab:
        return candidates
    out = []
    for c in candidates:
        extra = {k: v for k, v in learned_scope(c.sentence, vocab).items() if k not in c.scope}
        out.append(replace(c, scope=dict(sorted({**c.scope, **extra}.items()))) if extra and c.kind != "only" else c)
    return out


def with_corpus_scope(question: Question, chunks: Sequence[Chunk]) -> Question:
    """"We're on Pro - how long ...?": a plan name the evidence introduces ("the Pro plan") scopes
    a question that names it bare, as it scopes a sentence (``_with_learned_scopes``)."""
    if question.scope:
        return question
    vocab = _plans_introduced(chunks)
    scope = learned_scope(question.text, vocab, asked=True) if vocab else {}
    return replace(question, scope=scope) if scope else question


def _plans_introduced(chunks: Sequence[Chunk]) -> dict[str, str]:
    """Each plan, tier or edition name the chunks introduce, with its dimension (the first seen)."""
    vocab: dict[str, str] = {}
    for chunk in chunks:
        for name, dim in _introduced(chunk):
            vocab.setdefault(name, dim)
    return vocab


def _introduced(chunk: Chunk) -> tuple[tuple[str, str], ...]:
    """The plan names a chunk introduces, in its prose or as a table's columns (``| | Hobby | Pro
    |`` over rows of limits reads "... on the Pro plan")."""
    names = _plan_names(chunk.text)
    if "|" in chunk.text:
        names += _plan_names("\n".join(chunk_sentences(chunk)))
    return names


@lru_cache(maxsize=8192)
def _plan_names(text: str) -> tuple[tuple[str, str], ...]:
    """(name, dimension) of the one-word plan, tier or edition names a text introduces ("the
    Basic plan"). Cached: every question over the same evidence reads the same chunks."""
    return tuple((name, dim) for dim, names in find_scope(text)[0].items() if dim in DIMENSION_NOUNS.values()
                 for name in names.split(",") if name and " " not in name)


def _names_scope(question: Question, sentence: str) -> bool:
    """The sentence names the plan, version or region the question asks about ("on Basic")."""
    if not question.scope:
        return False
    words = set(re.findall(r"[\w.]+", sentence.lower()))
    words |= {w.lstrip("v") for w in words}
    return any(v in words for d in question.scope for v in scope_values(question.scope, d))


def _segment_scope(sentence: str, span: _Span) -> dict[str, str]:
    """The scope named in the comma/semicolon segment that holds the value."""
    cuts = [0] + [m.end() for m in re.finditer(r"[,;]|\bwhile\b|\bwhereas\b|\bbut\b", sentence)] + [len(sentence) + 1]
    for a, b in zip(cuts, cuts[1:]):
        if a <= span.start < b:
            return find_scope(sentence[a:b])[0]
    return {}


def officially(authority: Mapping[str, float]) -> Callable[[Candidate | Chunk], bool]:
    """Whether a candidate (or a chunk) comes from the official source: the one ``authority``
    (source -> weight) ranks above every other. A corpus of one kind of source (RAMDocs' documents)
    has none."""
    top = max(authority.values(), default=0.0)
    ranked = len(set(authority.values())) > 1
    return lambda c: ranked and authority.get(c.source, 0.0) == top
