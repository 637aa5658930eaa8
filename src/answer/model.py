"""The answer record: text, numbered citations, a verdict and warnings (all JSON-ready)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..types import VerdictStatus

STATUSES = tuple(VerdictStatus)


@dataclass(frozen=True)
class Citation:
    n: int
    id: str
    source: str
    authority: float
    title: str
    sentence: str  # the cited sentence (extractive) or the start of the chunk (LLM answers)

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "id": self.id, "source": self.source, "authority": self.authority,
                "title": self.title, "sentence": self.sentence}


@dataclass(frozen=True)
class Verdict:
    status: str  # one of STATUSES
    explanation: str
    authoritative_answer: str | None

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "explanation": self.explanation,
                "authoritative_answer": self.authoritative_answer}


@dataclass(frozen=True)
class Warning:  # noqa: A001 - the domain word; never shadows the builtin outside this module's users
    kind: str  # conflict | outdated_version | low_authority | llm_fallback | claims_disagree
    message: str
    ids: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "message": self.message, "ids": list(self.ids)}


@dataclass(frozen=True)
class Answer:
    query: str
    answer: str
    citations: tuple[Citation, ...]
    verdict: Verdict
    warnings: tuple[Warning, ...] = ()
    method: str = "extractive"  # extractive | llm | none
    llm: str | None = None
    relevance: dict[str, Any] = field(default_factory=dict)
    timings_ms: dict[str, float] = field(default_factory=dict)
    answers: tuple[dict[str, Any], ...] = ()  # SPEC section 5: {"value", "scope", "status", "sources"}
    question: dict[str, Any] = field(default_factory=dict)  # the expected answer type, subject and key
    other_conflicts: tuple[dict[str, Any], ...] = ()  # contradictions in the evidence about other facts
    # with an LLM configured: {"name", "used" (any reply used), "calls", "reason" (why it fell back, or
    # null), "deadline_s"}; None without one
    llm_status: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"query": self.query, "answer": self.answer,
                "citations": [c.to_json() for c in self.citations],
                "verdict": self.verdict.to_json(),
                "answers": [dict(a) for a in self.answers],
                "question": dict(self.question),
                "other_conflicts": [dict(c) for c in self.other_conflicts],
                "warnings": [w.to_json() for w in self.warnings],
                "method": self.method, "llm": self.llm, "llm_status": self.llm_status, "relevance": self.relevance,
                "timings_ms": {k: round(v, 2) for k, v in self.timings_ms.items()}}
