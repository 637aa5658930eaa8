"""Two normalised values compared (``src.graph.values``): equal, different, or of kinds that do
not compare. A duration in months or years equals the days that round to it, a temperature the
same degrees on the other scale, a version the same release without its trailing zeros.
"""

from __future__ import annotations

import math

from .values import Norm


def compare(a: Norm, b: Norm, *, calendar: bool = True) -> str:
    """'equal', 'differ' or 'incomparable' (different kinds, e.g. days vs MB). ``calendar``: a
    duration in months or years equals the days that round to it (``CALENDAR_TOLERANCE``)."""
    if a.kind != b.kind:
        return "incomparable"
    if a.lo is not None and b.lo is not None and a.hi is not None and b.hi is not None:
        # months and years have no fixed length: "six months" is "180 days", "2 years" "730 days"
        tol = CALENDAR_TOLERANCE if calendar and a.kind == "duration" and (_calendar(a) or _calendar(b)) else 1e-6
        same = math.isclose(a.lo, b.lo, rel_tol=tol, abs_tol=1e-12) and math.isclose(a.hi, b.hi, rel_tol=tol, abs_tol=1e-12)
        if a.kind == "temperature" and not same:
            same = _same_degrees(a, b)
        return "equal" if same else "differ"
    if a.kind == "version":  # "1.8" is release 1.8.0
        return "equal" if _release_parts(a.canonical) == _release_parts(b.canonical) else "differ"
    return "equal" if a.canonical == b.canonical else "differ"


def within(a: Norm, b: Norm) -> bool:
    """One value is a range ("2-10 minutes", "9 to 11 months") holding the other ("five minutes",
    "10 months"): the range states bounds the other keeps to, so the two do not contradict."""
    if a.kind != b.kind or None in (a.lo, a.hi, b.lo, b.hi):
        return False
    wide, narrow = (a, b) if a.hi - a.lo >= b.hi - b.lo else (b, a)
    slack = 1e-6 * max(abs(wide.lo), abs(wide.hi), 1.0)
    return wide.hi > wide.lo and wide.lo - slack <= narrow.lo and narrow.hi <= wide.hi + slack


def _same_degrees(a: Norm, b: Norm) -> bool:
    """Two temperatures that round to each other across scales ("62.6 °F" is "17 °C", "62 °F" is
    not), or two differences of temperature ("the room cools 0.5 °C" is "a 0.9 °F swing")."""
    if a.lo is None or b.lo is None or a.hi is None or b.hi is None:
        return False
    if abs(a.lo - b.lo) < 0.05 and abs(a.hi - b.hi) < 0.05:
        return True
    if a.canonical[-1] == b.canonical[-1]:
        return False
    offset = 32.0 * 5.0 / 9.0  # a Fahrenheit difference is read as Celsius plus this
    f, c = (a, b) if a.canonical.endswith("F") else (b, a)
    return abs(f.lo + offset - c.lo) < 0.05 and abs(f.hi + offset - c.hi) < 0.05


CALENDAR_TOLERANCE = 0.02  # a month is 28 to 31 days: 6 months = 180 days, not 4 weeks = 1 month (8%)


def _calendar(n: Norm) -> bool:
    """A duration written in months or years (ISO 8601 date part: P6M, P2Y; PT6M is six minutes)."""
    date_part = n.canonical.partition("T")[0]
    return date_part.startswith("P") and ("M" in date_part or "Y" in date_part)


def _release_parts(version: str) -> list[str]:
    """A version's parts without its trailing zeros: v1.8.0 -> [v1, 8]; v2.0 -> [v2]."""
    parts = version.split(".")
    while len(parts) > 1 and parts[-1] == "0":
        parts.pop()
    return parts
