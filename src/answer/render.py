"""How an answer reads: the terminal view, and the plain-words pieces the web page shows.

The answer's own fields stay as they are (SPEC section 5); what is here is derived from them:
a PDF citation's page ("page 25" for ``manual.pdf#p25c1``), the verdict's explanation in plain
words ("Docs, blogs and forums say 14 days for the Team plan."), conflict warnings that no
longer repeat that explanation, and a corpus fact's values grouped into the sides that disagree
and the values that only hold for another scope (plan, version, ...).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ..claims.answer_set import EARLIER
from ..config import DEFAULT_SOURCES
from ..graph.html import chunk_label as cite_label
from ..graph.html import pdf_page
from ..types import VerdictStatus
from .model import Answer
from .service import Retrieval

__all__ = ["Sources", "cite_label", "display", "fact_display", "pdf_page", "plain_authoritative", "plain_explanation",
           "render_answer", "render_graph", "scope_phrase"]

MAX_VALUES = 6  # values named in one sentence; the rest are counted
SAME_FACT = "Sources disagree on the fact asked; see who says what above."
_PLAN_DIMS = ("plan", "tier", "edition")
_CLASS_DIMS = ("tenant", "environment")
_VERSION_V = re.compile(r"^v(?=\d)")  # "v3.4+" -> "3.4+"


# -- plain words ----------------------------------------------------------------------------------
def _and(items: Sequence[str], word: str = "and") -> str:
    """["a", "b", "c"] -> "a, b and c"; past ``MAX_VALUES`` items the rest are counted."""
    items = list(items)
    if len(items) > MAX_VALUES:
        items = [*items[:MAX_VALUES - 1], f"{len(items) - MAX_VALUES + 1} more"]
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def _values(scope: str) -> list[str]:
    return [v.strip() for v in scope.split(",") if v.strip()]


def scope_phrase(scope: Mapping[str, str]) -> str:
    """A claim's scope as words: ``{"plan": "business,enterprise"}`` -> "the Business and
    Enterprise plans", ``{"version": "4"}`` -> "version 4"."""
    parts = []
    for dim, raw in scope.items():
        vals = _values(str(raw))
        if not vals:
            continue
        many = len(vals) > 1
        if dim in _PLAN_DIMS:
            parts.append(f"the {_and([v[:1].upper() + v[1:] for v in vals])} {dim}{'s' if many else ''}")
        elif dim == "version" and vals == [EARLIER]:
            parts.append("earlier versions")  # a question about the past answered (``looking_back``)
        elif dim == "version":
            parts.append(f"version{'s' if many else ''} {_and([_VERSION_V.sub('', v) for v in vals])}")
        elif dim in _CLASS_DIMS:
            parts.append(f"{_and(vals, 'or')} {dim}s")
        elif dim == "region":
            parts.append(f"the {_and(vals)} region{'s' if many else ''}")
        elif dim == "platform":
            parts.append(_and(vals))
        else:
            parts.append(f"{dim} {_and(vals, 'or')}")
    return ", ".join(parts)


def _value_for(value: str, scope: Mapping[str, str] | None) -> str:
    phrase = scope_phrase(scope or {})
    return f"{value} for {phrase}" if phrase else value


def _who(names: Sequence[str]) -> str:
    """["docs", "blogs", "forums"] -> "Docs, blogs and forums say"; one name that is not a
    plural ("wiki") says."""
    if not names:
        return "The evidence says"
    text = _and(list(names))
    verb = "say" if len(names) > 1 or names[0].endswith("s") else "says"
    return f"{text[:1].upper()}{text[1:]} {verb}"


def _rank_sources(sources: Iterable[str], authority: Mapping[str, float]) -> tuple[str, ...]:
    return tuple(sorted(set(sources), key=lambda s: (-authority.get(s, 1.0), s)))


def _values_phrase(entries: Sequence[Mapping[str, Any]], word: str) -> str:
    """The values of one side: "7 days or 48 hours for the Team plan" when they share a scope,
    "14 days for the Team plan and 30 days for the Business plan" when they do not."""
    scopes = {tuple(sorted((e.get("scope") or {}).items())) for e in entries}
    if len(scopes) == 1:
        return _value_for(_and(list(dict.fromkeys(str(e["value"]) for e in entries)), word), entries[0].get("scope"))
    return _and([_value_for(str(e["value"]), e.get("scope")) for e in entries], word)


