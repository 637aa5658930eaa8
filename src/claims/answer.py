"""The reader's claims as answers to a question about a setting.

A question asks about a setting when it names one the evidence gives values to
(``keepalive_timeout``, `acks`), or when one setting's documentation is clearly the closest in
meaning to it (its name's words, its entry's description and the sentences giving its values,
against the question, by the corpus embedder). The claims of that setting become the
candidates the answer set judges (``src.claims.typed_judge.judge_answers``): statements of the
default outrank configured or example values, which are then no answers; the value's type
must fit the question's; a value scoped to other versions stays scoped.

Questions about no setting (a plan's price, a person's birthday) return None: the
question-driven extractor (``src.claims.extractor``) answers them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np

from ..graph.mentions import find_mentions
from ..graph.question import AnswerType, Question
from ..graph.values import resolve_unit
from ..text import TOKEN, stems
from ..types import Chunk
from .blocks import cued
from .candidate import Candidate
from .corpus_reading import chunk_index, read_corpus
from .layout import entry_names
from .model import Modality, ReadClaim
from .names import common_words, identifiers, name_stems, setting_words
from .reader import read_chunk
from .setting_candidates import AUTHORITY_ORDER, setting_candidates

MIN_MEANING = 0.45  # cosine of the question with a setting's description, to be the setting asked about
MARGIN = 0.04  # ... and ahead of the next setting by this much
# ... a setting whose name the question writes, though an English word ("tries", "timeout"; not
# named by ``_named``), ranks this much closer: twenty-seventh session, 23 sets, 0.05 / 0.1 / 0.2
# gave verdicts standing +2 / +2 / +1 (0.1: three manual sets better, no verdict worse)
NAME_BONUS = 0.1
MIN_DESCRIPTION = 3  # words of an entry's text or a comment that describe a setting
_KINDS = {  # the value kinds that answer each question type
    AnswerType.DURATION: {"duration"},
    AnswerType.SIZE: {"size", "number"},
    AnswerType.COUNT: {"number", "word"},  # "how many replicas acknowledge?" "all"
    AnswerType.QUANTITY: {"number", "size", "duration", "percent", "rate", "quantity"},
    AnswerType.VERSION: {"number", "version", "word"},
    AnswerType.RATE: {"rate", "data_rate", "duration", "number"},  # "how often?": per hour, or every 30 minutes
}


_SETTING_TYPES = set(_KINDS) | {AnswerType.YESNO, AnswerType.PHRASE, AnswerType.RATE, AnswerType.PERCENT}


@dataclass(frozen=True)
class SettingAnswer:
    setting: str
    how: str  # "named" | "meaning" | "answer"
    candidates: tuple[Candidate, ...]
    meaning: float = 1.0  # cosine of the question with the setting's description (chosen by meaning)


def _named(question: str, settings: set[str]) -> list[str]:
    """Settings the question names: an identifier in it, or a known setting's name as a word; a
    name that is an English word only as the docs write it ("LoginGraceTime", "maxpoll"; not
    "allow" or "user", ``common_words``)."""
    found = [n for _, _, n in identifiers(question) if n in settings]
    for s in settings:
        m = None if s in found else _word_in(question, s)
        if m and (s not in common_words() or sum(ch.isupper() for ch in m.group(0)) >= 2):
            found.append(s)
    if not found:  # every word of a name, in any order: "connections per worker" names worker_connections
        asked = stems(question)
        words = {s: name_stems(s) for s in settings if len(setting_words(s)) >= 2}
        found = [s for s, w in words.items() if w <= asked]
        found = [s for s in found if not any(words[s] < words[o] for o in found)]  # the longest names
    return found


def _word_in(question: str, name: str) -> re.Match[str] | None:
    """Where the question writes ``name`` as a word of its own (not a part of a dotted name)."""
    return re.search(rf"(?<![\w.]){re.escape(name)}(?![\w])", question, re.IGNORECASE)


def _writes(question: str, name: str) -> bool:
    """The question writes the setting's name: as a word (``_word_in``, as ``_named`` reads it, common
    words included), or every word of it ("random wait")."""
    return _word_in(question, name) is not None or bool(words := name_stems(name)) and words <= stems(question)


def _description(name: str, claims: Sequence[ReadClaim]) -> str:
    """The setting's name in words, then what the most authoritative source says it is: its
    entry's text or its comment, and its first sentences (a blog's "bantime = 3600" says less
    than the shipped file's comment "the number of seconds that a host is banned")."""
    words = " ".join(re.split(r"[._-]", name))
    top = max((AUTHORITY_ORDER.get(c.source, 0) for c in claims), default=0)
    # the most authoritative source's fullest description (a manual's entry over a sample file's
    # comment); a context of a word or two is none ("#MaxRetentionSec=" above "#MaxFileSec=1month")
    described = max((c for c in claims if len(c.attribute.context.split()) >= MIN_DESCRIPTION), default=None,
                    key=lambda c: (AUTHORITY_ORDER.get(c.source, 0) == top, len(c.attribute.context.split())))
    context = described.attribute.context if described else ""
    said = described.sentence if described else " ".join(dict.fromkeys(
        c.sentence for c in sorted(claims, key=lambda c: -AUTHORITY_ORDER.get(c.source, 0))[:3]))
    return f"{words}. {context} {said}"[:600]


