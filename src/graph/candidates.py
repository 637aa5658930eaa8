"""Question-driven answer extraction: for each evidence chunk, the sentence that answers the
question and the candidate answer of the expected type in it.

1. Every sentence of a chunk is scored by how much of the question it covers: the share of
   the subject's terms it mentions (the subject may also be named only in the chunk's title
   or first sentence, "He was born ..."), plus the share of the other question terms.
2. In the best sentences, candidates of the expected type are found (``src.graph.question``):
   numbers with units through the value parser and pint, dates and years, clock times and
   weekday windows, versions, yes/no availability with its scope, named entities (spaCy or
   capitalisation, ``src.graph.nlp``) for persons, places and organisations, noun phrases for
   categories ("what sport" -> the phrase closest in meaning to "sport").
3. A candidate scores its sentence's score plus its closeness to the words of the question
   it answers ("born" ... "February 8, 1900"); each chunk gives its best candidate, and one
   per scope when one sentence gives values for several plans or versions.

Nothing here knows a product or a corpus: the cues are the question's own words.
"""

from __future__ import annotations

import math
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import numpy as np

from ..text import WORD, soft_wraps
from ..types import Chunk
from .extract import availability_claims
from .mentions import DAY, find_mentions
from .nlp import Tagger
from .question import DATA_RATE_NOUNS, ENTITY_TYPES, NUMERIC_TYPES, AnswerType, Question
from .scope import DIMENSION_NOUNS, find_scope, learned_scope, scope_values
from .span_ranker import SpanContext, SpanModel, load_span_model, span_features
from .tables import row_sentences
from .text import STOP, is_unit_word, key_tokens, prose, split_sentences, text_terms
from .values import NUMBER_WORDS, UNIT_KINDS, fmt_num, to_number, ureg

MIN_LEXICAL = 0.15  # a sentence sharing less of the question's terms is not read
MIN_SENTENCE_SCORE = 0.45  # lexical score + SEMANTIC_WEIGHT x cosine(question, sentence)
MIN_WORDS_ONLY = 0.25  # the same floor without an embedder (the lexical score alone)
SEMANTIC_WEIGHT = 1.0
MIN_FIT = 0.05  # a category phrase less close in meaning to the noun asked about is no answer
SEMANTIC_ALONE = 0.55  # a sentence this close in meaning answers even without the question's words
VECTOR_CACHE = 50_000  # sentence and phrase vectors kept
LONG_SENTENCE = 45  # words; longer "sentences" score proportionally less
SUBJECT_SHARE = 0.6  # of a sentence's lexical score: the subject's terms; the rest, the other terms
SCOPE_BONUS = 0.6  # the sentence names the plan/version/region the question asks about
KEY_VALUE_WORDS = 6  # a longer "value" after a label is prose, not a setting
KEY_MATCH = 0.5  # share of a setting's key terms the question must use for its value to answer
KEY_BONUS = 0.5  # the value of the setting the question asks about ("batch_size=32")
RELATION_BONUS = 0.4  # "directed by X", "the minister is X", "Father: X": the value follows its cue word
TOP_SENTENCES = 3  # sentences per chunk searched for candidates
MAX_SENTENCE_CHARS = 600
MAX_HEADING_WORDS = 12  # a longer title-case line is a list of names, not a heading
NAMED_AS_ASKED_BONUS = 0.3  # an entity named with the noun asked about ("Lake County" for "which county")
OTHER_SCOPE_SHARE = 0.6  # a chunk's value for another scope, in another sentence, scores at least this share of its best
_WORDS = re.compile(r"[A-Za-z][A-Za-z0-9'-]*|\d[\d,.]*")
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_MON = r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|" \
       r"Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
_DATES = [
    re.compile(rf"\b(?P<m>{_MON})\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y>\d{{3,4}})\b"),
    re.compile(rf"\b(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m>{_MON})\s*,?\s+(?P<y>\d{{3,4}})\b"),
    re.compile(r"\b(?P<y>\d{4})-(?P<mn>\d{2})-(?P<d>\d{2})\b"),
    re.compile(rf"\b(?P<m>{_MON})\s+(?:of\s+)?(?P<y>\d{{4}})\b"),
    re.compile(r"(?<![\w.,$#/:-])(?P<y>1\d{3}|20\d{2})(?:s)?(?![\w%:/-]|[.,]\d|\s*(?:%|percent))"),
]
_MONEY = re.compile(r"(?P<cur>[$€£¥]|USD|EUR|GBP)\s?(?P<n>\d[\d,]*(?:\.\d+)?)(?:\s?(?P<mult>k|m|bn|million|billion))?"
                    r"|(?P<n2>\d[\d,]*(?:\.\d+)?)\s?(?P<cur2>USD|EUR|GBP|dollars|euros|pounds)\b", re.IGNORECASE)
_NEGATION = re.compile(r"\b(?:not|no|never|cannot|can't|isn't|aren't|doesn't|don't|won't|unavailable|unsupported|"
                       r"without)\b", re.IGNORECASE)
_TABLE = re.compile(r"^\s*\|")
# a dependent clause: its negation is its own ("preserves X when they are not modified")
_DEPENDENT = re.compile(r"\b(?:when|whenever|if|unless|until|while|because|although|though|whereas|once)\b",
                        re.IGNORECASE)
_RELATION = re.compile(r"(?:\s*(?:\(|\)|,|:|-|–|\bby\b|\bis\b|\bwas\b|\bare\b|\bwere\b|\bof\b|\bin\b|\bon\b|"
                       r"\bas\b|\bthe\b|\bat\b|\bto\b|\bfrom\b|\bfor\b|\bbecame\b|\bnamed\b|\bcalled\b)\s*){1,4}",
                       re.IGNORECASE)
_LABEL = re.compile(r"^[A-Z][a-z]{0,12}:\s+")
_QUANTITY_KINDS = {"[length]", "[mass]", "[length] ** 2", "[length] ** 3", "[length] / [time]", "[mass] * [length] ** 2 / [time] ** 3",
                   "[temperature]"}


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
class _Span:
    start: int
    end: int
    value: str
    normalized: str
    kind: str
    bonus: float = 0.0  # the span's type fits the question especially well (a PERSON for "who")


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


