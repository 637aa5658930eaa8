"""Value normalisation: text such as "31-40 days", "1 GB" or "600 requests per minute" to
a canonical, comparable form.

Units are resolved by pint (``UnitRegistry`` built lazily, once). Canonical strings:

- durations: ISO 8601, ``P30D``, ``PT1H``, ``PT30S``, ``P1M``; ranges ``P31D..P40D``
- sizes: binary units, ``1 GiB`` (support text writes GB for 1024 MB, so decimal byte
  prefixes are read as binary: 1 GB == 1024 MB, 1000 MB != 1 GB)
- rates: events per time unit, ``10/s`` (the largest of s, min, h, d giving a whole number)
- data rates: bits per second with decimal prefixes, as networks count them, ``10 Mbit/s``
  ("10Mbps", "10 Mb/s", "1.25 MB/s" are equal; a byte is 8 bits)
- percentages ``99.9%``, plain numbers ``32`` / ranges ``2..5``, versions ``v2.1``,
  weekday/time ``sun 02:00``, booleans ``true`` / ``false``, "only on X" ``only:x,y``,
  anything else (an enum) lower-cased text.

``parse_value`` is idempotent on its own output: ``parse_value(n.canonical) == n``.
"""

from __future__ import annotations

import logging
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    "hundred": 100,
    "a": 1, "an": 1, "single": 1, "a single": 1,
}
NUM = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE]-?\d+)?(?:\s?[kK](?![a-zA-Z]))?"
WORD_NUM = r"(?:" + "|".join(sorted((w for w in NUMBER_WORDS if w not in ("a", "an", "a single")),
                                   key=len, reverse=True)) + r")"


def _words(pred: Any) -> str:
    return "|".join(sorted((w for w, n in NUMBER_WORDS.items() if w not in ("a", "an", "single", "a single")
                            and pred(n)), key=len, reverse=True))


_BELOW_100 = rf"(?:(?:{_words(lambda n: 20 <= n <= 90)})(?:[-\s](?:{_words(lambda n: 1 <= n <= 9)}))?" \
             rf"|{_words(lambda n: n <= 19)})"
_HUNDREDS = rf"(?:{_BELOW_100}(?:\s+hundred(?:\s+(?:and\s+)?{_BELOW_100})?)?)"
MULTIPLIERS = {"thousand": 1e3, "million": 1e6}
# "forty-five", "two hundred and ten", "fifteen thousand", "seven": one number written in words
# (articles left out)
SPELLED_NUMBER = re.compile(rf"\b(?:{_HUNDREDS}(?:\s+(?:{'|'.join(MULTIPLIERS)})(?:,?\s+(?:and\s+)?{_HUNDREDS})?)?"
                            rf"|hundred)\b", re.IGNORECASE)
# a part of one thing in words: "half an hour", "a quarter of an hour", "three quarters of a day"
FRACTIONS = {"half": 0.5, "quarter": 0.25, "three quarters": 0.75}
FRACTION = r"\b(?:half|(?:a\s+|one\s+)?quarter\s+of|three\s+quarters\s+of)\s+an?\b"
# A number in digits, or in words: "forty-five" is one number, not the range forty to five.
ANY_NUM = rf"(?:{NUM}|{FRACTION}|{SPELLED_NUMBER.pattern}|\b{WORD_NUM}\b)"
# "5.2 or later", "6.0 and later", "2.1+": the oldest release that has something
MIN_VERSION = re.compile(r"(?<![\w.])v?(\d+\.\d+(?:\.\d+)?)\s*(?:\+|or\s+(?:later|newer|above|higher)|and\s+(?:later|up|above))",
                         re.IGNORECASE)
RANGE_SEP = r"\s*(?:-|–|—|to|\.\.)\s*"
TRUE_WORDS = {"true", "yes", "enabled", "on", "available", "supported", "allowed", "included"}
FALSE_WORDS = {"false", "no", "disabled", "off", "unavailable", "not available", "not supported",
               "unsupported", "not allowed", "not included", "none"}
