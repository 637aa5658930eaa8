"""Domain errors that carry their evidence and say how to fix the problem.

Library code raises these; only ``main.py`` turns them into exit codes.
"""

from __future__ import annotations


class CrosscheckError(Exception):
    """Base class. ``exit_code`` is what the CLI exits with."""

    exit_code = 1


class UsageError(CrosscheckError):
    """Bad option values or a missing input the user named."""

    exit_code = 2


class InvalidOption(ValueError):
    """An option value out of its bounds, worded without any front end's spelling of its name:
    ``k must be at least 1``. The CLI says ``--k must be at least 1``, the HTTP API ``k: must be
    at least 1``."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"{name} {reason}")
        self.name = name
        self.reason = reason


class DataFolderMissing(UsageError):
    def __init__(self, path: str) -> None:
        super().__init__(f"data folder not found: {path} (pass --data DIR with a corpus folder)")
        self.path = path


class InputError(CrosscheckError):
    """A file or line the user fed in is unusable (raised in --strict mode)."""

    exit_code = 1

    def __init__(self, path: str, line: int | None, reason: str) -> None:
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {reason}")
        self.path = path
        self.line = line
        self.reason = reason


class ChunksFileError(UsageError):
    """The chunks file is missing, malformed or from an incompatible version."""


class IndexError_(CrosscheckError):
    """The persisted index cannot be used as it is (wrong model, corrupt files...)."""


class IndexCorrupt(IndexError_):
    """An index file loads but its checksum is not the one recorded when it was built."""

    exit_code = 2


class ModelUnavailable(CrosscheckError):
    """A configured model (embedder, reranker, LLM) could not be loaded or reached."""


class EmptyCorpus(UsageError):
    """A corpus folder that gives no chunk: no files, or none with text Crosscheck reads."""


class FolderUnreadable(UsageError):
    """A folder the user named cannot be listed (permissions, I/O error)."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: cannot read the folder ({reason})")
        self.path = path
        self.reason = reason


class OutputNotWritable(UsageError):
    """An output path the user named is a folder or cannot be written."""


class IndexNotWritable(UsageError):
    """The index needs an update but its folder (or the lock file beside it) cannot be written."""


class IndexBusy(CrosscheckError):
    """Another process held the index lock for longer than the configured timeout."""
