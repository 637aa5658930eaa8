"""Which sentence of a message asks, what it points back at, and which of its clauses asks: "My
kid wiped some photos. How long have I got?" asks in its second sentence; "A forum post says the
upload cap is 250 MB. Is that right?" asks about its first; "If the file leaves the switch out,
does it let guests in?" asks after its comma (``src.graph.question.analyse_question`` reads all
three)."""

from __future__ import annotations

import re

from .text import split_sentences

# the words that open a question: a wh-word, at the start or after a comma ("..., how long"), and
# the auxiliary that opens a yes/no question
WH = re.compile(r"(?:^|,\s*)\s*(?:and\s+|so\s+|but\s+)?(?:(?:in|on|at|for|to|from|of|by|with|during)\s+)?"
                r"(what|which|who|whom|whose|when|where|why|how)\b"
                r"|\b(which|what)\b(?=\s+[a-z])", re.IGNORECASE)
YESNO = re.compile(r"^\s*(is|are|was|were|does|do|did|can|could|will|would|has|have|had|should|may|must|am)\b",
                   re.IGNORECASE)
# a clause leading into the question ("If X is missing, does ...?", "When a job fails, which ...?")
_LEADING_CLAUSE = re.compile(r"^\s*(?:if|when|whenever|once|after|before|while|unless)\b[^,?]*,\s*", re.IGNORECASE)


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


def asking_clause(question: str) -> str:
    """The clause of the asking sentence that asks: after a clause leading in ("If the switch is
    left out, does it let guests in?", "When a job fails, which ...?"), the one after the comma
    when it opens as a question does; else the whole sentence ("When does the trial end?",
    "After how many days ..., if ...?")."""
    lead = _LEADING_CLAUSE.match(question)
    rest = question[lead.end():] if lead else ""
    return rest if rest and (YESNO.match(rest) or WH.match(rest)) else question
