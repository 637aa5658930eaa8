"""What loaders yield: records (documents, posts, threads with their answers, paged documents)
and skips, and the source file they come from. Shared by the loaders of every format, as is
the bound on how deeply nested formats (HTML, JSON, YAML front matter, PDF outlines) may nest."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Answer:
    """One reply of a thread; ``index`` is its 0-based position in the file."""

    text: str
    index: int
    id: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PagePart:
    """A paragraph (``level`` 0) or a heading (``level`` 1, 2, ... from a PDF's outline) of a page."""

    text: str
    level: int = 0


@dataclass(frozen=True)
class Page:
    """One page of a paged document (PDF); ``number`` is 1-based."""

    number: int
    parts: tuple[PagePart, ...]


@dataclass(frozen=True)
class Record:
    """One document, post or thread. ``key`` is the document key of its chunk ids. A paged
    document (PDF) also has its ``pages``: it is chunked page by page (anchors ``p<page>c<k>``)."""

    key: str
    text: str
    metadata: dict[str, Any] = field(default_factory=dict)
    answers: tuple[Answer, ...] = ()
    pages: tuple[Page, ...] = ()


@dataclass(frozen=True)
class Skip:
    """Something a loader could not use, as a warning. ``skipped`` is False for a problem that
    lost nothing (invalid front matter): not counted as skipped, but it still fails ``--strict``."""

    line: int | None
    reason: str
    skipped: bool = True


@dataclass(frozen=True)
class SourceFile:
    path: Path  # to open
    rel: str  # relative to the source folder, forward slashes, with extension
    corpus_rel: str  # relative to the corpus root (the ``path`` metadata)


Loaded = Iterator[Record | Skip]

# Deeper input is skipped, not parsed: the parsers (and the HTML walk) recurse once or twice per
# level, and Python's stack holds about 1,000 frames. Real documents nest a few dozen levels;
# pypdf stops reading an outline at the same depth.
MAX_NESTING = 100


class NestedTooDeep(ValueError):
    """Input nesting deeper than ``MAX_NESTING`` levels: ``what`` names the format and
    ``line`` where the bound was passed, when known. ``load_file`` turns it into a ``Skip``."""

    def __init__(self, what: str, line: int | None = None) -> None:
        super().__init__(f"{what} nested more than {MAX_NESTING} levels deep")
        self.line = line
