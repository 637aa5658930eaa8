"""Typed answers by an OpenAI-compatible LLM, checked, with the offline extractor as fallback.

``LLMAnswerExtractor.candidates(question, chunks)`` is ``AnswerExtractor.candidates``'s
interface: one call per question shows the model every evidence chunk, numbered, and asks,
per chunk, for the answer that chunk gives (``ANSWERS_SCHEMA``, ``SYSTEM_PROMPT``: data).
Each answer is checked on its own and dropped when it fails: its chunk must exist, its type
must be an ``AnswerType`` value, its sentence must occur in the chunk and its value in the
sentence (whitespace and case aside), and the value must read as that type. The normalized
form is computed by the offline extractor's own code (``AnswerExtractor.typed_values``: the
value parser, pint, dates, versions, availability; ``entity_key`` for names), so values from
both paths compare. A reply that is not the schema, or whose every answer fails, is retried
once with the reason; after that, or when the call fails (refused, timed out, HTTP error, a
body that is not a completion) or the request's ``LLMBudget`` is spent, the offline extractor
answers and the budget logs the request's one warning, naming the server.

``prefetch`` makes the call and the checks now, so a server can call the LLM before it takes
its engine lock and judge the answers under it (``PrefetchedAnswers``).

An empty result (a valid reply whose every value is null, or ``{"answers": []}``) is no answer
set: it never overrides what the offline extractor finds (a model that reads nothing must not
turn the offline contradiction into ``insufficient_data``), so the offline candidates are used.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Protocol

from ..claims.candidate import Candidate
from ..claims.sentences import chunk_context, entity_key
from ..errors import ModelUnavailable
from ..llm import InvalidReply, LLMBudget, LLMSkipped, reply_items
from ..types import LLM, Chunk
from .question import ENTITY_TYPES, AnswerType, Question
from .scope import DIMENSION_NOUNS, find_scope
from .text import text_terms
from .values import parse_value

log = logging.getLogger(__name__)

SCOPE_DIMS = ("plan", "version", "region")
TYPES = tuple(t.value for t in AnswerType)
MAX_CHUNK_CHARS = 2000  # of each chunk shown to the model
LLM_SCORE = 1.0  # a checked LLM answer's score (the offline scores are about 0.5-2)...
RANK_STEP = 0.01  # ... less this per rank of its chunk in the evidence: the better-ranked chunk wins ties
MAX_TOKENS = 1500

ANSWERS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"answers": {"type": "array", "items": {
        "type": "object",
        "properties": {"chunk": {"type": "integer"},
                       "value": {"type": ["string", "null"]},
                       "type": {"type": "string", "enum": list(TYPES)},
                       "scope": {"type": "object",
                                 "properties": {d: {"type": ["string", "null"]} for d in SCOPE_DIMS}},
                       "entity": {"type": "string"},
                       "sentence": {"type": "string"}},
        "required": ["chunk", "value"]}}},
    "required": ["answers"],
}
SYSTEM_PROMPT = (
    "You read numbered evidence chunks and one support question. For each chunk, give the answer that "
    "this chunk itself states to the question, or null when it states none. Reply with JSON only: "
    '{"answers": [{"chunk": the chunk number, "value": the answer copied exactly as the chunk writes it, '
    'or null, "type": one of ' + ", ".join(TYPES) + ', "scope": {"plan": ..., "version": ..., '
    '"region": ...} (each null unless the chunk says the value holds only there), "entity": what or who '
    'the sentence is about, "sentence": the sentence that gives the value, copied verbatim from the chunk}]}. '
    "One item per chunk; a chunk that gives different values for different plans, versions or regions gets "
    "one item per scope. For type yesno the value is the words that say it (\"not available\", "
    "\"available on Enterprise only\"). Never compute, convert or guess a value, and skip values that only "
    "appear in a question."
)
RETRY_PROMPT = ("That reply is invalid: {problem}. Reply again with JSON only, copying each value and sentence "
                "character for character from its chunk.")


class OfflineAnswers(Protocol):
    """The offline extractor (``src.claims.extractor.AnswerExtractor``) as used here."""

    def candidates(self, question: Question, chunks: Sequence[Chunk]) -> list[Candidate]: ...

    def typed_values(self, question: Question, text: str, chunk: Chunk) -> list[tuple[str, str, str]]: ...


def build_messages(question: Question, chunks: Sequence[Chunk]) -> list[dict[str, str]]:
    lines = [f"Question: {question.text}",
             f"The type its wording suggests: {question.atype.value}", "", "Evidence:"]
    for i, chunk in enumerate(chunks, 1):
        lines += [f"[{i}] source={chunk.source} id={chunk.id}", chunk.text[:MAX_CHUNK_CHARS].strip(), ""]
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": "\n".join(lines).rstrip()}]


def answer_items(reply: str) -> list[dict[str, Any]]:
    """The reply's answer objects (pure JSON checks). Raises ValueError when the reply is not
    ``{"answers": [...]}`` (or a bare list) of objects."""
    return reply_items(reply, "answers", "an answer")


def verbatim(needle: str, text: str) -> str | None:
    """``needle`` as ``text`` writes it, matched regardless of case and whitespace; None when
    ``text`` does not contain it."""
    words = needle.split()
    if not words:
        return None
    m = re.search(r"\s+".join(map(re.escape, words)), text, re.IGNORECASE)
    return m.group(0) if m else None


def clean_scope(raw: Any, chunk_text: str) -> dict[str, str]:
    """The model's scope in the offline form (``{"plan": "business,enterprise", "version": "4.x"}``);
    a dimension the chunk does not name is left out (a plan or region: its words; a version: as a
    version, ``find_scope``)."""
    if not isinstance(raw, dict):
        return {}
    out: dict[str, str] = {}
    for dim in SCOPE_DIMS:
        text = raw.get(dim)
        if not isinstance(text, str) or not text.strip():
            continue
        text = text.strip().lower()
        if dim == "version":  # a version the chunk names as one ("version 3", "Agent 4.x"), not any number
            m = re.search(r"\d{4}-\d{2}(?:-\d{2})?|\d+(?:\.(?:\d+|x))*", text)
            names = {m.group(0)} if m else set()
            grounded = names <= set(find_scope(chunk_text)[0].get("version", "").split(","))
        else:
            if dim == "plan":
                text = re.sub(r"^the\s+|\s+(?:plans?|tiers?|editions?)$", "", text)
                names = {n.strip() for n in re.split(r"\s*(?:,|/|&|\band\b|\bor\b)\s*", text) if n.strip()}
            else:
                names = {re.sub(r"^the\s+|\s+region$", "", text)}
            grounded = all(re.search(rf"(?<![\w.-]){re.escape(n)}(?![\w-])", chunk_text, re.IGNORECASE) for n in names)
        if names and grounded:
            out[dim] = ",".join(sorted(names))
        else:
            log.debug("dropping an LLM scope %s=%r that its chunk does not name", dim, raw.get(dim))
    return out


def typed_value(question: Question, value: str, sentence: str, chunk: Chunk,
                offline: OfflineAnswers) -> tuple[str, str, str] | None:
    """(value as written, normalized, kind) for the model's ``value`` (as ``sentence`` writes it),
    read as ``question.atype`` by the offline extractor's code; None when it does not read so."""
    if question.atype in ENTITY_TYPES:
        key = entity_key(value)
        return (value, key, "entity") if key else None
    if question.atype == AnswerType.YESNO:  # availability is read from the whole sentence, as offline
        found = offline.typed_values(question, sentence, chunk)
        said = parse_value(value)
        if said is None or said.kind != "bool":
            return found[0] if found else None
        if not found:  # "not supported": the value parser's polarity
            return value, said.canonical, "bool"
        # "available" copied out of "is not available": the sentence's polarity decides
        agree = [f for f in found if f[1] == said.canonical or (f[2] == "only" and said.canonical == "true")]
        return agree[0] if agree else None
    found = offline.typed_values(question, value, chunk)
    if found:
        return found[0]
    # a value its shape alone does not type ("between 1861 and 1862"): the sentence's values over it
    start = sentence.find(value)
    if start < 0:
        return None
    for found_value, normalized, kind in offline.typed_values(question, sentence, chunk):
        at = sentence.find(found_value)
        if at >= 0 and at < start + len(value) and start < at + len(found_value):
            return found_value, normalized, kind
    return None


