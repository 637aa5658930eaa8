"""The shapes of a chunk's lines that the reader's walk (``src.claims.reader``) reads beside the
entry heads of ``src.claims.layout``: a fenced block, up to its closing fence (a reStructuredText
title's underline of backticks or tildes opens none, ``opens_fence``); a label line
("Default: 10 seconds", "Type: int"); and the entries named by words, not by a setting's name: a
definition list's term over its ": " body, and a heading of a few words whose section gives a
"Default:" line.
"""

from __future__ import annotations

import re

from ..pipelines.chunking import HEADING
from .blocks import DEFAULT_CUE
from .layout import DEFINITION

_LABEL = re.compile(r"^\s*(?:[-*]\s+)?[*_]*(?P<label>[A-Z][A-Za-z ]{1,30}?)[*_]*\s*:[*_]*\s+(?P<value>\S.*?)\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")


def _closing_fence(lines: list[str], i: int) -> int:
    """The line that closes the fenced block ``lines[i]`` opens (``len(lines)`` when the chunk ends first)."""
    return next((j for j in range(i + 1, len(lines)) if _FENCE.match(lines[j])), len(lines))


def opens_fence(lines: list[str], i: int) -> bool:
    """Whether ``lines[i]`` opens a fenced block. A run of backticks or tildes alone that no fence
    closes in the chunk underlines a reStructuredText title ("Section Values" over
    "~~~~~~~~~~~~~~") when it is as long as the line of text above it, or six or more long (the
    chunker may cut between title and underline): no code follows it."""
    if not _FENCE.match(lines[i]):
        return False
    run = lines[i].strip()  # the fence's characters alone, or a fence with its language
    above = lines[i - 1].strip() if i > 0 else ""
    long = len(set(run)) == 1 and (len(run) >= 6 or bool(above) and len(run) >= len(above))
    return not (long and _closing_fence(lines, i) == len(lines))


def _defined_term(lines: list[str], i: int) -> str | None:
    """A definition list's term ("**Response timeout**" over ": TallyDesk waits ... Default: 10
    seconds."): an entry named by its words, whose "Default:" gives the default."""
    term = lines[i].strip().strip("*_").strip()
    j = i + 1
    while j < len(lines) and not lines[j].strip():
        j += 1
    if not term or j == len(lines) or not DEFINITION.match(lines[j]) or DEFINITION.match(lines[i]):
        return None
    if len(term.split()) > 6 or term[-1] in ".:;!?" or not term[0].isalpha():
        return ""  # the term of an item that names nothing ("(retired)"): it closes the entry before it
    return term.lower()


def _titled_entry(lines: list[str], i: int) -> str | None:
    """A heading of a few words whose section gives a "Default:" line ("## Auto power-off when
    idle" over "- Default: Off."): an entry named by its words, as a definition list's term."""
    title = (m.group(2) if (m := HEADING.match(lines[i])) else "").strip("`*_").strip()
    if not title or len(title.split()) > 6 or title[-1] in ".:;!?" or not title[0].isalpha():
        return None
    for line in lines[i + 1:]:
        if HEADING.match(line):
            return None
        label = _LABEL.match(line)
        if label and DEFAULT_CUE.match(label.group("label").strip()):
            return title.lower()
    return None
