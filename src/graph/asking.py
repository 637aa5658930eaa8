"""Which sentence of a message asks, and what it points back at: "My kid wiped some photos. How
long have I got?" asks in its second sentence; "A forum post says the upload cap is 250 MB. Is
that right?" asks about its first (``src.graph.question.analyse_question`` reads both)."""

from __future__ import annotations

import re

from .text import split_sentences


def main_question(text: str) -> str:
    """The sentence that asks: "My kid wiped some photos. How long have I got?" -> the second."""
    parts = split_sentences(" ".join(text.split()))
    asking = [p for p in parts if p.endswith("?")]
    return asking[0] if asking else " ".join(parts)


# a pro-form: the asking sentence points at what an earlier sentence said
_POINTS_BACK = re.compile(r"\b(?:that|this|it|those|these|there|then|so)\b", re.IGNORECASE)


def antecedent(text: str, ask: str) -> str:
    """The sentences before the asking one when it points back at them ("A forum post says the
    upload cap is 250 MB. Is that right?", "... Correct?": a question of two words or fewer can
    only ask about what was said before it); "Our auditor needs 12 months." after the question,
    or a question that names what it asks, brings in nothing."""
    flat = " ".join(text.split())
    at = flat.find(ask)
    return flat[:at].strip() if at > 0 and (_POINTS_BACK.search(ask) or len(ask.split()) <= 2) else ""