def _speaks_of_versions(question: Question, name: str, claims: Sequence[ReadClaim]) -> bool:
    """A setting whose value is a version: one the reader reads as a version ("TLSv1.2"), or whose
    name or description speaks of the version asked about (``proxy_http_version``: "Sets the HTTP
    protocol version for proxying")."""
    return any(c.kind == "version" for c in claims) or stems(question.type_noun or "version") <= stems(_description(name, claims))


def _words_agree(question: str, descriptions: list[str], weight: Callable[[str], float] | None) -> bool:
    """Two settings close in meaning (within ``MARGIN``): the first still stands when it also shares
    more of the question's words (weighted by ``weight``, the corpus's word rarity) than the second."""
    asked = stems(question)
    w = weight or (lambda _: 1.0)
    first, second = (sum(w(s) for s in asked & stems(d)) for d in descriptions)
    return first > second


def _documented(claims: Sequence[ReadClaim]) -> bool:
    """The official documentation describes the setting: an entry of its own, or a sentence of
    the docs stating its default."""
    return any(c.attribute.context or (AUTHORITY_ORDER.get(c.source, 0) and c.modality is Modality.DEFAULT
                                       and not c.inferred) for c in claims)


def _fits(question: Question, claim: ReadClaim) -> bool:
    kinds = _KINDS.get(question.atype)
    return kinds is None or claim.kind in kinds


def by_setting(claims: Iterable[ReadClaim]) -> dict[str, list[ReadClaim]]:
    """Claims grouped by the setting they give a value to (claims of no setting left out); a name
    run together with the word before it, or written without its section, is the setting's."""
    out: dict[str, list[ReadClaim]] = {}
    for c in claims:
        if c.attribute.identifier:
            out.setdefault(c.attribute.name, []).append(c)
    # a name run together with the word before it ("Thekeepalive_requests") is the name it ends
    # with; a name of one word is no such name ("interval" in "clientaliveinterval")
    for name in sorted(out, key=len, reverse=True):
        base = next((b for b in out if b != name and len(b) >= 8 and name.endswith(b) and not b.isalnum()
                     and name[-len(b) - 1].isalnum() and len(out[b]) >= len(out[name])), None)
        if base is not None:
            out[base] += out.pop(name)
    # a name written without its section ("gc_maxlifetime" of php.ini's "session.gc_maxlifetime") is the
    # one name the corpus writes with it; a dotted name is a setting of its own (Kafka's topic-level
    # "retention.ms" beside the broker's "log.retention.ms")
    sectioned: dict[str, list[str]] = {}
    for name in out:
        for i, ch in enumerate(name):
            if ch == ".":
                sectioned.setdefault(name[i + 1:], []).append(name)
    for name in sorted(out):  # only names without a dot are merged away; the dotted ones all stay
        full = sectioned.get(name, [])
        if "." not in name and not name.isalnum() and len(full) == 1:
            out[full[0]] += out.pop(name)
    return out


