"""The typed answers' judge: candidates grouped into values, compared, voted on and judged.

- Values are grouped when they are the same answer: numbers by magnitude in a common unit
  (600/min = 10/s), dates when one is a coarser form of the other ("1902" and "19 September
  1902"), entities by their normalised words or when one name is part of the other
  ("Bhatt", "Mahesh Bhatt"), yes/no and "only on X" by polarity and names.
- Two values of one scope contradict, unless one is a range holding the other (the values
  inside the answer's range agree with it, ``agrees_in_range``), or the question's subject is a
  name and their documents share no distinctive words: then they speak of different entities
  that share the name, and both are right ("scoped"); or their sentences, values aside, share under
  ``OTHER_FACT`` of their words: then they state different facts of the named entity (who
  recorded an album, where it was recorded).
- Among contradicting values the more authoritative source wins; at equal authority
  independent documents vote (copies of one text count once); then support, then how well
  each sentence answered. The official docs are one author: among their values the best
  answering sentence wins. The loser is ``contradicted``, never stated as the answer.

The verdict is ``src.claims.answer_set.settle``'s, the one both judges end with (the settings
judge is ``src.claims.judge``); the answer set's values and statuses are
``src.claims.answer_set``'s.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from ..graph.analysis import KeyResult, norm_of
from ..graph.keys import KEY_THRESHOLD
from ..graph.question import AnswerType, Question
from ..graph.scope import compatible, conflicting, scope_values
from ..graph.value_compare import compare
from ..graph.values import Norm
from ..types import Chunk, VerdictStatus
from .answer_set import (
    AnswerSet,
    AnswerValue,
    Embed,
    Similarity,
    agrees_in_range,
    answer_key,
    comparable,
    differ_by_scope,
    rivals_kept,
    said_alike,
    same_value,
    scoped_apart,
    settle,
    support_weight,
)
from .candidate import Candidate, author, officially
from .judge import premise_holds

# What a product does (how long, how big, how fast, whether): a name in such a question is the
# product's, not one of several things sharing a name, so two values of it are rivals however
# little else their sentences share. Dates, years, counts and names keep the shared-name test
# (RAMDocs dev: applying it to counts too cost 0.284 -> 0.256 strict answers).
BEHAVIOUR_TYPES = frozenset({AnswerType.DURATION, AnswerType.SIZE, AnswerType.RATE, AnswerType.PERCENT,
                             AnswerType.MONEY, AnswerType.QUANTITY, AnswerType.YESNO})
KEEP_SHARE = 0.6  # a value whose best sentence scores under this share of the best is not an answer
SAME_ENTITY_OVERLAP = 0.5  # weighted share of distinctive words two documents must share to be one entity
MIN_FRAME = 5  # words a sentence needs, its value aside, to be compared as a statement
OTHER_FACT = 0.3  # sentences sharing less, values aside, state different facts of a named entity


def one_per_author(candidates: Sequence[Candidate]) -> list[Candidate]:
    """An author (a document, or one post of a thread) answers once per scope: its best-scoring
    value; a document's other sections giving another value were about something else."""
    best: dict[tuple, Candidate] = {}
    for c in sorted(candidates, key=lambda c: (-c.score, c.chunk_id, c.normalized)):
        best.setdefault((author(c.chunk_id), tuple(sorted(c.scope.items()))), c)
    keep = set(map(id, best.values()))
    return [c for c in candidates if id(c) in keep]


@dataclass
class _Group:
    members: list[Candidate]

    @property
    def best(self) -> Candidate:
        return max(self.members, key=lambda c: (c.score, len(c.normalized), c.chunk_id))

    def display(self, authority: Mapping[str, float]) -> str:
        """Names and dates: the fullest wording among the well-supported members ("November 1,
        2007" over "2007", "Jade Valerie" over "Valerie"); other values as the most authoritative
        source says it, by its best sentence (the docs' "14 days", not a thread's "two weeks")."""
        if self.best.kind not in ("date", "entity"):
            return max(self.members, key=lambda c: (authority.get(c.source, 1.0), c.score, c.chunk_id)).value
        top = self.best.score
        return max((c.value for c in self.members if c.score >= 0.9 * top), key=lambda v: (len(v), v))

    @property
    def scope(self) -> dict[str, str]:
        """The best member's scope on the dimensions every member names: one value stated for
        "plan=pro" by one source and for "plan=pro, tenant=pro" by another holds for "plan=pro"."""
        shared = set.intersection(*(set(c.scope) for c in self.members))
        return {d: v for d, v in self.best.scope.items() if d in shared}

    @cached_property
    def voters(self) -> dict[str, Candidate]:
        """One candidate per author, strongest first (read once the group is complete)."""
        out: dict[str, Candidate] = {}
        seen_sentences: set[str] = set()
        for c in sorted(self.members, key=lambda c: -c.score):
            norm = " ".join(c.sentence.lower().split())
            if author(c.chunk_id) in out or norm in seen_sentences:
                continue  # one document, or the same text pasted twice, votes once
            out[author(c.chunk_id)] = c
            seen_sentences.add(norm)
        return out


