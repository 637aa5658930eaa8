"""Value mentions inside one clause: quantities, durations, rates, sizes, percentages,
versions and weekday/time expressions, each with its span and normalised form."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .text import STOP
from .values import ANY_NUM, FRACTION, MIN_VERSION, NUM, RANGE_SEP, SPELLED_NUMBER, Norm, parse_value

DAY = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?s?"
_CLOCK = r"\d{1,2}:\d{2}(?:\s*(?:am|pm))?"
_TIME = re.compile(rf"\b(?:every\s+)?(?:{DAY}\b(?:\s*(?:at|from|,)?\s*{_CLOCK}(?:\s*[-–]\s*{_CLOCK})?)?"
                   rf"|{_CLOCK}(?:\s*[-–]\s*{_CLOCK})?)(?:\s*(?:UTC|GMT)\b)?", re.IGNORECASE)
_NUMBER = re.compile(rf"(?<![\w.$#/:@-])(?:(?P<num>{NUM})|(?P<word>{FRACTION}|{SPELLED_NUMBER.pattern}|\ba\b|\ban\b))"
                     rf"(?:{RANGE_SEP}(?P<hi>{ANY_NUM}))?", re.IGNORECASE)
_TAIL_TOKEN = re.compile(r"\s*(?:-\s*)?(%|/|°\s?[CF]\b|[A-Za-z]+)")
# "since 4.0", "starting with v3.4", "from version 5.0 of the app onwards": a minimum version too
_SINCE_VERSION = re.compile(r"\b(?:since|starting\s+(?:with|from|in|at)|from(?=\s+(?:version\s+|v)?\d+\.\d+"
                            r"(?:\.\d+)?(?:\s+[\w-]+){0,5}?\s+onwards?\b))\s+(?:version\s+|v)?(\d+\.\d+(?:\.\d+)?)(?![\w.])",
                            re.IGNORECASE)
_DATE = re.compile(r"\b\d{4}-\d{2}(?:-\d{2})?(?:T[\d:]+Z?)?\b|\b\d+(?:\.\d+){2,}\b|\b\d+x+\b")
_NOUNLIKE = re.compile(r"[a-z][a-z-]{2,}")
_NOT_NOUNS = frozenset({"and", "or", "the", "of", "to", "in", "on", "for", "per", "with", "at", "by", "is", "are",
                        "was", "were", "than", "from", "into", "as", "but", "if", "so", "then", "more", "less",
                        "times", "time", "later", "ago", "out", "after", "before"})


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    text: str
    norm: Norm
    bare: bool = False  # a plain number with no unit or noun
    adjectival: bool = False  # "60-day retention": the subject follows the value

    def overlaps(self, span: tuple[int, int]) -> bool:
        return self.start < span[1] and span[0] < self.end


def _blocked(text: str) -> list[tuple[int, int]]:
    """Spans that hold numbers but no values: dates, ids, dotted versions, inline code, URLs,
    manual page references ("sshd(8)"), a numbered list's item numbers ("2. --retry-delay ..."), a
    power's expression ("2^64", "2^16-1": a bound written as arithmetic, no amount stated)."""
    spans = [m.span() for m in _DATE.finditer(text)]
    spans += [m.span() for m in re.finditer(r"\d+\s*(?:\^|\*\*)\s*\d+(?:\s*[-+]\s*\d+)?", text)]
    spans += [m.span() for m in re.finditer(r"`[^`]*`|https?://\S+|\$\s?\d[\d,.]*|\b\w+_\w*\d\w*\b"
                                            r"|\b[a-z][\w.-]*\(\d\w?\)|^[ \t]*\d{1,2}[.)](?=[ \t])", text, re.MULTILINE)]
    return spans


# "once a", "three times a", "every": what follows says how often, not how long
HOW_OFTEN = re.compile(r"\b(?:once|twice|thrice|times|per|every|each)\s+$", re.IGNORECASE)
_AGO = re.compile(r"\s+(?:ago|later|earlier)\b", re.IGNORECASE)


# a code, not an amount: "HTTP 429", "port 8080", "error 500", "ticket no. 4471"
CODE_BEFORE = re.compile(r"\b(?:HTTP|status|error|code|port|ID|PIN|ext\.?|no\.)\s*#?\s*$", re.IGNORECASE)


# a change told from its old value to its new one ("the limit was raised from 64 to 128")
CHANGE_VERB = r"\b(?:chang|rais|increas|decreas|lower|reduc|bump|grew|grow|went|dropp|cut)\w*\b"
_CHANGED_FROM = re.compile(CHANGE_VERB + r"[^.;]{0,40}\bfrom\s+$", re.IGNORECASE)