# -- sentences -------------------------------------------------------------------------------
def chunk_sentences(chunk: Chunk) -> list[str]:
    """Prose sentences, list items and a table's rows (with their headers) of a chunk; code is
    left to the claim rules."""
    text = prose(chunk.text)
    section = str(chunk.metadata.get("section") or "")  # the heading path the chunker put first: no statement
    out: list[str] = []
    table: list[str] = []
    for line in [*soft_wraps(text.splitlines()), ""]:
        line = line.strip()
        if section and line == section:
            continue
        if _TABLE.match(line):
            table.append(line)
            continue
        if table:  # a table's rows, read with their headers
            out.extend(row_sentences(table))
            table = []
        if not line or line.startswith("#") or line[-1] not in ".!?" and (_bare_value(line) or _title_case(line)):
            continue
        line = _LABEL.sub("", line.lstrip("-*+> ").strip())
        for s in split_sentences(line):
            s = s.strip()
            if len(s) > MAX_SENTENCE_CHARS:  # cut at a space: never half a name ("Zoltán Kord")
                s = s[:MAX_SENTENCE_CHARS].rsplit(" ", 1)[0]
            if len(s.split()) >= 2 and not s.endswith("?"):
                out.append(s)
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


def _share(terms: frozenset[str], wanted: frozenset[str]) -> float:
    return len(terms & wanted) / len(wanted) if wanted else 0.0


def _terms_all(text: str) -> frozenset[str]:
    """Stems of every word of ``text`` but stop words (question frame words included)."""
    return frozenset(st for w in re.findall(r"[A-Za-z][\w'-]*", text) for st in _stems(w))


def _asked_terms(question: Question) -> frozenset[str]:
    """Every term the question uses: its subject's, its cue words and its frame words."""
    return question.cue_terms | question.subject_terms | _terms_all(question.text)


# -- typed spans ----------------------------------------------------------------------------
def _date_spans(sentence: str, year_only: bool) -> list[_Span]:
    spans: list[_Span] = []
    taken: list[tuple[int, int]] = []
    for rx in _DATES:
        for m in rx.finditer(sentence):
            if any(m.start() < b and a < m.end() for a, b in taken):
                continue
            gd = m.groupdict()
            y = int(gd["y"])
            if not 100 <= y <= 2100:
                continue
            month = None
            if gd.get("m"):
                month = next(i for i, name in enumerate(_MONTHS, 1) if name.startswith(gd["m"].lower().rstrip(".")[:3]))
            elif gd.get("mn"):
                month = int(gd["mn"])
            day = int(gd["d"]) if gd.get("d") else None
            if year_only or month is None:
                norm = f"{y:04d}"
            elif day is None:
                norm = f"{y:04d}-{month:02d}"
            else:
                norm = f"{y:04d}-{month:02d}-{day:02d}"
            taken.append(m.span())
            spans.append(_Span(m.start(), m.end(), m.group(0).strip(), norm, "date"))
    return spans


_RANGE_JOIN = re.compile(r"\s*(?:–|—|-|\bto\b|\buntil\b|\bthrough\b|\band\b)\s*$", re.IGNORECASE)
_RANGE_LEAD = re.compile(r"\b(?:between|from)\s+$", re.IGNORECASE)
_BIRTH = re.compile(r"\b(?:born|birth\w*)\b", re.IGNORECASE)
_DEATH = re.compile(r"\b(?:die[ds]?|death)\b", re.IGNORECASE)


def _date_ranges(sentence: str, spans: list[_Span], question_text: str) -> list[_Span]:
    """Two dates joined by a dash, "to" or "and" are one answer ("between 1861–1862", "1900 to
    1904"), except a life span "(2 July 1829 – 3 Nov. 1913)" asked about a birth or a death:
    then its first or its last date."""
    birth, death = bool(_BIRTH.search(question_text)), bool(_DEATH.search(question_text))
    out: list[_Span] = []
    i = 0
    while i < len(spans):
        a = spans[i]
        b = spans[i + 1] if i + 1 < len(spans) else None
        if b is None or not _RANGE_JOIN.fullmatch(sentence[a.end:b.start]) or b.normalized < a.normalized:
            out.append(a)
            i += 1
            continue
        if birth != death:  # a life span: the end asked for
            out.append(a if birth else b)
        else:
            lead = _RANGE_LEAD.search(sentence[:a.start])
            start = lead.start() if lead else a.start
            out.append(_Span(start, b.end, sentence[start:b.end], f"{a.normalized}/{b.normalized}", "date"))
        i += 2
    return out


def _pint_quantity(number: str, unit: str) -> tuple[str, str] | None:
    """("98000 m", "[length]") for ("98", "km"); None unless pint knows a physical unit."""
    n = to_number(number)
    if n is None:
        return None
    try:
        q = ureg().Quantity(n, unit.strip(".").replace("²", "**2").replace("³", "**3"))
    except Exception:  # pint raises several unrelated types for unknown words
        return None
    dim = str(q.dimensionality)
    if dim not in _QUANTITY_KINDS:
        return None
    base = q.to_base_units()
    return f"{fmt_num(float(base.magnitude))} {base.units:~}", dim


def _numeric_spans(sentence: str, atype: AnswerType, bare_ok: bool = True) -> list[_Span]:
    spans: list[_Span] = []
    if atype in (AnswerType.MONEY, AnswerType.QUANTITY):
        for m in _MONEY.finditer(sentence):
            n = to_number((m.group("n") or m.group("n2")).replace(",", ""))
            if n is None:
                continue
            mult = {"k": 1e3, "m": 1e6, "million": 1e6, "bn": 1e9, "billion": 1e9}.get((m.group("mult") or "").lower(), 1)
            cur = (m.group("cur") or m.group("cur2") or "").upper()
            cur = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "DOLLARS": "USD", "EUROS": "EUR",
                   "POUNDS": "GBP"}.get(cur, cur)
            spans.append(_Span(m.start(), m.end(), m.group(0), f"{fmt_num(n * mult)} {cur}", "money"))
    if atype == AnswerType.MONEY:
        return spans
    want = {AnswerType.DURATION: {"duration"}, AnswerType.SIZE: {"size", "number"}, AnswerType.RATE: {"rate", "data_rate", "duration", "time"},
            AnswerType.PERCENT: {"percent"}, AnswerType.COUNT: {"number", "rate"},
            AnswerType.QUANTITY: {"number", *UNIT_KINDS}}[atype]
    years = {(s.start, s.end) for s in _date_spans(sentence, True)}
    versions = [(v.start, v.end) for v in _version_spans(sentence)]
    for m in find_mentions(sentence):
        if any(a <= m.start < b for a, b in versions) or re.search(r"\b(?:v|version|app|release)\s*$",
                                                                   sentence[:m.start], re.IGNORECASE):
            continue  # "5.0", "v4": a version, not an amount
        if m.norm.kind not in want or any(m.start < b and a < m.end for a, b in [(s.start, s.end) for s in spans]):
            continue
        if m.norm.kind == "number" and (m.start, m.end) in years:
            continue  # "in 2010" is a year, not a count
        if m.norm.kind == "number":
            unit = re.match(r"\s?([A-Za-z][A-Za-z²³/.]{0,14})", sentence[m.end:])
            if atype == AnswerType.COUNT:
                words = m.text.split()
                if (unit or len(words) > 1) and \
                        _pint_quantity(words[0], (words[1:] or [unit.group(1) if unit else ""])[0]) is not None:
                    continue  # "10 miles" is a distance, not a count
            elif atype in (AnswerType.QUANTITY, AnswerType.DURATION, AnswerType.SIZE):
                q = _pint_quantity(m.text, unit.group(1)) if unit else None
                if q is not None:
                    spans.append(_Span(m.start, m.end + unit.end(), sentence[m.start:m.end + unit.end()], q[0],
                                       "quantity"))
                    continue
                if atype in (AnswerType.DURATION, AnswerType.SIZE):
                    continue  # a plain number is neither a duration nor a size
        if atype == AnswerType.QUANTITY and m.bare and not bare_ok:
            continue  # "What is the maximum size?" is not answered by a bare "12"
        spans.append(_Span(m.start, m.end, m.text, m.norm.canonical, m.norm.kind))
    if atype == AnswerType.COUNT:
        spans = [_counted(sentence, sp) for sp in spans]  # "3,559 people": the counted noun stays with the number
        for m in _WORD_COUNT.finditer(sentence):  # "up to five devices": a number word counting a noun
            if not any(sp.start <= m.start() < sp.end for sp in spans) and m.group(2).lower() not in STOP:
                n = NUMBER_WORDS[m.group(1).lower()]
                spans.append(_Span(m.start(), m.end(), m.group(0), fmt_num(n), "number"))
        spans.sort(key=lambda sp: sp.start)
    return spans


