"""The corpus audit's contradictions, read by the reader and decided by the judge.

A contradiction is reported only where it can be stood behind:

- **settings** (``setting_keys``): every setting the corpus states a default for. Only
  statements of the default count (a value set in a config file or an example is no claim
  about the default); values of older versions are scoped apart; the official source must
  give a current default in a sentence or entry that names the setting, and a contradiction is
  a current default of a less authoritative source that differs from it in a comparable kind
  (a size against a size, a word against a number; a duration is never a size, nor a count).
- **other facts** (``official_side``): a key of the question-free extractor is kept only when
  one claim of the official source is contradicted by less authoritative sources only; that
  claim is the authoritative one (the authority decides, not the number of posts). Two
  official documents that disagree state scopes the extractors did not parse (a version, a
  module); two unofficial sources give no authoritative answer to side with. Neither is
  reported. A key about a setting the reader keys is left to the reader. With an embedder, a
  contradicting claim stays only where one of its sentences and one of the official claim's say
  the same thing, the two values blanked (``says_the_same``): "Events in the dead-letter queue
  are kept for 30 days" against "dead-lettered events stick around for 31-40 days", not "its
  history is deleted after 30 days" against "the Energy tab keeps two years of history".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from dataclasses import replace

import numpy as np

from ..graph.analysis import ClaimNode, KeyResult, explain, norm_of, severity
from ..graph.value_compare import compare
from ..graph.values import Norm
from ..text import stems
from ..types import Chunk, Claim, KeyStatus
from .answer import is_setting
from .answer_set import AnswerValue, answer_key, closeness, visible
from .judge import judge_values
from .model import Modality, ReadClaim
from .names import doc_version, name_stems, release, tells_the_past
from .setting_candidates import setting_candidates

MEASURED = {"duration", "size", "rate", "percent"}  # kinds with a unit: two of them must match
# the least cosine (MiniLM) between two claims' sentences, both values blanked, for the two to say
# the same thing (``far_edges``): fitted on the audits of eleven corpora by seven authors (data/,
# LumenVault, NimbusNote, OpenEMR and four support sets: 14 contradictions that are real, all at
# 0.54 or more; 13 that are not, 11 under 0.5); a table row set against prose is real at 0.80
SAME_THING = 0.5


def _top_authority(authority: Mapping[str, float]) -> float:
    """The weight of the most authoritative source (1.0 where the corpus weighs none)."""
    return max(authority.values(), default=1.0)


def _official_source(authority: Mapping[str, float]) -> Callable[[str], bool]:
    """Whether a source weighs as much as the most authoritative one (``_top_authority``); a source
    the corpus does not weigh counts 1.0."""
    top = _top_authority(authority)
    return lambda source: authority.get(source, 1.0) >= top


def comparable(official: AnswerValue, other: AnswerValue) -> bool:
    """A value the judge contradicted (``judge_values`` keeps only kinds that compare with the
    winner's, ``comparable_kinds``) also contradicts it in the audit unless it is a measure where
    the official value is a plain count (a bare number where the official value has a unit is that
    unit left out: "65" against "75s"; a measure against a count is another fact)."""
    return not (official.candidates[0].kind == "number" and other.candidates[0].kind in MEASURED)


def setting_answers(claims: Sequence[ReadClaim], authority: Mapping[str, float]) -> list[AnswerValue]:
    """One setting's defaults judged (``judge_values``): the official side only where a sentence or
    entry names the setting; a contradicted value stays only from a less authoritative source
    than the winner's and of a comparable kind (two official documents giving two values state
    a scope the reader did not parse; a duration never contradicts a count)."""
    official = _official_source(authority)
    # the official side must name the setting (or stand in its entry) to be taken as its value
    claims = [c for c in claims if not (c.inferred and official(c.source))]
    answers = judge_values(setting_candidates(list(claims), None, defaults_only=True), authority)
    if not answers:
        return []
    first = answers[0]
    return [a for a in answers if a.status != "contradicted"
            or (a.authority < first.authority and comparable(first, a))]


def setting_keys(by_name: Mapping[str, list[ReadClaim]], authority: Mapping[str, float], *,
                 contradictions_only: bool = True) -> list[KeyResult]:
    """The settings on which a less authoritative source states another current default than
    the official one, as graph keys (most severe first); ``contradictions_only=False``: every
    setting the text states a default for, judged the same way (a question's claim graph)."""
    highest = _top_authority(authority)
    out = []
    for name, claims in sorted(by_name.items()):
        if not is_setting(name, claims):
            continue
        answers = setting_answers(claims, authority)
        contradicted = any(a.status == "contradicted" for a in answers)
        if not answers or contradictions_only and not (contradicted and answers[0].authority >= highest):
            continue  # no official default contradicted
        key = answer_key(None, answers, authority, name=name)
        out.append(replace(key, severity=severity(key.claims, authority)))
    return sorted(out, key=lambda k: (-k.severity, k.key))


def without_read(claims: Sequence[Claim], by_name: Mapping[str, list[ReadClaim]]) -> list[Claim]:
    """The other extractor's claims less the values the settings reader read as a setting's
    default in the same sentence (one reader: "Default: 75s" under ``keepalive_timeout`` is that
    setting's, not a claim of a key "default" beside it). Values set in a config file or stated
    in passing stay the other extractor's: the settings' keys hold only defaults."""
    read: dict[str, list[tuple[str, Norm]]] = {}
    for name, cs in by_name.items():
        if is_setting(name, cs):
            for c in cs:
                if c.modality is Modality.DEFAULT:
                    read.setdefault(c.chunk_id, []).append((" ".join(c.sentence.split()), norm_of(c.normalized)))

    def taken(c: Claim) -> bool:
        sentence, value = " ".join(c.sentence.split()), norm_of(str(c.normalized))
        return bool(sentence) and any((s in sentence or sentence in s) and compare(n, value) == "equal"
                                      for s, n in read.get(c.chunk_id, ()))
    return [c for c in claims if not taken(c)]


def _level(node: ClaimNode, authority: Mapping[str, float], older: Set[str]) -> float:
    """The authority behind a claim: its most authoritative support of the current release."""
    return max((authority.get(s.source, 1.0) for s in node.support if s.chunk_id not in older), default=0.0)


def _official_claims(key: KeyResult, authority: Mapping[str, float], older: Set[str]
                     ) -> tuple[list[ClaimNode], set[str], bool]:
    """The key's contradicted claims of the most authoritative source in current documents, the
    ids of their rivals, and whether a rival is official too."""
    highest = _top_authority(authority)
    by_id = {n.id: n for n in key.claims}
    top = [n for n in key.claims if n.contradicts and _level(n, authority, older) >= highest]
    rivals = {m for n in top for m in n.contradicts}
    return top, rivals, any(_level(by_id[m], authority, frozenset()) >= highest for m in rivals)


def official_side(key: KeyResult, authority: Mapping[str, float], older: Set[str] = frozenset()) -> KeyResult | None:
    """The key as the judge decides it when the claims of the most authoritative source, in
    documents of the current release (not one of ``older``, chunk ids of older releases'
    documents), are contradicted only by less authoritative sources: the best supported of
    them authoritative, whatever the support counts said. None when official claims stand on
    two sides (two official documents disagreeing) or on none."""
    top, rivals, official_rival = _official_claims(key, authority, older)
    if not top or official_rival:
        return None  # official claims on two sides: a scope no extractor parsed
    winner = max(top, key=lambda n: (n.authoritative, n.support_total, n.normalized))
    claims = tuple(replace(n, authoritative=n.id == winner.id) if n.id == winner.id or n.id in rivals else n
                   for n in key.claims)
    claims = tuple(sorted(claims, key=lambda n: (not n.authoritative, not n.contradicts, -n.consensus, n.normalized)))
    return replace(key, claims=claims, explanation=explain(key.status, claims, key.scope_dims, authority))


def question_keys(keys: Sequence[KeyResult], authority: Mapping[str, float], older: Set[str] = frozenset(),
                  embed: Callable[[list[str]], np.ndarray] | None = None) -> list[KeyResult]:
    """A question's claim graph judged as the audit judges it: a contradiction with an official
    claim on one side is decided by ``official_side``; one with official claims on both sides
    is a difference of scope the extractor did not parse, shown as values that differ by
    document, not as a contradiction. Contradictions among less authoritative sources stand
    (the question asked for them). Where every source has one authority there is no official
    side, and the keys are as the graph judged them. With ``embed`` (unit rows), two values
    contradict each other only where their sentences say the same thing (``far_edges``); a key
    left with no contradiction shows its values by document."""
    out = []
    several = len(set(authority.values())) >= 2
    for k in keys:
        if k.status != KeyStatus.CONTRADICTION or not several:
            out.append(k)
        elif (judged := official_side(k, authority, older)) is not None:
            out.append(judged)
        elif _official_claims(k, authority, older)[2]:
            out.append(_by_document(k, authority))
        else:
            out.append(k)
    if embed is None:
        return out
    far = far_edges([k for k in out if k.status == KeyStatus.CONTRADICTION], authority, embed)  # contradiction keys only
    judged = [_without(k, far[k.key], authority) if k.key in far else k for k in out]
    return [_by_document(k, authority) if k.status == KeyStatus.CONTRADICTION and not any(n.contradicts for n in k.claims)
            else k for k in judged]


def _by_document(key: KeyResult, authority: Mapping[str, float]) -> KeyResult:
    """The key's values shown as differing by document, none contradicted."""
    claims = tuple(replace(n, contradicts=(), authoritative=False, consensus=abs(n.consensus)) for n in key.claims)
    dims = ("document",)
    return replace(key, status=KeyStatus.SCOPED, claims=claims, scope_dims=dims, severity=0.0,
                   explanation=explain(KeyStatus.SCOPED, claims, dims, authority))


def older_documents(chunks: Iterable[Chunk]) -> set[str]:
    """Chunk ids of documents about an older release than the newest one the corpus's documents
    name (front matter): "MySQL 5.7" beside "MySQL 8.4"."""
    versions = {c.id: release(v) for c in chunks if (v := doc_version(c))}
    newest = max(versions.values(), default=())
    return {cid for cid, v in versions.items() if v < newest}


def names_setting(key: KeyResult, settings: Iterable[frozenset[str]]) -> bool:
    """The key's name (or an alias) holds every word of a setting's name (``name_stems``, its unit
    suffix aside): "max allowed packet variable" is about ``max_allowed_packet``."""
    names = [stems(n) for n in (key.key, *key.aliases)]
    return any(w and any(w <= n for n in names) for w in settings)


SENTENCES_READ = 8  # of a claim's supports, the most weighty: a value a whole corpus repeats costs no more


def _sentences(node: ClaimNode, official: Callable[[str], bool]) -> list[str]:
    """The node's sentences in words (``visible``), its value blanked out: those of its official
    sources when it has any (a blog repeating the docs' value in a thread's words is not what the
    docs say)."""
    support = sorted((s for s in node.support if s.sentence), key=lambda s: (-s.weight, s.chunk_id))
    sentences = [(s.sentence, official(s.source)) for s in support]
    mine = [t for t, off in sentences if off] or [t for t, _ in sentences]
    return sorted({visible(t).replace(node.value, " ") for t in mine[:SENTENCES_READ]})


def far_edges(keys: Sequence[KeyResult], authority: Mapping[str, float],
              embed: Callable[[list[str]], np.ndarray]) -> dict[str, set[frozenset[str]]]:
    """Per key, the contradicts edges (pairs of claim ids) no sentence pair of which says the same
    thing, values blanked (cosine < ``SAME_THING``): values of two facts that share a word of the
    key. ``embed`` returns unit rows."""
    official = _official_source(authority)
    edges = []  # (key, edge, sentences of one end, of the other)
    for k in keys:
        by_id = {n.id: n for n in k.claims}
        for n in k.claims:
            for m in n.contradicts:
                if m in by_id and n.id < m:
                    edges.append((k.key, frozenset((n.id, m)), _sentences(n, official), _sentences(by_id[m], official)))
    far: dict[str, set[frozenset[str]]] = {}
    for (key, edge, *_), near in zip(edges, closeness([(a, b) for *_, a, b in edges], embed), strict=True):
        if near is None or near < SAME_THING:
            far.setdefault(key, set()).add(edge)
    return far


def _without(key: KeyResult, gone: set[frozenset[str]], authority: Mapping[str, float]) -> KeyResult:
    """The key less the contradicts edges ``gone``."""
    claims = tuple(replace(n, contradicts=tuple(m for m in n.contradicts if frozenset((n.id, m)) not in gone))
                   for n in key.claims)
    return replace(key, claims=claims, explanation=explain(key.status, claims, key.scope_dims, authority))


def says_the_same(keys: Sequence[KeyResult], authority: Mapping[str, float],
                  embed: Callable[[list[str]], np.ndarray]) -> list[KeyResult]:
    """The judged keys (``official_side``) less their contradictions between values whose sentences
    do not say the same thing (``far_edges``); a key whose authoritative claim is left with no
    rival is dropped."""
    far = far_edges(keys, authority, embed)
    out = []
    for k in keys:
        judged = _without(k, far[k.key], authority) if k.key in far else k
        if any(n.contradicts for n in judged.claims if n.authoritative):
            out.append(judged)
    return out


def audit_keys(old: Sequence[KeyResult], by_name: Mapping[str, list[ReadClaim]],
               authority: Mapping[str, float], older: Set[str] = frozenset(),
               embed: Callable[[list[str]], np.ndarray] | None = None) -> list[KeyResult]:
    """The audit's contradictions: the reader's settings, then the other extractor's keys that
    ``official_side`` keeps, decided by it, and are about no setting the reader keyed; with
    ``embed`` (unit rows), only their rivals that say the same thing (``says_the_same``)."""
    settings = setting_keys(by_name, authority)
    known = [name_stems(n) for n, cs in by_name.items() if is_setting(n, cs) and ("." in n or "_" in n)]
    rest = [judged for k in old if k.status == KeyStatus.CONTRADICTION and not names_setting(k, known)
            and (judged := official_side(k, authority, older)) is not None]
    if rest:
        stated = _official_values(old, authority)
        rest = [k for k in (_stated_beside(k, stated, authority) for k in rest) if k is not None]
    if embed is not None:
        rest = says_the_same(rest, authority, embed)
    return sorted([*settings, *rest], key=lambda k: (-k.severity, k.key))


def _official_values(keys: Sequence[KeyResult], authority: Mapping[str, float]) -> dict[str, set[str]]:
    """Per sentence of the most authoritative source, the values the extractor read in it outside a
    version's scope."""
    official = _official_source(authority)
    out: dict[str, set[str]] = {}
    for k in keys:
        for n in k.claims:
            if "version" not in n.scope:
                for s in n.support:
                    if official(s.source):
                        out.setdefault(s.sentence, set()).add(n.normalized)
    return out


def _stated_beside(key: KeyResult, stated: Mapping[str, set[str]], authority: Mapping[str, float]) -> KeyResult | None:
    """The judged key less the rivals whose value the official sentence itself states beside the
    authoritative one (``stated``: ``_official_values``): a table row giving each plan its value
    ("Audit log history | 7 days | 90 days | 1 year") or a sentence giving two things theirs; a
    thread's "90-day audit log" is another plan's value, not a contradiction. A sentence putting a
    value in the past ("now 72 hours (previously 24 hours)") leaves the old value contested. None
    when no rival is left."""
    official = _official_source(authority)
    winner = next((n for n in key.claims if n.authoritative), None)
    if winner is None:
        return key
    beside = {v for s in winner.support if official(s.source) and not tells_the_past(s.sentence)
              for v in stated.get(s.sentence, ())}
    by_id = {n.id: n for n in key.claims}
    gone = {frozenset((winner.id, m)) for m in winner.contradicts if m in by_id and by_id[m].normalized in beside}
    if not gone:
        return key
    judged = _without(key, gone, authority)
    return judged if any(n.contradicts for n in judged.claims if n.authoritative) else None
