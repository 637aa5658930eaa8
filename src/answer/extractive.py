"""The offline answer: the authoritative claims' sentences, stitched with numbered citations."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..claims.answer_set import AnswerSet
from ..claims.candidate import Candidate
from ..graph.text import split_sentences
from ..types import ScoredChunk
from .verdict import Focus, best_sentence, scope_label

MAX_FALLBACK_SENTENCES = 2


class Citer:
    """Numbers chunk ids in order of first citation; remembers the sentence cited first."""

    def __init__(self) -> None:
        self.order: list[str] = []
        self.sentence: dict[str, str] = {}

    def cite(self, chunk_id: str, sentence: str = "") -> int:
        if chunk_id not in self.sentence:
            self.order.append(chunk_id)
            self.sentence[chunk_id] = sentence
        return self.order.index(chunk_id) + 1


def _squash(text: str) -> str:
    return " ".join(text.split())


def _sentence(text: str) -> str:
    s = _squash(text)
    return s if s.endswith((".", "!", "?", ":")) else s + "."


def answer_from_claims(focus: Sequence[Focus], authority: Mapping[str, float], citer: Citer) -> str:
    parts: list[str] = []
    used: set[str] = set()
    for f in focus:
        main = list(f.claims) if f.scoped else [c for c in f.claims if c.authoritative] or [
            max(f.claims, key=lambda c: c.consensus)]
        for c in main[:4]:
            cid, sent = best_sentence(c, authority)
            if _squash(sent) in used:
                continue
            used.add(_squash(sent))
            parts.append(f"{_sentence(sent)} [{citer.cite(cid, sent)}]")
        main_ids = {c.id for c in main}
        rivals = [c for c in f.claims if c.id not in main_ids and set(c.contradicts) & main_ids]
        if rivals:
            said = []
            for c in rivals[:3]:
                cid, sent = best_sentence(c, authority)
                who = ", ".join(sorted({s.source for s in c.support}))
                said.append(f"{who} say{'s' if ',' not in who else ''} {c.value} [{citer.cite(cid, sent)}]")
            parts.append(f"Other sources disagree on {f.key.key}: {'; '.join(said)}.")
    return " ".join(parts)


def answer_from_chunks(evidence: Sequence[ScoredChunk], q_terms: frozenset[str],
                       terms: Callable[[str], frozenset[str]], citer: Citer) -> str:
    """No claim matches the question: the top chunk's sentences sharing the most question terms."""
    if not evidence:
        return ""
    top = evidence[0]
    sentences = [s for s in split_sentences(top.chunk.text) if len(s.split()) >= 4] or [top.chunk.text]
    ranked = sorted(enumerate(sentences), key=lambda iv: (-len(q_terms & terms(iv[1])), iv[0]))
    chosen = sorted(ranked[:MAX_FALLBACK_SENTENCES])
    n = citer.cite(top.id, _squash(chosen[0][1]))
    return " ".join(_sentence(s) for _, s in chosen) + f" [{n}]"


def answer_from_set(aset: AnswerSet, authority: Mapping[str, float], citer: Citer) -> str:
    """The stated values' best sentences (one per scope or entity), then who disagrees."""
    parts: list[str] = []
    stated = aset.stated
    for a in stated[:4]:
        c = _most_authoritative(a.candidates, authority)
        scope = scope_label(a.scope)
        lead = f"For {scope}: " if scope and len(stated) > 1 else ""
        if aset.setting and aset.setting.lower() not in c.sentence.lower():
            lead += f"{aset.setting}: "  # "Default: 16384" under the setting's entry
        parts.append(f"{lead}{_sentence(c.sentence)} [{citer.cite(c.chunk_id, c.sentence)}]")
    rivals = [a for a in aset.answers if a.status == "contradicted"]
    if rivals:
        said = []
        for a in rivals[:3]:
            c = _most_authoritative(a.candidates, authority)
            who = ", ".join(sorted({x.source for x in a.candidates}))
            n = len({x.chunk_id.split("#")[0] for x in a.candidates})
            docs = f"{n} document{'s' if n > 1 else ''} in {who}"
            said.append(f"{docs} say{'s' if n == 1 else ''} {a.value} [{citer.cite(c.chunk_id, c.sentence)}]")
        key = aset.key.key if aset.key is not None else aset.question.key
        parts.append(f"Other sources disagree on {key}: {'; '.join(said)}.")
    return " ".join(parts)


def _most_authoritative(candidates: Sequence[Candidate], authority: Mapping[str, float]) -> Candidate:
    """The sentence to cite for a value: the most authoritative source's, then the best answering."""
    return max(candidates, key=lambda c: (authority.get(c.source, 1.0), c.score, c.chunk_id))
