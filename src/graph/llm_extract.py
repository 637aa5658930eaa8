"""Claim extraction with an OpenAI-compatible LLM, validated, with the offline extractor as
fallback. The prompt and schema are data; parsing and validation are pure functions."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any

from src.config import ModelsConfig
from src.errors import ModelUnavailable
from src.graph.claims import Claim, make_claim
from src.graph.extract import extract_claims
from src.graph.text import content_words, key_from_identifier, key_from_words
from src.graph.values import parse_value
from src.llm import parse_json_reply
from src.types import Chunk

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
    data = parse_json_reply(reply)
    items = data.get("claims") if isinstance(data, dict) else data if isinstance(data, list) else None
    if not isinstance(items, list):
        raise ValueError("reply has no 'claims' list")
    text = _squash(chunk.text)
    out: list[Claim] = []
    for item in items:
        if not isinstance(item, dict):
            raise ValueError("a claim is not an object")
        claim = _validated(item, chunk, text)
        if claim is not None:
            out.append(claim)
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
    """Extract claims with ``llm`` (one retry), else with ``fallback`` (the offline rules).

    ``fallbacks`` counts chunks that fell back (invalid JSON twice, timeouts, dead server);
    each is logged as a warning and ``build_claim_graph`` reports it in ``ClaimGraph.notices``.
    """

    def __init__(self, llm: Any, fallback: Callable[[Chunk], list[Claim]] = extract_claims, attempts: int = 2) -> None:
        self.llm = llm
        self.fallback = fallback
        self.attempts = attempts
        self.fallbacks = 0

    @property
    def fell_back(self) -> bool:
        return self.fallbacks > 0

    def __call__(self, chunk: Chunk) -> list[Claim]:
        problem = ""
        for attempt in range(self.attempts):
            try:
                reply = self.llm.chat(build_messages(chunk), json_schema=CLAIMS_SCHEMA)
                return parse_claims_reply(reply, chunk)
            except ValueError as exc:
                problem = f"invalid reply ({exc})"
            except ModelUnavailable as exc:
                problem = str(exc)
            except Exception as exc:  # a client library error we did not map: same treatment
                problem = f"{exc.__class__.__name__}: {exc}"
            log.debug("LLM extraction attempt %d for %s failed: %s", attempt + 1, chunk.id, problem)
        self.fallbacks += 1
        log.warning("LLM claim extraction failed for %s (%s); using the offline extractor", chunk.id, problem)
        return self.fallback(chunk)


def make_extractor(models: ModelsConfig) -> LLMClaimExtractor | None:
    """The LLM extractor when an LLM is configured; None means the offline extractor."""
    from src.llm import make_llm

    llm = make_llm(models)
    return LLMClaimExtractor(llm) if llm is not None else None
