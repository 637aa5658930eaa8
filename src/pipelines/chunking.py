"""One chunker per source kind: ``Record`` -> ``Chunk``s (SPEC section 2).

- document: section-aware packing of Markdown-ish blocks; anchors ``c0``, ``c1``, ...
- post: the same packing, with the title as every chunk's first line.
- thread: a ``qa`` chunk (question + best answer) and one chunk per other answer.
- a paged document (PDF), in any source: the document packing page by page; anchors
  ``p<page>c<k>`` (page from 1, ``k`` from 0 within the page).

Every function is pure: same record and sizes, same chunks.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..config import ChunkSizes
from ..text import sentence_pieces
from ..types import CONFIG_FORMAT, Chunk, SourceKind
from .records import Answer, Page, Record

HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t#]*$")
_ADORNMENT = re.compile(r"^ {0,3}([=\-^*+\"~`])\1{2,}[ \t]*$")  # a setext / reStructuredText heading's rule
_FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})")
META_ORDER = (
    "title", "section", "page", "version", "created_at", "last_updated", "author", "url", "accepted", "upvotes",
    "status", "tags", "thread_id", "category", "path", "line",
)  # fmt: skip
QUESTION_CONTEXT_CHARS = 300


@dataclass(frozen=True)
class Block:
    """A heading, text (paragraph or list), code fence or table, with its heading path.

    ``joiner`` is how this block continues the previous one when both are pieces of
    one long paragraph ("" for a block of its own)."""

    kind: str
    text: str
    path: tuple[str, ...] = ()
    joiner: str = ""


def ordered(meta: dict[str, Any]) -> dict[str, Any]:
    """Metadata with keys in one fixed order, so output files diff cleanly."""
    rank = {k: i for i, k in enumerate(META_ORDER)}
    return {k: meta[k] for k in sorted(meta, key=lambda k: (rank.get(k, len(rank)), k))}


# ---------------------------------------------------------------- splitting


def _hard_cut(text: str, limit: int) -> list[str]:
    """Cut at the last space before ``limit`` (mid-word only for one giant word)."""
    pieces = []
    while len(text) > limit:
        cut = text.rfind(" ", 0, limit + 1)
        cut = cut if cut > 0 else limit
        pieces.append(text[:cut].rstrip())
        text = text[cut:].lstrip()
    return pieces + ([text] if text else [])


def _pack_strings(items: list[str], limit: int, sep: str) -> list[str]:
    out: list[str] = []
    for item in items:
        if out and len(out[-1]) + len(sep) + len(item) <= limit:
            out[-1] += sep + item
        else:
            out.append(item)
    return out


def split_text(text: str, limit: int) -> list[tuple[str, str]]:
    """Pieces of at most ``limit`` chars as (piece, joiner): lines first, then sentences, then words."""
    if len(text) <= limit:
        return [(text, "")]
    if "\n" in text.strip():
        lines: list[str] = []
        for line in text.strip().split("\n"):
            lines += [p for p, _ in split_text(line, limit)] if len(line) > limit else [line]
        pieces = [p.strip("\n") for p in _pack_strings(lines, limit, "\n")]
        joiner = "\n"
    else:
        sentences: list[str] = []
        for sentence in sentence_pieces(text.strip()):
            sentences += _hard_cut(sentence, limit) if len(sentence) > limit else [sentence]
        pieces = _pack_strings(sentences, limit, " ")
        joiner = " "
    pieces = [p for p in pieces if p.strip()]
    return [(p, joiner if i else "") for i, p in enumerate(pieces)]


def parse_blocks(text: str, *, headings: bool = True) -> list[Block]:
    """Headings, paragraphs/lists, fenced code and tables, each with its heading path;
    ``headings=False`` (a configuration file): a ``#`` line is a comment, read as text."""
    blocks: list[Block] = []
    stack: list[tuple[int, str]] = []
    buf: list[str] = []
    buf_kind = "text"
    fence = ""

    def flush() -> None:
        nonlocal buf, buf_kind
        body = "\n".join(buf).strip("\n")
        if body.strip():
            blocks.append(Block(buf_kind, body, tuple(t for _, t in stack)))
        buf, buf_kind = [], "text"

    adornments: list[tuple[str, bool]] = []  # reStructuredText: a style's level is the order it first appears in

    def underlined(rule: str) -> tuple[int, str] | None:
        """(level, title) when ``rule`` underlines the one line in ``buf`` (a setext heading, "Title" over
        "====="), or the line under an overline of the same character (reStructuredText); a rule of other
        characters than ``=`` and ``-`` must be as long as its title, as reStructuredText asks."""
        lines = [ln.strip() for ln in buf]
        over = len(lines) == 2 and _ADORNMENT.match(buf[0]) is not None and lines[0][0] == rule.strip()[0]
        if buf_kind != "text" or len(lines) != 1 + over or _ADORNMENT.match(buf[-1]) or len(lines[-1]) > 120:
            return None
        title, char = lines[-1], rule.strip()[0]
        marker = title.split(maxsplit=1)[0]
        listed = marker in ("-", "*", "+") or marker[:-1].isdigit() and marker[-1] in ".)"
        if listed and " " in title or (char not in "=-" and len(rule.strip()) < len(title)):
            return None  # a list item's line, or a rule too short for reStructuredText
        if char in "~`" and len(rule.strip()) < 4:
            return None  # "```" or "~~~" under a short line ("Or:"): a code fence opens
        if (char, over) not in adornments:
            adornments.append((char, over))
        return adornments.index((char, over)) + 1, title

    for line in text.split("\n"):
        if fence:
            buf.append(line)
            stripped = line.strip()
            if stripped.startswith(fence) and set(stripped) == {fence[0]}:
                fence = ""
                flush()
            continue
        if headings and _ADORNMENT.match(line) and (heading := underlined(line)):
            # before a fence: "~~~~~~" or "``````" as long as the title above underlines it
            level, title = heading  # written the ATX way, as every reader of a chunk's headings expects
            buf = []
            stack = [(lv, t) for lv, t in stack if lv < level] + [(level, title)]
            blocks.append(Block("heading", f"{'#' * min(level, 6)} {title}", tuple(t for _, t in stack)))
        elif match := _FENCE.match(line):
            flush()
            fence, buf_kind, buf = match.group(1), "code", [line]
        elif headings and (match := HEADING.match(line)):
            flush()
            level = len(match.group(1))
            stack = [(lv, t) for lv, t in stack if lv < level] + [(level, match.group(2).strip())]
            blocks.append(Block("heading", line.strip(), tuple(t for _, t in stack)))
        elif not line.strip():
            flush()
        else:
            kind = "table" if line.lstrip().startswith("|") else "text"
            if buf and buf_kind != kind:
                flush()
            buf_kind = kind
            buf.append(line.rstrip())
    flush()
    return blocks


