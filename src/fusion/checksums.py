"""Checksums of a published source folder's files, recorded in ``params.json`` and checked on load.

A FAISS file whose vectors were damaged on disk (a flipped bit, a bad copy) still parses:
only its bytes tell. Every file of a source folder (``faiss.index``, ``ids.json``, ``bm25/*``)
gets its sha256 when the folder is built; loading compares them. Indexes written before
checksums were recorded have none and are loaded unchecked.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from ..errors import IndexCorrupt
from ..progname import prog_name

PARAMS_KEY = "sha256"


def folder_checksums(folder: Path) -> dict[str, str]:
    """sha256 of every file below ``folder``, by its path relative to it (forward slashes), sorted."""
    out = {}
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        with path.open("rb") as fh:
            out[path.relative_to(folder).as_posix()] = hashlib.file_digest(fh, "sha256").hexdigest()
    return out


def verify_checksums(folder: Path, expected: dict[str, str], params_path: Path) -> None:
    """Raise ``IndexCorrupt`` naming the first file whose sha256 is not the recorded one.

    ``OSError`` (a file missing or unreadable) is left to the caller, which treats it as any
    other unreadable index file: the source is rebuilt.
    """
    for rel, digest in sorted(expected.items()):
        path = folder / rel
        with path.open("rb") as fh:
            actual = hashlib.file_digest(fh, "sha256").hexdigest()
        if actual != digest:
            raise IndexCorrupt(
                f"{path} is corrupt: its sha256 is not the one {params_path} recorded when it was built; "
                f"rebuild the index with `{prog_name()} index --rebuild` (with the same --data, --chunks "
                "or --index-dir)"
            )
