"""Claim extraction with an OpenAI-compatible LLM, validated, with the offline extractor as
fallback. The prompt and schema are data; parsing and validation are pure functions.

The network part (``LLMClaimExtractor.fetch``: the call and the reply's JSON shape) is apart
from turning replies into claims, so a server can fetch outside its engine lock
(``prefetch``) and build the graph under it (``PrefetchedClaims``). ``disagreement`` says
when the LLM's claims and the offline rules' disagree on whether the evidence holds a
contradiction (an LLM returning valid but empty claims would otherwise erase one silently).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..config import ModelsConfig
from ..errors import ModelUnavailable
from ..llm import LLMBudget, LLMSkipped, reply_items
from ..types import Chunk
from .claims import Claim, make_claim
from .extract import extract_claims
from .text import content_words, key_from_identifier, key_from_words
from .values import parse_value

log = logging.getLogger(__name__)

CLAIMS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"claims": {"type": "array", "items": {
        "type": "object",
        "properties": {"key": {"type": "string"}, "scope": {"type": "object", "additionalProperties": {"type": "string"}},
                       "value": {"type": "string"}, "unit": {"type": "string"}, "sentence": {"type": "string"}},
        "required": ["key", "value", "sentence"]}}},
    "required": ["claims"],
}
SYSTEM_PROMPT = (
    "You extract factual key/value claims from technical support text. For every concrete setting, "
    "limit, duration, size, rate, percentage, version, schedule or availability statement, return "
    '{"key": what it is about (a short noun phrase), "scope": qualifiers such as plan, tier, platform, '
    'version, region (object, may be empty), "value": the value exactly as written in the text, '
    '"unit": its unit or "", "sentence": the full sentence copied verbatim}. '
    'Reply with JSON only: {"claims": [...]}. Do not invent values; skip questions.'
)


def build_messages(chunk: Chunk) -> list[dict[str, str]]:
    return [{"role": "system", "content": SYSTEM_PROMPT},
            {"role": "user", "content": f"Source: {chunk.source}\nText:\n{chunk.text}"}]


def _squash(text: str) -> str:
    return " ".join(text.lower().split())


def parse_claims_reply(reply: str, chunk: Chunk) -> list[Claim]:
    """Validated claims from a model reply. Raises ValueError when the reply is not the
    expected JSON shape; drops single claims whose value or sentence is not in the chunk."""
    return claims_from_items(claim_items(reply), chunk)


def claim_items(reply: str) -> list[dict[str, Any]]:
    """The reply's claim objects (pure JSON checks). Raises ValueError when the reply is not
    ``{"claims": [...]}`` (or a bare list) of objects."""
    return reply_items(reply, "claims", "a claim")


def claims_from_items(items: Sequence[dict[str, Any]], chunk: Chunk) -> list[Claim]:
    """Claims of ``chunk`` from checked claim objects; those not grounded in it are dropped."""
    text = _squash(chunk.text)
    out = [c for c in (_validated(item, chunk, text) for item in items) if c is not None]
    return list({c.id: c for c in out}.values())


def _validated(item: dict[str, Any], chunk: Chunk, text: str) -> Claim | None:
    key, value = str(item.get("key") or "").strip(), str(item.get("value") or "").strip()
    sentence, unit = str(item.get("sentence") or "").strip(), str(item.get("unit") or "").strip()
    if not key or not value or not sentence:
        return None
    if _squash(value) not in text or _squash(sentence) not in text:
        log.debug("dropping LLM claim not grounded in %s: %r", chunk.id, item)
        return None
    norm = None
    if unit and _squash(unit) not in _squash(value):
        norm = parse_value(f"{value} {unit}")
    norm = norm or parse_value(value)
    normalized = norm.canonical if norm else _squash(value)
    scope_raw = item.get("scope") if isinstance(item.get("scope"), dict) else {}
    scope = {str(k).strip().lower(): ",".join(sorted(p.strip().lower() for p in str(v).split(",") if p.strip()))
             for k, v in scope_raw.items() if str(v).strip()}
    clean_key = key_from_identifier(key) if re.fullmatch(r"[\w.]+", key) else key_from_words(content_words(key), 6)
    return make_claim(key=clean_key or key.lower(), scope=scope, value=value, normalized=normalized,
                      sentence=sentence, chunk_id=chunk.id, source=chunk.source, raw_key=key)


class LLMClaimExtractor:
    """Extract claims with ``llm`` (two attempts), else with ``fallback`` (the offline rules).

    Calls go through ``budget`` (by default unbounded; ``bound`` gives a request its own), so a
    dead or hanging server costs at most the request's deadline, and after two failures in a
    row the remaining chunks go straight to the offline rules. ``fallbacks`` counts chunks
    that fell back; ``build_claim_graph`` reports them in ``ClaimGraph.notices``; the budget
    logs the request's one warning.
    """

    def __init__(self, llm: Any, fallback: Callable[[Chunk], list[Claim]] = extract_claims, attempts: int = 2,
                 budget: LLMBudget | None = None) -> None:
        self.llm = llm
        self.fallback = fallback
        self.attempts = attempts
        self.budget = budget or LLMBudget(name=getattr(llm, "name", None))
        self.fallbacks = 0
        self.replied = 0  # chunks whose claims came from the LLM

    @property
    def fell_back(self) -> bool:
        return self.fallbacks > 0

    def bound(self, budget: LLMBudget) -> LLMClaimExtractor:
        """This extractor for one request: its calls spend ``budget``; its counts start at 0."""
        return LLMClaimExtractor(self.llm, self.fallback, self.attempts, budget)

    def fetch(self, chunk: Chunk) -> list[dict[str, Any]] | None:
        """The LLM's claim objects for ``chunk`` (network only), or None to fall back."""
        for attempt in range(self.attempts):
            try:
                items = self.budget.call(self.llm, build_messages(chunk), claim_items, json_schema=CLAIMS_SCHEMA)
            except LLMSkipped:
                break
            except ModelUnavailable as exc:
                log.debug("LLM extraction attempt %d for %s failed: %s", attempt + 1, chunk.id, exc)
                continue
            self.replied += 1
            return items
        self.fallbacks += 1
        self.budget.fallback("the offline claim extractor")
        return None

    def __call__(self, chunk: Chunk) -> list[Claim]:
        items = self.fetch(chunk)
        return self.fallback(chunk) if items is None else claims_from_items(items, chunk)

    def prefetch(self, chunks: Sequence[Chunk]) -> PrefetchedClaims:
        """Every chunk's LLM reply, fetched now (no claim is built): for callers that must not
        hold a lock across network calls. The result is the extractor to build the graph with."""
        return PrefetchedClaims(self, {c.id: self.fetch(c) for c in {c.id: c for c in chunks}.values()})