# ---------------------------------------------------------------- packing


_PART_START = re.compile(r"(?<=[.!?…])[ \t]+|\n")


def _overlap(prev: list[Block], limit: int) -> str:
    """Whole trailing sentences/lines of the previous chunk, at most ``limit`` chars
    (a word-aligned tail when its last sentence alone is longer)."""
    last = prev[-1] if prev else None
    if limit <= 0 or last is None or last.kind != "text":
        return ""
    text = last.text
    starts = [0, *(m.end() for m in _PART_START.finditer(text))]
    fitting = [s for s in starts if len(text) - s <= limit]
    if fitting:
        tail = text[fitting[0] :].strip()
        return "" if len(prev) == 1 and fitting[0] == 0 else tail
    tail = text[-limit:]
    cut = tail.find(" ")
    return tail[cut + 1 :].strip() if cut >= 0 else ""


def pack_blocks(blocks: list[Block], sizes: ChunkSizes) -> list[tuple[str, list[Block]]]:
    """Greedy packing up to ``target_chars``; returns (overlap text, blocks) per chunk.

    Oversized text is cut first; code and tables are never cut. A chunk never ends on a
    heading, and gets no overlap when it opens a new section."""
    units: list[Block] = []
    for block in blocks:
        if block.kind in ("text", "heading") and len(block.text) > sizes.target_chars:
            units += [
                replace(block, kind="text", text=p, joiner=j)
                for p, j in split_text(block.text, sizes.target_chars)
            ]
        else:
            units.append(block)

    def size(overlap: str, group: list[Block]) -> int:
        return len(overlap) + sum(len(b.text) + 2 for b in group)

    groups: list[tuple[str, list[Block]]] = []
    cur: list[Block] = []
    overlap = ""
    for unit in units:
        stub = size("", cur) < sizes.target_chars // 5  # emitting now would leave a stub chunk
        if stub and overlap and size(overlap, [*cur, unit]) > sizes.target_chars >= size("", [*cur, unit]):
            overlap = ""
        grow = stub and size(overlap, [*cur, unit]) <= sizes.max_chars
        if cur and size(overlap, [*cur, unit]) > sizes.target_chars and not grow:
            trailing: list[Block] = []
            while cur and cur[-1].kind == "heading":
                trailing.insert(0, cur.pop())
            if cur:
                groups.append((overlap, cur))
                overlap = ""
                if not trailing and unit.kind != "heading":
                    overlap = _overlap(cur, sizes.overlap_chars)
                    if size(overlap, [unit]) > sizes.max_chars:
                        overlap = ""
            cur = trailing
        cur.append(unit)
    if cur:
        groups.append((overlap, cur))
    return groups