class Sources:
    """chunk id -> source name and source -> authority, for the plain explanation: from the given
    maps (the server passes the corpus's), the answer's citations, and else the source folder
    named in the id (``data/docs/a.md#c0`` -> docs)."""

    def __init__(self, answer: Answer, source_of: Callable[[str], str | None] | None = None,
                 authority: Mapping[str, float] | None = None) -> None:
        self.cited = {c.id: c.source for c in answer.citations}
        self.lookup = source_of
        self.authority = {**{n: s.weight for n, s in DEFAULT_SOURCES.items()},
                          **{c.source: c.authority for c in answer.citations}, **(authority or {})}

    def of(self, chunk_id: str) -> str | None:
        found = self.lookup(chunk_id) if self.lookup else None
        if found or chunk_id in self.cited:
            return found or self.cited[chunk_id]
        known = set(self.authority) | set(self.cited.values())
        return next((part for part in chunk_id.split("#", 1)[0].split("/") if part in known), None)

    def names(self, chunk_ids: Iterable[str]) -> tuple[str, ...]:
        return _rank_sources((s for s in map(self.of, chunk_ids) if s), self.authority)


def plain_explanation(answer: Answer, sources: Sources | None = None) -> str:
    """The verdict's explanation in plain words, from the answer set: who says which value for
    which scope ("Docs, blogs and forums say 14 days for the Team plan. Forums say 7 days for
    the Team plan instead."); the verdict's own explanation when the answer has no values."""
    entries = [e for e in answer.answers if e.get("value")]
    if not entries:
        return answer.verdict.explanation
    sources = sources or Sources(answer)
    order = {"authoritative": 0, "supported": 1}
    stated = sorted((e for e in entries if e.get("status") != "contradicted"), key=lambda e: order.get(e.get("status"), 1))
    against = [e for e in entries if e.get("status") == "contradicted"]
    sentences = []
    for side, word, tail in ((stated, "and", ""), (against, "or", " instead" if stated else "")):
        groups: dict[tuple[str, ...], list[Mapping[str, Any]]] = {}
        for e in side:
            groups.setdefault(sources.names(e.get("sources") or ()), []).append(e)
        sentences += [f"{_who(who)} {_values_phrase(group, word)}{tail}." for who, group in groups.items()]
    if answer.verdict.status == VerdictStatus.SCOPED and len(entries) == 1:  # src.claims.answer_set.looks_back
        sentences.append("The question asks about earlier releases; no source found states an earlier value.")
    return " ".join(sentences)


def plain_authoritative(answer: Answer) -> str | None:
    """The authoritative value(s) without the machine key and source list ("14 days for the Team
    plan"); the verdict's own line when the answer has no values (a sentence of the evidence)."""
    entries = [e for e in answer.answers if e.get("value")]
    if not entries:
        return answer.verdict.authoritative_answer
    best = [e for e in entries if e.get("status") == "authoritative"]
    return "; ".join(dict.fromkeys(_value_for(str(e["value"]), e.get("scope")) for e in best)) or None


def display_warnings(answer: Answer) -> list[str]:
    """Each warning's message as shown: a conflict warning that repeats the verdict's explanation
    says so in one line instead of a second copy of it."""
    why = answer.verdict.explanation.strip()
    return [SAME_FACT if w.kind == "conflict" and why and why in w.message else w.message for w in answer.warnings]


def display(answer: Answer, sources: Sources | None = None) -> dict[str, Any]:
    """The ``display`` object the page shows (added beside the answer's own fields): the plain
    explanation and authoritative value, the warnings' messages, each citation's label and page."""
    return {"explanation": plain_explanation(answer, sources), "authoritative": plain_authoritative(answer),
            "warnings": display_warnings(answer),
            "citations": [{"n": c.n, "label": cite_label(c.id), "page": pdf_page(c.id)} for c in answer.citations]}