# "MB", "MiB", "megabytes": sizes in binary multiples, however the unit is written ("64 MB" is "64 megabytes")
_BYTE_UNIT = re.compile(r"^([kmgtp]?|kilo|mega|giga|tera|peta)i?(b|bytes?)$", re.IGNORECASE)
_BINARY = {"": "byte", "k": "kibibyte", "m": "mebibyte", "g": "gibibyte", "t": "tebibyte", "p": "pebibyte"}
_SIZE_STEPS = [(1024 ** 5, "PiB"), (1024 ** 4, "TiB"), (1024 ** 3, "GiB"), (1024 ** 2, "MiB"), (1024, "KiB"), (1, "B")]
_RATE_STEPS = [(1.0, "s"), (60.0, "min"), (3600.0, "h"), (86400.0, "day"), (604800.0, "week"), (2629800.0, "month")]
# "10Mbps", "10 Mbit/s", "5 MB/s", "1 gigabit per second": a data rate (bits or bytes per second)
_DATA_RATE = re.compile(r"^(?P<p>[kKmMgGtT]|kilo|mega|giga|tera)?(?:(?P<bit>bps|bits?(?:/s|\s+per\s+second)|b/s)"
                        r"|(?P<byte>B/s|Bps|bytes?(?:/s|\s+per\s+second)))$")
_DATA_PREFIX = {"": 1.0, "k": 1e3, "kilo": 1e3, "m": 1e6, "mega": 1e6, "g": 1e9, "giga": 1e9, "t": 1e12, "tera": 1e12}
_DATA_STEPS = [(1e12, "Tbit/s"), (1e9, "Gbit/s"), (1e6, "Mbit/s"), (1e3, "kbit/s"), (1.0, "bit/s")]
_PER_ALIASES = {"rpm": "minute", "rps": "second", "qps": "second", "rph": "hour", "rpd": "day"}
_ISO = re.compile(r"^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?"
                  r"(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$")


# The kinds of value that are an amount in a unit (a plain number, money or a pint quantity aside).
UNIT_KINDS = frozenset({"duration", "size", "rate", "data_rate", "percent", "temperature"})


@dataclass(frozen=True)
class Norm:
    """A normalised value. ``lo``/``hi`` are magnitudes in the canonical unit of ``kind``
    (seconds, bytes, events per second, percent, plain number); equal for a point value."""

    kind: str
    canonical: str
    lo: float | None = None
    hi: float | None = None

    @property
    def dim(self) -> str:
        """Values of different dims never compare ("only" statements are booleans)."""
        return "bool" if self.kind == "only" else self.kind


@lru_cache(maxsize=1)
def ureg() -> Any:
    import pint

    # Every word after a number is tried as a unit; pint warns when one parses two ways
    # ("pcps": pico counts per second or pico cups), which says nothing to our users.
    logging.getLogger("pint").setLevel(logging.ERROR)
    return pint.UnitRegistry()


def to_number(text: str) -> float | None:
    """'1,024' -> 1024, '10k' -> 10000, 'seven' -> 7, 'forty-five' -> 45; None when not a number."""
    t = text.strip().lower()
    if t in NUMBER_WORDS:
        return float(NUMBER_WORDS[t])
    if re.fullmatch(FRACTION, t):
        return FRACTIONS[" ".join(w for w in t.split() if w not in ("a", "an", "one", "of"))]
    if SPELLED_NUMBER.fullmatch(t):
        return spelled_value(t)
    mult = 1000.0 if t.endswith("k") else 1.0
    t = t.rstrip("k").strip().replace(",", "")
    try:
        return float(t) * mult
    except ValueError:
        return None


def spelled_value(words: str) -> float:
    """The value of a ``SPELLED_NUMBER`` match: 'forty-five' -> 45, 'two hundred and ten' -> 210,
    'fifteen thousand' -> 15000."""
    total = current = 0.0
    for w in re.split(r"[-\s,]+", words.strip().lower()):
        n = NUMBER_WORDS.get(w)
        if w in MULTIPLIERS:
            total += max(current, 1.0) * MULTIPLIERS[w]
            current = 0.0
        elif n == 100:
            current = max(current, 1.0) * 100
        elif n is not None:
            current += n
    return total + current


