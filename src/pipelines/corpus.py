"""Where a command's chunks file lives, and re-ingesting a corpus only when it changed.

SPEC section 3: ``--chunks FILE`` names a chunks file; ``--data DIR`` ingests DIR (when
its files changed) into ``artifacts/<folder>-<short hash of its absolute path>/chunks.jsonl``;
with neither, commands use ``data/`` and ``artifacts/chunks.jsonl``.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from ..config import Settings
from ..errors import DataFolderMissing, OutputNotWritable, UsageError
from ..fsio import TMP_PREFIX, atomic_write_text, check_output
from ..progname import prog_name
from ..types import Warning_

log = logging.getLogger(__name__)

DEFAULT_DATA = Path("data")
DEFAULT_CHUNKS = Path("artifacts/chunks.jsonl")


def artifacts_dir_for(data_dir: Path, root: Path = Path("artifacts")) -> Path:
    resolved = data_dir.resolve()
    short = hashlib.sha1(str(resolved).encode()).hexdigest()[:8]
    return root / f"{resolved.name}-{short}"


_CHUNKING_CODE = (*sorted(Path(__file__).parent.glob("*.py")), Path(__file__).parents[1] / "text.py")


def manifest_of(data_dir: Path, settings: Settings) -> str:
    """A fingerprint of every file below ``data_dir`` (path, size, mtime; a link's target's), the
    settings that change the chunks and the code that reads and chunks the files (a new release
    of it re-ingests the corpus)."""
    h = hashlib.sha256()
    h.update(repr((settings.sources, settings.chunking, settings.max_file_bytes, settings.follow_symlinks)).encode())
    for code in _CHUNKING_CODE:
        h.update(code.read_bytes())
    for p in _walk_files(data_dir, settings.follow_symlinks):
        try:
            st = p.stat()
        except OSError:
            continue
        h.update(f"{p.relative_to(data_dir).as_posix()}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def _walk_files(data_dir: Path, follow_symlinks: bool) -> Iterator[Path]:
    """Files below ``data_dir`` in sorted order; with ``follow_symlinks`` through linked folders
    too, each real folder once (so link loops end)."""
    visited: set[str] = set()
    for root, dirs, files in os.walk(data_dir, followlinks=follow_symlinks):
        if follow_symlinks:
            real = os.path.realpath(root)
            if real in visited:
                dirs[:] = []
                continue
            visited.add(real)
        dirs.sort()
        yield from (Path(root) / name for name in sorted(files))


def _manifest_path(chunks_path: Path) -> Path:
    return chunks_path.with_name(chunks_path.name + ".manifest.json")


def ingest_to(data_dir: Path, out: Path, settings: Settings, *, strict: bool = False,
              on_warning: Callable[[Warning_], None] | None = None, progress: bool = False):
    """Ingest ``data_dir`` into ``out`` and record its fingerprint; returns the IngestResult.

    ``OutputNotWritable`` when ``out`` is a folder or cannot be written, lies inside ``data_dir``
    or names an existing file that is not a chunks file (``src.fsio.check_output``), checked
    before reading the corpus as well as when writing.
    """
    from .chunks_io import write_chunks
    from .ingest import ingest_corpus

    _check_writable(out, data_dir)
    result = ingest_corpus(data_dir, settings, strict=strict, on_warning=on_warning, progress=progress)
    fingerprint = manifest_of(data_dir, settings)
    try:
        write_chunks(result.chunks, out)
        manifest = {"data_dir": str(data_dir.resolve()), "fingerprint": fingerprint}
        atomic_write_text(_manifest_path(out), json.dumps(manifest, indent=1) + "\n")
    except OSError as exc:
        raise _not_writable(out, exc) from None
    return result


def _check_writable(out: Path, data_dir: Path) -> None:
    """Fail before a long ingest when ``out`` cannot be written: a folder, or a folder that
    cannot be created or written into; or must not be: inside the corpus, or over a file that is
    not a chunks file."""
    if out.is_dir():
        raise OutputNotWritable(f"cannot write the chunks file {out}: it is a folder "
                                f"(name a file, e.g. {out / 'chunks.jsonl'})")
    check_output(out, "chunks", reads=[data_dir] if data_dir.is_dir() else [])
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(dir=out.parent, prefix=f"{TMP_PREFIX}{out.name}.")
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise _not_writable(out, exc) from None


def _not_writable(out: Path, exc: OSError) -> OutputNotWritable:
    if isinstance(exc, FileExistsError | NotADirectoryError):
        return OutputNotWritable(f"cannot write the chunks file {out}: {exc.filename or out.parent} is not a folder")
    where = exc.filename
    if where and Path(where).name.startswith(TMP_PREFIX):
        where = out.parent  # the folder a temporary file could not be created in
    where = f" ({where})" if where and str(where) != str(out) else ""
    return OutputNotWritable(f"cannot write the chunks file {out}: {exc.strerror or exc}{where}")


def resolve_chunks(data: Path | None, chunks: Path | None, settings: Settings,
                   on_warning: Callable[[Warning_], None] | None = None) -> Path:
    """The chunks file a command should read, (re)ingesting its corpus when stale."""
    if data is not None and chunks is not None:
        raise UsageError("pass either --data DIR or --chunks FILE, not both")
    if chunks is not None:
        if not chunks.is_file():
            raise UsageError(
                f"chunks file not found: {chunks} (run `{prog_name()} ingest --out {chunks}` first, "
                "or pass --data DIR)"
            )
        return chunks
    if data is not None:
        out = artifacts_dir_for(data) / "chunks.jsonl"
    else:
        data, out = DEFAULT_DATA, DEFAULT_CHUNKS
        if out.is_file() and (not data.is_dir() or _ingested_from(out) not in (None, data.resolve())):
            # A chunks file without its corpus folder, or one the user ingested from another
            # folder (`ingest --data X` writes artifacts/chunks.jsonl): use it as it is.
            return out
    if not data.is_dir():
        raise DataFolderMissing(str(data))
    if out.is_file() and _is_fresh(out, data, settings):
        return out
    log.info("ingesting %s into %s", data, out)
    ingest_to(data, out, settings, on_warning=on_warning)
    return out


def corpus_read(data: Path | None, chunks: Path | None) -> Path | None:
    """The corpus folder a command given ``--data``/``--chunks`` (or neither) reads, or was
    ingested from (per the chunks file's manifest), as ``resolve_chunks`` chooses it; None when
    unknown. Outputs are never written inside it (``src.fsio.check_output``)."""
    if data is not None:
        return data
    if chunks is not None:
        return _ingested_from(chunks)
    if DEFAULT_CHUNKS.is_file() and _ingested_from(DEFAULT_CHUNKS) not in (None, DEFAULT_DATA.resolve()):
        return _ingested_from(DEFAULT_CHUNKS)
    return DEFAULT_DATA


def _ingested_from(chunks_path: Path) -> Path | None:
    """The corpus folder a chunks file was ingested from, per its manifest (None if unknown)."""
    try:
        manifest = json.loads(_manifest_path(chunks_path).read_text(encoding="utf-8"))
        return Path(manifest["data_dir"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _is_fresh(chunks_path: Path, data_dir: Path, settings: Settings) -> bool:
    try:
        manifest = json.loads(_manifest_path(chunks_path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return manifest.get("fingerprint") == manifest_of(data_dir, settings)
