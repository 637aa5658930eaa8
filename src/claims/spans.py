"""Values a sentence states by their shape, as typed spans (``_Span``): dates and date ranges,
clock times and weekday windows, versions and the release a changelog heading names, amounts
(money, quantities through pint, counts, durations, sizes, rates, percentages) with their hedges
("about", "up to") and without codes or step numbers. Each finder returns where the value is in
its sentence, the value as written, its normalised form and its kind; none reads a tagger or an
embedder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..graph.mentions import CODE_BEFORE, DAY, find_mentions
from ..graph.question import AnswerType
from ..graph.text import STOP, is_unit_word
from ..graph.values import SPELLED_NUMBER, UNIT_KINDS, fmt_num, spelled_value, to_number, ureg
from ..text import WORD
from ..types import CONFIG_FORMAT, Chunk
from .names import common_words

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
_QUANTITY_KINDS = {"[length]", "[mass]", "[length] ** 2", "[length] ** 3", "[length] / [time]", "[mass] * [length] ** 2 / [time] ** 3",
                   "[temperature]"}


@dataclass(frozen=True)
class _Span:
    start: int
    end: int
    value: str
    normalized: str
    kind: str
    bonus: float = 0.0  # the span's type fits the question especially well (a PERSON for "who")


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
        # "up to five devices", "five hundred access points": a number in words counting a noun that
        # is no unit ("six weeks" is an amount of time, as "6 weeks" is); a hyphenated one, "twenty-five
        # townships", is left unread as before: read, it outranks the sentence that answers a RAMDocs
        # dev population question (tests/unit/test_graph_candidates.py)
        for m in _WORD_COUNT.finditer(sentence):
            if not any(sp.start <= m.start() < sp.end for sp in spans) and m.group(2).lower() not in STOP \
                    and not is_unit_word(m.group(2)) and (len(m.group(1).split()) > 1 or "-" not in m.group(1)):
                spans.append(_Span(m.start(), m.end(), m.group(0), fmt_num(spelled_value(m.group(1))), "number"))
        spans.sort(key=lambda sp: sp.start)
    return spans


def _counted(sentence: str, span: _Span) -> _Span:
    """A bare count with the plain noun right after it ("3,559 people", "15 libraries")."""
    m = re.match(r"\s([a-z][a-z-]+)\b", sentence[span.end:])
    if span.kind != "number" or not m or m.group(1) in STOP or is_unit_word(m.group(1)):
        return span
    return _Span(span.start, span.end + m.end(), sentence[span.start:span.end + m.end()], span.normalized, span.kind)


def _standing_values(sentence: str, spans: list[_Span], *, codes: bool = False) -> list[_Span]:
    """The amounts a sentence states as true: unless ``codes``, no code ("HTTP 429", "port 8080")
    and no breadcrumb's step number ("Getting started > 3.")."""

    def standing(sp: _Span) -> bool:
        before, after = sentence[:sp.start], sentence[sp.end:]
        step = sp.value == sentence[sp.start:sp.end] and re.search(r"[>»|]\s*$", before) and re.match(r"\.?\s*$", after)
        return codes or not (CODE_BEFORE.search(before) or step)

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
    change made in that release. A heading naming a version among a name ("jq 1.8 Manual",
    "Kafka 3.5 Documentation") is a document's title, no release, unless it dates the version
    ("NEWS for rsync 3.2.5 (14 Aug 2022)", "Changes in MySQL 8.0.34 (2023-07-18)"): a release. So
    is a version among a few plain words, names of none ("New in version 4.3", "Changes in 2.0").
    A configuration file's ``#`` lines are comments, no headings."""
    at = chunk.text.find(sentence[:40])
    heads = [] if chunk.metadata.get("format") == CONFIG_FORMAT else [
        ln.lstrip("#").strip() for ln in chunk.text[:max(at, 0)].splitlines()
        if ln.startswith("#") and ln.lstrip("#")[:1] in (" ", "\t")]  # Markdown headings
    for head in reversed([*str(chunk.metadata.get("section") or "").split(" > "), *heads]):
        m = _RELEASE.search(head)
        if m:
            rest = [w for w in WORD.findall(_RELEASE.sub(" ", head))  # the other words, a date's aside
                    if len(w) > 1 and not (len(w) >= 3 and any(month.startswith(w.lower()) for month in _MONTHS))]
            plain = len(rest) <= 4 and all(w.lower() in common_words() for w in rest)
            if len(rest) <= 1 or plain or _date_spans(head, year_only=False):
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


_WORD_COUNT = re.compile(rf"(?<![\w-])({SPELLED_NUMBER.pattern})\s+([a-z][a-z-]+)", re.IGNORECASE)
