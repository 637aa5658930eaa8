"""Which sentences of a chunk the question-driven reader reads, and the words it reads them by.

``chunk_sentences`` gives a chunk's prose sentences, list items and table rows (headings, bare
values and code left out); the word helpers (stems, shares of the question's terms, the question's
own words) score them against a question; ``entity_key`` is the comparable form of a name;
``chunk_context`` and ``idf_weights`` give a chunk's distinctive words and their weights, so that
the answer set can tell whether two chunks speak of the same entity.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache

from ..graph.question import Question
from ..graph.tables import row_sentences
from ..graph.text import STOP, key_tokens, prose, split_sentences, text_terms
from ..pipelines.chunking import QUESTION
from ..text import WORD, soft_wraps
from ..types import Chunk
from .layout import DEFINITION, is_reply, without_asker
from .spans import _MON

MAX_SENTENCE_CHARS = 600
MAX_HEADING_WORDS = 12  # a longer title-case line is a list of names, not a heading
_WORDS = re.compile(r"[A-Za-z][A-Za-z0-9'-]*|\d[\d,.]*")
_TABLE = re.compile(r"^\s*\|")
_LABEL = re.compile(r"^[A-Z][a-z]{0,12}:\s+")


# -- sentences -------------------------------------------------------------------------------
def chunk_sentences(chunk: Chunk) -> list[str]:
    """Prose sentences, list items and a table's rows (with their headers) of a chunk; code is
    left to the claim rules."""
    text = prose(without_asker(chunk))
    section = str(chunk.metadata.get("section") or "")  # the heading path the chunker put first: no statement
    reply = is_reply(chunk)
    out: list[str] = []
    table: list[str] = []
    lines = text.splitlines()
    if section and lines and lines[0].strip() == section:
        lines = lines[1:]  # never wrapped into the line under it ("jq 1.8 Manual > ... map(.+1)")
    for line in [*_definitions(soft_wraps(lines)), ""]:
        line = line.strip().replace("**", "")  # bold marks no sentence ("**Seats.** A seat is ...")
        if section and line == section:
            continue
        if _TABLE.match(line):
            table.append(line)
            continue
        if table:  # a table's rows, read with their headers
            out.extend(row_sentences(table, chunk))
            table = []
        if not line or line.startswith("#") or line[-1] not in ".!?" and (_bare_value(line) or _title_case(line)):
            continue
        if reply and line.startswith(QUESTION):
            continue  # the thread's question, repeated as a reply's context: its words are the asker's
        line = _LABEL.sub("", line.lstrip("-*+> ").strip())
        for s in split_sentences(line):
            s = s.strip()
            if len(s) > MAX_SENTENCE_CHARS:  # cut at a space: never half a name ("Zoltán Kord")
                s = s[:MAX_SENTENCE_CHARS].rsplit(" ", 1)[0]
            if len(s.split()) >= 2 and not s.endswith("?"):
                out.append(s)
    return out


def _definitions(lines: list[str]) -> list[str]:
    """A definition list's entries as one line each: a term over ": its definition" ("**Automatic
    updates**" over ": Default: On. Change it in ...") reads "Automatic updates: Default: On. Change
    it in ...", so the definition's first sentence says what it defines."""
    out: list[str] = []
    for line in lines:
        m = DEFINITION.match(line)
        term = next((k for k in range(len(out) - 1, -1, -1) if out[k].strip()), None) if m else None
        if m and term is not None and len(out[term].split()) <= MAX_HEADING_WORDS and out[term].strip()[-1] not in ".!?:":
            out[term] = f"{out[term].strip().strip('*_').strip()}: {m.group('body')}"
            del out[term + 1:]  # the blank lines between a term and its definition
        else:
            out.append(line)
    return out


def _bare_value(text: str) -> bool:
    """Only a date or a number ("February 11, 2026", "3,559"): no words say what it is the value of
    (a table flattened to one cell per line)."""
    return bool(re.search(r"\d", text)) and not re.search(r"[A-Za-z]{2,}", re.sub(_MON, " ", text))


def _title_case(line: str) -> bool:
    """A heading that lost its markup ("ONC Certification Details", "OpenEMR Achieves ONC
    Certification with Groundbreaking Release 7.0"): every word of four letters or more capitalised,
    function words aside."""
    long = [w for w in WORD.findall(line) if len(w) >= 4 and w.lower() not in STOP]
    return len(long) >= 2 and len(line.split()) <= MAX_HEADING_WORDS and all(w[0].isupper() for w in long)


def _stems(word: str) -> frozenset[str]:
    return key_tokens(word.lower()) if word.lower() not in STOP else frozenset()


def _word_spans(sentence: str, wanted: frozenset[str]) -> list[tuple[int, int]]:
    """Character spans of the words of ``sentence`` whose stems are in ``wanted``."""
    return [m.span() for m in _WORDS.finditer(sentence) if _stems(m.group(0)) & wanted] if wanted else []


def _share(terms: frozenset[str], wanted: frozenset[str], weights: Mapping[str, float] | None = None) -> float:
    """The share of ``wanted`` that ``terms`` covers, each term counting by ``weights`` (alike without)."""
    if not weights:
        return len(terms & wanted) / len(wanted) if wanted else 0.0
    total = sum(weights.get(w, 1.0) for w in wanted)
    return sum(weights.get(w, 1.0) for w in terms & wanted) / total if total else 0.0


def _terms_all(text: str) -> frozenset[str]:
    """Stems of every word of ``text`` but stop words (question frame words included)."""
    return frozenset(st for w in re.findall(r"[A-Za-z][\w'-]*", text) for st in _stems(w))


def _asked_terms(question: Question) -> frozenset[str]:
    """Every term the question uses: its subject's, its cue words and its frame words."""
    return question.cue_terms | question.subject_terms | _terms_all(question.text)


def entity_key(text: str) -> str:
    """Lower case, punctuation and leading articles dropped: "The Beatles" -> "beatles"."""
    words = re.findall(r"[\w]+", text.lower().replace("'s", ""))
    while words and words[0] in ("the", "a", "an"):
        words = words[1:]
    return " ".join(words)


def _opening_share(question: Question, chunk: Chunk, sentences: list[str]) -> float:
    """Share of the subject's terms named by the chunk's title, first two sentences and first two
    lines (a heading and its paragraph; a thread's title and question post, whose replies rarely
    name the product again)."""
    lines = [line for line in prose(chunk.text).splitlines() if line.strip()][:2]
    head = " ".join([str(chunk.metadata.get("title") or ""), *sentences[:2], *lines])
    return _share(text_terms(head), question.subject_terms)


@lru_cache(maxsize=4096)
def chunk_context(text: str) -> frozenset[str]:
    """Distinctive words of a chunk's text (words of four letters or more, capitalised
    three-letter words, numbers of three digits or more), to tell whether two chunks speak of
    the same entity. Cached: the answer set's IDF reads every chunk's again."""
    words = re.findall(r"\b(?:[A-Za-z][a-z]{3,}|[A-Z][a-z]{2}|\d{3,})\b", text)
    return frozenset(w.lower() for w in words if w.lower() not in STOP)


def idf_weights(chunks: Sequence[Chunk]) -> Callable[[str], float]:
    df: dict[str, int] = {}
    for c in chunks:
        for w in chunk_context(c.text):
            df[w] = df.get(w, 0) + 1
    n = max(len(chunks), 1)
    return lambda w: math.log(1.0 + n / (df.get(w, 0) + 0.5))