def is_setting(name: str, claims: Sequence[ReadClaim]) -> bool:
    """A name is a setting's when it is written as one (``session.timeout.ms``, ``wait_timeout``);
    a one-word name only where a documentation entry opens with it (`acks`)."""
    return "." in name or "_" in name or any(c.attribute.context for c in claims)


def _names_duration(text: str) -> bool:
    """The text gives a length of time: "24 hours", or one unit of time ("for a day", "an hour")."""
    if any(m.norm.kind == "duration" for m in find_mentions(text)):
        return True
    words = TOKEN.findall(text.lower())
    return any(w in ("a", "an", "one") and len(unit) > 2 and (found := resolve_unit(unit)) is not None
               and found[0] == "duration" for w, unit in zip(words, words[1:], strict=False))


def setting_answer(question: Question, chunks: Sequence[Chunk],
                   similarity: Callable[[str, list[str]], np.ndarray] | None,
                   corpus: Mapping[str, list[ReadClaim]] | None = None,
                   weight: Callable[[str], float] | None = None) -> SettingAnswer | None:
    """The candidates of the setting ``question`` asks about; None when it asks about no setting
    the evidence gives a value to. The setting is one the question names, else the one whose
    description is closest in meaning to it among those the evidence ``chunks`` give values to
    (those whose description speaks of the noun the question counts, when any does);
    its claims are read from the evidence and, with ``corpus`` (every chunk's claims by
    setting, ``by_setting``), from every chunk of the corpus that gives it a value, so a docs
    entry or a thread below the retrieval cut still speaks. ``similarity(question, texts)``:
    cosines; ``weight``: what sharing a word says (``src.claims.setting_candidates.word_weights`` of
    the corpus)."""
    if question.atype in (AnswerType.DATE, AnswerType.TIME, AnswerType.YESNO) and _names_duration(question.text):
        # "gone after 24 hours?", "is it kept for a day?": a length of time is asked (or put forward)
        question = replace(question, atype=AnswerType.DURATION)
    if question.atype not in _SETTING_TYPES:
        return None  # a date, a clock time, a price, a person: not a setting's value
    if corpus is None:  # a corpus too large to read for one question: the evidence, in document order
        ordered = sorted(chunks, key=lambda ch: (ch.doc_id, chunk_index(ch.id) or 0))
        evidence = by_setting(read_corpus(ordered, settings_only=True, known=entry_names(chunks)))
    else:  # the evidence's claims, as the corpus index already read them
        ids = {ch.id for ch in chunks}
        evidence = {n: mine for n, cs in corpus.items() if (mine := [c for c in cs if c.chunk_id in ids])}
    by_name = {**evidence, **(corpus or {})}
    if not by_name:
        return None
    stated = {n for n, cs in by_name.items() if is_setting(n, cs)}
    named = _named(question.text, stated)
    how, rivals = "named", []
    if len(named) == 1:
        setting = named[0]
        if question.atype is AnswerType.VERSION and not _speaks_of_versions(question, setting, by_name[setting]):
            return None  # "which release added maxdelayquant?": the product's version, not the setting's value
    elif similarity is None or not (named or evidence) or question.atype is AnswerType.VERSION:
        return None  # a version asked without a setting's name is a product's, not a setting's value
    else:
        # by meaning, only a setting the docs describe (an entry, or a sentence giving its default)
        # with a value of the kind the question asks for
        pool = named or sorted(n for n in evidence if n in stated and _documented(by_name[n])
                               and any(_fits(question, c) for c in by_name[n]))
        if not pool:
            return None
        described = [_description(n, by_name[n]) for n in pool]
        counted = stems(question.type_noun or "")
        speaking = [i for i, d in enumerate(described) if counted and counted <= stems(d)]
        if speaking and not named:  # "how many databases?": a setting whose entry speaks of databases
            pool, described = [pool[i] for i in speaking], [described[i] for i in speaking]
        raw = similarity(question.text, described)
        scores = raw + NAME_BONUS * np.array([_writes(question.text, n) for n in pool])
        order = np.argsort(-scores)
        best = float(scores[order[0]])
        second = float(scores[order[1]]) if len(order) > 1 else 0.0
        if not named and float(raw[order[0]]) < MIN_MEANING:
            return None
        chosen = int(order[0])
        if not named and best - second < MARGIN:
            # two settings about as close in meaning: the one sharing more of the question's words
            two = [described[int(i)] for i in order[:2]]
            if _words_agree(question.text, two[::-1], weight) and second >= MIN_MEANING:
                chosen, best = int(order[1]), second
            elif not _words_agree(question.text, two, weight):
                return None
        setting, how = pool[chosen], "meaning"
        rivals = _unnamed_rivals(question, chunks, stated, described, chosen, similarity)
    found = _answer_for(question, setting, how, by_name[setting], rivals, chunks, weight)
    return replace(found, meaning=best) if found is not None and how == "meaning" else found