def checked_candidates(question: Question, items: Sequence[dict[str, Any]], chunks: Sequence[Chunk],
                       offline: OfflineAnswers) -> tuple[list[Candidate], list[str]]:
    """The candidates the model's answer objects give, and why each dropped one was dropped."""
    out: dict[tuple[str, str, tuple[tuple[str, str], ...]], Candidate] = {}
    dropped: list[str] = []
    for n, item in enumerate(items, 1):
        value = item.get("value")
        if value is None or (isinstance(value, str) and not value.strip()):
            continue  # the chunk gives no answer
        found = _candidate(question, item, chunks, offline)
        if isinstance(found, str):
            dropped.append(f"answer {n} (chunk {item.get('chunk')!r}): {found}")
            log.debug("dropping LLM answer %s", dropped[-1])
        else:
            out.setdefault((found.chunk_id, found.normalized, tuple(sorted(found.scope.items()))), found)
    return list(out.values()), dropped


def _candidate(question: Question, item: dict[str, Any], chunks: Sequence[Chunk],
               offline: OfflineAnswers) -> Candidate | str:
    """The checked candidate of one answer object, or why it fails."""
    number, value, atype = item.get("chunk"), item.get("value"), item.get("type")
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(chunks):
        return f"there is no chunk {number!r} (the evidence is numbered 1 to {len(chunks)})"
    if not isinstance(value, str):
        return "the value is not a string"
    if atype not in TYPES:
        return f"type {atype!r} is not one of {', '.join(TYPES)}"
    chunk = chunks[number - 1]
    sentence = verbatim(str(item.get("sentence") or ""), chunk.text)
    if sentence is None:
        return "its sentence is not in the chunk"
    written = verbatim(value, sentence)
    if written is None:
        return f"{value!r} is not in its sentence" if verbatim(value, chunk.text) else f"{value!r} is not in the chunk"
    asked = replace(question, atype=AnswerType(atype))
    typed = typed_value(asked, written, sentence, chunk, offline)
    if typed is None:
        return f"{value!r} does not read as a {atype} in its sentence"
    shown, normalized, kind = typed
    scope = clean_scope(item.get("scope"), chunk.text)
    if kind == "only":  # "only on Business, Enterprise" names its plans in the value, as offline
        scope = {k: v for k, v in scope.items() if k not in DIMENSION_NOUNS.values()}
    entity = str(item.get("entity") or "")
    named = {w for w in entity.split() if verbatim(w, chunk.text)}  # the entity's words the chunk uses
    terms = text_terms(" ".join([*named, sentence, str(chunk.metadata.get("title") or "")]))
    subject = len(terms & question.subject_terms) / len(question.subject_terms) if question.subject_terms else 1.0
    return Candidate(value=shown, normalized=normalized, kind=kind, scope=scope, sentence=sentence,
                     chunk_id=chunk.id, source=chunk.source, score=round(LLM_SCORE - RANK_STEP * (number - 1), 4),
                     context=chunk_context(chunk.text), subject=subject)