def _counted(sentence: str, span: _Span) -> _Span:
    """A bare count with the plain noun right after it ("3,559 people", "15 libraries")."""
    m = re.match(r"\s([a-z][a-z-]+)\b", sentence[span.end:])
    if span.kind != "number" or not m or m.group(1) in STOP or is_unit_word(m.group(1)):
        return span
    return _Span(span.start, span.end + m.end(), sentence[span.start:span.end + m.end()], span.normalized, span.kind)


_CODE_BEFORE = re.compile(r"\b(?:HTTP|status|error|code|port|ID|PIN|ext\.?|no\.)\s*#?\s*$", re.IGNORECASE)


def _standing_values(sentence: str, spans: list[_Span], *, codes: bool = False) -> list[_Span]:
    """The amounts a sentence states as true: unless ``codes``, no code ("HTTP 429", "port 8080")
    and no breadcrumb's step number ("Getting started > 3.")."""

    def standing(sp: _Span) -> bool:
        before, after = sentence[:sp.start], sentence[sp.end:]
        step = sp.value == sentence[sp.start:sp.end] and re.search(r"[>»|]\s*$", before) and re.match(r"\.?\s*$", after)
        return codes or not (_CODE_BEFORE.search(before) or step)

    return [sp for sp in spans if standing(sp)]


_QUALIFIER = re.compile(r"\b(?:about|around|circa|c\.|approximately|approx\.|nearly|roughly|over|some|"
                        r"almost|under|(?:no |not )?(?:more|less|fewer) than|at (?:least|most)|up to)\s*$", re.IGNORECASE)


def _qualified(sentence: str, spans: list[_Span]) -> list[_Span]:
    """"about 1820", "approximately 50,000": the hedge stays with the value as written."""
    out = []
    for sp in spans:
        m = _QUALIFIER.search(sentence[:sp.start])
        out.append(_Span(m.start(), sp.end, sentence[m.start():sp.end], sp.normalized, sp.kind) if m else sp)
    return out


_RELEASE = re.compile(r"(?<![\w.])v?(\d+\.\d+(?:\.\d+)*)(?![\w.])")


def _release_of(sentence: str, chunk: Chunk) -> list[_Span]:
    """The release a changelog's heading above ``sentence`` names ("# 1.7", "## [1.7.0] -
    2023-09-06", "Version 2.1"): an entry under it ("Remove the deprecated --argfile option.") is a
    change made in that release. A heading naming a version among other words ("jq 1.8 Manual",
    "Kafka 3.5 Documentation") is a document's title, no release."""
    at = chunk.text.find(sentence[:40])
    heads = re.findall(r"^#{1,6}\s+(.+)$", chunk.text[:max(at, 0)], re.MULTILINE)
    for head in reversed([*str(chunk.metadata.get("section") or "").split(" > "), *heads]):
        m = _RELEASE.search(head)
        if m:
            rest = re.findall(r"[A-Za-z]{2,}", re.sub(rf"\b{_MON}\b", " ", _RELEASE.sub(" ", head)))  # dates aside
            if len(rest) <= 1:
                return [_Span(0, 0, m.group(1), "v" + m.group(1), "version")]
            return []  # the nearest version heading is a title: the entry states no release
    return []


def _version_spans(sentence: str) -> list[_Span]:
    out = [_Span(m.start, m.end, m.text, m.norm.canonical, "version") for m in find_mentions(sentence)
           if m.norm.kind == "version"]
    for m in _RELEASE.finditer(sentence):
        if not any(s.start <= m.start() < s.end for s in out):
            out.append(_Span(m.start(), m.end(), m.group(0), "v" + m.group(1), "version"))
    return out


_CLOCK = r"\d{1,2}(?::\d{2})?\s*(?:am|pm)?"
_WINDOW = re.compile(rf"(?:\b(?:(?:every|on)\s+)?(?P<d1>{DAY})\s*,?\s*(?:from|between)?\s*)?(?:between\s+|from\s+)?"
                     rf"(?P<a>{_CLOCK})\s*(?:and|to|-|–|—)\s*(?P<b>{_CLOCK})\s*(?P<z>UTC|GMT)?"
                     rf"(?:\s*,?\s*(?:every|on)\s+(?P<d2>{DAY}))?", re.IGNORECASE)


def _clock(text: str) -> str | None:
    m = re.fullmatch(r"(\d{1,2})(?::(\d{2}))?\s*(am|pm)?", text.strip(), re.IGNORECASE)
    if not m or (not m.group(2) and not m.group(3)):
        return None  # "1 and 3" alone is no clock time
    h = int(m.group(1)) % 12 + (12 if (m.group(3) or "").lower() == "pm" else 0) if m.group(3) else int(m.group(1))
    return f"{h:02d}:{m.group(2) or '00'}"