def _body(overlap: str, group: list[Block]) -> str:
    body = ""
    for i, block in enumerate(group):
        body += (block.joiner or "\n\n") + block.text if i else block.text
    return f"{overlap}{group[0].joiner or chr(10) * 2}{body}" if overlap else body


def _section_prefix(overlap: str, group: list[Block]) -> str:
    """A document chunk's first line: its heading path, unless it opens with its own heading."""
    path = group[0].path
    starts_with_heading = group[0].kind == "heading" and not overlap
    return " > ".join(path) if path and not starts_with_heading else ""


def _with_section(meta: dict[str, Any], group: list[Block]) -> dict[str, Any]:
    return {**meta, **({"section": " > ".join(group[0].path)} if group[0].path else {})}


def chunk_sections(
    record: Record, kind: SourceKind, sizes: ChunkSizes, doc_id: str, source: str
) -> list[Chunk]:
    """Document and post chunker: anchors c0, c1, ...; heading path or title as first line."""
    title = record.metadata.get("title")
    text = record.text
    if record.answers:  # a thread-shaped record in a document/post source: keep its replies
        text = "\n\n".join([text, *(a.text for a in record.answers)])
    chunks = []
    blocks = parse_blocks(text, headings=record.metadata.get("format") != CONFIG_FORMAT)
    for n, (overlap, group) in enumerate(pack_blocks(blocks, sizes)):
        body = _body(overlap, group)
        if kind is SourceKind.POST:
            first = HEADING.match(group[0].text)
            has_title = bool(title) and (
                group[0].text.startswith(title) or bool(first and first.group(2) == title)
            )
            prefix = title if title and (overlap or not has_title) else ""
        else:
            prefix = _section_prefix(overlap, group)
        chunk_text = f"{prefix}\n{body}" if prefix else body
        meta = ordered(_with_section(record.metadata, group))
        chunks.append(Chunk(f"{doc_id}#c{n}", source, kind.value, chunk_text, meta))
    return chunks


def page_blocks(pages: tuple[Page, ...]) -> list[tuple[int, list[Block]]]:
    """(page number, blocks) per page; the heading path carries over from page to page."""
    stack: list[tuple[int, str]] = []
    out = []
    for page in pages:
        blocks = []
        for part in page.parts:
            if part.level:
                stack = [(lv, t) for lv, t in stack if lv < part.level] + [(part.level, part.text)]
            blocks.append(Block("heading" if part.level else "text", part.text, tuple(t for _, t in stack)))
        out.append((page.number, blocks))
    return out


def chunk_pages(record: Record, sizes: ChunkSizes, doc_id: str, source: str) -> list[Chunk]:
    """Paged-document chunker: each page packed as a document on its own (a chunk never spans
    two pages), anchors ``p<page>c<k>``, the page number in ``metadata.page``. A page with
    nothing but headings gives no chunk; its headings still name the sections that follow."""
    chunks = []
    for number, blocks in page_blocks(record.pages):
        if all(block.kind == "heading" for block in blocks):
            continue
        for k, (overlap, group) in enumerate(pack_blocks(blocks, sizes)):
            body = _body(overlap, group)
            prefix = _section_prefix(overlap, group)
            meta = ordered({**_with_section(record.metadata, group), "page": number})
            text = f"{prefix}\n{body}" if prefix else body
            chunks.append(Chunk(f"{doc_id}#p{number}c{k}", source, SourceKind.DOCUMENT.value, text, meta))
    return chunks


