"""The ingest runner: a corpus folder -> chunks, per-source stats and warnings.

Sources are the corpus's subfolders, visited in sorted order, as are the files below
each one (any nesting) and the records in each file, so the same input always gives
the same chunks in the same order. A corpus folder holding files and no subfolder is read
as one source (``flat_source``), with a warning saying how to name source folders; a corpus
that gives no chunk at all is an ``EmptyCorpus`` error, never an empty chunks file.

Nothing below the corpus is left out silently: a folder that cannot be listed, a symbolic
link leading out of the corpus folder (unless ``follow_symlinks``), a broken link and a
special file (FIFO, socket, device) are each skipped with a warning and counted.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tqdm import tqdm

from ..config import DEFAULT_SOURCES, UNKNOWN_SOURCE, Settings
from ..errors import DataFolderMissing, EmptyCorpus, FolderUnreadable, InputError
from ..types import Chunk, SourceKind, Warning_
from .chunking import chunk_record
from .loaders import LOADERS, Skip, SourceFile, load_file

log = logging.getLogger(__name__)
PROGRESS_MIN_FILES = 200


@dataclass(frozen=True)
class SourceStats:
    """``files``: files that gave at least one record; ``records``: records chunked;
    ``skipped``: files, lines, records and answers left out, each with a warning."""

    source: str
    kind: str
    weight: float
    files: int
    records: int
    chunks: int
    skipped: int


@dataclass(frozen=True)
class IngestResult:
    chunks: list[Chunk]
    stats: list[SourceStats]
    warnings: list[Warning_]


class _Reporter:
    """Collects warnings; in strict mode the first one that loses input is raised."""

    def __init__(self, strict: bool, on_warning: Callable[[Warning_], None] | None) -> None:
        self.strict = strict
        self.on_warning = on_warning
        self.warnings: list[Warning_] = []

    def warn(self, path: str, line: int | None, reason: str, *, fatal: bool = True) -> None:
        if self.strict and fatal:
            raise InputError(path, line, reason)
        warning = Warning_(path, line, reason)
        self.warnings.append(warning)
        log.debug("%s", warning)
        if self.on_warning is not None:
            self.on_warning(warning)


def _visible(name: str) -> bool:
    return not name.startswith(".")


@dataclass(frozen=True)
class Unlisted:
    """Something below a source folder that is not read, and why (a warning, counted as skipped)."""

    path: Path
    reason: str


def _link_problem(path: Path, root: Path, follow_symlinks: bool) -> Unlisted | None:
    """Why the symbolic link ``path`` is not read, or None when it is."""
    try:
        target = path.resolve(strict=True)
    except (OSError, RuntimeError):  # missing target, or a loop of links
        return Unlisted(path, f"broken symbolic link (to {os.readlink(path)}): skipped")
    if follow_symlinks or target.is_relative_to(root):
        return None
    return Unlisted(path, f"symbolic link to {target}, outside the corpus folder: skipped "
                          "(pass --follow-symlinks to read it)")


def iter_source_files(source_dir: Path, corpus_root: Path | None = None, *,
                      follow_symlinks: bool = False) -> list[Path | Unlisted]:
    """Every non-hidden file below ``source_dir``, and every ``Unlisted`` entry, sorted by relative path.

    A symbolic link leading inside ``corpus_root`` (default: the parent of ``source_dir``) is
    read when it names a file and passed over when it names a folder (its files are read where
    they are). A link leading outside is ``Unlisted`` unless ``follow_symlinks``, which reads
    it, folders included, each real folder once (so link loops end). A folder that cannot be
    listed, a broken link and a special file are ``Unlisted``.
    """
    root = (corpus_root or source_dir.parent).resolve()
    found: list[Path | Unlisted] = []
    if source_dir.is_symlink():
        problem = _link_problem(source_dir, root, follow_symlinks)
        if problem is not None:
            return [problem]
    visited = {source_dir.resolve()}
    pending = [source_dir]
    while pending:
        folder = pending.pop()
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError as exc:
            found.append(Unlisted(folder, f"cannot read the folder ({exc.strerror or exc})"))
            continue
        subfolders: list[Path] = []
        for entry in entries:
            if not _visible(entry.name):
                continue
            path = Path(folder, entry.name)
            try:
                link = entry.is_symlink()
                problem = _link_problem(path, root, follow_symlinks) if link else None
                if problem is not None:
                    found.append(problem)
                elif entry.is_dir():
                    real = path.resolve()
                    if (link and real.is_relative_to(root)) or real in visited:
                        continue  # read where it is; or a loop, or a folder already read through a link
                    visited.add(real)
                    subfolders.append(path)
                elif entry.is_file():
                    found.append(path)
                else:
                    found.append(Unlisted(path, "not a regular file (a FIFO, socket or device): skipped"))
            except OSError as exc:
                found.append(Unlisted(path, f"cannot read ({exc.strerror or exc}): skipped"))
        pending.extend(reversed(subfolders))  # visited in name order
    return sorted(found, key=lambda f: _relative(f.path if isinstance(f, Unlisted) else f, source_dir))


def _relative(path: Path, source_dir: Path) -> str:
    return path.relative_to(source_dir).as_posix() if path != source_dir else ""


def _source_folders(data_dir: Path) -> list[Path]:
    try:
        return sorted((e for e in data_dir.iterdir() if _visible(e.name)), key=lambda p: p.name)
    except OSError as exc:
        raise FolderUnreadable(str(data_dir), exc.strerror or str(exc)) from None


FLAT_SOURCE = "docs"  # what a corpus folder without source folders is read as


def flat_source(data_dir: Path, settings: Settings) -> str:
    """The source a corpus folder holding files but no subfolder is read as: its own name when
    that names a configured source (a folder named forums/ given alone), else docs."""
    return data_dir.resolve().name if settings.source(data_dir.resolve().name) is not None else FLAT_SOURCE


def _nothing_read(data_dir: Path, files: int) -> EmptyCorpus:
    readable = ", ".join(sorted(LOADERS))
    if not files:
        return EmptyCorpus(f"{data_dir}: no files to read: put your documents in it ({readable}), in subfolders "
                           f"named {', '.join(f'{n}/' for n in DEFAULT_SOURCES)} to weigh sources by authority")
    return EmptyCorpus(f"{data_dir}: no text in its {files} file{'s' if files > 1 else ''} (the warnings above "
                       f"say why); readable: {readable}")


def ingest_corpus(
    data_dir: Path,
    settings: Settings,
    *,
    strict: bool = False,
    on_warning: Callable[[Warning_], None] | None = None,
    progress: bool = False,
) -> IngestResult:
    """Load and chunk every source folder of ``data_dir``.

    Raises ``DataFolderMissing`` when ``data_dir`` is not a folder, ``FolderUnreadable`` when
    it cannot be listed and, with ``strict``, ``InputError`` on the first warning (it is then
    not passed to ``on_warning``). An unknown source folder is ingested as kind post, weight
    1.0, and a file giving more than ``settings.max_chunks_per_file`` chunks is ingested,
    each with a warning that is not counted as skipped and never fails ``strict``. Hidden
    files and folders are ignored; a file directly in ``data_dir`` is skipped with a warning,
    unless ``data_dir`` has no subfolder at all: then it is one source (``flat_source``), with
    a warning that never fails ``strict``. ``EmptyCorpus`` when no file gives a chunk.
    """
    data_dir = Path(data_dir)
    if not data_dir.is_dir():
        raise DataFolderMissing(str(data_dir))
    corpus = data_dir.resolve().name
    reporter = _Reporter(strict, on_warning)

    sources: list[tuple[str, Path]] = []
    entries = _source_folders(data_dir)
    if entries and not any(entry.is_dir() for entry in entries):
        name = flat_source(data_dir, settings)
        config = settings.source(name) or UNKNOWN_SOURCE
        reporter.warn(str(data_dir), None, f"no source folders: its files are read as one source, {name} (kind "
                      f"{config.kind.value}, weight {config.weight}); to weigh sources by authority, put them in "
                      f"subfolders named {', '.join(f'{n}/' for n in DEFAULT_SOURCES)}", fatal=False)
        sources.append((name, data_dir))
    else:
        for entry in entries:
            if entry.is_dir():
                sources.append((entry.name, entry))
            else:
                reporter.warn(
                    str(entry), None, "file outside any source folder: skipped (move it into one, e.g. docs/)"
                )
    plan = [(name, src, iter_source_files(src, data_dir, follow_symlinks=settings.follow_symlinks))
            for name, src in sources]
    total = sum(len(files) for _, _, files in plan)
    show = progress and total >= PROGRESS_MIN_FILES and sys.stderr.isatty()
    bar = tqdm(total=total, desc="ingest", unit="file", file=sys.stderr, disable=not show, leave=False)

    chunks: list[Chunk] = []
    chunk_ids: set[str] = set()
    stats: list[SourceStats] = []
    try:
        for name, source_dir, files in plan:
            config = settings.source(name)
            if config is None:
                config = UNKNOWN_SOURCE
                reporter.warn(
                    str(source_dir),
                    None,
                    f"unknown source folder '{name}': ingested as kind {config.kind.value}, weight {config.weight}",
                    fatal=False,
                )
            seen: dict[str, str] = {}
            n_files = n_records = n_chunks = n_skipped = 0
            for path in files:
                bar.update(1)
                if isinstance(path, Unlisted):  # a folder, link or special file that cannot be read
                    reporter.warn(str(path.path), None, path.reason)
                    n_skipped += 1
                    continue
                rel = path.relative_to(source_dir).as_posix()
                display = str(path)
                src = SourceFile(path, rel, rel if source_dir == data_dir else f"{name}/{rel}")  # path in the corpus
                read_whole = False
                file_chunks = 0
                for item in load_file(src, config.kind, settings.max_file_bytes):
                    if isinstance(item, Skip):
                        reporter.warn(display, item.line, item.reason)
                        n_skipped += int(item.skipped)
                        continue
                    where = f"{display}:{item.metadata['line']}" if "line" in item.metadata else display
                    if item.key in seen:
                        reporter.warn(
                            display,
                            item.metadata.get("line"),
                            f"duplicate document id '{item.key}' (first in {seen[item.key]}): record skipped",
                        )
                        n_skipped += 1
                        continue
                    seen[item.key] = where
                    read_whole = True
                    kind = SourceKind.DOCUMENT if item.pages else config.kind  # a PDF is a document anywhere
                    sizes = settings.chunking.for_kind(kind)
                    new = []
                    for chunk in chunk_record(item, kind, sizes, doc_id=f"{corpus}/{name}/{item.key}", source=name):
                        if chunk.id in chunk_ids:  # a chunks file with a repeated id is refused when read
                            reporter.warn(display, item.metadata.get("line"),
                                          f"duplicate chunk id '{chunk.id}' (two replies give it): chunk skipped")
                            n_skipped += 1
                            continue
                        chunk_ids.add(chunk.id)
                        new.append(chunk)
                    chunks += new
                    n_records += 1
                    file_chunks += len(new)
                n_chunks += file_chunks
                n_files += int(read_whole)
                if file_chunks > settings.max_chunks_per_file:
                    reporter.warn(display, None, f"{file_chunks} chunks (more than {settings.max_chunks_per_file}); "
                                  "embedding them takes a while: split the file, or raise max_chunks_per_file "
                                  "if that is expected", fatal=False)
            stats.append(
                SourceStats(name, config.kind.value, config.weight, n_files, n_records, n_chunks, n_skipped)
            )
    finally:
        bar.close()
    if not chunks:
        raise _nothing_read(data_dir, total)
    return IngestResult(chunks, stats, reporter.warnings)