def _time_spans(sentence: str) -> list[_Span]:
    """Weekday/clock windows with their zone: "Sundays 02:00-04:00 UTC", "between 01:00 and 03:00
    UTC every Tuesday", "Wednesdays 1-3 AM UTC"."""
    out = [_Span(m.start, m.end, m.text, m.norm.canonical, "time") for m in find_mentions(sentence)
           if m.norm.kind == "time"]
    for m in _WINDOW.finditer(sentence):
        b_text = m.group("b")
        a_text = m.group("a") + ("" if re.search(r"am|pm", m.group("a"), re.I) else
                                 (re.search(r"am|pm", b_text, re.I).group(0) if re.search(r"am|pm", b_text, re.I) else ""))
        a, b = _clock(a_text), _clock(b_text)
        if not a or not b:
            continue
        day = (m.group("d1") or m.group("d2") or "")[:3].lower()
        canon = " ".join(x for x in (day, f"{a}-{b}", "utc" if m.group("z") else "") if x)
        lead = re.match(r"on\s+", m.group(0), re.IGNORECASE)  # "on Sundays ..." is said "Sundays ..."
        start = m.start() + (lead.end() if lead else 0)
        span = _Span(start, m.end(), sentence[start:m.end()].strip(), canon, "time")
        out = [o for o in out if not (span.start <= o.start < span.end)]  # the whole window replaces its parts
        if not any(o.start <= span.start < o.end and o.end >= span.end for o in out):
            out.append(span)
    return sorted(out, key=lambda sp: sp.start)


_LABELS = {AnswerType.PERSON: {"PERSON", "ORG", "PROPER"}, AnswerType.ORG: {"ORG", "NORP", "PERSON", "PROPER"},
           AnswerType.PLACE: {"GPE", "LOC", "FAC", "PROPER"}, AnswerType.TITLE: {"WORK_OF_ART", "PROPER", "ORG"}}
_BEST_LABEL = {AnswerType.PERSON: "PERSON", AnswerType.ORG: "ORG", AnswerType.PLACE: "GPE",
               AnswerType.TITLE: "WORK_OF_ART"}
LABEL_BONUS = 0.1


def entity_key(text: str) -> str:
    """Lower case, punctuation and leading articles dropped: "The Beatles" -> "beatles"."""
    words = re.findall(r"[\w]+", text.lower().replace("'s", ""))
    while words and words[0] in ("the", "a", "an"):
        words = words[1:]
    return " ".join(words)


def _overlaps_subject(text: str, subject_words: set[str]) -> bool:
    words = set(entity_key(text).split()) - STOP
    return bool(words) and len(words & subject_words) / len(words) >= 0.5


def _entity_spans(tagged, atype: AnswerType, subject_words: set[str]) -> list[_Span]:
    labels = _LABELS.get(atype, {"PERSON", "ORG", "GPE", "LOC", "FAC", "NORP", "WORK_OF_ART", "PROPER", "PRODUCT",
                                 "EVENT", "LANGUAGE"})
    out = []
    ents = list(tagged.entities)
    merged: list[tuple[int, int, str]] = []
    for a, b, label in ents:  # "Cloutierville, Louisiana": one place
        if merged and atype == AnswerType.PLACE and label in ("GPE", "LOC", "PROPER") and \
                merged[-1][2] in ("GPE", "LOC", "PROPER") and \
                re.fullmatch(r",\s*", tagged.text[merged[-1][1]:a]):
            merged[-1] = (merged[-1][0], b, merged[-1][2])
        else:
            merged.append((a, b, label))
    for a, b, label in merged:
        text = tagged.text[a:b].strip(" ,.;:'\"()")
        if label not in labels or not text or not entity_key(text):
            continue
        if _overlaps_subject(text, subject_words):
            # "Van Horn, Texas" asked about Van Horn: the part after the comma may be the answer.
            parts = [p.strip() for p in text.split(",")]
            rest = [p for p in parts if p and not _overlaps_subject(p, subject_words)]
            if len(parts) < 2 or not rest:
                continue
            text = ", ".join(rest)
            a = tagged.text.index(text, a) if text in tagged.text[a:b] else a
        bonus = LABEL_BONUS if label == _BEST_LABEL.get(atype) or (atype == AnswerType.PLACE and label == "LOC") else 0.0
        out.append(_Span(a, a + len(text), text, entity_key(text), "entity", bonus))
    return out


def _phrase_spans(tagged, subject_words: set[str]) -> list[_Span]:
    """Noun phrases and entities without determiners or the subject, and their head-final
    sub-phrases ("a former American football linebacker" -> "American football", "football"...)."""
    out: dict[str, _Span] = {}
    spans = list(tagged.phrases) + [(a, b) for a, b, label in tagged.entities
                                    if label not in ("DATE", "CARDINAL", "ORDINAL", "QUANTITY", "PERCENT", "MONEY",
                                                     "TIME")]
    for a, b in spans:
        words = [(m.start() + a, m.end() + a, m.group(0)) for m in re.finditer(r"[\w'-]+", tagged.text[a:b])]
        while words and words[0][2].lower() in STOP | {"former", "current", "later", "early", "other", "first"}:
            words = words[1:]
        for i in range(len(words)):
            for j in range(i + 1, min(len(words), i + 3) + 1):
                sub = words[i:j]
                text = tagged.text[sub[0][0]:sub[-1][1]]
                if sub[-1][2].lower() in STOP or sub[0][2].lower() in STOP or any(w[2].isdigit() for w in sub):
                    continue
                if _overlaps_subject(text, subject_words) or len(text) < 3:
                    continue
                out.setdefault(text.lower(), _Span(sub[0][0], sub[-1][1], text, entity_key(text), "entity"))
    return list(out.values())


_PRESENT_WHEN = re.compile(r"\bwhen\s+(?:does|do|is|are|will|can|should)\b", re.IGNORECASE)
_WORD_COUNT = re.compile(r"(?<![\w-])(" + "|".join(w for w in NUMBER_WORDS if " " not in w and w not in ("a", "an", "single"))
                         + r")\s+([a-z][a-z-]+)", re.IGNORECASE)
_BARE_NOUNS = {"code", "port", "number", "count", "limit", "maximum", "minimum", "max", "min", "threshold"}
# cloud regions: eu-central, us-east-1, ap-southeast-2, us-gov-west-1 (not "note-taking", "bert-base")
_REGION_CODE = re.compile(r"(?<![\w-])[a-z]{2}-(?:[a-z]+-)?(?:north|south|east|west|central)[a-z]*(?:-\d)?(?![\w-])")


