"""Read and write ``chunks.jsonl``: one ``Chunk.to_json()`` object a line, plus ``"schema"``."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO

from ..errors import ChunksFileError
from ..fsio import atomic_write
from ..progname import prog_name
from ..types import Chunk

CHUNKS_SCHEMA = 1
_REQUIRED = ("id", "source", "kind", "text")


def write_chunks(chunks: Iterable[Chunk], path: Path) -> None:
    """Write atomically (``src.fsio``): a reader sees the old file or the new one."""
    def write(fh: BinaryIO) -> None:
        for chunk in chunks:
            fh.write((json.dumps({**chunk.to_json(), "schema": CHUNKS_SCHEMA}, ensure_ascii=False) + "\n").encode("utf-8"))

    atomic_write(Path(path), write, mode=0o644)  # mkstemp makes 0600; a chunks file is an ordinary output


def read_chunks(path: Path) -> list[Chunk]:
    """All chunks of a file written by ``write_chunks``; ``ChunksFileError`` says how to fix a bad one.

    Chunk ids are the key of every index, citation and gold file, so a line repeating an earlier
    line's id is an error (SPEC section 2: ids are unique per input), not a silent overwrite.
    """
    path = Path(path)
    if not path.is_file():
        raise ChunksFileError(
            f"chunks file not found: {path}: run `{prog_name()} ingest --data DIR --out FILE` first"
        )
    chunks: list[Chunk] = []
    first_line: dict[str, int] = {}
    with path.open("rb") as fh:
        for lineno, raw in enumerate(fh, 1):
            if not raw.strip():
                continue
            chunk = _parse_line(raw)
            if chunk is None:
                raise ChunksFileError(
                    f"{path}: line {lineno} is not a Crosscheck chunk (written by an older version?): "
                    f"re-run `{prog_name()} ingest`"
                )
            if chunk.id in first_line:
                raise ChunksFileError(
                    f"{path}: line {lineno} repeats chunk id {chunk.id!r} of line {first_line[chunk.id]}: "
                    f"chunk ids must be unique; remove one of the two lines, or re-run `{prog_name()} ingest`"
                )
            first_line[chunk.id] = lineno
            chunks.append(chunk)
    return chunks


def _parse_line(raw: bytes) -> Chunk | None:
    try:
        obj = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):  # RecursionError: nested past the stack
        return None
    if not isinstance(obj, dict) or obj.get("schema") != CHUNKS_SCHEMA:
        return None
    if not all(isinstance(obj.get(k), str) for k in _REQUIRED) or not isinstance(
        obj.get("metadata", {}), dict
    ):
        return None
    return Chunk.from_json(obj)
