"""The terminal view of an answer."""

from __future__ import annotations

import textwrap

from .model import Answer
from .service import Retrieval


def render_answer(a: Answer, width: int = 100) -> str:
    lines = [textwrap.fill(a.answer, width=width), ""]
    v = a.verdict
    lines.append(f"verdict: {v.status}")
    if v.authoritative_answer:
        lines.append(textwrap.fill(f"authoritative: {v.authoritative_answer}", width=width, subsequent_indent="  "))
    if v.explanation:
        lines.append(textwrap.fill(f"why: {v.explanation}", width=width, subsequent_indent="  "))
    if a.citations:
        lines.append("\ncitations:")
        for c in a.citations:
            lines.append(f" [{c.n}] [{c.source}] {c.id}")
            lines.append(textwrap.fill(c.sentence, width=width, initial_indent="     ", subsequent_indent="     "))
    if a.warnings:
        lines.append("\nwarnings:")
        for w in a.warnings:
            lines.append(textwrap.fill(f"- {w.kind}: {w.message}", width=width, subsequent_indent="  "))
    method = f"{a.method} ({a.llm})" if a.llm else a.method
    lines.append(f"\nanswer: {method}; {a.timings_ms.get('answer_total', 0.0):.0f} ms")
    return "\n".join(lines)


def render_graph(ret: Retrieval) -> str:
    """The terminal view of a question's claim graph: its keys, the sources' voices and the
    counter-evidence the corpus audit added beyond the results, and the notice when the LLM's and the offline claims disagree."""
    if ret.graph is None:
        return ""
    text = ret.graph.render_text()
    if ret.voices:
        text += "\nsources' own voices (each source's best chunk, ranked below the results by authority): " + \
            ", ".join(s.id for s in ret.voices)
    if ret.counter:
        text += "\ncounter-evidence (chunks beyond the results, from the corpus audit): " + ", ".join(
            s.id for s in ret.counter)
    for note in ret.notices:
        text += f"\nnotice: {note}"
    return text
