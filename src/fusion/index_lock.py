"""The inter-process lock around building and publishing an index.

The lock file sits beside the index folder (``index.lock`` for ``index/``), so the folder
itself holds only the index. A process that needs to change the index takes the lock;
one that finds it taken says so on stderr and waits, up to ``[index] lock_timeout_s``,
then rereads the index the other process published. Reading a current index needs no
lock (``store.build_or_load``), so a read-only index stays usable.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from pathlib import Path

from filelock import FileLock, Timeout

from ..errors import IndexBusy, IndexNotWritable

log = logging.getLogger(__name__)


def lock_path(index_dir: Path) -> Path:
    folder = Path(index_dir).resolve()
    return folder.with_name(f"{folder.name or 'index'}.lock")


@contextlib.contextmanager
def index_lock(index_dir: Path, timeout_s: float) -> Iterator[None]:
    """Hold the lock of ``index_dir`` for the body.

    Raises ``IndexBusy`` when another process still holds it after ``timeout_s`` seconds and
    ``IndexNotWritable`` when the lock file cannot be created (a read-only folder).
    """
    path = lock_path(index_dir)
    lock = FileLock(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            lock.acquire(blocking=False)
        except Timeout:
            log.warning("index %s is being updated by another process: waiting for it (up to %g s; lock %s)",
                        index_dir, timeout_s, path)
            lock.acquire(timeout=timeout_s)
    except Timeout:
        raise IndexBusy(
            f"index {index_dir} is still being updated by another process after {timeout_s:g} s "
            f"(lock {path}): try again when it has finished, or raise [index] lock_timeout_s"
        ) from None
    except OSError as exc:
        raise IndexNotWritable(
            f"index {index_dir} needs an update but cannot be locked for it: {path}: "
            f"{exc.strerror or exc} (make the folder writable, or pass --index-dir DIR)"
        ) from None
    try:
        yield
    finally:
        lock.release()
