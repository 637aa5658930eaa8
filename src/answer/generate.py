"""The LLM answer: a prompt that forbids outside facts, and a pure, tested validator.

The model sees the numbered top chunks and the claim graph's verdicts and must reply with
``ANSWER_SCHEMA`` JSON. ``parse_answer_reply`` rejects a reply that is not that JSON, carries
markup (HTML tags such as ``<script>``) its cited evidence does not, cites evidence that does
not exist, cites nothing, states a number no cited chunk contains (numbers written in words
count: "forty-five days" is 45), gives the value of another scope than the one asked
("plan=team" asked, the Free plan's value stated), states none of the values the evidence gives
to the question (when the answer set has measured values: "Events are kept as docs say [1]"
answers nothing), or contradicts the claim graph's finding (it found a contradiction; the model
says otherwise). ``generate`` retries an invalid
reply once, telling the model what was wrong, and returns None (the caller falls back to the
extractive answer) after a second failure, or when the request's ``LLMBudget`` is spent.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import ModelUnavailable
from ..graph.mentions import find_mentions
from ..graph.value_compare import compare
from ..graph.values import SPELLED_NUMBER, UNIT_KINDS, Norm, fmt_num, parse_value, spelled_value
from ..llm import InvalidReply, LLMBudget, LLMSkipped, parse_json_reply
from ..types import LLM, ScoredChunk, VerdictStatus
from .model import STATUSES, Verdict

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
_TAG = re.compile(r"<!--|<\s*/?\s*[A-Za-z][\w:-]*(?:\s[^<>]*)?/?\s*>")
_MARKER = re.compile(r"\[(\d+)\]")
_NEXT_WORDS = re.compile(r"\s*(%|[A-Za-z]+(?:\s*/\s*[A-Za-z]+)?)")


@dataclass(frozen=True)
class ScopeCheck:
    """The values the evidence gives to the question (any status), for the scope it names, if any:
    the answer must state one of them, and give no other of their kind for that scope."""

    scope: str  # "plan=team"; "" when the question names no scope
    values: tuple[str, ...]  # as written or normalised ("14 days", "P14D")


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
    """Numbers the text states, thousands separators dropped, numbers in words as digits when
    they state a quantity (13 or more, or followed by a unit): 'up to 1,000 events in 72 hours'
    -> {'1000', '72'}; 'forty-five days' -> {'45'}; 'one forum answer' -> set()."""
    return _digits(with_digits(text, quantities_only=True))


def evidence_numbers(text: str) -> set[str]:
    """The numbers an answer citing ``text`` may state: its digits and every number in words."""
    return _digits(text) | {fmt_num(spelled_value(m.group(0))) for m in SPELLED_NUMBER.finditer(text)}


def invented_numbers(text: str, evidence_texts: Sequence[str]) -> list[str]:
    """The numbers ``text`` states that none of ``evidence_texts`` contains, in order. A number
    is also grounded when its value with its unit is one the evidence gives in other words
    ("two weeks" for "14 days")."""
    allowed = set().union(set(), *(evidence_numbers(t) for t in evidence_texts))
    norms = [m.norm for t in evidence_texts for m in find_mentions(with_digits(t))]
    said = with_digits(text, quantities_only=True)
    grounded = [(m.start, m.end) for m in find_mentions(said) if _allowed(m.norm, norms)]
    out: list[str] = []
    for m in _NUMBER.finditer(said):
        n = _plain(m.group(0))
        if n not in allowed and not any(s <= m.start() < e for s, e in grounded) and n not in out:
            out.append(n)
    return out


def _plain(n: str) -> str:
    return n.replace(",", "") if re.fullmatch(r"\d{1,3}(?:,\d{3})+", n) else n


def _digits(text: str) -> set[str]:
    return {_plain(m.group(0)) for m in _NUMBER.finditer(text)}


def _unit_follows(text: str, end: int, value: float) -> bool:
    m = _NEXT_WORDS.match(text, end)
    if m is None:
        return False
    norm = parse_value(f"{fmt_num(value)} {m.group(1)}")
    return norm is not None and norm.kind in UNIT_KINDS


def with_digits(text: str, *, quantities_only: bool = False) -> str:
    """Numbers in words replaced by digits: 'forty-five days' -> '45 days'. With
    ``quantities_only``, only those that state a quantity (13 or more, or followed by a unit),
    so 'one forum answer' stays as written."""
    def digits(m: re.Match) -> str:
        value = spelled_value(m.group(0))
        if quantities_only and value < 13 and not _unit_follows(text, m.end(), value):
            return m.group(0)
        return fmt_num(value)

    return SPELLED_NUMBER.sub(digits, text)


def scope_problem(check: ScopeCheck, answer: str, authoritative: str) -> str | None:
    """Why the reply gives a value the evidence does not give for the scope asked, or states
    none of them, or None. The authoritative answer may state only those values; the answer text
    must state at least one of them when it states values of their kind (it may name other scopes'
    too), and one of the two must state one."""
    allowed = [n for n in (parse_value(v) for v in check.values) if n is not None]
    if not allowed:
        return None
    shown = ", ".join(dict.fromkeys(v for v in check.values if parse_value(v)))
    asked = f"for {check.scope} (the scope asked) the evidence gives" if check.scope else "the evidence gives"
    said = False
    for field, text in (("authoritative_answer", authoritative), ("answer", answer)):
        stated = [m for m in find_mentions(with_digits(text)) if any(compare(m.norm, a) != "incomparable" for a in allowed)]
        wrong = [m for m in stated if not _allowed(m.norm, allowed)]
        if wrong and (field == "authoritative_answer" or len(wrong) == len(stated)):
            return f"the {field} gives {wrong[0].text}, but {asked} {shown}"
        said = said or len(wrong) < len(stated)
    if not said:
        return f"the answer states no value: {asked} {shown}; state the one that answers the question"
    return None


def markup_problem(fields: Sequence[tuple[str, str]], evidence_texts: Sequence[str]) -> str | None:
    """Why a reply carries markup (an HTML tag or comment) that none of ``evidence_texts`` holds
    (docs quoting ``<div>`` may be quoted back), or None."""
    for field, text in fields:
        for m in _TAG.finditer(text):
            tag = m.group(0)
            if not any(tag.lower() in t.lower() for t in evidence_texts):
                return f"the {field} contains markup ({tag[:40]}): write plain text, without HTML tags"
    return None


def _allowed(norm: Norm, allowed: Sequence[Norm]) -> bool:
    return any(compare(norm, a) == "equal" for a in allowed)


def parse_answer_reply(reply: str, evidence_texts: Sequence[str], graph_status: str | None = None,
                       scope: ScopeCheck | None = None) -> LLMAnswer:
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
    if status != VerdictStatus.INSUFFICIENT_DATA and not cited:
        raise ValueError("the answer cites no evidence: cite every sentence like [1]")
    cited_texts = [evidence_texts[n - 1] for n in cited]
    problem = markup_problem((("answer", answer), ("verdict.explanation", explanation),
                              ("authoritative_answer", auth or "")), cited_texts)
    if problem:
        raise ValueError(problem)
    for field, text in (("answer", _MARKER.sub(" ", answer)), ("authoritative_answer", auth or "")):
        invented = invented_numbers(text, cited_texts)
        if invented:
            raise ValueError(f"the {field} states {', '.join(invented)}, which no cited evidence contains")
    if scope is not None and status != VerdictStatus.INSUFFICIENT_DATA:
        problem = scope_problem(scope, _MARKER.sub(" ", answer), auth or "")
        if problem:
            raise ValueError(problem)
    if graph_status in (VerdictStatus.CONTRADICTION, VerdictStatus.SCOPED) and status != graph_status:
        raise ValueError(f"the claim graph found status {graph_status!r} for this question, not {status!r}")
    return LLMAnswer(answer.strip(), tuple(cited), Verdict(status, explanation.strip(), auth))


def generate(llm: LLM, messages: list[dict[str, str]], validate: Callable[[str], LLMAnswer],
             budget: LLMBudget | None = None) -> tuple[LLMAnswer | None, str]:
    """(answer, "") or (None, why it fell back). Two attempts, the second told what was wrong
    with an invalid first reply; ``budget`` (by default unbounded) may stop them sooner."""
    budget = budget or LLMBudget(name=llm.name)
    problem = ""
    for attempt in (1, 2):
        try:
            return budget.call(llm, messages, validate, json_schema=ANSWER_SCHEMA, max_tokens=900), ""
        except LLMSkipped as exc:
            problem = str(exc)
            break
        except InvalidReply as exc:
            log.info("invalid LLM answer (attempt %d): %s", attempt, exc.problem)
            problem = str(exc)
            messages = [*messages, {"role": "assistant", "content": exc.reply[:4000]},
                        {"role": "user", "content": f"That reply is invalid: {exc.problem}. Reply again with JSON "
                                                    "only, using only the evidence, and fix this."}]
        except ModelUnavailable as exc:
            problem = str(exc)
    budget.fallback("the extractive answer")
    return None, budget.reason or problem