def group_candidates(candidates: Sequence[Candidate]) -> list[_Group]:
    groups: list[_Group] = []
    for c in sorted(candidates, key=lambda c: (-c.score, c.chunk_id, c.normalized)):
        for g in groups:
            if not conflicting(g.scope, c.scope) and any(same_value(m, c) for m in g.members):
                g.members.append(c)
                break
        else:
            groups.append(_Group([c]))
    return groups


# -- judging ---------------------------------------------------------------------------------------
def _entity_overlap(a: _Group, b: _Group, idf: Callable[[str], float], ignore: set[str]) -> float:
    """The largest IDF-weighted share of distinctive words a document of ``a`` shares with one of ``b``."""
    best = 0.0
    for ca in a.voters.values():
        for cb in b.voters.values():
            x, y = ca.context - ignore, cb.context - ignore
            if not x or not y:
                continue
            shared = sum(idf(w) for w in x & y)
            best = max(best, shared / min(sum(idf(w) for w in x), sum(idf(w) for w in y)))
    return best


def _frame(c: Candidate) -> set[str]:
    """The words of a candidate's sentence without the value itself."""
    return set(re.findall(r"[a-z0-9]+", c.sentence.lower())) - set(re.findall(r"[a-z0-9]+", c.value.lower()))


def _frame_overlap(a: _Group, b: _Group) -> float | None:
    """The largest word overlap (Jaccard) between a sentence of ``a`` and one of ``b`` once the
    values are taken out: sentences sharing few words state different facts. None when no two
    sentences are long enough to compare."""
    best = None
    for ca in a.voters.values():
        for cb in b.voters.values():
            x, y = _frame(ca), _frame(cb)
            if len(x) >= MIN_FRAME and len(y) >= MIN_FRAME:
                best = max(best or 0.0, len(x & y) / len(x | y))
    return best


def in_question_scope(question: Question, candidates: Sequence[Candidate]) -> list[Candidate]:
    """A question naming a scope ("on the Team plan") keeps the values of that scope; values
    stated without one are read in the question's scope."""
    if not question.scope:
        return list(candidates)
    out = []
    asked = {v for d in question.scope for v in scope_values(question.scope, d)}
    for c in candidates:
        if any(d in c.scope and not scope_values(c.scope, d) & scope_values(question.scope, d) for d in question.scope):
            continue
        if c.kind == "only":  # "only on Business, Enterprise" answers "Is it on Starter?" with no
            names = set(c.normalized[5:].split(","))
            yes = asked <= names
            c = replace(c, kind="bool", normalized="true" if yes else "false",
                        value=f"{'yes' if yes else 'no'} ({c.value})")
        out.append(replace(c, scope=dict(sorted({**question.scope, **c.scope}.items()))))
    return out


def _plain(text: str) -> str:
    return " " + " ".join(re.findall(r"\w+", text.lower())) + " "


def mentioned_by(chunks: Sequence[Chunk]) -> Callable[[str], int]:
    """value -> how many authors' text mentions it anywhere, as an answer or in passing: an
    independent mention corroborates a value ("Mahesh Bhatt" in three pages, "Raj Kapoor" in one
    category line)."""
    texts: dict[str, list[str]] = defaultdict(list)
    for c in chunks:
        texts[author(c.id)].append(_plain(c.text))
    joined = [" ".join(t) for t in texts.values()]

    def count(value: str) -> int:
        needle = _plain(value)
        return sum(needle in t for t in joined) if needle.strip() else 0
    return count


