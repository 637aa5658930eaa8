"""Answer-level gold: questions asked through ``ask``, scored on the verdict and the answer set.

Gold lines (``eval/answers/*.jsonl``, ``samples/*.questions.jsonl``)::

    {"id", "q", "verdict": "consistent"|"contradiction"|"scoped"|"insufficient_data",
     "answers": ["values the answer must state", ...], "wrong": ["values it must not state"],
     "split": "dev"|"test"}

A gold value is **stated** when one of the answer set's authoritative or supported values
matches it: the same canonical value (``src.graph.values``: "two weeks" = "14 days",
"1,024 MB" = "1 GB"), or the words agreeing as in :func:`src.evaluation.conflicts.values_match`;
a parenthesised scope in a gold value ("30 days (Basic)") is not part of the value.

Per question: ``verdict_ok``; ``answered`` (every gold answer stated); ``wrong`` (a wrong
value stated); ``right`` = verdict_ok and answered and not wrong.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..answer.model import STATUSES
from ..graph.value_compare import compare
from ..graph.values import parse_value
from .conflicts import values_match
from .gold import GoldFileError, json_lines

VERDICTS = STATUSES  # what `ask` can say, so what a gold item may expect


@dataclass(frozen=True)
class AnswerItem:
    id: str
    q: str
    verdict: str
    answers: tuple[str, ...]
    wrong: tuple[str, ...]
    split: str = ""


def load_answer_items(path: Path, split: str = "all") -> list[AnswerItem]:
    out = []
    for lineno, obj in json_lines(path, "answers file not found"):
        verdict = obj.get("verdict")
        if not isinstance(obj.get("q"), str) or verdict not in VERDICTS:
            raise GoldFileError(path, f"line {lineno}: needs \"q\" and a \"verdict\" in {', '.join(VERDICTS)}")
        item = AnswerItem(str(obj.get("id") or f"line{lineno}"), obj["q"], verdict,
                          tuple(str(a) for a in obj.get("answers") or ()), tuple(str(a) for a in obj.get("wrong") or ()),
                          str(obj.get("split") or ""))
        if split == "all" or item.split == split:
            out.append(item)
    return out


_HEDGE = re.compile(r"^(?:up to|about|around|approximately|approx\.|roughly|nearly|almost|over|under|at least|"
                    r"at most|more than|less than|some)\s+", re.IGNORECASE)


def _value(text: str) -> str:
    """The value without a parenthesised scope or a leading hedge ("up to 1 GB" -> "1 GB")."""
    return _HEDGE.sub("", re.sub(r"\s*\([^)]*\)", "", text).strip())


def same_value(gold: str, stated: str, normalized: str = "") -> bool:
    """``stated`` (with its canonical form ``normalized``, when known) states the gold value."""
    g, s = _value(gold), _value(stated)
    ng = parse_value(g)
    for ns in (parse_value(s), parse_value(normalized) if normalized else None):
        # the gold's wording decides: "a month" stated is not the "30 days" it names
        if ng is not None and ns is not None and compare(ng, ns, calendar=False) != "incomparable":
            return compare(ng, ns, calendar=False) == "equal"
    return values_match(g, s) or bool(normalized) and values_match(g, normalized)


@dataclass(frozen=True)
class AnswerScore:
    item: AnswerItem
    verdict: str
    stated: tuple[str, ...]
    verdict_ok: bool
    answered: bool
    wrong: bool

    @property
    def right(self) -> bool:
        return self.verdict_ok and self.answered and not self.wrong

    def to_json(self) -> dict[str, Any]:
        return {"id": self.item.id, "q": self.item.q, "expected": self.item.verdict, "verdict": self.verdict,
                "answers": list(self.stated), "gold": list(self.item.answers), "verdict_ok": self.verdict_ok,
                "answered": self.answered, "wrong": self.wrong, "right": self.right}


def score_item(item: AnswerItem, verdict: str, stated: Sequence[str | tuple[str, str]]) -> AnswerScore:
    """``stated``: values, or (value, canonical form) pairs."""
    pairs = [(s, "") if isinstance(s, str) else s for s in stated]
    answered = all(any(same_value(g, s, n) for s, n in pairs) for g in item.answers)
    wrong = any(same_value(w, s, n) for w in item.wrong for s, n in pairs
                if not any(same_value(g, s, n) for g in item.answers))
    return AnswerScore(item, verdict, tuple(s for s, _ in pairs), verdict == item.verdict, answered, wrong)


def run_answers(items: Sequence[AnswerItem], ask: Callable[[str], Any]) -> list[AnswerScore]:
    """``ask(question) -> Answer`` (``AnswerService.ask(...)[0]``)."""
    out = []
    for item in items:
        answer = ask(item.q)
        stated = [(a["value"], a.get("normalized", "")) for a in answer.answers if a["status"] != "contradicted"]
        out.append(score_item(item, answer.verdict.status, stated))
    return out


def summarize_answers(scores: Sequence[AnswerScore]) -> dict[str, Any]:
    n = len(scores)

    def rate(xs: Sequence[AnswerScore], attr: str) -> float:
        return round(sum(bool(getattr(s, attr)) for s in xs) / len(xs), 4) if xs else 0.0

    by_verdict = {v: {"n": len(xs), "verdict_ok": rate(xs, "verdict_ok"), "right": rate(xs, "right")}
                  for v in VERDICTS if (xs := [s for s in scores if s.item.verdict == v])}
    return {"questions": n, "right": rate(scores, "right"), "verdict_accuracy": rate(scores, "verdict_ok"),
            "answered": rate([s for s in scores if s.item.answers], "answered"),
            "wrong_stated": rate(scores, "wrong"), "by_expected_verdict": by_verdict}
