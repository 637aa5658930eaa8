"""The LLM answer: a prompt that forbids outside facts, and a pure, tested validator.

The model sees the numbered top chunks and the claim graph's verdicts and must reply with
``ANSWER_SCHEMA`` JSON. ``parse_answer_reply`` rejects a reply that is not that JSON, cites
evidence that does not exist, cites nothing, states a number no cited chunk contains, or
contradicts the claim graph's finding (it found a contradiction; the model says otherwise).
``generate`` retries an invalid reply once, telling the model what was wrong, and returns
None (the caller falls back to the extractive answer) after a second invalid reply or when
the server is unreachable or times out.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from src.answer.model import STATUSES, Verdict
from src.errors import ModelUnavailable
from src.llm import LLM, parse_json_reply
from src.types import ScoredChunk

log = logging.getLogger(__name__)
MAX_CHUNK_CHARS = 1200
ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "answer": {"type": "string"},
        "citations": {"type": "array", "items": {"type": "integer"}},
        "verdict": {"type": "object", "properties": {
            "status": {"type": "string", "enum": list(STATUSES)},
            "explanation": {"type": "string"},
            "authoritative_answer": {"type": ["string", "null"]}},
            "required": ["status", "explanation", "authoritative_answer"]},
    },
    "required": ["answer", "citations", "verdict"],
}
SYSTEM_PROMPT = (
    "You answer technical support questions about one product using ONLY the numbered evidence and the "
    "claim graph given to you. Never add a fact, number, version, limit, name or step that is not in the "
    "evidence; if the evidence does not answer the question, say so and use status insufficient_data. "
    "Cite the evidence after every sentence with its number in square brackets, like [1] or [2][3]. "
    "Sources differ in authority (docs 1.2 > blogs 1.0 > forums and tickets 0.8): when they disagree, "
    "answer with the authoritative value that the claim graph marks and say which sources disagree. "
    "Verdict status: contradiction (sources disagree on a fact), scoped (values differ only by plan, "
    "version or another scope), consistent (sources agree), insufficient_data. "
    'Reply with JSON only: {"answer": "...", "citations": [numbers cited], "verdict": {"status": "...", '
    '"explanation": "...", "authoritative_answer": "..."}}.'
)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_MARKER = re.compile(r"\[(\d+)\]")


@dataclass(frozen=True)
class LLMAnswer:
    answer: str
    cited: tuple[int, ...]  # 1-based evidence numbers, in order of first citation
    verdict: Verdict


def build_messages(question: str, evidence: Sequence[ScoredChunk], graph_keys: Sequence[dict[str, Any]],
                   authority: Callable[[str], float]) -> list[dict[str, str]]:
    lines = ["Evidence:"]
    for i, s in enumerate(evidence, 1):
        text = " ".join(s.chunk.text.split())[:MAX_CHUNK_CHARS]
        lines.append(f"[{i}] source={s.source} authority={authority(s.source):g} id={s.id}\n{text}")
    lines.append("\nClaim graph (facts extracted from the evidence, judged per key):")
    for k in graph_keys or []:
        auth = ", ".join(c["value"] for c in k["claims"] if c.get("authoritative"))
        lines.append(f"- {k['key']} [{k['status']}] authoritative: {auth or 'none'}. {k['explanation']}")
    if not graph_keys:
        lines.append("- (no claims)")
    lines.append(f"\nQuestion: {question}")
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": "\n".join(lines)}]


def numbers(text: str) -> set[str]:
    """Numbers in text, thousands separators dropped: 'up to 1,000 events in 72 hours' -> {'1000', '72'}."""
    out = set()
    for m in _NUMBER.finditer(text):
        n = m.group(0)
        out.add(n.replace(",", "") if re.fullmatch(r"\d{1,3}(?:,\d{3})+", n) else n)
    return out


def parse_answer_reply(reply: str, evidence_texts: Sequence[str], graph_status: str | None = None) -> LLMAnswer:
    """A validated answer, or ValueError saying what is wrong (sent back to the model on retry)."""
    data = parse_json_reply(reply)
    if not isinstance(data, dict):
        raise ValueError("the reply is not a JSON object")
    answer, verdict = data.get("answer"), data.get("verdict")
    if not isinstance(answer, str) or not answer.strip():
        raise ValueError("'answer' must be a non-empty string")
    if not isinstance(verdict, dict):
        raise ValueError("'verdict' must be an object")
    status = verdict.get("status")
    if status not in STATUSES:
        raise ValueError(f"verdict.status must be one of {', '.join(STATUSES)}, not {status!r}")
    explanation, auth = verdict.get("explanation"), verdict.get("authoritative_answer")
    if not isinstance(explanation, str) or not (auth is None or isinstance(auth, str)):
        raise ValueError("verdict.explanation must be a string and verdict.authoritative_answer a string or null")
    listed = data.get("citations", [])
    if not isinstance(listed, list) or not all(isinstance(n, int) and not isinstance(n, bool) for n in listed):
        raise ValueError("'citations' must be a list of evidence numbers")
    cited: list[int] = []
    for n in [int(m) for m in _MARKER.findall(answer)] + listed:
        if not 1 <= n <= len(evidence_texts):
            raise ValueError(f"citation [{n}] does not exist: the evidence is numbered 1 to {len(evidence_texts)}")
        if n not in cited:
            cited.append(n)
    if status != "insufficient_data" and not cited:
        raise ValueError("the answer cites no evidence: cite every sentence like [1]")
    allowed = set().union(*(numbers(evidence_texts[n - 1]) for n in cited)) if cited else set()
    for field, text in (("answer", _MARKER.sub(" ", answer)), ("authoritative_answer", auth or "")):
        invented = sorted(numbers(text) - allowed)
        if invented:
            raise ValueError(f"the {field} states {', '.join(invented)}, which no cited evidence contains")
    if graph_status in ("contradiction", "scoped") and status != graph_status:
        raise ValueError(f"the claim graph found status {graph_status!r} for this question, not {status!r}")
    return LLMAnswer(answer.strip(), tuple(cited), Verdict(status, explanation.strip(), auth))


def generate(llm: LLM, messages: list[dict[str, str]], validate: Callable[[str], LLMAnswer]) -> tuple[LLMAnswer | None, str]:
    """(answer, "") or (None, why it fell back). One retry for an invalid reply."""
    for attempt in (1, 2):
        try:
            reply = llm.chat(messages, json_schema=ANSWER_SCHEMA, max_tokens=900)
        except ModelUnavailable as exc:
            log.warning("%s; answering extractively", exc)
            return None, str(exc)
        try:
            return validate(reply), ""
        except ValueError as exc:
            log.info("invalid LLM answer (attempt %d): %s", attempt, exc)
            problem = str(exc)
            messages = [*messages, {"role": "assistant", "content": reply[:4000]},
                        {"role": "user", "content": f"That reply is invalid: {problem}. Reply again with JSON "
                                                    "only, using only the evidence, and fix this."}]
    log.warning("the LLM answer was invalid twice (%s); answering extractively", problem)
    return None, f"the LLM answer was invalid twice ({problem})"