@dataclass
class GraphFacts:
    """Which fact a candidate's value answers, as the question's claim graph keys it.

    The graph reads a chunk's sentences whole and clusters their keys, so it tells "failed
    deliveries are retried for 72 hours" and "events are retained for 14 days" apart where the
    question's words (Team plan, events, hours) cannot. ``similarity(text, texts)`` (cosines by
    the corpus embedder) decides whether two keys name one fact: at ``KEY_THRESHOLD``, the
    same-fact threshold measured on labelled key pairs (``src.graph.keys``)."""

    keys: Sequence[KeyResult]
    similarity: Similarity | None = None

    @cached_property
    def _stated(self) -> dict[str, list[tuple[str, Norm]]]:
        stated: dict[str, list[tuple[str, Norm]]] = defaultdict(list)
        for k in self.keys:
            for node in k.claims:
                for s in node.support:
                    stated[s.chunk_id].append((k.key, norm_of(node.normalized)))
        return stated

    def of(self, c: Candidate) -> str | None:
        """The graph key under which the candidate's chunk states its value; None when the graph
        has no such claim, or more than one key for it."""
        value = norm_of(c.normalized)
        found = {key for key, n in self._stated.get(c.chunk_id, ()) if compare(n, value) == "equal"}
        return found.pop() if len(found) == 1 else None

    def one_fact(self, question: str, candidates: Sequence[Candidate]) -> tuple[list[Candidate], tuple[str, ...]]:
        """The candidates that answer the fact the best-answering sentence states, and the graph's
        keys for it (its own first, then the keys found to name the same fact). A value the graph
        files under another key stays when that key names the same fact: similar at
        ``KEY_THRESHOLD``, related to the question at ``KEEP_SHARE`` of the best answer's key at
        least ("plans retention" beside "team data kept"), or holding the best answer's value too (the docs' "events retained: 14 days" beside a blog's "keeps event
        history: 14 days"); otherwise it answers another question, however alike the words.
        Values the graph does not know stay; without an embedder nothing is left out."""
        if not candidates or self.similarity is None:
            return list(candidates), ()
        best = max(candidates, key=lambda c: (c.score, c.chunk_id))
        anchor = self.of(best)
        if anchor is None:
            return list(candidates), ()
        facts = {c.chunk_id + c.normalized: self.of(c) for c in candidates}
        others = sorted({f for f in facts.values() if f not in (None, anchor)})
        if not others:
            return list(candidates), (anchor,)
        to_anchor = dict(zip(others, map(float, self.similarity(anchor, others)), strict=True))
        to_question = self.similarity(question, [anchor, *others])
        asked = dict(zip(others, map(float, to_question[1:]), strict=True))
        value = norm_of(best.normalized)
        shares = {k.key for k in self.keys if any(compare(norm_of(n.normalized), value) == "equal" for n in k.claims)}
        near = KEEP_SHARE * float(to_question[0])  # as related to the question as an answering sentence must be
        same = {f for f in others if to_anchor[f] >= KEY_THRESHOLD or asked[f] >= near or f in shares}
        kept = [c for c in candidates if facts[c.chunk_id + c.normalized] in (None, anchor, *same)]
        return kept, (anchor, *sorted(same))


