"""Score a claim graph (SPEC section 4 ``graph`` object) against gold conflicts.

Gold lines (``eval/conflicts.jsonl``)::

    {"id", "type": "contradiction"|"restatement"|"scoped", "fact", "key_hint", "scope_dimension",
     "claims": [{"doc_id", "source", "value", "quote", "chunk_id"?}], "authoritative"}

Definitions (document ids are support ids without ``#anchor``; values are compared with
:func:`values_match`: case and whitespace ignored, equal or one contained in the other;
a reported claim matches a value through its ``value`` or its ``normalized`` form):

- A gold item's **sides** are its claims grouped by value; a side is supported by a reported
  claim when one of the side's documents is among the claim's support and the values match.
- A gold contradiction is **found** by a reported key with status ``contradiction`` when every
  side is supported by some claim of the key and at least two different claims are used.
- Its **authoritative** value is right when a claim of that key marked ``authoritative``
  matches the gold ``authoritative`` value (items without one are left out of the accuracy).
- A **false alarm** is a gold restatement or scoped item for which some ``contradiction`` key
  has each gold claim's document in the support of some claim, but no single claim is
  supported by all of them (the key puts the sides on different claims).
- **Precision** = reported contradiction keys that find at least one gold contradiction /
  reported contradiction keys whose support touches any document named in the gold file
  (the gold is not exhaustive, so keys about other documents are neither right nor wrong).
  **Recall** = found gold contradictions / gold contradictions. F1 is their harmonic mean.
  A ratio with a zero denominator is 0.

The gold items, reported keys and scores are the dataclasses of ``src/evaluation/conflict_types.py``.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..types import KeyStatus, Warning_
from .conflict_types import (
    ConflictItemResult,
    ConflictScore,
    GoldClaim,
    GoldConflict,
    ReportedClaim,
    ReportedKey,
)
from .gold import GoldFileError, doc_id_of, json_object, parse_lines

log = logging.getLogger(__name__)

CONFLICT_TYPES = ("contradiction", "restatement", "scoped")
CONTRADICTION = KeyStatus.CONTRADICTION  # the graph JSON's status of a contradicted key


def squash(text: str) -> str:
    return "".join(text.lower().split())


_NEGATIONS = frozenset({"not", "no", "never", "unavailable", "without", "false"})
_FILLERS = frozenset({"and", "or", "the", "a", "an", "on", "plan", "plans", "tier"})


def _tokens(text: str) -> set[str]:
    return {t for t in re.findall(r"[a-z0-9]+(?:\.[0-9]+)*", text.lower()) if t not in _FILLERS}


def values_match(gold: str, reported: str, scope: tuple[str, ...] = ()) -> bool:
    """Does a reported value (with its scope) state the gold value?

    Both must agree on negation ("available" never matches "not available"). Then: equal
    ignoring case and whitespace, one written in the other as whole words, or every word of the gold
    value found among the reported value's and its scope's words ("Enterprise only" ~
    "only enterprise"; "Business and Enterprise" ~ "available" scoped to business,enterprise).
    """
    g, r = squash(gold), squash(reported)
    if not (g and r):
        return False
    gold_words, reported_words = _tokens(gold), _tokens(reported)
    if bool(gold_words & _NEGATIONS) != bool(reported_words & _NEGATIONS):
        return False
    if g == r or _within(reported, gold):
        return True
    if len(reported_words) > 2 * len(gold_words) + 3:
        return False  # a passage naming the gold's words in passing states no value
    return _within(gold, reported) or bool(gold_words) and gold_words <= reported_words | _tokens(" ".join(scope))


def _within(part: str, whole: str) -> bool:
    """``part`` is written in ``whole`` as whole words: "14 days" in "14 days (Team)", "on" in "on by
    default"; not "1" in "100" nor "t" in "Update key mapping"."""
    p, w = " ".join(part.lower().split()), " ".join(whole.lower().split())
    return bool(p) and re.search(rf"(?<![a-z0-9]){re.escape(p)}(?![a-z0-9])", w) is not None


def claim_matches(claim: ReportedClaim, value: str) -> bool:
    return values_match(value, claim.value, claim.scope) or values_match(value, claim.normalized, claim.scope)


def _text(value: Any) -> str:
    return "" if value is None or isinstance(value, dict | list) else str(value).strip()


