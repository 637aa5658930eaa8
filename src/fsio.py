"""Atomic file writes: a temporary file in the target's folder, then ``os.replace``.

A reader (or a process killed half-way) sees the old file or the new one, never a mix.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

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
