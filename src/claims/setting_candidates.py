"""One setting's claims as answer candidates (``setting_candidates``): statements of the default
outrank configured or example values; two official documents giving one name different defaults
are two things of that name, of which the evidence's order picks one (``_one_entry``); one
document giving one setting two defaults in two sentences tells them apart by the question's words,
weighed by how rare each is in the corpus (``_one_value``, ``word_weights``); a bare number equal
to a unit value of the same setting is that value (``_unify``); a value of an older release's
manual is scoped to the versions before the newest's.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from ..text import stems
from .candidate import Candidate
from .model import Modality, ReadClaim
from .names import release

AUTHORITY_ORDER = {"docs": 2}  # the official source: its documents do not contradict each other


def _unify(claims: list[ReadClaim]) -> list[tuple[ReadClaim, str, str]]:
    """(claim, kind, normalized): a bare number that equals a unit value of the same setting in
    its base unit (16384 and 16 KiB) takes that value's form, so the two are one answer."""
    united = {}
    for c in claims:
        if c.kind != "number" and c.lo is not None:
            united.setdefault(c.lo, (c.kind, c.normalized))
    out = []
    for c in claims:
        if c.kind == "number" and c.lo in united:
            out.append((c, *united[c.lo]))
        else:
            out.append((c, c.kind, c.normalized))
    return out


def _one_entry(claims: list[ReadClaim], ranked: list[str]) -> list[ReadClaim]:
    """Two official documents giving one setting name different defaults document two things of
    that name (one directive in two modules): the entry of the document the evidence ranks
    first (else the first read) is the one asked about; other sources' claims all stay."""
    docs: dict[str, set[str]] = {}
    top = max((AUTHORITY_ORDER.get(c.source, 0) for c in claims), default=0)
    newest = max((release(c.doc_version) for c in claims if c.doc_version), default=())
    for c in claims:
        if c.doc_version and release(c.doc_version) < newest:
            continue  # an older release's manual: scoped to it, not a second entry
        if AUTHORITY_ORDER.get(c.source, 0) == top and top > 0 and not c.scope and c.modality is Modality.DEFAULT:
            docs.setdefault(c.chunk_id.split("#")[0], set()).add(c.normalized)
    if len(docs) < 2 or len({frozenset(v) for v in docs.values()}) < 2:
        return claims
    order = [i.split("#")[0] for i in ranked]
    keep = min(docs, key=lambda d: (order.index(d) if d in order else len(order), d))
    return [c for c in claims if c.chunk_id.split("#")[0] == keep or c.chunk_id.split("#")[0] not in docs]


def word_weights(texts: Iterable[str]) -> Callable[[str], float]:
    """How much sharing a word (a stem) says: log(N / df) over ``texts``, the corpus's chunks; a
    word every chunk uses (the product's name) says nothing, one in half of them log 2. The
    texts are counted on the first call, so a question that never compares words costs nothing."""
    df: dict[str, int] = {}
    size: list[int] = []  # N, once counted

    def weight(w: str) -> float:
        if not size:
            size.append(0)
            for text in texts:
                size[0] += 1
                for s in stems(text):
                    df[s] = df.get(s, 0) + 1
        n = size[0]
        return math.log(n / df[w]) if w in df else math.log(n + 1)

    return weight


def _one_value(claims: list[ReadClaim], question: str, weight: Callable[[str], float] | None = None
               ) -> list[ReadClaim]:
    """One official document giving one setting two defaults in two sentences ("the client
    program's default is 16MB", "the server's default is 64MB") tells two things apart by
    their words: the sentence sharing more of the question's words is the one asked about,
    when it leads by a word rarer than half the corpus's chunks (``weight``; without it each
    word counts 1); else both stay. Digits are values, not words."""
    top = max((AUTHORITY_ORDER.get(c.source, 0) for c in claims), default=0)
    official = [c for c in claims if top > 0 and AUTHORITY_ORDER.get(c.source, 0) == top and not c.scope
                and c.modality is Modality.DEFAULT]
    asked = {w for w in stems(question) if not any(ch.isdigit() for ch in w)}
    worth = weight or (lambda w: 1.0)
    lead = math.log(2) if weight else 1.0
    drop: set[int] = set()
    for doc in {c.chunk_id.split("#")[0] for c in official}:
        mine = [c for c in official if c.chunk_id.split("#")[0] == doc]
        if len({c.normalized for c in mine}) < 2:
            continue
        shared = {id(c): sum(worth(w) for w in asked & stems(c.sentence)) for c in mine}
        ranked = sorted({c.normalized: shared[id(c)] for c in mine}.items(), key=lambda kv: -kv[1])
        if ranked[0][1] - ranked[1][1] >= lead - 1e-9:
            drop |= {id(c) for c in mine if c.normalized != ranked[0][0]}
    return [c for c in claims if id(c) not in drop]


def setting_candidates(claims: list[ReadClaim], ranked: Sequence[str] | None = None, *,
                       defaults_only: bool = False, question: str = "",
                       weight: Callable[[str], float] | None = None) -> list[Candidate]:
    """One setting's claims as answer candidates: statements of the default outrank configured
    values (``defaults_only``: nothing else counts); a value of an older release's manual is
    scoped to the versions before the newest manual's. ``ranked``: chunk ids, best first, that
    pick among official documents giving the name different defaults (``_one_entry``); None:
    such a name is left out (two things of one name, no question to tell them apart)."""
    mine = _one_entry(claims, list(ranked or ()))
    if ranked is None and mine != claims:
        return []
    if question:
        mine = _one_value(mine, question, weight)
    defaults = [c for c in mine if c.modality is Modality.DEFAULT]
    top = max((AUTHORITY_ORDER.get(c.source, 0) for c in mine), default=0)
    if top and not any(AUTHORITY_ORDER.get(c.source, 0) == top for c in defaults):
        # the official docs state no default, but ship a configuration file that sets the
        # setting: what it sets is what a user gets (fail2ban's jail.conf, redis.conf)
        defaults += [c for c in mine if c.shipped and AUTHORITY_ORDER.get(c.source, 0) == top]
    if defaults or defaults_only:
        mine = defaults  # what the text says the default is outranks a value someone set
    newest = max((release(c.doc_version) for c in mine if c.doc_version), default=())
    candidates = []
    for c, kind, normalized in _unify(mine):
        scope = dict(c.scope)
        if not scope and c.doc_version and release(c.doc_version) < newest:
            scope = {"version": "<" + ".".join(map(str, newest))}  # a manual of an older release
        score = 1.0 + (0.2 if c.modality is Modality.DEFAULT else 0.0)
        candidates.append(Candidate(value=c.value, normalized=normalized, kind=kind, scope=scope,
                                    sentence=c.sentence, chunk_id=c.chunk_id, source=c.source, score=score,
                                    subject=1.0, meaning=1.0))
    return candidates
