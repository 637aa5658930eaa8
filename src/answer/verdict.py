"""From the claim graph of the evidence to a verdict and warnings. Pure functions.

Keys are matched to the question by their stemmed terms (IDF-weighted, as in
``src.answer.relevance``); claims are narrowed to the question's scope when it names one
("on the Team plan" keeps the ``plan=team`` claims).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..claims.answer_set import AnswerSet
from ..claims.extractor import SEMANTIC_ALONE
from ..graph.analysis import STATUS_ORDER, ClaimNode, KeyResult
from ..graph.text import key_tokens
from ..types import KeyStatus, ScoredChunk, VerdictStatus
from .model import Verdict, Warning

MAX_KEYS = 3
KEY_SCORE_SHARE = 0.5  # keep keys scoring at least this share of the best key's score
LOW_AUTHORITY = 1.0  # sources weighted below this are community sources (forums, tickets)
_VERSION = re.compile(r"^\s*v?(\d+(?:\.\d+){0,3})\s*$", re.I)


@dataclass(frozen=True)
class Focus:
    """A key that answers the question, with the claims in the question's scope."""

    key: KeyResult
    claims: tuple[ClaimNode, ...]
    score: float

    @property
    def scoped(self) -> bool:
        """The question's claims hold several values that differ only by scope, even when the
        key conflicts in a scope the question did not ask about."""
        ids = {c.id for c in self.claims}
        return (self.key.status in (KeyStatus.SCOPED, KeyStatus.CONTRADICTION) and len({c.normalized for c in self.claims}) > 1
                and not any(set(c.contradicts) & ids for c in self.claims))

    @property
    def conflicting(self) -> list[ClaimNode]:
        """The question's claims that contradict others; when the question names no scope of
        its own (it gets every claim of a key in contradiction), all contradicting claims."""
        involved = [c for c in self.claims if c.contradicts]
        if involved or self.key.status != KeyStatus.CONTRADICTION or len(self.claims) != len(self.key.claims):
            return involved
        return [c for c in self.key.claims if c.contradicts]


def select_keys(q_terms: frozenset[str], keys: Sequence[KeyResult], idf: Callable[[str], float],
                question_words: set[str]) -> list[Focus]:
    """The keys sharing terms with the question, best first (IDF mass shared, then status)."""
    scored = []
    for k in keys:
        shared = set()
        for name in (k.key, *k.aliases):
            shared |= q_terms & key_tokens(name)
        if shared:
            scored.append((sum(idf(t) for t in shared), k))
    if not scored:
        return []
    best = max(s for s, _ in scored)
    scored = [(s, k) for s, k in scored if s >= KEY_SCORE_SHARE * best]
    scored.sort(key=lambda sk: (-sk[0], STATUS_ORDER[sk[1].status], sk[1].key))
    return [Focus(k, in_scope(k.claims, question_words), s) for s, k in scored[:MAX_KEYS]]


def in_scope(claims: Sequence[ClaimNode], question_words: set[str]) -> tuple[ClaimNode, ...]:
    """Claims whose scope values the question names; all claims when it names none."""
    def named(c: ClaimNode) -> bool:
        return any(v in question_words for vals in c.scope.values() for v in vals.split(",") if v)

    hits = tuple(c for c in claims if named(c))
    return hits or tuple(claims)


def best_sentence(node: ClaimNode, authority: Mapping[str, float]) -> tuple[str, str]:
    """(chunk id, sentence) of the claim's most authoritative support."""
    s = max(node.support, key=lambda s: (authority.get(s.source, 1.0), s.weight, s.chunk_id))
    return s.chunk_id, s.sentence


def focus_status(focus: Sequence[Focus]) -> VerdictStatus:
    statuses = set()
    for f in focus:
        if f.conflicting:
            statuses.add(VerdictStatus.CONTRADICTION)
        elif f.scoped:
            statuses.add(VerdictStatus.SCOPED)
        else:
            statuses.add(VerdictStatus.CONSISTENT)
    for s in (VerdictStatus.CONTRADICTION, VerdictStatus.SCOPED, VerdictStatus.CONSISTENT):
        if s in statuses:
            return s
    return VerdictStatus.CONSISTENT


def make_verdict(focus: Sequence[Focus], authority: Mapping[str, float], fallback_sentence: str | None,
                 n_chunks: int) -> Verdict:
    if not focus:
        return Verdict(VerdictStatus.CONSISTENT, f"No conflicting values were found in the {n_chunks} retrieved chunks; "
                                     "the evidence states no comparable facts.", fallback_sentence)
    status = focus_status(focus)
    explanation = " ".join(f"{f.key.key}: {f.key.explanation}" for f in focus)
    parts = []
    for f in focus:
        auth = [c for c in f.claims if c.authoritative] or [max(f.claims, key=lambda c: c.consensus)]
        if status == VerdictStatus.SCOPED and f.scoped:
            auth = list(f.claims)
        for c in auth[:4]:
            scope = scope_label(c.scope)
            who = sorted({s.source for s in c.support}, key=lambda s: (-authority.get(s, 1.0), s))
            parts.append(f"{c.value}{f' ({scope})' if scope else ''} per {', '.join(who)}")
    return Verdict(status, explanation, f"{focus[0].key.key}: " + "; ".join(parts) if parts else None)