def _closest(scores: np.ndarray, chosen: int) -> bool:
    return int(np.argmax(scores)) == chosen and float(scores[chosen]) >= MIN_MEANING


def _answer_for(question: Question, setting: str, how: str, claims: Sequence[ReadClaim], rivals: Sequence[ReadClaim],
                chunks: Sequence[Chunk], weight: Callable[[str], float] | None) -> SettingAnswer | None:
    own = [c for c in claims if _fits(question, c)]
    kinds = {c.kind for c in own if c.modality is Modality.DEFAULT}  # a rival contests a default the text states
    said = {(c.chunk_id, c.sentence) for c in own}  # a sentence already giving the setting its value
    candidates = setting_candidates([*own, *(c for c in rivals if c.kind in kinds and (c.chunk_id, c.sentence) not in said)],
                                    [ch.id for ch in chunks], question=question.text, weight=weight)
    if not candidates:
        return None
    return SettingAnswer(setting, how, tuple(candidates))


RIVAL_MEANING = 0.55  # a thread's sentence this close to the question answers it without naming the setting
CLOSER_SENTENCE = 0.1  # a docs sentence this much closer to the question than the setting's description answers it


def closer_sentence(found: SettingAnswer, candidates: Sequence[Candidate]) -> bool:
    """A setting chosen by meaning yields to the official docs' own best answering sentence when
    that sentence is clearly closer in meaning to the question than the setting's description: a
    definition-list term ("Diagnostics: speaker logs are kept for 30 days") is no answer to how long
    recordings are kept when a table row of the docs says it. Measured on the nine held-out sets of
    four kinds of authors: of 71 settings chosen by meaning, the docs sentence was right and the
    setting wrong 12 times, 7 of them by this margin, and never the other way round."""
    if found.how != "meaning":
        return False
    official = [c for c in candidates if AUTHORITY_ORDER.get(c.source, 0)]
    best = max(official, key=lambda c: c.score, default=None)
    return best is not None and best.meaning >= found.meaning + CLOSER_SENTENCE


