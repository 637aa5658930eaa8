"""PDF files -> one document ``Record`` with the text of each page (pypdf).

pypdf reads the text layer page by page in content-stream order (which keeps a two-column
page in reading order), opens files encrypted with an empty user password, and gives the
outline (bookmarks) and the document information. What it extracts is cleaned here, with
pure functions over lines:

- a line that repeats, digits aside ("Page 3 of 40"), among the first or last
  ``EDGE_LINES`` lines of at least half of the pages (and at least two), or as the very first
  or last line of ``CHAPTER_PAGES`` pages, is a running header or footer, and is dropped
  at the edges of every page;
- wrapped lines are joined into paragraphs: a paragraph ends after a short line that ends a
  sentence, after a very short line, and before a bullet;
- each outline title becomes a heading (its level is its depth in the outline) on the page it
  points to, at the line that reads as the title, else at the top of the page (after the
  page's earlier headings).

Bad input is a ``Skip``, as for every other format: not a PDF, corrupt, encrypted with a
password, or without a text layer (scanned). A page whose text cannot be extracted is left
out with its own ``Skip``; an unreadable outline or information dictionary loses only the
headings or the metadata (a ``Skip`` that is not counted as skipped).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from io import BytesIO
from typing import Any

from pypdf import PasswordType, PdfReader
from pypdf.errors import LimitReachedError

from ..types import SourceKind
from .metadata import normalise_metadata
from .records import MAX_NESTING, Loaded, NestedTooDeep, Page, PagePart, Record, Skip, SourceFile

EDGE_LINES = 3  # lines at each end of a page where running headers and footers are looked for
CHAPTER_PAGES = 3  # a page's very first or last line that recurs on this many pages runs, however long the PDF
SHORT_LINE = 0.8  # share of the page's longest line: a shorter line that ends a sentence ends its paragraph
VERY_SHORT_LINE = 0.5  # ... and a line shorter than this ends it whatever its last character
HEADER_BYTES = 1024  # the %PDF- marker must be in the first KB (as readers accept it)
PLACEHOLDERS = frozenset(("untitled", "anonymous", "unknown", "unspecified", "(unspecified)", "none"))
_SPACES = re.compile(r"[ \t\u00a0\u2000-\u200a\u202f\u3000]+")
_DIGITS = re.compile(r"\d+")
_BULLET = re.compile(r"^(?:[•▪◦‣∙●○■□❖➢►✓–—*-]|\d{1,3}[.)])\s")
_NUMBERING = re.compile(r"^(?:\d+(?:\.\d+)*\.?|[A-Z]\.)\s+")
_ENDS_SENTENCE = re.compile(r"[.!?:…][\"'”’)]*$")
_CLEAN = str.maketrans({
    "\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl", "\ufb05": "st",
    "\ufb06": "st",  # ligatures spelled out
    "\uf0b7": "•", "\uf0a7": "▪", "\uf076": "❖", "\uf0d8": "➢", "\uf0fc": "✓",  # Symbol/Wingdings bullets
    "\u00ad": "", **{chr(c): "" for c in (*range(0x09), *range(0x0B, 0x20), 0x7F)},  # soft hyphen, controls
})  # fmt: skip


@dataclass(frozen=True)
class PdfContent:
    """A PDF as read: each page's text lines (page order), its outline as (page number,
    level, title) in outline order, its information dictionary, and what could not be read."""

    lines: list[list[str]]
    outline: list[tuple[int, int, str]]
    info: dict[str, Any]
    problems: list[Skip]


def _describe(exc: Exception) -> str:
    first = (str(exc).strip().splitlines() or [""])[0][:200]
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


def page_lines(text: str) -> list[str]:
    """The non-blank lines of a page's extracted text: spaces collapsed, ligatures spelled out,
    private-use bullets as Unicode ones, control characters and soft hyphens removed."""
    lines = (_SPACES.sub(" ", line.translate(_CLEAN)).strip() for line in text.splitlines())
    return [line for line in lines if line]


def read_pdf(data: bytes) -> PdfContent | Skip:
    """Text lines, outline and information of a PDF's bytes, or why it cannot be ingested.

    pypdf raises ``PdfReadError`` on most damage and other exceptions (``ValueError``,
    ``KeyError``, ...) on the rest, so any exception while opening the file means corrupt."""
    if not data.strip():
        return Skip(None, "empty file: nothing to ingest")
    if b"%PDF-" not in data[:HEADER_BYTES]:
        return Skip(None, "not a PDF (no %PDF- header): skipped")
    try:
        reader = PdfReader(BytesIO(data))
        if reader.is_encrypted and reader.decrypt("") == PasswordType.NOT_DECRYPTED:
            return Skip(None, "encrypted PDF that needs a password: skipped (save a copy without one)")
        pages = list(reader.pages)
    except Exception as exc:  # noqa: BLE001 - pypdf raises many types on damaged bytes
        return Skip(None, f"corrupt PDF ({_describe(exc)}): skipped")
    if not pages:
        return Skip(None, "the PDF has no pages: nothing to ingest")
    lines: list[list[str]] = []
    problems: list[Skip] = []
    errors: list[str] = []
    for number, page in enumerate(pages, 1):
        try:
            lines.append(page_lines(page.extract_text()))
        except Exception as exc:  # noqa: BLE001 - as above
            lines.append([])
            errors.append(_describe(exc))
            why = f"page {number}: its text cannot be extracted ({errors[-1]}): page left out"
            problems.append(Skip(None, why))
    if len(errors) == len(pages):
        return Skip(None, f"corrupt PDF (no page's text can be extracted: {errors[0]}): skipped")
    outline: list[tuple[int, int, str]] = []
    try:
        outline = _outline(reader)
    except NestedTooDeep as exc:
        return Skip(None, f"{exc}: file skipped")
    except LimitReachedError as exc:  # pypdf reads the outline recursively, to a depth of its own (100)
        if "depth" in str(exc):
            return Skip(None, f"{NestedTooDeep('PDF outline')}: file skipped")
        problems.append(Skip(None, f"unreadable outline ({_describe(exc)}): ingested without its headings",
                             skipped=False))
    except Exception as exc:  # noqa: BLE001 - as above
        why = f"unreadable outline ({_describe(exc)}): ingested without its headings"
        problems.append(Skip(None, why, skipped=False))
    info: dict[str, Any] = {}
    try:
        info = _info(reader)
    except Exception as exc:  # noqa: BLE001 - as above
        why = f"unreadable document information ({_describe(exc)}): ingested without it"
        problems.append(Skip(None, why, skipped=False))
    return PdfContent(lines, outline, info, problems)


def _outline(reader: PdfReader) -> list[tuple[int, int, str]]:
    """(1-based page, level from 1, title) of every outline item that points to a page;
    ``NestedTooDeep`` when it nests more than ``MAX_NESTING`` levels."""
    out: list[tuple[int, int, str]] = []
    todo: list[tuple[list[Any], int]] = [(list(reader.outline), 1)]
    while todo:
        items, level = todo.pop()
        if level > MAX_NESTING:
            raise NestedTooDeep("PDF outline")
        for i, item in enumerate(items):
            if isinstance(item, list):  # the children of the item before it
                todo.append((items[i + 1 :], level))
                todo.append((item, level + 1))
                break
            title = " ".join(str(item.title or "").translate(_CLEAN).split())
            page = reader.get_destination_page_number(item)
            if title and page is not None and page >= 0:
                out.append((page + 1, level, title))
    return out


def _info(reader: PdfReader) -> dict[str, Any]:
    """Title, author and dates of the information dictionary, placeholders left out."""
    meta = reader.metadata
    if meta is None:
        return {}
    info: dict[str, Any] = {}
    for key, value in (("title", meta.title), ("author", meta.author)):
        text = " ".join(value.split()) if isinstance(value, str) else ""
        if text and text.lower() not in PLACEHOLDERS:
            info[key] = text
    for key, attr in (("created_at", "creation_date"), ("last_updated", "modification_date")):
        try:
            info[key] = getattr(meta, attr)
        except ValueError:  # a date pypdf cannot parse: left out
            continue
    return {k: v for k, v in info.items() if v is not None}


# ---------------------------------------------------------------- cleaning


def _shape(line: str) -> str:
    return _DIGITS.sub("#", line).casefold()


def _edges(lines: list[str]) -> list[int]:
    n = len(lines)
    return sorted(set(range(min(EDGE_LINES, n))) | set(range(max(n - EDGE_LINES, 0), n)))


def running_lines(pages: list[list[str]]) -> set[str]:
    """Shapes (digits as ``#``, case folded) of the running headers and footers: lines among
    the first or last ``EDGE_LINES`` of at least half of the pages with text (and of two), and
    lines that are the very first or last line of ``CHAPTER_PAGES`` pages or more (a chapter's
    running head, "Chapter 4: Function reference 9", or a bare page number)."""
    near_edge: Counter[str] = Counter()
    at_edge: Counter[str] = Counter()
    for lines in (lines for lines in pages if lines):
        near_edge.update({_shape(lines[i]) for i in _edges(lines)})
        at_edge.update({_shape(lines[0]), _shape(lines[-1])})
    with_text = sum(1 for lines in pages if lines)
    most = {shape for shape, n in near_edge.items() if n >= 2 and 2 * n >= with_text}
    return most | {shape for shape, n in at_edge.items() if n >= CHAPTER_PAGES}


def drop_running(lines: list[str], running: set[str]) -> list[str]:
    """The page without its running headers and footers (only where they run: at its edges)."""
    edges = set(_edges(lines))
    return [line for i, line in enumerate(lines) if i not in edges or _shape(line) not in running]


def paragraphs(lines: list[str]) -> list[str]:
    """Wrapped lines joined into paragraphs (see the module docstring for where one ends)."""
    width = max((len(line) for line in lines), default=0)
    out: list[str] = []
    ended = True
    for line in lines:
        if ended or _BULLET.match(line):
            out.append(line)
        else:
            out[-1] += " " + line
        short = len(line) < SHORT_LINE * width and _ENDS_SENTENCE.search(line) is not None
        ended = short or len(line) < VERY_SHORT_LINE * width
    return out


def _title_key(text: str) -> str:
    return " ".join(_NUMBERING.sub("", text).casefold().split())


def page_parts(lines: list[str], headings: list[tuple[int, str]]) -> tuple[PagePart, ...]:
    """A page's paragraphs with its outline headings, (level, title) in outline order. A
    heading takes the place of the first line (after the previous heading) that reads as its
    title, numbering aside ("3.2 Retention" for "Retention"); else it goes at that point."""
    parts: list[PagePart] = []
    cursor = 0
    for level, title in headings:
        key = _title_key(title)
        at = next((i for i in range(cursor, len(lines)) if _title_key(lines[i]) == key), None)
        parts += [PagePart(p) for p in paragraphs(lines[cursor : cursor if at is None else at])]
        parts.append(PagePart(title if at is None else lines[at], level))
        cursor = cursor if at is None else at + 1
    parts += [PagePart(p) for p in paragraphs(lines[cursor:])]
    return tuple(parts)


def build_pages(bodies: list[list[str]], outline: list[tuple[int, int, str]]) -> list[Page]:
    """Pages with text: each page's lines (headers and footers already dropped) as paragraphs,
    with the outline headings that point to it."""
    headings: dict[int, list[tuple[int, str]]] = {}
    for number, level, title in outline:
        headings.setdefault(number, []).append((level, title))
    pages = [Page(n, page_parts(lines, headings.get(n, []))) for n, lines in enumerate(bodies, 1)]
    return [page for page in pages if page.parts]


def load_pdf(src: SourceFile, kind: SourceKind) -> Loaded:
    """One document record per PDF, whatever the source's kind: its pages and their text."""
    content = read_pdf(src.path.read_bytes())
    if isinstance(content, Skip):
        yield content
        return
    yield from content.problems
    if not any(content.lines):
        yield Skip(None, "no text layer (scanned?): nothing to ingest (run OCR on it first)")
        return
    running = running_lines(content.lines)
    bodies = [drop_running(lines, running) for lines in content.lines]
    if not any(bodies):
        yield Skip(None, "no text besides repeated page headers and footers: nothing to ingest")
        return
    pages = build_pages(bodies, content.outline)
    meta = normalise_metadata(content.info)
    if "title" not in meta and content.outline:
        meta = {"title": content.outline[0][2], **meta}
    meta["path"] = src.corpus_rel
    text = "\n\n".join(part.text for page in pages for part in page.parts)
    yield Record(src.rel, text, meta, pages=tuple(pages))