def fmt_num(x: float) -> str:
    if abs(x - round(x)) < 1e-9:
        return str(int(round(x)))
    return f"{x:.6g}"


@lru_cache(maxsize=8192)
def unit_name(word: str) -> bool:
    """pint knows the word as a unit name, with a prefix or a plural ("kilobytes"), in any case."""
    return any(ureg().parse_unit_name(w, case_sensitive=False) for w in (word,))


@lru_cache(maxsize=4096)
def resolve_unit(word: str) -> tuple[str, float] | None:
    """(kind, factor to the canonical unit) for a unit word, or None when pint does not know it."""
    w = word.strip().strip(".").replace("-", " ").strip()
    if not w or w == "a":
        return None  # the article, not pint's annum: "0 a plain passphrase", "5 a day" (a rate, read apart)
    if w.lower() in _PER_ALIASES:
        return "rate", 1.0 / float(ureg().Quantity(1, _PER_ALIASES[w.lower()]).to("second").magnitude)
    m = _BYTE_UNIT.match(w)
    if m and w != "b":
        q = ureg().Quantity(1, _BINARY[m.group(1)[:1].lower()])
        return "size", float(q.to("byte").magnitude)
    if not all(unit_name(t) for t in w.split() if t.isalpha()):
        return None  # "years were recruited": a word that is no unit name fails in pint too, slowly
    for cand in (w, w.lower()):
        try:
            q = ureg().Quantity(1, cand)
            dims = q.dimensionality  # "dB(A)" parses to a quantity without one
        except Exception:  # pint raises several unrelated types for unknown words
            continue
        if dims == ureg().second.dimensionality:
            seconds = float(q.to("second").magnitude)
            # under a nanosecond is a prefix read into a word: "190 as Temperature" (attoseconds)
            return ("duration", seconds) if seconds >= 5e-10 else None
        if str(q.units).endswith("byte") and dims == ureg().byte.dimensionality:
            return "size", float(q.to("byte").magnitude)
        return None
    return None


def duration_iso(seconds: float, family: str = "") -> str:
    """ISO 8601 duration; months and years stay in their unit when whole."""
    if family in ("month", "year"):
        unit_s = float(ureg().Quantity(1, family).to("second").magnitude)
        n = seconds / unit_s
        if abs(n - round(n)) < 1e-9:
            return f"P{int(round(n))}{'M' if family == 'month' else 'Y'}"
    if seconds >= 86400 and abs(seconds / 86400 - round(seconds / 86400)) < 1e-9:
        return f"P{int(round(seconds / 86400))}D"
    h, rem = divmod(seconds, 3600)
    m, s = divmod(rem, 60)
    parts = [f"{int(h)}H" if h else "", f"{int(m)}M" if m else "", f"{fmt_num(s)}S" if s else ""]
    return "PT" + ("".join(parts) or "0S")


def parse_iso(text: str) -> tuple[float, str] | None:
    m = _ISO.match(text.strip().upper())
    if not m or text.strip().upper() in ("P", "PT"):
        return None
    units = ("year", "month", "week", "day", "hour", "minute", "second")
    total, family = 0.0, ""
    for val, unit in zip(m.groups(), units):
        if val is not None:
            total += float(val) * float(ureg().Quantity(1, unit).to("second").magnitude)
            family = family or (unit if unit in ("month", "year") else "")
    return total, family


def _size_canonical(n_bytes: float) -> str:
    for step, name in _SIZE_STEPS:
        if n_bytes >= step and abs(n_bytes / step - round(n_bytes / step)) < 1e-9:
            return f"{int(round(n_bytes / step))} {name}"
    return f"{fmt_num(n_bytes)} B"


def _rate_canonical(per_s: float) -> str:
    for step, name in _RATE_STEPS:
        if abs(per_s * step - round(per_s * step)) < 1e-6 * max(1.0, per_s * step) and round(per_s * step) != 0:
            return f"{int(round(per_s * step))}/{name}"
    return f"{fmt_num(per_s)}/s"


