"""What conflict scoring (``src/evaluation/conflicts.py``) reads and returns: the gold items
(``GoldConflict``, its ``GoldClaim``s), the keys of a claim graph (``ReportedKey``, its
``ReportedClaim``s), and the results (``ConflictItemResult`` per gold item, ``ConflictScore``
for a gold file).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..types import Warning_


@dataclass(frozen=True)
class GoldClaim:
    doc_id: str
    value: str
    source: str = ""
    quote: str = ""
    chunk_id: str | None = None


@dataclass(frozen=True)
class GoldConflict:
    id: str
    type: str
    claims: tuple[GoldClaim, ...]
    authoritative: str | None = None
    fact: str = ""
    key_hint: str = ""
    scope_dimension: str | None = None


@dataclass(frozen=True)
class ReportedClaim:
    value: str
    normalized: str
    authoritative: bool
    docs: frozenset[str]
    scope: tuple[str, ...] = ()  # the claim's scope values ("business", "enterprise", "v3")


@dataclass(frozen=True)
class ReportedKey:
    key: str
    status: str
    claims: tuple[ReportedClaim, ...]

    @property
    def docs(self) -> frozenset[str]:
        return frozenset().union(*(claim.docs for claim in self.claims))


@dataclass(frozen=True)
class ConflictItemResult:
    """``outcome``: ``found``/``missed`` for contradictions, ``false_alarm``/``ok`` otherwise."""

    id: str
    type: str
    outcome: str
    key: str | None = None
    authoritative_correct: bool | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "type": self.type,
            "outcome": self.outcome,
            "key": self.key,
            "authoritative_correct": self.authoritative_correct,
        }


@dataclass(frozen=True)
class ConflictScore:
    precision: float
    recall: float
    f1: float
    authoritative_accuracy: float | None
    false_alarms: int
    found: int
    gold_contradictions: int
    reported_keys: int  # contradiction keys touching a gold document
    correct_keys: int  # of those, keys that find a gold contradiction
    items: tuple[ConflictItemResult, ...]
    warnings: tuple[Warning_, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "precision": round(self.precision, 6),
            "recall": round(self.recall, 6),
            "f1": round(self.f1, 6),
            "authoritative_accuracy": None
            if self.authoritative_accuracy is None
            else round(self.authoritative_accuracy, 6),
            "false_alarms": self.false_alarms,
            "found": self.found,
            "gold_contradictions": self.gold_contradictions,
            "reported_keys": self.reported_keys,
            "correct_keys": self.correct_keys,
            "items": [item.to_json() for item in self.items],
            "warnings": [str(w) for w in self.warnings],
        }
