"""Metadata priors: multiplicative factors on the fused score, each one explainable.

final = fusion x authority(source) x accepted x votes x status x recency x version

| factor    | value                                                                       |
|-----------|-----------------------------------------------------------------------------|
| authority | the source's configured weight (docs 1.2, blogs 1.0, forums/tickets 0.8)     |
| accepted  | 1.15 for an accepted forum answer, 1.0 otherwise                             |
| votes     | 1 + 0.03 x ln(1 + upvotes), at most 1.15                                     |
| status    | resolved/closed 1.05, pending/open 0.95, else 1.0                            |
| recency   | 1 + 0.02 x 0.5^(age / 365 days), age against the newest date in the corpus:  |
|           | newer wins a tie, never a real difference in relevance                       |
| version   | when the question names a version: 1.15 for chunks of that version, 0.92 for |
|           | chunks of another version, 1.0 for chunks with none                          |

All constants live in ``PriorWeights`` and can be changed in one place.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from ..types import Chunk

_VERSION_IN_QUERY = re.compile(r"\bv(?:ersion)?\s*(\d+(?:\.\d+){0,2}(?:\.x)?)\b|\b(\d+\.\d+(?:\.\d+)?)\b", re.I)


@dataclass(frozen=True)
class PriorWeights:
    accepted: float = 1.15
    votes_slope: float = 0.03
    votes_cap: float = 1.15
    resolved: float = 1.05
    pending: float = 0.95
    recency_max: float = 0.02
    recency_half_life_days: float = 365.0
    version_match: float = 1.15
    version_mismatch: float = 0.92


def query_versions(query: str) -> list[str]:
    """Versions named in a question: "v2.1", "version 3", "2.1.0", "v1.x" -> ["2.1", "3", "2.1.0", "1"]."""
    found = []
    for m in _VERSION_IN_QUERY.finditer(query):
        v = (m.group(1) or m.group(2)).lower().removesuffix(".x")
        if v not in found:
            found.append(v)
    return found


def _norm_version(v: Any) -> str:
    return str(v).strip().lower().lstrip("v").removesuffix(".x")


def version_matches(chunk_version: str, wanted: str) -> bool:
    """True when ``chunk_version`` is ``wanted`` or lies under it ("2.1.3" under "2.1", "2.1" under "2")."""
    cv = _norm_version(chunk_version)
    return cv == wanted or cv.startswith(wanted + ".") or wanted.startswith(cv + ".")


def _parse_date(value: Any) -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(str(value)[:10])
    except ValueError:
        return None


def chunk_date(chunk: Chunk) -> date | None:
    md = chunk.metadata
    return _parse_date(md.get("last_updated") or md.get("created_at") or md.get("published_date"))


def newest_date(chunks: list[Chunk]) -> date | None:
    dates = [d for d in (chunk_date(c) for c in chunks) if d]
    return max(dates) if dates else None


def prior_factors(chunk: Chunk, *, authority: float, versions: list[str], reference: date | None,
                  w: PriorWeights = PriorWeights(), use_weights: bool = True,
                  use_priors: bool = True) -> dict[str, float]:
    """Every factor for one chunk; the product of the values is its prior."""
    md = chunk.metadata
    factors: dict[str, float] = {}
    if use_weights:
        factors["authority"] = authority
    if not use_priors:
        return factors
    if md.get("accepted") is True:
        factors["accepted"] = w.accepted
    upvotes = md.get("upvotes")
    if isinstance(upvotes, (int, float)) and upvotes > 0:
        factors["votes"] = min(w.votes_cap, 1.0 + w.votes_slope * math.log1p(upvotes))
    status = str(md.get("status") or "").lower()
    if status in {"resolved", "closed", "solved"}:
        factors["status"] = w.resolved
    elif status in {"pending", "open", "unresolved", "in progress"}:
        factors["status"] = w.pending
    d = chunk_date(chunk)
    if d and reference:
        age = max(0, (reference - d).days)
        factors["recency"] = 1.0 + w.recency_max * 0.5 ** (age / w.recency_half_life_days)
    if versions:
        cv = md.get("version") or md.get("user_version")
        if cv:
            match = any(version_matches(str(cv), v) for v in versions)
            factors["version"] = w.version_match if match else w.version_mismatch
    return factors


def product(factors: dict[str, float]) -> float:
    out = 1.0
    for v in factors.values():
        out *= v
    return out
