"""The judge of a setting's values: current against current, older versions apart.

- A value the text scopes to older versions ("prior to 1.19.10", a version table's earlier
  rows) describes the past: it is *scoped*, never a rival of today's value.
- Every other value speaks of today. Values equal in meaning are one answer (sizes within 5%:
  "1m" in config syntax is a mebibyte, "1 megabyte" a million bytes). The answer with the most
  authoritative source wins (then the most independent documents); each other current value
  is *contradicted*.
- Verdict: ``contradiction`` when a current value is contradicted, else ``scoped`` when an
  older version had another value, else ``consistent``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from ..graph.question import Question
from ..graph.value_compare import within
from ..graph.values import parse_value
from ..types import VerdictStatus
from .answer_set import (
    NUMERIC_KINDS,
    AnswerSet,
    AnswerValue,
    agrees_in_range,
    answer_key,
    looks_back,
    premise_is_answer,
    rivals_kept,
    same_value,
    settle,
    support_weight,
)
from .candidate import Candidate, author
from .names import release


def is_older(c: Candidate, latest: tuple[int, ...]) -> bool:
    """The value holds only for versions before the newest one the setting's claims name."""
    v = c.scope.get("version", "")
    if v.startswith("<"):
        return True
    return v.startswith(">=") and bool(latest) and release(v) < latest


def comparable_kinds(a: str, b: str) -> bool:
    """Two kinds of value that can answer one setting: the same kind, amounts a bare number may
    stand for ("300" in a config file, "300 seconds" in a thread), or a word beside a number
    ("acks=all" against "acks=1"); a yes/no or a version never rivals an amount."""
    if a == b:
        return True
    if "word" in (a, b):
        return bool({a, b} & {"number", "bool", "entity"})
    return a in NUMERIC_KINDS and b in NUMERIC_KINDS and "number" in (a, b)


def _groups(candidates: Sequence[Candidate]) -> list[list[Candidate]]:
    out: list[list[Candidate]] = []
    for c in candidates:
        for g in out:
            if same_value(g[0], c, one_setting=True):
                g.append(c)
                break
        else:
            out.append([c])
    return out


def asks_history(question: Question, latest: tuple[int, ...] = ()) -> bool:
    """The question asks about the past (``looks_back``: "Was it always ...?", "did older releases
    ...?") or about a release older than ``latest``, the newest the setting's claims name ("the 5.7
    manual"), so values older versions had make the answer scoped; a question in the present, or
    about the newest release, asks about today, and those values are only listed beside it."""
    if looks_back(question):
        return True
    asked = [release(v) for v in re.findall(r"(?<![\w.])\d+\.\d+(?:\.\d+)*(?![\w.])", question.text)]
    return any(not latest or v < latest for v in asked)


def judge_values(candidates: Sequence[Candidate], authority: Mapping[str, float]) -> list[AnswerValue]:
    """A setting's values judged: the current answer of the most authoritative source first
    (``authoritative``), each other current value ``contradicted`` (``supported`` when one of the
    two is a range holding the other), older versions' values ``supported`` under their version
    scope."""
    versions = [release(c.scope["version"]) for c in candidates if c.scope.get("version", "").startswith(">=")]
    latest = max(versions, default=())
    older = [c for c in candidates if is_older(c, latest)]
    current = [c for c in candidates if not is_older(c, latest)]
    if not current:  # only the past is told: the newest past value stands for today
        current, older = older, []

    def doc(c: Candidate) -> str:
        return c.chunk_id.split("#")[0]

    def rank(g: list[Candidate]) -> tuple[float, int]:
        return max(authority.get(c.source, 1.0) for c in g), len({doc(c) for c in g})

    groups = sorted(_groups(current), key=lambda g: tuple(-x for x in rank(g)) + (g[0].normalized,))
    answers: list[AnswerValue] = []
    if not groups:
        return answers
    groups = _value_before_its_range(groups, rank)
    winner = groups[0]
    for k, g in enumerate(groups):
        status = "authoritative" if k == 0 else "contradicted"
        if k > 0 and {author(c.chunk_id) for c in g} <= {author(c.chunk_id) for c in winner}:
            continue  # the winning authors' own other values (a document's, or one post's): a scope not parsed
        if k > 0 and not comparable_kinds(g[0].kind, winner[0].kind):
            continue  # "7.0" or "4-5 years" beside a yes/no default: no rival answer, another fact
        if k > 0 and agrees_in_range(g[0], winner[0]):
            status = "supported"  # "five minutes" within the docs' "2-10 minutes": no rival
        answers.append(_value(g, status, {}, authority, (winner[0].normalized,) if status == "contradicted" else ()))
    for g in _groups(older):
        if any(same_value(g[0], a.candidates[0], one_setting=True) for a in answers if a.status == "authoritative"):
            continue
        scope = {"version": min((c.scope.get("version", "") for c in g), key=len)}
        answers.append(_value(g, "supported", scope, authority, ()))
    return answers


