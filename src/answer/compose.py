"""The pieces an answer is assembled from: warnings about the LLM, the scope an LLM answer is
checked against, the question record, citation leads and numbering, timings."""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from typing import Any

from ..graph.values import parse_value
from ..llm import LLMBudget
from .generate import ScopeCheck
from .model import Warning
from .verdict import scope_label

CITATION_CHARS = 240


def llm_warnings(budget: LLMBudget, notices: Sequence[str], outcome: str) -> list[Warning]:
    """The LLM fell back (once, whatever failed) and the LLM's and the offline claims disagree."""
    out = [Warning("claims_disagree", note[0].upper() + note[1:] + ".") for note in notices]
    if budget.fell_back:
        out.append(Warning("llm_fallback", f"{budget.reason}; {outcome}."))
    return out


def scope_check(aset: Any) -> ScopeCheck | None:
    """The answer set's values (all of the scope the question names, if it names one): an LLM
    answer must state one of them."""
    if not aset.answers:
        return None
    return ScopeCheck(scope_label(aset.question.scope) if aset.question.scope else "",
                      tuple(a.value if parse_value(a.value) else a.normalized for a in aset.answers))


def focus_scope_check(focus: list[Any]) -> ScopeCheck | None:
    """The question's words narrowed every key to its scope: the values of those claims."""
    if not focus or any(len(f.claims) == len(f.key.claims) for f in focus):
        return None
    claims = [c for f in focus for c in f.claims]
    return ScopeCheck(" or ".join(dict.fromkeys(scope_label(c.scope) for c in claims if c.scope)) or "the scope asked",
                      tuple(c.value for c in claims))


def question_json(aset: Any) -> dict[str, Any]:
    q = aset.question
    return {"type": q.atype.value, "subject": q.subject, "key": q.key, "scope": dict(q.scope)}


def lead(text: str) -> str:
    s = " ".join(text.split())
    return s if len(s) <= CITATION_CHARS else s[:CITATION_CHARS].rsplit(" ", 1)[0] + " ..."


def renumber(text: str, mapping: dict[int, int]) -> str:
    """The model cites evidence numbers; citations are numbered 1.. in order of first use."""
    return re.sub(r"\[(\d+)\]", lambda m: f"[{mapping.get(int(m.group(1)), int(m.group(1)))}]", text)


def total_timings(timings: dict[str, float], t0: float) -> dict[str, float]:
    return {**timings, "answer_total": (time.perf_counter() - t0) * 1000}
