"""The ingest runner: a corpus folder -> chunks, per-source stats and warnings.

Sources are the corpus's subfolders, visited in sorted order, as are the files below
each one (any nesting) and the records in each file, so the same input always gives
the same chunks in the same order.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tqdm import tqdm

from src.config import UNKNOWN_SOURCE, Settings
from src.errors import DataFolderMissing, InputError
from src.pipelines.chunking import chunk_record
from src.pipelines.loaders import Skip, SourceFile, load_file
from src.types import Chunk, SourceKind, Warning_

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


def iter_source_files(source_dir: Path) -> list[Path]:
    """Every non-hidden file below ``source_dir`` (symlinked folders not followed), sorted by relative path."""
    found: list[Path] = []
    for root, dirs, files in os.walk(source_dir):
        dirs[:] = [d for d in dirs if _visible(d)]
        found += [Path(root, f) for f in files if _visible(f)]
    return sorted(found, key=lambda p: p.relative_to(source_dir).as_posix())


def ingest_corpus(
    data_dir: Path,
    settings: Settings,
    *,
    strict: bool = False,
    on_warning: Callable[[Warning_], None] | None = None,
    progress: bool = False,
) -> IngestResult:
    """Load and chunk every source folder of ``data_dir``.

    Raises ``DataFolderMissing`` when ``data_dir`` is not a folder and, with ``strict``,
    ``InputError`` on the first warning (it is then not passed to ``on_warning``). An
    unknown source folder is ingested as kind post, weight 1.0, with a warning that is
    not counted as skipped and never fails ``strict``. Hidden files and folders are ignored;
    a file directly in ``data_dir`` is skipped with a warning.
    """
    data_dir = Path(data_dir)
    if not data_dir.is_dir():
        raise DataFolderMissing(str(data_dir))
    corpus = data_dir.resolve().name
    reporter = _Reporter(strict, on_warning)

    sources: list[Path] = []
    for entry in sorted(data_dir.iterdir(), key=lambda p: p.name):
        if not _visible(entry.name):
            continue
        if entry.is_dir():
            sources.append(entry)
        else:
            reporter.warn(
                str(entry), None, "file outside any source folder: skipped (move it into one, e.g. docs/)"
            )
    plan = [(src, iter_source_files(src)) for src in sources]
    total = sum(len(files) for _, files in plan)
    show = progress and total >= PROGRESS_MIN_FILES and sys.stderr.isatty()
    bar = tqdm(total=total, desc="ingest", unit="file", file=sys.stderr, disable=not show, leave=False)

    chunks: list[Chunk] = []
    stats: list[SourceStats] = []
    try:
        for source_dir, files in plan:
            name = source_dir.name
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
                rel = path.relative_to(source_dir).as_posix()
                display = str(path)
                src = SourceFile(path, rel, f"{name}/{rel}")
                read_whole = False
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
                    new = chunk_record(item, kind, sizes, doc_id=f"{corpus}/{name}/{item.key}", source=name)
                    chunks += new
                    n_records += 1
                    n_chunks += len(new)
                n_files += int(read_whole)
                bar.update(1)
            stats.append(
                SourceStats(name, config.kind.value, config.weight, n_files, n_records, n_chunks, n_skipped)
            )
    finally:
        bar.close()
    return IngestResult(chunks, stats, reporter.warnings)