def extracted_rivals(found: SettingAnswer, candidates: Sequence[Candidate],
                     of: Callable[[Candidate], str | None] | None) -> list[Candidate]:
    """The typed answers of threads, posts and tickets that contest the setting's default without
    writing its name, as threads seldom do ("signatures are valid for 30 days by default" against
    `rrsig-lifetime`; a blog's "tmux waits a full second" against `escape-time`; a term of a
    definition list, "first reminder delay"): a value of a kind the docs' default has, from a
    sentence as close in meaning to the question as one must be to answer without the question's
    words, giving its value to no other setting (``of``). Measured on twelve labelled sets and
    realkb for settings found by meaning: three missed contradictions found, two false ones (one
    beside a setting chosen wrongly); for settings the question names too (thirty-ninth session,
    45-set pool): verdicts +9 in eight sets, realkb and dev_a -1 each, contradictions standing /
    reported 116/317 -> 125/331."""
    kinds = {c.kind for c in found.candidates if AUTHORITY_ORDER.get(c.source, 0)}
    said = {c.chunk_id for c in found.candidates}
    return [c for c in candidates if not AUTHORITY_ORDER.get(c.source, 0) and (c.kind in kinds or _named_word(c, kinds, found, of))
            and c.chunk_id not in said and c.meaning >= RIVAL_MEANING and (of is None or of(c) in (None, found.setting))]


def _named_word(c: Candidate, kinds: set[str], found: SettingAnswer, of: Callable[[Candidate], str | None] | None) -> bool:
    """A name the typed answers read ("High", "threads") rivals a setting's word value ("Default:
    Balanced") when the settings reader gives it to that setting, or when its sentence's default
    cue points at it rather than at the docs' own value (``cued``: "The default sensitivity is
    High", not "On the default Balanced setting it heard us")."""
    if c.kind != "entity" or "word" not in kinds:
        return False
    if of is not None and of(c) == found.setting:
        return True
    low = c.sentence.lower()
    at = low.find(c.value.lower())
    if at < 0:
        return False
    docs = (o.value for o in found.candidates if AUTHORITY_ORDER.get(o.source, 0))
    spans = sorted({(at, at + len(c.value)), *((i, i + len(v)) for v in docs if (i := low.find(v.lower())) >= 0)})
    pointed = cued(c.sentence, spans)
    return pointed is not None and spans[pointed][0] == at


def answering_setting(question: Question, best: Candidate, chunks: Sequence[Chunk],
                      corpus: Mapping[str, list[ReadClaim]]) -> SettingAnswer | None:
    """The setting the best answering sentence names, when the question names none: a blog's "By
    default, connect_timeout is set to 2 minutes" answers a question asked in other words, and the
    docs' own entry for ``connect_timeout`` (its "Default:" block, which no sentence reads) is then
    the official answer beside the blog's. Only one setting named, one the official docs state a
    default for of the kind asked; None otherwise."""
    names = {n for _, _, n in identifiers(best.sentence) if n in corpus}
    name = names.pop() if len(names) == 1 else ""
    claims = corpus.get(name, [])
    if not claims or not is_setting(name, claims) or question.atype is AnswerType.VERSION \
            or not any(AUTHORITY_ORDER.get(c.source, 0) and c.modality is Modality.DEFAULT and _fits(question, c)
                       and not c.inferred for c in claims):
        return None
    found = _answer_for(question, name, "answer", claims, [], chunks, None)
    if found is None or any(c.chunk_id == best.chunk_id for c in found.candidates):
        return found
    return replace(found, candidates=(*found.candidates, best))  # the sentence that named it speaks too


def others_values(found: SettingAnswer, candidates: Sequence[Candidate], corpus: Mapping[str, list[ReadClaim]],
                  chunks: Sequence[Chunk]) -> list[Candidate]:
    """The ``candidates`` less the values of threads and posts that are another setting's: a
    sentence writing, in words, the name of another setting the evidence ``chunks`` document and
    not the chosen one's, giving the default the official docs state for that setting ("The
    default maximum object size is 4MiB" beside the docs' ``maximum_object_size 4 MB``, in a
    thread about the in-memory limit), speaks of that setting: it neither contradicts nor
    supports this one."""
    ids = {ch.id for ch in chunks}
    mine = name_stems(found.setting)
    others: dict[str, set[frozenset[str]]] = {}  # a documented default of other settings -> their names in words
    for n, cs in corpus.items():
        words = name_stems(n)
        if n == found.setting or len(words) < 2:
            continue
        for c in cs:
            if c.chunk_id in ids and AUTHORITY_ORDER.get(c.source, 0) and c.modality is Modality.DEFAULT:
                others.setdefault(c.normalized, set()).add(words)

    def theirs(c: Candidate) -> bool:
        said = stems(c.sentence)
        return not mine <= said and any(words <= said for words in others.get(c.normalized, ()))

    return [c for c in candidates if AUTHORITY_ORDER.get(c.source, 0) or not theirs(c)]