def _extend(text: str, m: re.Match) -> Mention | None:
    """The longest reading of the number at ``m`` plus up to four following unit words."""
    start, end = m.start(), m.end()
    tokens: list[tuple[int, str]] = []
    pos = end
    for _ in range(4):
        t = _TAIL_TOKEN.match(text, pos)
        if not t:
            break
        pos = t.end()
        tokens.append((pos, t.group(0)))
    base = text[start:end]
    word_number = m.group("word") is not None
    for i in range(len(tokens), 0, -1):
        cand = base + "".join(tok for _, tok in tokens[:i])
        norm = parse_value(cand)
        if norm and norm.kind not in ("number",):
            if norm.kind == "rate" and cand.rstrip().endswith(("/", "per")):
                continue
            hyphen = "-" in text[end:tokens[0][0]] and norm.kind in ("duration", "size")
            return Mention(start, tokens[i - 1][0], cand.strip(), norm, adjectival=hyphen)
    if word_number:
        return None  # "one endpoint", "a delivery": counts in words are not values
    norm = parse_value(base)
    if norm is None:
        return None
    if tokens and tokens[0][1].strip().isalpha():
        noun = tokens[0][1].strip()
        if _NOUNLIKE.fullmatch(noun) and noun not in _NOT_NOUNS and noun not in STOP and text[end:end + 1] == " ":
            return Mention(start, tokens[0][0], (base + tokens[0][1]).strip(), norm)
    return Mention(start, end, base.strip(), norm, bare=True)


def _recurring(found: str, before: str) -> bool:
    """A schedule ("Sundays", "every Monday 02:00", "02:00-04:00 UTC"), not a narrative moment
    ("from Friday evening", "at 13:12")."""
    low = found.lower()
    plural_day = re.search(rf"\b{DAY}\b", low) and re.search(r"(day|sun|mon|tue|wed|thu|fri|sat)s\b", low)
    return bool(plural_day or "every" in low or re.search(r"\b(every|each|daily|nightly|weekly)\s*$", before.lower())
                or (re.search(r"\d{1,2}:\d{2}", low) and re.search(rf"\b{DAY}\b", low)))


# a name in mid-sentence or after a list bullet, right before a bare number: a product's release
# ("... when OpenSSH 6.8 was imported", "the default from PostgreSQL 14"); a whole number after an
# acronym is a code ("HTTP 429")
NAMED_RELEASE = re.compile(r"(?:[\w,;:)]|^[ \t]*[-*•])[ \t]+(?P<name>[A-Z][A-Za-z0-9+-]*)[ \t]$", re.MULTILINE)


def find_mentions(text: str) -> list[Mention]:
    """All value mentions in ``text``, in reading order, non-overlapping."""
    blocked = _blocked(text)
    out: list[Mention] = []
    for rx in (MIN_VERSION, _SINCE_VERSION):  # "5.2 or later", then "since 4.0"
        for m in rx.finditer(text):
            if not any(x.overlaps(m.span()) for x in out):
                out.append(Mention(m.start(), m.end(), m.group(0), Norm("version", f"v{m.group(1)}+")))
    for m in _TIME.finditer(text):
        norm = parse_value(m.group(0))
        if not _recurring(m.group(0), text[max(0, m.start() - 12):m.start()]):
            continue
        if norm and norm.kind == "time" and not any(x.overlaps(m.span()) for x in out):
            out.append(Mention(m.start(), m.end(), m.group(0).strip(), norm))
    blocked_all = blocked + [(x.start, x.end) for x in out]
    for m in _NUMBER.finditer(text):
        if any(s < m.end() and m.start() < e for s, e in blocked_all):
            continue
        if m.group("hi") and _CHANGED_FROM.search(text, 0, m.start()):
            # "raised from 64 to 128 devices": the value it became, not a range
            m = _NUMBER.match(text, m.start("hi")) or m
        mention = _extend(text, m)
        if mention is None or any(mention.overlaps((x.start, x.end)) for x in out):
            continue
        if m.group("word") and m.group("word").lower() in ("a", "an") and (
                HOW_OFTEN.search(text, 0, m.start()) or _AGO.match(text, mention.end)):
            continue  # "once a day", "three times a week" is how often; "a year ago" is a moment
        if mention.norm.kind == "number" and mention.norm.lo is not None and 1900 <= mention.norm.lo <= 2100 \
                and mention.norm.lo == mention.norm.hi:
            continue  # a year
        if mention.bare and (name := NAMED_RELEASE.search(text, 0, mention.start)) \
                and ("." in mention.text or not name.group("name").isupper()) \
                and not re.match(r"\s*(?:->|→|to\b|-|–)", text[mention.end:]):
            continue  # "when OpenSSH 6.8 was imported", "the default from PostgreSQL 14": a release, no amount
        out.append(mention)
    return sorted(out, key=lambda x: x.start)
