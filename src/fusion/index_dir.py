"""The index folder (layout and publishing: ``src/fusion/store.py``): reading its ``params.json``
(``_read_params``), the source folders that names (``_folder_of``, ``_named_folders``), deleting
those a build no longer names (``_remove_unlisted``), and the check that refuses to build into a
folder that is not an index (``check_index_dir``, ``is_index_dir``). ``CACHE_DIR`` is the folder
of the embedding caches in it.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
from pathlib import Path
from typing import Any

from ..errors import IndexError_, UsageError
from ..fsio import TMP_PREFIX

log = logging.getLogger(__name__)

CACHE_DIR = ".embeddings"


def _folder_of(entry: Any, name: str) -> str | None:
    """The folder params.json names for a source (its own name in indexes written before folders
    were named), or None when that is not a plain folder name."""
    folder = entry.get("folder", name) if isinstance(entry, dict) else None
    if not isinstance(folder, str) or folder in ("", ".", "..") or "/" in folder or os.sep in folder:
        return None
    return folder


def _named_folders(params: dict[str, Any]) -> set[str]:
    """The folders an index's ``params.json`` names: each source's (its own name in indexes written
    before folders were named) and those listed ``pending`` by a build that was cut short."""
    sources = params.get("sources")
    named = {_folder_of(entry, name) for name, entry in sources.items()} if isinstance(sources, dict) else set()
    pending = params.get("pending")
    if isinstance(pending, list):
        named |= {_folder_of({"folder": p}, "") for p in pending}
    return {n for n in named if n is not None and not n.startswith(".")}


def _remove_unlisted(index_dir: Path, old_folders: set[str]) -> None:
    """Delete ``old_folders`` (named by the previous params.json, no longer by the new one: older
    versions, deleted sources, legacy ``<source>`` folders) and what killed builds left (``.tmp-*``).
    Nothing else: the caches, Qdrant's storage and anything a user put here stay."""
    for entry in index_dir.iterdir():
        if not (entry.name.startswith(TMP_PREFIX) or entry.name in old_folders):
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            entry.unlink(missing_ok=True)


def _read_params(path: Path, *, quiet: bool = False) -> dict[str, Any]:
    if not path.is_file():
        return {}
    try:
        params = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        params = None
    if not isinstance(params, dict):
        if not quiet:
            log.warning("%s is unreadable: rebuilding the index", path)
        return {}
    return params


# What an index folder holds besides its source folders: what a folder that is not an index yet
# (a first build killed half-way) may hold, and still be built into.
_INDEX_ENTRIES = frozenset({"params.json", CACHE_DIR, ".qdrant", ".audit"})


def check_index_dir(index_dir: Path) -> None:
    """Refuse an index folder that is a file, or that holds what no index build made (a corpus
    folder, a user's notes) and is not already an index: building there would mix the index
    with the user's files. Empty, new and existing index folders pass."""
    if index_dir.exists() and not index_dir.is_dir():
        raise IndexError_(f"index path {index_dir} is a file, not a folder (pass --index-dir DIR)")
    if not index_dir.is_dir() or is_index_dir(index_dir):
        return
    try:
        foreign = sorted(e.name for e in index_dir.iterdir()
                         if e.name not in _INDEX_ENTRIES and not e.name.startswith(TMP_PREFIX))
    except OSError:
        return  # an unreadable folder is reported by the build itself
    if foreign:
        shown = ", ".join(foreign[:3]) + (f" and {len(foreign) - 3} more" if len(foreign) > 3 else "")
        raise UsageError(f"index folder {index_dir} holds files that are not an index ({shown}): refusing "
                         "to build an index there (pass --index-dir with an empty or new folder)")


def is_index_dir(index_dir: Path) -> bool:
    """Does ``index_dir`` hold an index (a ``params.json`` of ours, or the embedding cache of a
    first build that was cut short)?"""
    params = _read_params(index_dir / "params.json", quiet=True)
    return ("schema" in params and isinstance(params.get("sources", {}), dict)) or (index_dir / CACHE_DIR).is_dir()