def _value_before_its_range(groups: list[list[Candidate]], rank: Callable[[list[Candidate]], tuple[float, int]]
                            ) -> list[list[Candidate]]:
    """The ``groups`` with a one-value group first where the first is a range holding it at the same
    rank: "Default: 300 seconds. Range: 60-86400 seconds." gives the setting 300 seconds; the range
    bounds what it may be set to."""
    bounds = parse_value(groups[0][0].normalized)
    for g in groups[1:]:
        value = parse_value(g[0].normalized)
        if rank(g) == rank(groups[0]) and bounds is not None and value is not None and value.lo == value.hi \
                and within(bounds, value):
            return [g, *(other for other in groups if other is not g)]
    return groups


def premise_holds(question: Question, answers: Sequence[AnswerValue], latest: tuple[int, ...] = ()) -> bool:
    """The question puts forward a value ("Is 151 really the default?", "can a key really send
    1,200 requests each minute?" where the docs say 20 per second) that is the authoritative
    answer, and asks about today (``asks_history``): the question's premise holds, and the verdict
    is consistent whatever other values sources give. Both judges ask it (the typed answers' judge
    since the twenty-eighth session: over 26 development sets 3 verdicts better, in three sets of
    three authors, none worse)."""
    return premise_is_answer(question, answers) is True and not asks_history(question, latest)


def judge_setting(question: Question, setting: str, candidates: Sequence[Candidate],
                  authority: Mapping[str, float],
                  doubt: Callable[[list[AnswerValue]], list[AnswerValue]] | None = None) -> AnswerSet:
    """``doubt``: the answers less the rivals we cannot stand behind (``src.claims.rivals``)."""
    answers = rivals_kept(judge_values(candidates, authority), doubt)
    latest = max((release(c.scope["version"]) for c in candidates if c.scope.get("version")), default=())
    history = asks_history(question, latest)
    decided = None
    if premise_holds(question, answers, latest):
        decided = VerdictStatus.CONSISTENT  # the value the question puts forward is the authoritative one
    elif history and any(a.scope.get("version") for a in answers):
        decided = VerdictStatus.SCOPED  # asked about the past: an older version's value is the answer's point
    # then, as for typed answers: "Was it always 5?" makes the other value what held before, a
    # contradicted value a contradiction, several values of a question about the past or a scope scoped
    answers, verdict = settle(question, answers, several_scoped=len(answers) > 1 and bool(history or question.scope),
                              decided=decided)
    key = answer_key(question, answers, authority, verdict=verdict)
    # the graph of the question keys the setting by its name (``src.claims.audit.setting_keys``)
    return AnswerSet(question, verdict, tuple(answers), f"{setting}: {key.explanation}", key, fact=setting,
                     facts=(setting,), setting=setting)


def _value(group: list[Candidate], status: str, scope: dict[str, str], authority: Mapping[str, float],
           contradicts: tuple[str, ...]) -> AnswerValue:
    best = max(group, key=lambda c: (authority.get(c.source, 1.0), c.score, -len(c.value), c.chunk_id))
    docs = {c.chunk_id.split("#")[0]: c for c in sorted(group, key=lambda c: -authority.get(c.source, 1.0))}
    return AnswerValue(value=best.value, normalized=best.normalized, scope=scope, status=status,
                       sources=tuple(dict.fromkeys(c.chunk_id for c in group)), votes=len(docs),
                       authority=max(authority.get(c.source, 1.0) for c in group),
                       support=round(sum(support_weight(c, authority) for c in docs.values()), 4),
                       contradicts=contradicts, candidates=tuple(docs.values()))