def judge_answers(question: Question, candidates: Sequence[Candidate], authority: Mapping[str, float], *,
                  idf: Callable[[str], float] | None = None, mentions: Callable[[str], int] | None = None,
                  facts: GraphFacts | None = None,
                  setting_of: Callable[[Candidate], str | None] | None = None,
                  embed: Embed | None = None,
                  doubt: Callable[[list[AnswerValue]], list[AnswerValue]] | None = None,
                  premise: Callable[[Question, Sequence[AnswerValue]], bool] | None = premise_holds) -> AnswerSet:
    """``facts``: the question's claim graph; candidates of another fact than the best answer's
    are left out (``GraphFacts.one_fact``). ``setting_of``: the named setting the settings reader
    gives a candidate's value to, if any; values of two different settings are no rivals.
    ``embed``: texts to unit vectors; a rival that says another thing is left out (``said_alike``).
    ``doubt``: the answers less the rivals we cannot stand behind (``src.claims.rivals``).
    ``premise``: the question puts forward the authoritative value, so the verdict is consistent
    (``src.claims.judge.premise_holds``, the settings judge's own test; None: not asked)."""
    if not candidates:
        return AnswerSet(question, VerdictStatus.INSUFFICIENT_DATA, (), f"no evidence sentence gives a {question.atype.value} "
                                                            f"for {question.subject or question.text!r}")
    candidates = in_question_scope(question, candidates)
    if not candidates:
        return AnswerSet(question, VerdictStatus.INSUFFICIENT_DATA, (), f"the evidence gives a {question.atype.value} only "
                                                            f"for other scopes than {question.scope}")
    top = max(c.score for c in candidates)
    kept, found = (facts or GraphFacts(())).one_fact(question.text, [c for c in candidates if c.score >= KEEP_SHARE * top])
    kept = one_per_author(kept)
    groups = group_candidates(kept)
    idf = idf or (lambda w: 1.0)
    ignore = set(re.findall(r"[a-z0-9]+", question.text.lower()))
    for g in groups:
        for c in g.members:
            ignore |= set(re.findall(r"[a-z0-9]+", c.value.lower()))

    official = officially(authority)

    def stats(g: _Group, support: float) -> tuple[float, float, int, float, float]:
        """Authority first, then independent authors answering with the value, then authors
        mentioning it at all, then how well they answered. The official documentation's pages
        are one author, not voters: among its values the one answered best decides (a number
        its pages repeat in passing, "512-byte blocks", outvoted the one entry giving the
        default; on twelve labelled sets of four kinds of authors: 53 -> 55 of 121 authoritative
        answers right, three sets better, one worse by one)."""
        docs = g.voters
        auth = max(authority.get(c.source, 1.0) for c in docs.values())
        if any(map(official, docs.values())):
            return auth, g.best.score, 0, 0.0, 0.0
        seen = max((mentions(c.value) for c in g.members), default=0) if mentions else 0
        return auth, len(docs), seen, support, g.best.score

    links: dict[int, set[int]] = defaultdict(set)
    for i, a in enumerate(groups):
        for j in range(i + 1, len(groups)):
            b = groups[j]
            if not compatible(a.scope, b.scope) or not comparable(a.best, b.best):
                continue
            if set(a.voters) & set(b.voters):
                continue  # one document giving both values is stating a scope we did not parse
            if setting_of is not None and None not in (sa := setting_of(a.best), sb := setting_of(b.best)) and sa != sb:
                continue  # "full (60)" of MaxStartups is no rival of MaxAuthTries' "one attempt"
            if question.named_subject and question.atype not in BEHAVIOUR_TYPES:
                if (frame := _frame_overlap(a, b)) is not None and frame < OTHER_FACT:
                    continue  # a band named where the album is credited, a month where it is re-released
                if _entity_overlap(a, b, idf, ignore) < SAME_ENTITY_OVERLAP:
                    continue  # different entities that share a name, however alike the sentences: both may be right
            links[i].add(j)
            links[j].add(i)
    supports = [sum(support_weight(c, authority) for c in g.voters.values()) for g in groups]
    ranked = [stats(g, support) for g, support in zip(groups, supports, strict=True)]
    order = sorted(range(len(groups)), key=lambda i: tuple(-x for x in ranked[i]) + (groups[i].best.normalized,))
    status: dict[int, str] = {}
    for i in order:
        if i in status:
            continue
        # i is the strongest value not yet judged: it wins against every value it contradicts.
        first = not status
        status[i] = "authoritative" if first else "supported"
        if first:  # the values inside the answer, or holding it, agree with it: no other value contests them
            for j, g in enumerate(groups):
                if j != i and compatible(groups[i].scope, g.scope) and agrees_in_range(groups[i].best, g.best):
                    status.setdefault(j, "supported")
        for j in links[i]:
            status.setdefault(j, "contradicted")
    answers = []
    for i in order:
        g = groups[i]
        docs = g.voters
        auth, votes, support = ranked[i][0], len(docs), supports[i]
        sources = tuple(dict.fromkeys(c.chunk_id for c in sorted(g.members, key=lambda c: -c.score)))
        answers.append(AnswerValue(value=g.display(authority), normalized=g.best.normalized, scope=dict(g.scope),
                                   status=status[i], sources=sources, votes=votes, authority=auth,
                                   support=round(support, 4),
                                   contradicts=tuple(groups[j].best.normalized for j in sorted(links[i])),
                                   candidates=tuple(docs.values())))
    if embed is not None:
        answers = said_alike(answers, embed)
    answers = rivals_kept(answers, doubt)
    answers, verdict = settle(question, answers, several_scoped=differ_by_scope(answers) and (
                                  question.named_subject or scoped_apart(answers)),
                              decided=VerdictStatus.CONSISTENT if premise is not None and premise(question, answers) else None)
    key = answer_key(question, answers, authority, verdict=verdict)
    return AnswerSet(question, verdict, tuple(answers), key.explanation, key, found[0] if found else None, found)