_NAME_RUN = re.compile(r"[A-Z][\w'-]*(?:\s+(?:(?:de|la|von|van|der|di|da|of)\s+)?[A-Z][\w'-]*)*")


def _named_as_asked(sentence: str, spans: list[_Span], question: Question, asked: frozenset[str]) -> list[_Span]:
    """``spans`` and, for each capitalised one followed by the noun asked about (after no other
    words but the question's, ``asked``), that name with its noun, with a bonus: "the SLI Compliance
    Certification Body" for "Which certification body ...?", "Lake County" for "Which county ...?"."""
    if not question.type_noun:
        return spans
    noun = _stems(question.type_noun)
    out = list(spans)
    for sp in spans:
        if not sp.value[:1].isupper():
            continue
        run = re.match(r"(?:\s+[\w-]+){1,3}", sentence[sp.end:])  # the next words, up to a punctuation mark
        for m in re.finditer(r"\s+([\w-]+)", run.group(0) if run else ""):
            stems = _stems(m.group(1))
            if stems and stems <= noun:
                end = sp.end + m.end()
                out.append(_Span(sp.start, end, sentence[sp.start:end], entity_key(sentence[sp.start:end]), sp.kind,
                                 sp.bonus + NAMED_AS_ASKED_BONUS))
                break
            if not stems or not stems <= asked:
                break
    return out


def _subject_names(sentence: str, subject_words: set[str]) -> list[tuple[int, int]]:
    """Spans of the capitalised names in ``sentence`` that hold a word of the subject's name:
    "Pier Paolo Crescenzi" asked about "Pier Crescenzi" -- "Paolo" is part of the name, no answer."""
    return [m.span() for m in _NAME_RUN.finditer(sentence)
            if set(entity_key(m.group(0)).split()) & subject_words]


def _copular(sentence: str, spans: list[_Span], question: Question) -> list[_Span]:
    """Phrases right after "<subject> is/was a/an/the": what the sentence says the subject is."""
    out = []
    for m in re.finditer(r"\b(?:is|was|are|were)\s+(?:(?:a|an|the|one of the)\s+)", sentence):
        before = text_terms(sentence[:m.start()])
        if question.subject_terms and not before & question.subject_terms:
            continue
        out += [sp for sp in spans if m.end() <= sp.start <= m.end() + 40]
    return out


def _yesno_spans(sentence: str, chunk: Chunk, question: Question) -> list[_Span]:
    """Availability ("X is (not) available on S", "only on S", "X requires S"); for a question
    asking which plans/tiers/editions, the names a sentence gives ("available on the Business
    and Enterprise plans" -> only business, enterprise); else yes/no by negation."""
    dim = DIMENSION_NOUNS.get((question.type_noun or "").rstrip("s"))
    out = []
    scope = find_scope(sentence)[0]
    for c in availability_claims(sentence, scope, sentence, chunk):
        kind = "only" if str(c.normalized).startswith("only:") else "bool"
        names = sorted(scope_values(c.scope, dim)) if dim else []
        if dim and kind == "bool" and c.normalized == "true" and names:
            out.append(_Span(0, len(sentence), "only " + ", ".join(names), "only:" + ",".join(names), "only"))
        else:
            out.append(_Span(0, len(sentence), c.value, str(c.normalized), kind))
    if out or dim:
        return out
    cue = question.cue_terms - {"avail", "support", "includ"}
    if _share(text_terms(sentence), question.subject_terms) >= 0.5 and (not cue or text_terms(sentence) & cue):
        return [_polarity(sentence)]
    return []


def _polarity(sentence: str) -> _Span:
    """Yes, or no when the main clause (before a dependent one) is negated."""
    dependent = _DEPENDENT.search(sentence)
    main = sentence[:dependent.start()] if dependent and dependent.start() > 0 else sentence
    neg = bool(_NEGATION.search(main))
    return _Span(0, len(sentence), "no" if neg else "yes", "false" if neg else "true", "bool")