class LLMAnswerExtractor:
    """``candidates(question, chunks)`` from ``llm`` (two attempts), else from ``fallback`` (the
    offline ``AnswerExtractor``). Calls spend ``budget`` (by default unbounded: give a request
    its own); the first fallback logs the request's one warning."""

    def __init__(self, llm: LLM, fallback: OfflineAnswers, *, attempts: int = 2,
                 budget: LLMBudget | None = None) -> None:
        self.llm, self.fallback, self.attempts = llm, fallback, attempts
        self.budget = budget or LLMBudget(name=llm.name)

    def fetch(self, question: Question, chunks: Sequence[Chunk]) -> list[Candidate] | None:
        """The LLM's checked candidates (one call, outside any lock), or None to fall back."""
        if not chunks:
            return []
        messages = build_messages(question, chunks)

        def parse(reply: str) -> list[Candidate]:
            items = answer_items(reply)
            found, dropped = checked_candidates(question, items, chunks, self.fallback)
            if dropped and not found:
                raise ValueError(f"none of its {len(dropped)} answers holds up: {dropped[0]}")
            return found

        for attempt in range(1, self.attempts + 1):
            try:
                return self.budget.call(self.llm, messages, parse, json_schema=ANSWERS_SCHEMA, max_tokens=MAX_TOKENS)
            except LLMSkipped:
                break
            except InvalidReply as exc:
                log.debug("LLM answers, attempt %d: %s", attempt, exc.problem)
                messages = [*messages, {"role": "assistant", "content": exc.reply[:4000]},
                            {"role": "user", "content": RETRY_PROMPT.format(problem=exc.problem)}]
            except ModelUnavailable as exc:
                log.debug("LLM answers, attempt %d: %s", attempt, exc)
        self.budget.fallback("the offline answer extractor")
        return None

    def candidates(self, question: Question, chunks: Sequence[Chunk]) -> list[Candidate]:
        return self.prefetch(question, chunks).candidates(question, chunks)

    def prefetch(self, question: Question, chunks: Sequence[Chunk]) -> PrefetchedAnswers:
        """The LLM's answers to ``question``, fetched and checked now; the result is the extractor
        to judge them with (under a lock, if need be)."""
        unique = list({c.id: c for c in chunks}.values())
        return PrefetchedAnswers(question, self.fetch(question, unique), self.fallback)


class PrefetchedAnswers:
    """``candidates`` from answers fetched beforehand for ``question``: the offline extractor's
    when the LLM's fell back (``found`` is None) or another question is asked."""

    def __init__(self, question: Question, found: list[Candidate] | None, fallback: OfflineAnswers) -> None:
        self.question, self.found, self.fallback = question, found, fallback

    @property
    def replied(self) -> bool:
        return self.found is not None

    def candidates(self, question: Question, chunks: Sequence[Chunk]) -> list[Candidate]:
        if self.found is None or question != self.question:
            return self.fallback.candidates(question, chunks)
        ids = {c.id for c in chunks}
        found = [c for c in self.found if c.chunk_id in ids]
        if not found:  # the model read no answer in these chunks: that is no verdict, the offline one stands
            log.info("the LLM's typed answers give no value for %r: using the offline extractor's", question.text)
            return self.fallback.candidates(question, chunks)
        return found