def _version(value: object) -> tuple[int, ...] | None:
    m = _VERSION.match(str(value or ""))
    return tuple(int(p) for p in m.group(1).split(".")) if m else None


def make_warnings(focus: Sequence[Focus], cited: Sequence[str], evidence: Sequence[ScoredChunk],
                  authority: Mapping[str, float], asked_versions: Sequence[str]) -> list[Warning]:
    out: list[Warning] = []
    for f in focus:
        involved = f.conflicting
        if involved:
            ids = tuple(sorted({s.chunk_id for c in involved for s in c.support}))
            out.append(Warning("conflict", f"Sources disagree on {f.key.key}: {f.key.explanation}", ids))
    by_id = {s.id: s.chunk for s in evidence}
    versions = {cid: _version(by_id[cid].metadata.get("version") or by_id[cid].metadata.get("user_version"))
                for cid in by_id}
    wanted = [_version(v) for v in asked_versions]
    known = [v for v in versions.values() if v]
    newest = max(known) if known else None
    for cid in cited:
        v = versions.get(cid)
        if not v:
            continue
        shown = ".".join(map(str, v))
        if any(wanted) and not any(w and v[:len(w)] == w for w in wanted):
            asked = ", ".join(asked_versions)
            out.append(Warning("outdated_version", f"{cid} is about version {shown}, not the version asked "
                                                   f"about ({asked}).", (cid,)))
        elif not any(wanted) and newest and v < newest:
            out.append(Warning("outdated_version", f"{cid} is about version {shown}; the newest evidence is "
                                                   f"about version {'.'.join(map(str, newest))}.", (cid,)))
    sources = {by_id[c].source for c in cited if c in by_id}
    if sources and max(authority.get(s, 1.0) for s in sources) < LOW_AUTHORITY:
        names = ", ".join(f"{s} ({authority.get(s, 1.0):g})" for s in sorted(sources))
        out.append(Warning("low_authority", f"Only low-authority sources back this answer: {names}; "
                                            "no official documentation confirms it.", tuple(cited)))
    return out


# -- the typed answer set (src.claims.answer_set) ------------------------------------------------
SUBJECT_NAMED = 0.75  # share of the subject's terms the answering chunk must name


def subject_named(aset: AnswerSet) -> bool:
    """The chunk behind the best stated answer names most of the question's subject."""
    stated = aset.stated
    if not stated or not stated[0].candidates:
        return False
    return max(c.subject for c in stated[0].candidates) >= SUBJECT_NAMED


def answer_meant(aset: AnswerSet) -> bool:
    """The sentence behind the best stated answer is as close in meaning to the question as the
    extractor requires of a sentence that shares none of its words (``SEMANTIC_ALONE``): the
    evidence answers a question asked in words it never uses ("my kid wiped our pictures" ->
    "Deleted photos stay in the Recycle Bin for 60 days")."""
    stated = aset.stated
    return bool(stated) and max((c.meaning for c in stated[0].candidates), default=0.0) >= SEMANTIC_ALONE


def scope_label(scope: Mapping[str, str]) -> str:
    """"plan=team, version=4": a claim's or answer's scope as the verdict and answer text show it."""
    return ", ".join(f"{k}={v}" for k, v in scope.items())


def verdict_from_set(aset: AnswerSet, authority: Mapping[str, float]) -> Verdict:
    parts = []
    for a in aset.stated[:6]:
        who = sorted({c.source for c in a.candidates}, key=lambda s: (-authority.get(s, 1.0), s))
        scope = f" ({scope_label(a.scope)})" if a.scope else ""
        parts.append(f"{a.value}{scope} per {', '.join(who)}")
    head = f"{aset.key.key}: " if aset.key is not None else ""
    return Verdict(aset.status, aset.explanation, head + "; ".join(parts) if parts else None)


def set_warnings(aset: AnswerSet) -> list[Warning]:
    if aset.status != VerdictStatus.CONTRADICTION or aset.key is None:
        return []
    ids = tuple(sorted({cid for a in aset.answers if a.status == "contradicted" or a.contradicts for cid in a.sources}))
    return [Warning("conflict", f"Sources disagree on {aset.key.key}: {aset.explanation}", ids)]


def answers_from_focus(focus: Sequence[Focus]) -> tuple[dict[str, object], ...]:
    """The answer set of the claim-key path, in the SPEC section 5 shape."""
    out = []
    for f in focus:
        conflicting = {c.id for c in f.conflicting}
        for c in f.claims:
            status = "authoritative" if c.authoritative else "contradicted" if c.id in conflicting else "supported"
            out.append({"value": c.value, "scope": dict(c.scope), "status": status,
                        "sources": list(dict.fromkeys(s.chunk_id for s in c.support))})
    return tuple(out)