# -- the extractor --------------------------------------------------------------------------
class AnswerExtractor:
    """``candidates(question, chunks)``: each chunk's best typed answers to the question.

    ``embed``: texts -> unit row vectors (the corpus embedder); ``embed_query``: the question
    -> its unit vector (the engine's cached query embedding). They rank answering sentences by
    closeness to the question and category phrases by closeness to the noun asked about;
    without them only the question's words count.
    """

    def __init__(self, tagger: Tagger, embed: Callable[[list[str]], np.ndarray] | None = None,
                 embed_query: Callable[[str], np.ndarray] | None = None, *,
                 span_model: SpanModel | None = None) -> None:
        self.tagger = tagger
        # Which span is a chunk's answer: a learned model (``src.graph.span_ranker``), or the
        # hand-set score with ``span_model=None``. Its weights were fitted with an embedder's
        # features, so without one the hand score decides.
        self.span_model = span_model if embed is not None else None
        self.embed = embed
        self.embed_query = embed_query
        self._vectors: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def _similarity(self, anchor: str, texts: list[str], *, query: bool = False) -> list[float]:
        """Cosine of each text with ``anchor`` (embedded as a query when ``query``); 0.0 each
        without an embedder. Text vectors are cached (LRU)."""
        if self.embed is None or not texts:
            return [0.0] * len(texts)
        with self._lock:
            wanted = list(dict.fromkeys(texts if query and self.embed_query else [anchor, *texts]))
            todo = [t for t in wanted if t not in self._vectors]
            if todo:
                for t, v in zip(todo, self.embed(todo)):
                    self._vectors[t] = v
            for t in wanted:
                self._vectors.move_to_end(t)
            while len(self._vectors) > VECTOR_CACHE:
                self._vectors.popitem(last=False)
            a = self.embed_query(anchor) if query and self.embed_query else self._vectors[anchor]
            return [float(self._vectors[t] @ a) for t in texts]

    def _lexical(self, question: Question, chunk: Chunk, sentences: list[str],
                 chunk_subject: float) -> list[tuple[float, str, bool]]:
        """(score, sentence, product only): the share of the subject's terms (or, for a sentence
        that does not name the subject, half the share ``chunk_subject`` its chunk's opening names)
        and of the other terms. *Product only*: the question asks a measure of a product it names
        ("the largest attachment a product named here accepts") and the sentence shares none of its
        other terms; naming the product ("CloudSync app v2.0.3, 64GB storage") says nothing of what
        is asked about it, unless the sentence's meaning does (``_answering_sentences``)."""
        named_anywhere = bool(text_terms(chunk.text) & question.subject_terms)
        product = question.names_product and bool(question.cue_terms)
        scored = []
        for s in sentences:
            t = text_terms(s)
            subj = max(_share(t, question.subject_terms), 0.5 * chunk_subject)
            cue = _share(t, question.cue_terms)
            if question.subject_terms and not subj and not named_anywhere:
                scored.append((0.0, s, False))  # about something else, unless its meaning says otherwise
                continue
            if not question.subject_terms:
                score = cue
            elif not question.cue_terms:
                score = subj
            else:
                score = SUBJECT_SHARE * subj + (1 - SUBJECT_SHARE) * cue
            words = len(s.split())
            if words > LONG_SENTENCE:  # lists, tables flattened to text, navigation: no statement
                score *= LONG_SENTENCE / words
            scored.append((score, s, product and not cue))
        return scored

    def candidates(self, question: Question, chunks: Sequence[Chunk]) -> list[Candidate]:
        """Each chunk's best typed answers (see the module docstring)."""
        learned = self.span_model is not None and self.span_model.covers(question.atype.value)
        out: list[Candidate] = []
        for chunk, opening, ranked in self._answering_sentences(question, chunks):
            rows = self._span_rows(question, chunk, ranked, opening, features=learned)
            out.extend(self._chunk_candidates(question, chunk, rows, opening))
        return _with_learned_scopes(out, chunks)

    def typed_values(self, question: Question, text: str, chunk: Chunk) -> list[tuple[str, str, str]]:
        """(value as written, normalized, kind) of each value of ``question.atype`` that ``text``
        (a sentence of ``chunk``, or a value taken from one) states by its shape: numbers with units,
        dates, clock windows, versions, availability; found and normalised as ``candidates`` does.
        [] for the entity types (found by the tagger; their normalized form is ``entity_key``), so
        it never touches the tagger or the embedder: safe from any thread (``src.graph.llm_answers``)."""
        if question.atype in ENTITY_TYPES:
            return []
        return [(sp.value, sp.normalized, sp.kind) for sp in self._spans(question, text, chunk)]

    def span_rows(self, question: Question, chunks: Sequence[Chunk]) -> list[tuple[Chunk, list[SpanRow]]]:
        """Every candidate span of each chunk's answering sentences with its features and hand
        score, before one is picked (``eval/train_span_ranker.py`` learns the pick from these)."""
        return [(chunk, self._span_rows(question, chunk, ranked, opening, features=True))
                for chunk, opening, ranked in self._answering_sentences(question, chunks)]

    def _answering_sentences(self, question: Question, chunks: Sequence[Chunk]
                             ) -> list[tuple[Chunk, float, list[_Answering]]]:
        """Per chunk: the share of the subject its opening names, and its best sentences
        (score, sentence, typed spans), best first."""
        entities = question.atype in ENTITY_TYPES
        # Sentences that share the question's words; for values found by their shape (numbers,
        # dates, versions) also the others, which their meaning alone (SEMANTIC_ALONE) or the plan
        # or version the question asks about may admit (a forum reply that never names the product).
        lexical = []
        for chunk in chunks:
            sentences = chunk_sentences(chunk)
            opening = _opening_share(question, chunk, sentences)
            lexical.append((chunk, opening, [row for row in self._lexical(question, chunk, sentences, opening)
                                             if row[0] >= MIN_LEXICAL or not entities]))
        if entities:  # one tagging batch for every chunk's sentences
            self.tagger.tag([s for _, _, scored in lexical for _, s, _ in scored])
        # A yes/no fact in other words than the question's ("keeps the precision" asked, "maintains
        # the precision" written): a sentence sharing some of its words is read by its meaning below.
        by_meaning = question.atype == AnswerType.YESNO and self.embed is not None \
            and not DIMENSION_NOUNS.get((question.type_noun or "").rstrip("s"))
        typed = []
        for chunk, opening, scored in lexical:
            rows = [(sc, s, product_only, spans) for sc, s, product_only in scored
                    if (spans := self._spans(question, s, chunk)) or (by_meaning and sc > 0)]
            typed.append((chunk, opening, rows))
        # Meaning is read against the whole question: its context sentences say what it is about.
        sims = self._similarity(question.asked or question.text, [s for _, _, rows in typed for _, s, _, _ in rows],
                                query=True)
        out = []
        k = 0
        for chunk, opening, rows in typed:
            ranked = []
            for sc, s, product_only, spans in rows:
                if not spans:  # read by its meaning (by_meaning above)
                    spans = [_polarity(s)] if sims[k] >= SEMANTIC_ALONE else []
                    if not spans:
                        k += 1
                        continue
                if product_only and sims[k] < SEMANTIC_ALONE:  # "Hooklane's delivery timeout is 10 seconds" reads
                    sc = 0.0
                scoped = _names_scope(question, s)
                if sc >= MIN_LEXICAL or sims[k] >= SEMANTIC_ALONE or scoped:
                    ranked.append(_Answering(sc + SEMANTIC_WEIGHT * sims[k] + SCOPE_BONUS * scoped, s, spans, sims[k]))
                k += 1
            floor = MIN_SENTENCE_SCORE if self.embed is not None else MIN_WORDS_ONLY
            out.append((chunk, opening, [r for r in sorted(ranked, key=lambda r: -r.score) if r.score >= floor][:TOP_SENTENCES]))
        return out

    def _spans(self, question: Question, sentence: str, chunk: Chunk) -> list[_Span]:
        spans = self._typed_spans(question, sentence, chunk)
        settings = _key_values(sentence)
        return _keyed(question, sentence, spans, settings, lambda text: self._typed_spans(question, text, chunk)) \
            if settings else spans

    def _typed_spans(self, question: Question, sentence: str, chunk: Chunk) -> list[_Span]:
        t = question.atype
        subject_words = set(entity_key(question.subject).split()) - STOP
        if t in (AnswerType.DATE, AnswerType.YEAR):
            dates = _date_ranges(sentence, _date_spans(sentence, t == AnswerType.YEAR), question.text)
            spans = _qualified(sentence, dates) or _time_spans(sentence)
            if not spans and t == AnswerType.DATE and _PRESENT_WHEN.search(question.text):
                # "When does a shared link stop working?": after a duration
                spans = _qualified(sentence, _numeric_spans(sentence, AnswerType.DURATION))
            return spans
        if t == AnswerType.TIME:  # a clock time or window, else a day ("on 12 May"); a bare year is no time
            return _time_spans(sentence) or [sp for sp in _date_spans(sentence, False) if "-" in sp.normalized]
        if t == AnswerType.VERSION:
            return _version_spans(sentence) or _release_of(sentence, chunk)
        if t == AnswerType.YESNO:
            return _yesno_spans(sentence, chunk, question)
        if t in ENTITY_TYPES:
            tagged = self.tagger.tag([sentence])[0]
            if t == AnswerType.PHRASE:
                names = _subject_names(sentence, subject_words)
                spans = [sp for sp in _phrase_spans(tagged, subject_words)
                         if not any(a < sp.end and sp.start < b for a, b in names)]
                if not question.type_noun:  # "What is X?": only what the sentence says X is
                    spans = _copular(sentence, spans, question)
            else:
                spans = _entity_spans(tagged, t, subject_words)
                if t == AnswerType.PLACE:
                    spans += [_Span(m.start(), m.end(), m.group(0), m.group(0).lower(), "entity")
                              for m in _REGION_CODE.finditer(sentence)]
            # "sport" does not answer "What sport ...?": a value made of the question's words is no answer;
            # a phrase ending in a participle or an adverb ("accepted", "renowned", "mostly") is no noun.
            asked = _asked_terms(question)
            spans = [sp for sp in spans if not _terms_all(sp.value) <= asked
                     and not (t == AnswerType.PHRASE and re.search(r"(?:ed|ly)$", sp.value.lower()))]
            return _named_as_asked(sentence, spans, question, asked)
        bare_ok = t != AnswerType.QUANTITY or question.type_noun in _BARE_NOUNS
        codes = question.type_noun in _BARE_NOUNS  # "What HTTP status code ...?": a code is the answer
        spans = _qualified(sentence, _standing_values(sentence, _numeric_spans(sentence, t, bare_ok), codes=codes))
        return [sp for sp in spans if sp.kind == "data_rate"] if question.type_noun in DATA_RATE_NOUNS else spans

    def _span_rows(self, question: Question, chunk: Chunk, ranked: list[_Answering],
                   opening: float, *, features: bool) -> list[SpanRow]:
        """Every span of the chunk's answering sentences with its hand score, and its features when
        ``features`` (the learned model reads them); ``opening``: the share of the subject its title
        and first sentences name."""
        rows: list[SpanRow] = []
        text = chunk.text.lower() if features else ""  # the features' repeat counts read it
        anchor = question.type_noun or question.text
        for rank, (sscore, sentence, spans, meaning) in enumerate(ranked):
            cues = _word_spans(sentence, question.cue_terms)
            where = [a for a, _ in cues]
            cue_ends = [b for _, b in cues]
            named = [a for a, _ in _word_spans(sentence, question.subject_terms)]
            values = [s.value for s in spans]
            fit = self._fit(question, values)
            type_fit = self._similarity(anchor, values) if features else [0.0] * len(values)
            for i, (span, f) in enumerate(zip(spans, fit)):
                near_subject = 1.0 / (1.0 + min((abs(span.start - p) for p in named), default=len(sentence)) / 24.0)
                if where:
                    dist = min(abs(span.start - p) for p in where) / 6.0  # ~ words
                    closeness = 1.0 / (1.0 + dist / 4.0)
                else:  # no cue word here ("founded" for "established"): near the subject, and first
                    closeness = 0.5 * near_subject + 0.5 / (1.0 + i)
                related = any(_RELATION.fullmatch(sentence[e:span.start]) for e in cue_ends if e <= span.start)
                hand = sscore + 0.5 * closeness + f + span.bonus + RELATION_BONUS * related - 0.05 * rank \
                    - 0.03 * min(i, 5)
                if not features:
                    rows.append(SpanRow(span, sentence, hand, {}, meaning))
                    continue
                ctx = SpanContext(sentence=sentence, chunk_text=text, sentence_score=sscore, rank=rank, index=i,
                                  closeness=closeness, has_cue=bool(where), related=related, fit=f,
                                  type_fit=type_fit[i], near_subject=near_subject, chunk_opening=opening,
                                  subject_named=bool(named))
                rows.append(SpanRow(span, sentence, hand, span_features(span.value, span.start, span.end, ctx), meaning))
        return rows

    def _chunk_candidates(self, question: Question, chunk: Chunk, rows: list[SpanRow],
                          opening: float) -> list[Candidate]:
        """The chunk's best value (by the learned span model where it covers the answer type,
        else by the hand score), and one per scope when its sentence lists several; ``opening``:
        the share of the subject its title and first sentences name."""
        found: list[tuple[float, float, _Span, str]] = []
        for row in rows:
            learned = self.span_model.score(question.atype.value, row.features) if self.span_model else None
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

    def _fit(self, question: Question, values: list[str]) -> list[float]:
        """How well each value fits the noun asked about, categories only: 1.2 x cosine, or -1.0
        below MIN_FIT; 0.0 each for other types or without an embedder."""
        if question.atype != AnswerType.PHRASE or not values:
            return [0.0] * len(values)
        anchor = question.type_noun or question.text
        sims = self._similarity(anchor, values)
        if self.embed is None:
            return [0.0] * len(values)
        return [max(0.0, s) * 1.2 if s >= MIN_FIT else -1.0 for s in sims]