def _data_rate_canonical(bits_s: float) -> str:
    for step, name in _DATA_STEPS:
        if bits_s >= step:
            return f"{fmt_num(bits_s / step)} {name}"
    return f"{fmt_num(bits_s)} bit/s"


def _canon(kind: str, x: float, family: str = "") -> str:
    if kind == "data_rate":
        return _data_rate_canonical(x)
    if kind == "duration":
        return duration_iso(x, family)
    if kind == "size":
        return _size_canonical(x)
    if kind == "rate":
        return _rate_canonical(x)
    if kind == "percent":
        return fmt_num(x) + "%"
    return fmt_num(x)


def _numeric(kind: str, lo: float, hi: float, family: str = "") -> Norm:
    lo, hi = min(lo, hi), max(lo, hi)
    canon = _canon(kind, lo, family) if lo == hi else f"{_canon(kind, lo, family)}..{_canon(kind, hi, family)}"
    return Norm(kind, canon, lo, hi)


# "17 °C", "62.6°F", "-25 °C to 60 °C", "15 degrees Celsius": a temperature (pint's offset units
# do not scale by a factor, so it is read here)
_DEGREES = r"\s*(?:°\s?|degrees?\s+)(?P<u{i}>[CF])(?:elsius|ahrenheit)?\b"
_TEMPERATURE = re.compile(rf"^(?P<a>-?{NUM})(?:{_DEGREES.format(i=1)})?(?:{RANGE_SEP}(?P<b>-?{NUM}))?"
                          rf"{_DEGREES.format(i=2)}$", re.IGNORECASE)


def _temperature(m: re.Match[str]) -> Norm | None:
    """Degrees as written (the canonical form keeps the scale: "68 °F" stays Fahrenheit), with
    ``lo``/``hi`` in degrees Celsius, so 68 °F and 20 °C compare equal (``src.graph.value_compare.compare``)."""
    a, b = to_number(m.group("a")), to_number(m.group("b") or m.group("a"))
    if a is None or b is None:
        return None
    unit = m.group("u2").upper()
    lo, hi = min(a, b), max(a, b)
    canon = f"{fmt_num(lo)} °{unit}" if lo == hi else f"{fmt_num(lo)}..{fmt_num(hi)} °{unit}"
    celsius = (lambda x: x) if unit == "C" else (lambda x: (x - 32.0) * 5.0 / 9.0)
    return Norm("temperature", canon, celsius(lo), celsius(hi))


_QTY = re.compile(rf"^(?P<a>{ANY_NUM})(?:{RANGE_SEP}(?P<b>{ANY_NUM}))?\s*-?\s*(?P<rest>.*)$", re.IGNORECASE)
# "a week", "an hour": the article is one of a unit of time (counts keep "one": "a delivery" is none)
_ONE_UNIT = re.compile(r"an?\s+(second|minute|hour|day|week|fortnight|month|year)")
_PER = re.compile(r"^(?:(?P<noun>[a-z][\w ]*?)\s+)?(?:per|a|an|each|every)\s+(?P<den>[a-z]+)$", re.IGNORECASE)


def _unit_of(rest: str) -> tuple[str, float, str] | None:
    """(kind, factor, family) for the unit part after a number; kind 'number' for a count noun."""
    rest = rest.strip().rstrip(".,;")
    if not rest:
        return "number", 1.0, ""
    if rest in ("%",) or rest.lower() in ("percent", "per cent", "pct"):
        return "percent", 1.0, ""
    data = _DATA_RATE.match(rest.replace(" / ", "/"))
    if data:
        factor = _DATA_PREFIX[(data.group("p") or "").lower()]
        return "data_rate", factor * (8.0 if data.group("byte") else 1.0), ""
    rest = re.sub(r"\s*/\s*", " per ", rest).strip()
    per = _PER.match(rest)
    if per:
        den = resolve_unit(per.group("den"))
        if den and den[0] == "duration":
            return "rate", 1.0 / den[1], ""
    unit = resolve_unit(rest)
    if unit:
        word = rest.lower().rstrip("s")
        family = "month" if word.startswith("month") else "year" if word.startswith("year") else ""
        return unit[0], unit[1], family
    if re.fullmatch(r"[a-z][a-z\- ]*", rest, re.IGNORECASE) and len(rest.split()) <= 2:
        return "number", 1.0, ""
    return None