# -- a corpus fact, grouped ---------------------------------------------------------------------
def _restates(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    sa, sb = a.get("scope") or {}, b.get("scope") or {}
    return a.get("normalized") == b.get("normalized") and (not sa or not sb or sa == sb)


def _side(claim: Mapping[str, Any], authority: Mapping[str, float]) -> dict[str, Any]:
    return {"value": claim["value"], "scope": dict(claim.get("scope") or {}), "authoritative": bool(claim.get("authoritative")),
            "sources": list(_rank_sources((s["source"] for s in claim.get("support") or ()), authority)), "also": []}


def _side_text(side: Mapping[str, Any]) -> str:
    notes = (["authoritative"] if side["authoritative"] else []) + [", ".join(side["sources"])] * bool(side["sources"])
    notes += ["also stated as " + ", ".join(f'"{v}"' for v in side["also"])] if side["also"] else []
    return _value_for(side["value"], side["scope"]) + (f" ({'; '.join(notes)})" if notes else "")


def fact_display(key: Mapping[str, Any], authority: Mapping[str, float] | None = None) -> dict[str, Any]:
    """A fact of the corpus audit (a SPEC section 4 key) grouped for reading: ``sides`` (the
    claims that contradict each other, each with the claims that restate it, same value for the
    same scope or for none, as ``also``), ``scoped`` (values that only hold for another scope:
    not conflicts) and ``other`` (values in no conflict and of no scope), with one line of text
    for each group."""
    authority = {**{n: s.weight for n, s in DEFAULT_SOURCES.items()}, **(authority or {})}
    claims = list(key.get("claims") or ())
    conflicting = [c for c in claims if c.get("contradicts")]
    sides = [_side(c, authority) for c in conflicting]
    scoped: list[dict[str, Any]] = []
    other: list[dict[str, Any]] = []
    for c in claims:
        if c.get("contradicts"):
            continue
        home = next((i for i, o in enumerate(conflicting) if _restates(o, c)), None)
        if home is not None:
            side = sides[home]
            if c["value"] != side["value"] and c["value"] not in side["also"]:
                side["also"].append(c["value"])
            side["sources"] = list(_rank_sources([*side["sources"], *(s["source"] for s in c.get("support") or ())],
                                                 authority))
            continue
        entry = _side(c, authority)
        group = scoped if entry["scope"] else other
        same = next((g for g in group if _mergeable(g, c)), None)
        if same is None:
            group.append({**entry, "normalized": c.get("normalized")})
            continue
        (dim, vals), = same["scope"].items()
        same["scope"] = {dim: ",".join(dict.fromkeys([*_values(vals), *_values(c["scope"][dim])]))}
        same["sources"] = list(_rank_sources([*same["sources"], *entry["sources"]], authority))
    for g in (*scoped, *other):
        g.pop("normalized", None)
    return {"sides": sides, "scoped": scoped, "other": other,
            "conflict": " vs ".join(_side_text(s) for s in sides),
            "scoped_text": "; ".join(_side_text(s) for s in scoped),
            "other_text": "; ".join(_side_text(s) for s in other)}


def _mergeable(group: Mapping[str, Any], claim: Mapping[str, Any]) -> bool:
    """Two values of no conflict merge into one line when they are the same value for values of
    one scope dimension ("not available" for plan=team and plan=free)."""
    scope = claim.get("scope") or {}
    return (group.get("normalized") == claim.get("normalized") and len(group["scope"]) == 1 and len(scope) == 1
            and set(group["scope"]) == set(scope))


# -- the terminal ---------------------------------------------------------------------------------
def render_answer(a: Answer, width: int = 100, sources: Sources | None = None) -> str:
    lines = [textwrap.fill(a.answer, width=width), ""]
    v = a.verdict
    lines.append(f"verdict: {v.status}")
    authoritative = plain_authoritative(a)
    if authoritative:
        lines.append(textwrap.fill(f"authoritative: {authoritative}", width=width, subsequent_indent="  "))
    why = plain_explanation(a, sources)
    if why:
        lines.append(textwrap.fill(f"why: {why}", width=width, subsequent_indent="  "))
    if a.citations:
        lines.append("\ncitations:")
        for c in a.citations:
            page = pdf_page(c.id)
            lines.append(f" [{c.n}] [{c.source}] {c.id}")
            lines.append(textwrap.fill(f"page {page}: {c.sentence}" if page is not None else c.sentence, width=width,
                                       initial_indent="     ", subsequent_indent="     "))
    if a.warnings:
        lines.append("\nwarnings:")
        for w, message in zip(a.warnings, display_warnings(a)):
            lines.append(textwrap.fill(f"- {w.kind}: {message}", width=width, subsequent_indent="  "))
    method = f"{a.method} ({a.llm})" if a.llm else a.method
    lines.append(f"\nanswer: {method}; {a.timings_ms.get('answer_total', 0.0):.0f} ms")
    return "\n".join(lines)


def render_graph(ret: Retrieval) -> str:
    """The terminal view of a question's claim graph: its keys, the sources' voices and the
    counter-evidence the corpus audit added beyond the results, and the notice when the LLM's and the offline claims disagree."""
    if ret.graph is None:
        return ""
    text = ret.graph.render_text()
    if ret.voices:
        text += "\nsources' own voices (each source's best chunk, ranked below the results by authority): " + \
            ", ".join(s.id for s in ret.voices)
    if ret.counter:
        text += "\ncounter-evidence (chunks beyond the results, from the corpus audit): " + ", ".join(
            s.id for s in ret.counter)
    for note in ret.notices:
        text += f"\nnotice: {note}"
    return text