def _fullest(best: _Span, spans: Sequence[_Span]) -> _Span:
    """The chunk's most precise wording of its best value: "13 January 1891" where the best
    sentence says "born 1891", "Zoltán Korda" where it says "Korda"."""
    for sp in spans:
        if sp.kind != best.kind or sp is best:
            continue
        if best.kind == "date" and "/" not in best.normalized + sp.normalized and \
                sp.normalized.startswith(best.normalized + "-") and len(sp.normalized) > len(best.normalized):
            best = _Span(best.start, best.end, sp.value, sp.normalized, best.kind, best.bonus)
        elif best.kind == "entity":
            words, longer = best.normalized.split(), sp.normalized.split()
            if len(words) < len(longer) <= len(words) + 2 and words in (longer[-len(words):], longer[:len(words)]):
                best = _Span(best.start, best.end, sp.value, sp.normalized, best.kind, best.bonus)
    return best


def make_extractor(nlp: str | None, embed_model: object | None,
                   embed_query: Callable[[str], np.ndarray] | None = None, *,
                   span_ranker: str = "hand") -> AnswerExtractor:
    """An extractor reading entities with the ``nlp`` pipeline (``[models] nlp``) and meaning with
    ``embed_model``; ``embed_query`` defaults to embedding the question as a query, uncached.
    ``span_ranker`` (``[models] span_ranker``): "hand", "learned" or a weights file."""
    from ..embeddings import embed_texts
    from .nlp import load_tagger

    if embed_model is None:
        return AnswerExtractor(load_tagger(nlp))
    model = None if span_ranker == "hand" else load_span_model() if span_ranker == "learned" \
        else load_span_model(Path(span_ranker))
    return AnswerExtractor(load_tagger(nlp), lambda texts: embed_texts(embed_model, texts),
                           embed_query or (lambda text: embed_texts(embed_model, [text], queries=True)[0]),
                           span_model=model)


