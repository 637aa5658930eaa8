"""Is there anything relevant to answer from? A measured rule, not a guess.

A question's *terms* are its content words (stop words, numbers and units dropped), split and
stemmed as claim keys are (``src.graph.text.key_tokens``). Each term weighs its inverse
document frequency over the corpus; a term the corpus never uses weighs the most. The
**coverage** of a question is the share of that IDF mass found in the text of the top
``TOP_EVIDENCE`` ranked chunks.

    relevant  <=>  coverage >= COVERAGE_MIN
                   or (coverage >= COVERAGE_WITH_KEY and a claim key shares a term with the question)

The thresholds were measured on the sample corpus (``data/``) with the 33 questions of
``eval/gold.jsonl`` (all answerable) and the 20 off-topic or out-of-corpus questions of
``tests/fixtures/server/offtopic.txt``; ``tests/unit/test_answer_relevance.py`` re-measures
them and prints the margins. Dense similarity is deliberately not used: nearest neighbours
always exist, so a low-but-nonzero cosine says little, while a question whose rare words the
evidence never mentions ("What is the capital of France?") is reliably unanswerable.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ..claims.names import common_words
from ..graph.text import content_words, key_tokens
from ..graph.text import text_terms as terms
from ..types import Chunk, ScoredChunk

TOP_EVIDENCE = 5
COVERAGE_MIN = 0.5
COVERAGE_WITH_KEY = 0.25
OOV_BOOST = 2.0  # a term the corpus never uses is the strongest sign it does not know the subject
NAME_SHARE = 0.1  # a name the question asks about is in at most this share of the chunks
RARE_DF = 3  # a question's term this few chunks use names the thing asked (``RelevanceModel.rare``)


def question_terms(question: str) -> frozenset[str]:
    return key_tokens(" ".join(content_words(question)))


@dataclass(frozen=True)
class Relevance:
    relevant: bool
    coverage: float
    matched_terms: tuple[str, ...]
    missing_terms: tuple[str, ...]
    matched_keys: tuple[str, ...]
    reason: str

    def refuted(self, reason: str) -> Relevance:
        """Not relevant after all: the evidence shares the question's words but not its subject."""
        return replace(self, relevant=False, reason=reason)

    def vouched(self, reason: str) -> Relevance:
        """Relevant after all: the evidence answers the question in words the question never used."""
        return replace(self, relevant=True, reason=reason)

    def to_json(self) -> dict[str, object]:
        return {"relevant": self.relevant, "coverage": round(self.coverage, 3),
                "matched_terms": list(self.matched_terms), "missing_terms": list(self.missing_terms),
                "matched_keys": list(self.matched_keys), "reason": self.reason}


class RelevanceModel:
    """Document frequencies of a corpus's terms, computed once; ``assess`` is then cheap. Read
    only after construction, and its text tools share no stemmer: threads may share it."""

    def __init__(self, chunks: Iterable[Chunk]) -> None:
        self.df: Counter[str] = Counter()
        self.n = 0
        for c in chunks:
            self.n += 1
            self.df.update(terms(c.text))

    def idf(self, term: str) -> float:
        df = self.df.get(term, 0)
        return math.log(1.0 + (self.n + 1) / (df + 0.5)) * (1.0 if df else OOV_BOOST)

    def rare(self, question: str) -> frozenset[str]:
        """The question's terms no dictionary holds (``common_words``) that at most ``RARE_DF``
        chunks use (and one at least): what a chunk must say to speak of the thing asked
        ("Zstandard"), whatever its rank; a plain word few chunks happen to use ("pull") is none."""
        words = {w.lower() for w in content_words(question)} - common_words()
        return frozenset(t for t in key_tokens(" ".join(words)) if 0 < self.df.get(t, 0) <= RARE_DF)

    def weights(self, terms: Iterable[str]) -> dict[str, float]:
        """What each term says in the corpus, for reading a sentence: its IDF, and 0 for one the
        corpus never uses (no sentence can share it; ``idf`` boosts it as a sign of another subject)."""
        return {t: self.idf(t) if self.df.get(t) else 0.0 for t in terms}

    def distinctive(self, names: Iterable[str]) -> tuple[str, ...]:
        """The ``names`` (``src.claims.names.asked_names``) few chunks use: the rarest of a name's
        terms is in at least one chunk and at most ``NAME_SHARE`` of them (3 in a small corpus); a
        name most chunks use is the product's ("jq"), or a topic's, not the thing asked about."""
        limit = max(3.0, NAME_SHARE * self.n)
        return tuple(n for n in names if (dfs := [self.df.get(t, 0) for t in terms(n)]) and 0 < min(dfs) <= limit)

    def unnamed(self, subject_terms: frozenset[str], evidence: Sequence[ScoredChunk]) -> list[str]:
        """The subject's terms the top evidence never uses, when they carry at least half of the
        subject's IDF mass (a question about "Flickr albums" over a corpus that never says Flickr)."""
        seen: set[str] = set()
        for s in evidence[:TOP_EVIDENCE]:
            seen |= terms(s.chunk.text) | terms(str(s.chunk.metadata.get("title") or ""))
        missing = sorted(subject_terms - seen)
        total = sum(self.idf(t) for t in subject_terms)
        return missing if total and sum(self.idf(t) for t in missing) >= 0.5 * total else []

    def assess(self, question: str, evidence: Sequence[ScoredChunk], keys: Iterable[Sequence[str]] = ()) -> Relevance:
        """``keys``: every claim key of the evidence's graph, each with its aliases."""
        q = question_terms(question)
        if not q:
            return Relevance(False, 0.0, (), (), (), "the question has no content words")
        seen: set[str] = set()
        for s in evidence[:TOP_EVIDENCE]:
            seen |= terms(s.chunk.text) | terms(str(s.chunk.metadata.get("title") or ""))
        matched = sorted(q & seen)
        missing = sorted(q - seen)
        total = sum(self.idf(t) for t in q)
        coverage = sum(self.idf(t) for t in matched) / total if total else 0.0
        key_hits = tuple(names[0] for names in keys if any(q & key_tokens(n) for n in names))
        if coverage >= COVERAGE_MIN:
            return Relevance(True, coverage, tuple(matched), tuple(missing), key_hits,
                             f"the top evidence covers {coverage:.0%} of the question's terms")
        if key_hits and coverage >= COVERAGE_WITH_KEY:
            return Relevance(True, coverage, tuple(matched), tuple(missing), key_hits,
                             f"claims about {key_hits[0]!r} match the question (term coverage {coverage:.0%})")
        lost = set(missing)
        words = list(dict.fromkeys(w for w in content_words(question) if key_tokens(w) & lost))
        return Relevance(False, coverage, tuple(matched), tuple(missing), key_hits,
                         f"the evidence covers only {coverage:.0%} of the question's terms"
                         + (f" and never mentions {', '.join(words[:5])}" if words else ""))