def _parse_claim(obj: Any) -> GoldClaim | None:
    if not isinstance(obj, dict) or not _text(obj.get("doc_id")) or not _text(obj.get("value")):
        return None
    return GoldClaim(
        doc_id=doc_id_of(_text(obj["doc_id"])),
        value=_text(obj["value"]),
        source=_text(obj.get("source")),
        quote=_text(obj.get("quote")),
        chunk_id=_text(obj.get("chunk_id")) or None,
    )


def parse_conflict_line(text: str) -> GoldConflict | str:
    """One gold conflict, or the reason the line is unusable."""
    obj = json_object(text)
    if isinstance(obj, str):
        return obj
    if not _text(obj.get("id")):
        return 'missing "id"'
    if obj.get("type") not in CONFLICT_TYPES:
        return f'"type" must be one of {", ".join(CONFLICT_TYPES)}'
    raw = obj.get("claims")
    claims = [_parse_claim(c) for c in raw] if isinstance(raw, list) else []
    if len(claims) < 2 or any(c is None for c in claims):
        return '"claims" must list at least two claims, each with "doc_id" and "value"'
    item = GoldConflict(
        id=_text(obj["id"]),
        type=obj["type"],
        claims=tuple(c for c in claims if c is not None),
        authoritative=_text(obj.get("authoritative")) or None,
        fact=_text(obj.get("fact")),
        key_hint=_text(obj.get("key_hint")),
        scope_dimension=_text(obj.get("scope_dimension")) or None,
    )
    if item.type == CONTRADICTION and len(sides(item)) < 2:
        return "a contradiction needs claims with at least two different values"
    return item


def load_conflict_gold(path: str | Path) -> tuple[list[GoldConflict], list[Warning_]]:
    path = Path(path)
    if not path.is_file():
        raise GoldFileError(path, "conflict gold file not found")
    lines, warnings = parse_lines(path, parse_conflict_line)
    items = [item for _, item in lines]
    if not items:
        raise GoldFileError(path, "no usable gold conflict")
    for warning in warnings:
        log.warning("%s", warning)
    return items, warnings


def _reported_claim(obj: dict[str, Any]) -> ReportedClaim:
    support = obj.get("support") or []
    docs = frozenset(doc_id_of(str(s["id"])) for s in support if isinstance(s, dict) and s.get("id"))
    scope = obj.get("scope") if isinstance(obj.get("scope"), dict) else {}
    return ReportedClaim(
        value=_text(obj.get("value")),
        normalized=_text(obj.get("normalized")),
        authoritative=obj.get("authoritative") is True,
        docs=docs,
        scope=tuple(str(v) for v in scope.values()),
    )


def graph_keys(graph_json: dict[str, Any]) -> list[ReportedKey]:
    """Keys of a SPEC ``graph`` object (a whole ``fusion --json`` object is accepted too)."""
    graph = graph_json.get("graph", graph_json) if "keys" not in graph_json else graph_json
    keys = graph.get("keys") if isinstance(graph, dict) else None
    if not isinstance(keys, list):
        raise ValueError('graph JSON has no "keys" list (expected the "graph" object of fusion --json)')
    return [
        ReportedKey(
            key=_text(k.get("key")),
            status=_text(k.get("status")),
            claims=tuple(_reported_claim(c) for c in k.get("claims") or [] if isinstance(c, dict)),
        )
        for k in keys
        if isinstance(k, dict)
    ]


def sides(item: GoldConflict) -> list[tuple[str, frozenset[str]]]:
    """The item's claims grouped by value: ``(value, its documents)`` in first-seen order."""
    grouped: dict[str, tuple[str, set[str]]] = {}
    for claim in item.claims:
        grouped.setdefault(squash(claim.value), (claim.value, set()))[1].add(claim.doc_id)
    return [(value, frozenset(docs)) for value, docs in grouped.values()]


def finds(key: ReportedKey, item: GoldConflict) -> bool:
    if key.status != CONTRADICTION:
        return False
    used: set[int] = set()
    for value, docs in sides(item):
        candidates = {i for i, c in enumerate(key.claims) if c.docs & docs and claim_matches(c, value)}
        if not candidates:
            return False
        used |= candidates
    return len(used) >= 2


def separates(key: ReportedKey, item: GoldConflict) -> bool:
    """``key`` is a contradiction holding every gold claim's document, on no common claim."""
    if key.status != CONTRADICTION:
        return False
    supporting = [{i for i, c in enumerate(key.claims) if claim.doc_id in c.docs} for claim in item.claims]
    return all(supporting) and not set.intersection(*supporting)