def _with_learned_scopes(candidates: list[Candidate], chunks: Sequence[Chunk]) -> list[Candidate]:
    """"On Basic you only get 30 days": a plan name the evidence introduces elsewhere ("the Basic
    plan") scopes a sentence that names it bare (``src.graph.scope.learned_scope``)."""
    vocab: dict[str, str] = {}
    for chunk in chunks:
        for name, dim in _plan_names(chunk.text):
            vocab.setdefault(name, dim)
    if not vocab:
        return candidates
    out = []
    for c in candidates:
        extra = {k: v for k, v in learned_scope(c.sentence, vocab).items() if k not in c.scope}
        out.append(replace(c, scope=dict(sorted({**c.scope, **extra}.items()))) if extra and c.kind != "only" else c)
    return out


@lru_cache(maxsize=8192)
def _plan_names(text: str) -> tuple[tuple[str, str], ...]:
    """(name, dimension) of the one-word plan, tier or edition names a text introduces ("the
    Basic plan"). Cached: every question over the same evidence reads the same chunks."""
    return tuple((name, dim) for dim, names in find_scope(text)[0].items() if dim in DIMENSION_NOUNS.values()
                 for name in names.split(",") if name and " " not in name)


_KEY_VALUE = re.compile(r"(?:(?<![\w.-])(?P<ident>[A-Za-z][\w.-]*)\s*=|(?:^|(?<=[;,(]))\s*(?P<label>[A-Za-z][\w.-]*"
                        r"(?:[ _][A-Za-z][\w.-]*){0,3}):)\s*(?P<value>[^;,=()\n]*[^;,=()\n\s.])")


@dataclass(frozen=True)
class _Setting:
    """A ``key: value`` / ``key=value`` setting of a sentence: its key, the key's terms, where its
    value is, and whether the value belongs to the key alone."""

    key: str
    terms: frozenset[str]
    start: int
    end: int
    owned: bool  # "x=1", "epochs: 5"; not a longer text after a label, which may answer other questions

    def holds(self, span: _Span) -> bool:
        return self.start <= span.start < self.end


def _key_values(sentence: str) -> list[_Setting]:
    """The settings a sentence lists ("batch_size=32; patience=5", "epochs: 5"): each value
    belongs to its own key."""
    out = []
    for m in _KEY_VALUE.finditer(sentence):
        key = m.group("ident") or m.group("label")
        value = m.group("value")
        terms = key_tokens(key)
        if value.startswith("//") or not re.search(r"[^\W_]", value) or not terms or \
                len(value.split()) > KEY_VALUE_WORDS:
            continue  # "https://...", "**Selective Sync:**", "Note: the limit is ...": no setting
        # ("Rate limits: 1000 requests/hour for free accounts" is a label's longer text, not owned)
        out.append(_Setting(key, terms, m.start("value"), m.end("value"),
                            owned=bool(m.group("ident")) or len(value.split()) <= 2))
    return out


def _keyed(question: Question, sentence: str, spans: list[_Span], settings: list[_Setting],
           typed: Callable[[str], list[_Span]]) -> list[_Span]:
    """Spans of a sentence that lists settings: a value under a key the question does not ask
    about is no answer ("storage=5TB" to "What batch size ...?"); the value under the key it asks
    about is, whatever its type ("batch_size=32" to a question typed as a size, with the unit a
    key names: "storage_quota_tb: 5" -> "5 tb"). ``typed(text)``: the typed spans of a text."""
    asked = _asked_terms(question)
    out = [sp for sp in spans if not any(st.holds(sp) for st in settings)]
    share = [len(st.terms & asked) / len(st.terms) for st in settings]
    best = max(share)  # "storage" answers "what storage size", not "batch_size" beside it
    for st, match in zip(settings, share):
        inside = [sp for sp in spans if st.holds(sp)]
        if match < max(KEY_MATCH, best):
            out += [] if st.owned else inside
            continue
        a, b = st.start, st.end
        value = sentence[a:b]
        unit = re.split(r"[_\s.-]+", st.key.strip())[-1]
        if re.fullmatch(r"\d[\d,.]*", value) and is_unit_word(unit) and len(unit) > 1:
            inside = [_Span(a, b, sp.value, sp.normalized, sp.kind) for sp in typed(f"{value} {unit}")] or inside
        if not inside and len(value.split()) <= 4 and not re.search(r"\s", st.key.strip()):
            # an identifier's value of another shape than the type expected: a number for a
            # measure, anything for a name; a title "hooklane replay: unknown command" is no setting
            mention = next(iter(find_mentions(value)), None)
            whole = mention is not None and mention.start == 0 and mention.end == len(value)
            if whole and question.atype in NUMERIC_TYPES:
                inside = [_Span(a, b, value, mention.norm.canonical, mention.norm.kind)]
            elif not whole and question.atype in ENTITY_TYPES:
                inside = [_Span(a, b, value, entity_key(value), "entity")]
        out += [replace(sp, bonus=sp.bonus + KEY_BONUS) for sp in inside]
    return sorted(out, key=lambda sp: sp.start)


def _names_scope(question: Question, sentence: str) -> bool:
    """The sentence names the plan, version or region the question asks about ("on Basic")."""
    if not question.scope:
        return False
    words = set(re.findall(r"[\w.]+", sentence.lower()))
    words |= {w.lstrip("v") for w in words}
    return any(v in words for d in question.scope for v in scope_values(question.scope, d))


def _opening_share(question: Question, chunk: Chunk, sentences: list[str]) -> float:
    """Share of the subject's terms named by the chunk's title, first two sentences and first two
    lines (a heading and its paragraph; a thread's title and question post, whose replies rarely
    name the product again)."""
    lines = [line for line in prose(chunk.text).splitlines() if line.strip()][:2]
    head = " ".join([str(chunk.metadata.get("title") or ""), *sentences[:2], *lines])
    return _share(text_terms(head), question.subject_terms)


def _segment_scope(sentence: str, span: _Span) -> dict[str, str]:
    """The scope named in the comma/semicolon segment that holds the value."""
    cuts = [0] + [m.end() for m in re.finditer(r"[,;]|\bwhile\b|\bwhereas\b|\bbut\b", sentence)] + [len(sentence) + 1]
    for a, b in zip(cuts, cuts[1:]):
        if a <= span.start < b:
            return find_scope(sentence[a:b])[0]
    return {}


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
