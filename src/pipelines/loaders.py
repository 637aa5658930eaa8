"""One loader per file format: files -> ``Record``s (SPEC section 1).

A loader never raises on bad input: it yields ``Skip`` items (``line``, ``reason``)
next to the records it could read, and the ingest runner turns them into warnings.
Metadata is normalised here (``src/pipelines/metadata.py``: dates to ISO 8601, ``owner`` ->
``author``, ...), HTML reduced to text (``src/pipelines/html.py``) and PDF to the text of
each page (``src/pipelines/pdf.py``), so the chunkers only deal with text. A JSON object is
read into a record by ``src/pipelines/json_records.py``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml

from ..types import CONFIG_FORMAT, SourceKind
from .config_text import reads_as_config
from .html import html_to_text
from .json_records import _records_of, check_json_depth, record_from_obj
from .metadata import normalise_metadata
from .records import (
    MAX_NESTING,
    Answer,
    Loaded,
    NestedTooDeep,
    Page,
    PagePart,
    Record,
    Skip,
    SourceFile,
)
from .roff import is_roff, to_text

__all__ = ["Answer", "Loaded", "Page", "PagePart", "Record", "Skip", "SourceFile", "load_file"]

_THREAD_MARKER = re.compile(r"^(title|user|reply):\s?(.*)$", re.IGNORECASE)
_FENCED = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
# A post opening with its writer's name in parentheses or brackets, "(dev_kasia) Pipewick waits ...":
# the name is the post's author, not a word of its text (nor a setting named dev_kasia).
_AUTHOR_TAG = re.compile(r"[(\[]([^()\[\]:,\s]{1,40}(?: [^()\[\]:,\s]{1,40}){0,2})[)\]][ \t]+(?=\S)")


# ---------------------------------------------------------------- decoding


def decode(data: bytes) -> str | Skip:
    """Text of a file's bytes, or why it cannot be read."""
    if not data.strip():
        return Skip(None, "empty file: nothing to ingest")
    if b"\x00" in data:
        return Skip(None, "binary file (contains NUL bytes): not text")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return Skip(
            None, f"not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}): re-save it as UTF-8"
        )
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _read_text(src: SourceFile) -> str | Skip:
    return decode(src.path.read_bytes())


# ---------------------------------------------------------------- markdown / text


def split_front_matter(text: str) -> tuple[dict[str, Any], str, Skip | None]:
    """(front matter, body, problem). Invalid YAML keeps the body and reports the problem."""
    if not text.startswith("---\n"):
        return {}, text, None
    end = re.search(r"^(---|\.\.\.)[ \t]*$", text[4:], re.MULTILINE)
    if end is None:
        return {}, text, None
    raw, body = text[4 : 4 + end.start()], text[4 + end.end() :].lstrip("\n")
    try:
        _check_yaml_depth(raw)
        data = yaml.safe_load(raw)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else None
        return {}, body, Skip(line, "invalid YAML front matter: ingested the text without it", skipped=False)
    if data is None:
        return {}, body, None
    if not isinstance(data, dict):
        why = "front matter is not a YAML mapping: ingested the text without it"
        return {}, body, Skip(None, why, skipped=False)
    return data, body, None