def _unnamed_rivals(question: Question, chunks: Sequence[Chunk], stated: set[str], described: list[str],
                    chosen: int, similarity: Callable[[str, list[str]], np.ndarray]) -> list[ReadClaim]:
    """The defaults the evidence's threads and posts state naming no setting ("memcached accepts
    4096 simultaneous connections by default") that speak of the setting chosen by meaning: closest
    in meaning to its description (``described[chosen]``) of all the settings weighed, at least
    ``MIN_MEANING``, and naming the noun the question counts, when it counts one. Rivals of the
    docs' value, never the official documents' own."""
    counted = stems(question.type_noun or "")
    loose = [c for ch in chunks if not AUTHORITY_ORDER.get(ch.source, 0) for c in read_chunk(ch)
             if c.attribute.name not in stated and c.modality is Modality.DEFAULT and _fits(question, c)
             and counted <= stems(c.sentence)]
    return [c for c in loose if _closest(similarity(c.sentence, described), chosen)]


def releases_only(question: Question, candidates: Sequence[Candidate], corpus: Mapping[str, list[ReadClaim]],
                  setting_of: Callable[[Candidate], str | None] | None) -> list[Candidate]:
    """A version asked: the ``candidates`` less those that are a value the reader gives a setting
    holding no version (``setting_of``): "maxdelayquant 0.2" is no release of the product."""
    if question.atype is not AnswerType.VERSION or setting_of is None:
        return list(candidates)
    return [c for c in candidates if (name := setting_of(c)) is None or name not in corpus
            or _speaks_of_versions(question, name, corpus[name]) or not _gives(corpus[name], c)]


def _gives(claims: Sequence[ReadClaim], cand: Candidate) -> bool:
    """Whether the reader gives the setting (its ``claims``) the candidate's value in the candidate's
    chunk: "maxdelayquant 0.2" does; a release named beside another value of the sentence
    ("``--sort`` only landed in 1.29, so ... ``LC_ALL=C sort``") is no value of that setting."""
    return any(c.chunk_id == cand.chunk_id and _same_value(c, cand) for c in claims)


def _same_value(claim: ReadClaim, cand: Candidate) -> bool:
    return claim.normalized == cand.normalized or claim.value == cand.value


def setting_of(corpus: Mapping[str, list[ReadClaim]]) -> Callable[[Candidate], str | None]:
    """The named setting the reader gives a typed answer's value to: the setting of the reader's
    claim with the same value in the same chunk and sentence, else the one setting the reader
    gives that sentence's values to; None if none or several (``judge_answers`` holds values of
    two different settings for no rivals). A claim whose setting the sentence does not name (the
    reader took it from the context: the title, the next sentence's `kdig SOA example.com`) gives
    its value to no setting here: over the 45-set pool, verdicts +4 in four sets, none worse."""
    by_chunk: dict[str, list[tuple[str, ReadClaim]]] = {}
    for name, claims in corpus.items():
        for c in claims:
            by_chunk.setdefault(c.chunk_id, []).append((name, c))

    def of(cand: Candidate) -> str | None:
        said = [(name, c) for name, c in by_chunk.get(cand.chunk_id, ())
                if not c.inferred and (c.sentence in cand.sentence or cand.sentence in c.sentence)]
        same = {name for name, c in said if _same_value(c, cand)}
        names = same or {name for name, _ in said}
        return names.pop() if len(names) == 1 else None

    return of
