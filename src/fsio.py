"""Atomic file writes: a temporary file in the target's folder, then ``os.replace``.

A reader (or a process killed half-way) sees the old file or the new one, never a mix. And
``check_output``: an output the user names never lands in what the command reads, nor over a
file Crosscheck did not write.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from .errors import OutputNotWritable

TMP_PREFIX = ".tmp-"


def atomic_write(path: Path, write: Callable[[BinaryIO], None], *, mode: int | None = None) -> None:
    """Call ``write`` on a temporary file beside ``path``, flush it to disk, then rename it over ``path``.

    The temporary file is removed when ``write`` fails; ``mode`` sets its permissions
    (``mkstemp`` makes 0600).
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f"{TMP_PREFIX}{path.name}.")
    try:
        with os.fdopen(fd, "wb") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write(path, lambda fh: fh.write(text.encode("utf-8")), mode=0o644)


# -- outputs named by the user ----------------------------------------------------------------
# An output is written only where nothing of the user's is lost: never inside what the command
# reads (the corpus folder, an input file), and over an existing file only when Crosscheck wrote
# it (recognised by its first bytes) or it is empty.

_HEAD_BYTES = 65536
_LOG_LINE = re.compile(rb"^\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\] q='")


def _first_json_line(head: bytes) -> dict[str, Any] | None:
    line = next((ln for ln in head.split(b"\n") if ln.strip()), b"")
    try:
        obj = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    return obj if isinstance(obj, dict) else None


def _is_chunks(head: bytes) -> bool:
    """A chunks file, of this version or an earlier one (which had no ``schema`` field)."""
    obj = _first_json_line(head)
    return obj is not None and all(isinstance(obj.get(k), str) for k in ("id", "text"))


def _is_answers(head: bytes) -> bool:
    obj = _first_json_line(head)
    return obj is not None and "question" in obj and "verdict" in obj


@dataclass(frozen=True)
class OutputKind:
    """One kind of file Crosscheck writes where the user says: its name in messages, an example
    place for it, and how its first bytes are recognised."""

    what: str
    example: str
    ours: Callable[[bytes], bool]
    files: tuple[str, ...] = ()  # for a folder: the files written into it


OUTPUTS = {
    "chunks": OutputKind("the chunks file", "artifacts/chunks.jsonl", _is_chunks),
    "page": OutputKind("the claim graph page", "artifacts/graphs/graph.html",
                       lambda head: b'<meta name="generator" content="Crosscheck claim graph">' in head
                       or b"<title>Crosscheck claim graph</title>" in head),
    "graphml": OutputKind("the GraphML file", "artifacts/graphs/graph.graphml",
                          lambda head: b"<graphml" in head and (b"<node" not in head or any(
                              m in head for m in (b'"key::', b'"evidence::', b'"claim::')))),
    "log": OutputKind("the text log", "logs/queries.txt", lambda head: bool(_LOG_LINE.match(head))),
    "answers": OutputKind("the answers file", "artifacts/answers.jsonl", _is_answers),
    "report": OutputKind("the evaluation report", "artifacts/report",
                         lambda head: head.startswith(b"# Retrieval evaluation")
                         or b"<title>Retrieval evaluation</title>" in head[:300],
                         files=("report.html", "report.md")),
}


def check_output(path: Path, kind: str, reads: Sequence[Path] = ()) -> None:
    """Raise ``OutputNotWritable`` (exit 2) when writing ``OUTPUTS[kind]`` at ``path`` could
    destroy something of the user's: ``path`` resolves to or inside one of ``reads`` (the corpus
    folder and input files of the command), or it names an existing, non-empty file that
    Crosscheck did not write (for a folder output, a file it would write into it). Other
    problems (a folder named as a file, no permission) are left to the write itself."""
    out = OUTPUTS[kind]
    target = Path(path).resolve()
    for source in reads:
        source = Path(source)
        real = source.resolve()
        if target == real or target.is_relative_to(real):
            where = (f"inside the corpus folder {source}" if source.is_dir() else f"the file {source}")
            raise OutputNotWritable(f"refusing to write {out.what} {path}: it is {where}, which this command "
                                    f"reads (write it elsewhere, e.g. {out.example})")
    for file in ([Path(path) / f for f in out.files] if out.files else [Path(path)]):
        try:
            if not file.is_file() or file.stat().st_size == 0:
                continue
            with file.open("rb") as fh:
                head = fh.read(_HEAD_BYTES)
        except OSError:
            continue  # the write itself reports it
        if not out.ours(head):
            raise OutputNotWritable(f"refusing to overwrite {file} with {out.what}: it exists and Crosscheck did "
                                    "not write it (name a new file, or move it away first)")