@lru_cache(maxsize=8192)
def parse_value(text: str) -> Norm | None:
    """Normalise one value as written; None when it is not a recognisable value."""
    t = " ".join(str(text).split()).strip().strip("`'\"").strip()
    low = t.lower()
    if not t:
        return None
    if low.startswith("only:"):
        items = sorted({x.strip() for x in low[5:].split(",") if x.strip()})
        return Norm("only", "only:" + ",".join(items))
    if low in TRUE_WORDS:
        return Norm("bool", "true")
    if low in FALSE_WORDS:
        return Norm("bool", "false")
    if ".." in t and t.upper().startswith("P"):
        a, b = (parse_iso(x) for x in t.split("..", 1))
        if a and b:
            return _numeric("duration", a[0], b[0], a[1] or b[1])
    iso = parse_iso(t) if t[:1] in "Pp" else None
    if iso:
        return _numeric("duration", iso[0], iso[0], iso[1])
    ver = re.fullmatch(r"(?:v|version\s*)(\d+(?:\.(?:\d+|x))*)", low)
    if ver:
        return Norm("version", "v" + ver.group(1))
    if floor := MIN_VERSION.fullmatch(t):  # "6.0 and later" is a release, never 6 things called "and later"
        return Norm("version", f"v{floor.group(1)}+")
    wt = weekday_time(low)
    if wt:
        return Norm("time", wt)
    if temp := _TEMPERATURE.match(t):
        return _temperature(temp)
    if one := _ONE_UNIT.fullmatch(low):  # "a year", "an hour": one of the unit
        return parse_value("1 " + one.group(1))
    m = _QTY.match(t)
    if m:
        a, b = to_number(m.group("a")), to_number(m.group("b") or m.group("a"))
        unit = _unit_of(m.group("rest"))
        if a is not None and b is not None and unit:
            kind, factor, family = unit
            if math.isfinite(a * factor) and math.isfinite(b * factor):  # "1E1234567890" is no value
                return _numeric(kind, a * factor, b * factor, family)
    return None


def configured_value(text: str) -> Norm | None:
    """A configuration file's value: there "256M", "1G", "64K" written alone are sizes (mebibytes,
    gibibytes, kibibytes), as the files write them; in prose "5G" is a network and "10K" a count,
    so ``parse_value`` keeps reading them as numbers."""
    t = text.strip()
    if len(t) > 1 and t[-1] in "KMGT" and t[:-1].replace(".", "", 1).isdigit():
        n = float(t[:-1]) * 1024 ** (" KMGT".index(t[-1]))
        return _numeric("size", n, n)
    return parse_value(t)


def weekday_time(low: str) -> str | None:
    """'Saturdays 02:00-04:00 UTC' -> 'sat 02:00-04:00 utc'; None when it is not only a weekday/time."""
    day = re.search(r"\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\b", low)
    clocks = list(re.finditer(r"\b(\d{1,2}):(\d{2})\s*(am|pm)?", low))
    if not day and not clocks:
        return None
    rest = re.sub(r"\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|\d{1,2}:\d{2}|\b(am|pm|at|on|every|from|to|utc|gmt)\b|[\s,\-–]",
                  "", low)
    if rest:
        return None
    times = []
    for c in clocks:
        h = int(c.group(1))
        if c.group(3):
            h = h % 12 + (12 if c.group(3) == "pm" else 0)
        times.append(f"{h:02d}:{c.group(2)}")
    parts = ([day.group(1)] if day else []) + (["-".join(times)] if times else [])
    if re.search(r"\b(utc|gmt)\b", low):
        parts.append("utc")
    return " ".join(parts)


def normalize(text: str) -> str | None:
    """The canonical string of a value, or None."""
    n = parse_value(text)
    return n.canonical if n else None