# ---------------------------------------------------------------- threads


def best_answer(answers: tuple[Answer, ...]) -> Answer | None:
    """The accepted answer, else the most upvoted (first on ties), else the first."""
    if not answers:
        return None
    accepted = [a for a in answers if a.metadata.get("accepted") is True]
    if accepted:
        return accepted[0]
    voted = [a for a in answers if isinstance(a.metadata.get("upvotes"), int)]
    if voted:
        return max(voted, key=lambda a: a.metadata["upvotes"])
    return answers[0]


def _shorten(text: str, limit: int) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit)
    return text[: cut if cut > 0 else limit].rstrip() + " …"


def _thread_pieces(head: str, body: str, sizes: ChunkSizes) -> list[str]:
    """``head + body`` when it fits ``max_chars``, else ``body`` cut in pieces, each after ``head``."""
    if len(head) + len(body) <= sizes.max_chars:
        return [head + body]
    budget = max(sizes.target_chars - len(head), sizes.target_chars // 2)
    return [head + piece for piece, _ in split_text(body, budget)]


# The labels ``chunk_thread`` writes before a thread's title, question and answer; the claim
# readers find the asker's words by them (``src.claims.layout``, ``src.claims.sentences``).
TITLE, QUESTION, ANSWER = "Title: ", "Question: ", "Answer: "


def chunk_thread(
    record: Record, kind: SourceKind, sizes: ChunkSizes, doc_id: str, source: str
) -> list[Chunk]:
    """``qa`` = title + question + best answer; every other answer its own chunk with context.

    A post longer than ``max_chars`` is cut; its later pieces are anchored ``<anchor>-1``, ...
    and every piece starts with the title (and, for answers, the question) as context."""
    title = record.metadata.get("title")
    head = f"{TITLE}{title}\n" if title else ""
    question = record.text
    best = best_answer(record.answers)
    base = {**record.metadata, "thread_id": record.metadata.get("thread_id", record.key)}

    def emit(anchor: str, context: str, body: str, answer: Answer | None) -> list[Chunk]:
        meta = ordered({**base, **(answer.metadata if answer else {})})
        pieces = _thread_pieces(context, body, sizes)
        return [
            Chunk(f"{doc_id}#{anchor}" + (f"-{i}" if i else ""), source, kind.value, piece, meta)
            for i, piece in enumerate(pieces)
        ]

    qa_body = "\n".join(
        x for x in (question and f"{QUESTION}{question}", best and f"{ANSWER}{best.text}") if x
    )
    chunks = emit("qa", head, qa_body, best)
    short = _shorten(question, min(QUESTION_CONTEXT_CHARS, sizes.target_chars // 4))
    context = head + (f"{QUESTION}{short}\n" if question else "")
    used = {"qa"}
    for answer in record.answers:
        if answer is best:
            continue
        anchor = answer.id if answer.id and answer.id not in used else f"r{answer.index}"
        own, n = anchor, 1
        while anchor in used:  # an answer whose own id is "r3" took the anchor of the answer at index 3
            n += 1
            anchor = f"{own}.{n}"
        used.add(anchor)
        chunks += emit(anchor, context, f"{ANSWER}{answer.text}", answer)
    return chunks


CHUNKERS: dict[SourceKind, Callable[[Record, SourceKind, ChunkSizes, str, str], list[Chunk]]] = {
    SourceKind.DOCUMENT: chunk_sections,
    SourceKind.POST: chunk_sections,
    SourceKind.THREAD: chunk_thread,
}


def chunk_record(
    record: Record, kind: SourceKind, sizes: ChunkSizes, *, doc_id: str, source: str
) -> list[Chunk]:
    """Chunks of one record; ``doc_id`` is ``<corpus>/<source>/<record key>``. A paged record
    (PDF) is a document whatever ``kind`` its source has: pass the document sizes for it."""
    if record.pages:
        return chunk_pages(record, sizes, doc_id, source)
    return CHUNKERS[kind](record, kind, sizes, doc_id, source)