def authoritative_right(key: ReportedKey, item: GoldConflict) -> bool | None:
    if item.authoritative is None:
        return None
    return any(c.authoritative and claim_matches(c, item.authoritative) for c in key.claims)


def score_item(item: GoldConflict, keys: Sequence[ReportedKey]) -> ConflictItemResult:
    if item.type == CONTRADICTION:
        found = [k for k in keys if finds(k, item)]
        if not found:
            return ConflictItemResult(item.id, item.type, "missed")
        best = next((k for k in found if authoritative_right(k, item)), found[0])
        return ConflictItemResult(item.id, item.type, "found", best.key, authoritative_right(best, item))
    alarm = next((k for k in keys if separates(k, item)), None)
    if alarm is None:
        return ConflictItemResult(item.id, item.type, "ok")
    return ConflictItemResult(item.id, item.type, "false_alarm", alarm.key)


def _ratio(num: int, den: int) -> float:
    return num / den if den else 0.0


def score_graph(items: Sequence[GoldConflict], keys: Sequence[ReportedKey]) -> ConflictScore:
    """Precision, recall, F1, authoritative accuracy and false alarms (module docstring)."""
    results = tuple(score_item(item, keys) for item in items)
    contradictions = [item for item in items if item.type == CONTRADICTION]
    gold_docs = {claim.doc_id for item in items for claim in item.claims}
    in_scope = [k for k in keys if k.status == CONTRADICTION and k.docs & gold_docs]
    correct = [k for k in in_scope if any(finds(k, item) for item in contradictions)]
    found = [r for r in results if r.outcome == "found"]
    judged = [r for r in found if r.authoritative_correct is not None]
    precision = _ratio(len(correct), len(in_scope))
    recall = _ratio(len(found), len(contradictions))
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return ConflictScore(
        precision=precision,
        recall=recall,
        f1=f1,
        authoritative_accuracy=_ratio(sum(bool(r.authoritative_correct) for r in judged), len(judged))
        if judged
        else None,
        false_alarms=sum(r.outcome == "false_alarm" for r in results),
        found=len(found),
        gold_contradictions=len(contradictions),
        reported_keys=len(in_scope),
        correct_keys=len(correct),
        items=results,
    )


def score_conflicts(gold_path: str | Path, graph_json: dict[str, Any] | str | Path) -> ConflictScore:
    """Score a graph (a parsed ``graph`` object, or a path to a JSON file holding one)."""
    items, warnings = load_conflict_gold(gold_path)
    if not isinstance(graph_json, dict):
        graph_path = Path(graph_json)
        try:
            graph_json = json.loads(graph_path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise GoldFileError(graph_path, f"cannot read graph JSON ({exc})") from exc
        if not isinstance(graph_json, dict):
            raise GoldFileError(graph_path, "graph JSON must be an object")
    score = score_graph(items, graph_keys(graph_json))
    return replace(score, warnings=tuple(warnings))


@dataclass(frozen=True)
class QuestionConflictScore:
    """Each gold item's ``fact`` asked as a question and scored on that question's graph."""

    found: int
    gold_contradictions: int
    false_alarms: int
    items: tuple[ConflictItemResult, ...]

    @property
    def recall(self) -> float:
        return _ratio(self.found, self.gold_contradictions)

    def to_json(self) -> dict[str, Any]:
        return {"recall": round(self.recall, 6), "found": self.found, "gold_contradictions": self.gold_contradictions,
                "false_alarms": self.false_alarms, "items": [item.to_json() for item in self.items]}


def question_of(item: GoldConflict) -> str:
    fact = item.fact.strip().rstrip("?.")
    return fact[:1].upper() + fact[1:] + "?"


def score_per_question(gold_path: str | Path, graph_for: Any) -> QuestionConflictScore:
    """Ask every item's ``fact`` (``graph_for(question)`` returns that question's ``graph``
    object) and score the item on it with the definitions above. Items without a ``fact``
    are left out with a warning."""
    items, _ = load_conflict_gold(gold_path)
    results = []
    for item in items:
        if not item.fact.strip():
            log.warning("%s: item %s has no fact to ask; left out of the per-question score", gold_path, item.id)
            continue
        results.append(score_item(item, graph_keys(graph_for(question_of(item)))))
    return QuestionConflictScore(
        found=sum(r.outcome == "found" for r in results),
        gold_contradictions=sum(r.type == CONTRADICTION for r in results),
        false_alarms=sum(r.outcome == "false_alarm" for r in results),
        items=tuple(results),
    )