def _check_yaml_depth(raw: str) -> None:
    """Raise ``NestedTooDeep`` (at the front matter's line in the file) when the YAML's
    collections nest deeper than ``MAX_NESTING``; read from the parser's events, which keep
    their own stack, before the recursive composer sees it."""
    depth = 0
    for event in yaml.parse(raw, Loader=yaml.SafeLoader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_NESTING:
                raise NestedTooDeep("YAML front matter", event.start_mark.line + 2)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _first_heading(text: str) -> str | None:
    match = re.search(r"^#{1,6}[ \t]+(.+?)[ \t#]*$", _FENCED.sub("", text), re.MULTILINE)
    return match.group(1).strip() if match else None


def parse_text_thread(text: str) -> tuple[str | None, list[str], list[str]] | None:
    """(title, user posts, replies) of a ``Title:``/``User:``/``Reply:`` file, else None."""
    lines = text.split("\n")
    first = next((ln for ln in lines if ln.strip()), "")
    if not _THREAD_MARKER.match(first.strip()):
        return None
    title: str | None = None
    posts: list[tuple[str, list[str]]] = []
    for line in lines:
        match = _THREAD_MARKER.match(line)
        if match and (match.group(1).lower() != "title" or title is None):
            role = match.group(1).lower()
            if role == "title":
                title = match.group(2).strip()
                continue
            posts.append((role, [match.group(2)]))
        elif posts:
            posts[-1][1].append(line)
        elif line.strip():  # a second Title: line before any post
            title = f"{title} {line.strip()}" if title else line.strip()
    texts = [(role, "\n".join(body).strip()) for role, body in posts]
    users = [t for role, t in texts if role == "user" and t]
    replies = [t for role, t in texts if role == "reply"]
    return title, users, replies


def split_author(post: str) -> tuple[str | None, str]:
    """(author, text) of a thread post whose first word is its writer's name in parentheses or
    brackets, "(o.lindqvist) We generate ..."; (None, post) otherwise, or when the brackets hold
    no letter ("[...]", a cut), more than three words, a comma or a colon ("(Disclaimer: ...)")."""
    match = _AUTHOR_TAG.match(post)
    if not match or not any(ch.isalpha() for ch in match.group(1)):
        return None, post
    return match.group(1).strip(), post[match.end():]


def _authors_apart(posts: list[str]) -> tuple[str | None, list[str]]:
    """The first post's author, and the posts without their author tags."""
    split = [split_author(p) for p in posts]
    return (split[0][0] if split else None), [t for _, t in split]


def load_text(src: SourceFile, kind: SourceKind) -> Loaded:
    text = _read_text(src)
    if isinstance(text, Skip):
        yield text
        return
    front, body, problem = split_front_matter(text)
    if problem:
        yield problem
    meta = normalise_metadata(front)
    if "title" not in meta and src.rel.endswith((".md", ".markdown")) and (heading := _first_heading(body)):
        meta = {"title": heading, **meta}
    meta["path"] = src.corpus_rel
    thread = parse_text_thread(body) if kind is SourceKind.THREAD else None
    if thread is not None:
        title, users, replies = thread
        if title and "title" not in meta:
            meta = {"title": title, **meta}
        asker, users = _authors_apart(users)
        if asker and "author" not in meta:
            meta["author"] = asker
        answers = tuple(
            Answer(text=t, index=k, metadata={"author": a} if a else {})
            for k, (a, t) in enumerate(split_author(r) for r in replies) if t
        )
        for k, reply in enumerate(replies):
            if not reply:
                yield Skip(None, f"reply {k} has no text: skipped")
        if not users and not answers:
            yield Skip(None, "thread has no User: or Reply: text: nothing to ingest")
            return
        yield Record(src.rel, "\n\n".join(users), meta, answers)
        return
    if not body.strip():
        yield Skip(None, "no text after the front matter: nothing to ingest")
        return
    if is_roff(body):  # a manual page's source: the text it renders to
        body = to_text(body)
    if reads_as_config(body):  # a page printing a shipped configuration file: read as that file
        meta["format"] = CONFIG_FORMAT
    yield Record(src.rel, body.strip(), meta)


def load_html(src: SourceFile, kind: SourceKind) -> Loaded:
    text = _read_text(src)
    if isinstance(text, Skip):
        yield text
        return
    body, title = html_to_text(text)
    if not body:
        yield Skip(None, "no visible text in the HTML: nothing to ingest")
        return
    meta: dict[str, Any] = {"title": title} if title else {}
    yield Record(src.rel, body, {**meta, "path": src.corpus_rel})


# ---------------------------------------------------------------- JSON records


def _stem(rel: str) -> str:
    return rel.rsplit(".", 1)[0] if "." in rel.rsplit("/", 1)[-1] else rel


def load_json(src: SourceFile, kind: SourceKind) -> Loaded:
    text = _read_text(src)
    if isinstance(text, Skip):
        yield text
        return
    try:
        check_json_depth(text)
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        yield Skip(exc.lineno, f"invalid JSON ({exc.msg}, column {exc.colno}): file skipped")
        return
    del text
    records = _records_of(data)
    stem = _stem(src.rel)
    if records is None:
        yield from record_from_obj(data, src, stem, None)
        return
    if not records:
        yield Skip(None, "the JSON holds no records: nothing to ingest")
    for i, obj in enumerate(records):
        yield from record_from_obj(obj, src, f"{stem}-{i}" if len(records) > 1 else stem, None)


def load_jsonl(src: SourceFile, kind: SourceKind) -> Loaded:
    """Streams the file line by line; a bad line is skipped, the rest of the file kept."""
    stem = _stem(src.rel)
    with src.path.open("rb") as fh:
        head = fh.read(8192)
        if b"\x00" in head:
            yield Skip(None, "binary file (contains NUL bytes): not text")
            return
        fh.seek(0)
        lines = _nonblank_lines(fh)
        current = next(lines, None)
        if current is None:
            yield Skip(None, "empty file: nothing to ingest")
            return
        index = 0
        while current is not None:
            following = next(lines, None)
            lineno, offset, raw = current
            several = index > 0 or following is not None
            default_key = f"{stem}-{index}" if several else stem
            yield from _jsonl_line(raw, lineno, offset, src, default_key)
            index, current = index + 1, following


def _nonblank_lines(fh: Any) -> Iterator[tuple[int, int, bytes]]:
    offset = 0
    for lineno, raw in enumerate(fh, 1):
        if lineno == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw, offset = raw[3:], 3
        if raw.strip():
            yield lineno, offset, raw
        offset += len(raw)


def _jsonl_line(raw: bytes, lineno: int, offset: int, src: SourceFile, default_key: str) -> Loaded:
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        at = offset + exc.start
        yield Skip(lineno, f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {at}): line skipped")
        return
    try:
        check_json_depth(line)
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        yield Skip(lineno, f"invalid JSON ({exc.msg}, column {exc.colno}): line skipped")
        return
    except NestedTooDeep as exc:
        yield Skip(lineno, f"{exc}: line skipped")
        return
    except RecursionError:
        yield Skip(lineno, f"{_TOO_DEEP}: line skipped")
        return
    yield from record_from_obj(obj, src, default_key, lineno)


def load_pdf(src: SourceFile, kind: SourceKind) -> Loaded:
    from .pdf import load_pdf as load  # pypdf is imported only when a corpus has a PDF

    yield from load(src, kind)


def load_config(src: SourceFile, kind: SourceKind) -> Loaded:
    """A configuration file (``redis.conf``, ``my.cnf``, ``server.properties``) as one document:
    its ``#`` lines are comments, not headings, and its directives are read with the comments
    above them (``src.claims.reader``)."""
    text = _read_text(src)
    if isinstance(text, Skip):  # unreadable, or empty
        yield text
        return
    yield Record(src.rel, text.strip("\n"), {"title": Path(src.rel).name, "path": src.corpus_rel, "format": CONFIG_FORMAT})


LOADERS: dict[str, Callable[[SourceFile, SourceKind], Loaded]] = {
    ".md": load_text, ".markdown": load_text, ".txt": load_text, ".html": load_html, ".htm": load_html,
    ".json": load_json, ".jsonl": load_jsonl, ".pdf": load_pdf,
    ".conf": load_config, ".cnf": load_config, ".cfg": load_config, ".ini": load_config,
    ".properties": load_config, ".toml": load_config,
}  # fmt: skip


_TOO_DEEP = f"nested too deeply to parse (past Python's recursion limit; the bound is {MAX_NESTING} levels)"


def load_file(src: SourceFile, kind: SourceKind, max_bytes: int) -> Loaded:
    """Records of one file by its extension, with a ``Skip`` for everything left out (input
    nested deeper than ``MAX_NESTING`` included: the file, or the JSON line, is skipped)."""
    suffix = src.path.suffix.lower()
    loader = LOADERS.get(suffix)
    if loader is None:
        valid = ", ".join(sorted(LOADERS))
        yield Skip(None, f"unknown file type {suffix or '(no extension)'!r}: skipped (readable: {valid})")
        return
    try:
        size = src.path.stat().st_size
        if size > max_bytes:
            yield Skip(
                None,
                f"file is {size} bytes, over max_file_bytes={max_bytes}: skipped (raise it or split the file)",
            )
            return
        yield from loader(src, kind)
    except OSError as exc:
        yield Skip(None, f"cannot read the file ({exc.strerror or exc}): skipped")
    except NestedTooDeep as exc:
        yield Skip(exc.line, f"{exc}: file skipped")
    except RecursionError:  # a parser recursing past Python's stack on nesting no check bounded
        yield Skip(None, f"{_TOO_DEEP}: file skipped")
