"""Query rewriting: N-1 extra variants of a question, from an LLM or offline.

Offline, variants come from pseudo-relevance feedback: the top BM25 hits of the question
lend their most distinctive terms (RM3-style term selection: frequency in the feedback
chunks x inverse document frequency), appended to the question.
"""

from __future__ import annotations

import logging
import math
import re
from collections import Counter
from collections.abc import Callable, Sequence

from ..types import LLM, Chunk

log = logging.getLogger(__name__)

REWRITE_PROMPT = (
    "Rewrite the support question below into {n} different search queries that a knowledge base "
    "of product docs, forum threads, tickets and blog posts would match. Keep product names, plan "
    "names, version numbers and units exactly. One query per line, no numbering, no commentary.\n"
    "Question: {query}\nQueries:"
)
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_\-]{2,}")
_STOP = frozenset(["the", "and", "for", "are", "but", "not", "you", "your", "with", "this", "that", "from", "have", "has", "had", "was", "were", "will", "would", "can", "could", "should", "what", "when", "where", "which", "who", "how", "why", "does", "did", "doing", "done", "into", "onto", "about", "over", "under", "than", "then", "them", "they", "their", "there", "these", "those", "our", "ours", "out", "all", "any", "some", "such", "only", "own", "same", "very", "just", "also", "more", "most", "other", "been", "being", "its", "it's", "per", "via", "use", "used", "using", "get", "got", "set", "like", "make", "made", "need", "needs", "want", "wants", "one", "two"])


def llm_rewriter(llm: LLM, fallback: Callable[[str, int], list[str]] | None = None) -> Callable[[str, int], list[str]]:
    """Variants from the configured LLM; on any failure, the fallback's variants (logged)."""

    def rewrite(query: str, n: int) -> list[str]:
        try:
            reply = llm.chat([{"role": "user", "content": REWRITE_PROMPT.format(n=n, query=query)}],
                             temperature=0.3, max_tokens=256)
            variants = parse_variants(reply, query, n)
            if variants:
                return variants
            log.warning("LLM %s returned no usable query variants; using offline rewriting", llm.name)
        except Exception as exc:  # noqa: BLE001 - any model failure falls back, and says so
            log.warning("query rewriting with %s failed (%s); using offline rewriting", llm.name, exc)
        return fallback(query, n) if fallback else []

    return rewrite


def parse_variants(reply: str, query: str, n: int) -> list[str]:
    """Lines of a model's reply as queries: numbering and bullets stripped, duplicates dropped."""
    out: list[str] = []
    for line in reply.strip().strip("`").splitlines():
        q = re.sub(r"^\s*(?:\d+[.)](?=\s)|[-*\u2022])\s*", "", line).strip().strip('"').strip()
        if q and q.lower() != query.lower() and q.lower() not in {o.lower() for o in out}:
            out.append(q)
    return out[:n]


def prf_terms(query: str, feedback: Sequence[Chunk], doc_freq: Callable[[str], float], n_terms: int = 6) -> list[str]:
    """The ``n_terms`` most distinctive words of the feedback chunks that the query lacks."""
    in_query = {w.lower() for w in _WORD.findall(query)}
    tf: Counter[str] = Counter()
    for rank, chunk in enumerate(feedback):
        weight = 1.0 / (1 + rank)
        words = [w.lower() for w in _WORD.findall(chunk.text)]
        total = max(1, len(words))
        for w, c in Counter(words).items():
            if w not in _STOP and w not in in_query and not w.isdigit():
                tf[w] += weight * c / total
    scored = {w: s * doc_freq(w) for w, s in tf.items()}
    return [w for w, _ in sorted(scored.items(), key=lambda kv: (-kv[1], kv[0]))[:n_terms]]


def prf_rewriter(first_pass: Callable[[str, int], list[Chunk]], corpus: Sequence[Chunk],
                 feedback_k: int = 3) -> Callable[[str, int], list[str]]:
    """Offline rewriter: variant i appends the top terms of the top (i+1)*feedback_k hits."""
    df: Counter[str] = Counter()
    for chunk in corpus:
        df.update({w.lower() for w in _WORD.findall(chunk.text)})
    n_docs = max(1, len(corpus))

    def idf(word: str) -> float:
        return math.log(1 + (n_docs - df.get(word, 0) + 0.5) / (df.get(word, 0) + 0.5))

    def rewrite(query: str, n: int) -> list[str]:
        hits = first_pass(query, feedback_k * n)
        variants = []
        for i in range(n):
            terms = prf_terms(query, hits[: feedback_k * (i + 1)], idf)
            if terms:
                variant = f"{query} {' '.join(terms)}"
                if variant not in variants:
                    variants.append(variant)
        return variants

    return rewrite