class PrefetchedClaims:
    """An extractor over replies fetched beforehand: a chunk without one (it fell back, or was
    not fetched) gets the offline rules."""

    def __init__(self, source: LLMClaimExtractor, items: dict[str, list[dict[str, Any]] | None]) -> None:
        self.source, self.items = source, items
        self.replied = sum(v is not None for v in items.values())
        self.fallbacks = 0

    @property
    def fallback(self) -> Callable[[Chunk], list[Claim]]:
        return self.source.fallback

    def __call__(self, chunk: Chunk) -> list[Claim]:
        items = self.items.get(chunk.id)
        if items is None:
            self.fallbacks += 1
            return self.source.fallback(chunk)
        return claims_from_items(items, chunk)


def disagreement(llm_graph: Any, offline_graph: Any) -> str | None:
    """A notice when the graph of the LLM's claims and that of the offline rules disagree on
    whether the evidence holds a contradiction, else None."""
    llm, offline = llm_graph.contradictions(), offline_graph.contradictions()
    if bool(llm) == bool(offline):
        return None

    def keys(found: Sequence[Any]) -> str:
        names = [repr(k.key) for k in found[:3]] + ([f"{len(found) - 3} more"] if len(found) > 3 else [])
        return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]

    if offline:
        return f"the LLM's claims show no contradiction, but the offline rules find one on {keys(offline)}"
    return f"the LLM's claims show a contradiction on {keys(llm)}, but the offline rules find none"


def checked_graph(evidence: Sequence[Any], extractor: Any, *, source_weights: Mapping[str, float],
                  embed_model: Any = None, settings: Mapping[str, list[Any]] | None = None
                  ) -> tuple[Any, str | None]:
    """The claim graph of ``evidence`` with ``extractor`` (``settings``: as ``build_claim_graph``),
    and when the LLM gave any claims, the ``disagreement`` with the offline rules' graph of the
    same evidence."""
    from .build import build_claim_graph

    graph = build_claim_graph(evidence, source_weights=source_weights, extractor=extractor, embed_model=embed_model,
                              settings=settings)
    if not getattr(extractor, "replied", 0):
        return graph, None
    offline = build_claim_graph(evidence, source_weights=source_weights, extractor=extractor.fallback,
                                embed_model=embed_model, settings=settings)
    return graph, disagreement(graph, offline)


def make_extractor(models: ModelsConfig, budget: LLMBudget | None = None) -> LLMClaimExtractor | None:
    """The LLM extractor when an LLM is configured; None means the offline extractor."""
    from ..llm import make_llm

    llm = make_llm(models)
    return LLMClaimExtractor(llm, budget=budget) if llm is not None else None
