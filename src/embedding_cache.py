"""The embedding cache: ``EmbeddingCache`` keeps the vectors a model made, keyed by a hash of
the text, in one file that is replaced atomically; ``fill_cache`` embeds what it lacks (with
``src.embeddings.embed_texts``), saving as it goes.
"""

from __future__ import annotations

import json
import logging
import zipfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .embeddings import embed_texts
from .fsio import TMP_PREFIX, atomic_write

log = logging.getLogger(__name__)

CACHE_FILE = "vectors.npz"
_LEGACY_FILES = ("keys.json", "vectors.npy")  # the pair written before vectors.npz


class EmbeddingCache:
    """Vectors keyed by content hash for one model, persisted in ``folder/vectors.npz``
    (``None``: kept in memory only).

    Keys and vectors share one file, replaced atomically: a reader, or a build killed while
    saving, finds the previous save or this one, never keys paired with another save's
    vectors. The ``keys.json`` + ``vectors.npy`` pair of earlier versions is still read.
    """

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.keys: list[str] = []
        self._blocks: list[np.ndarray] = []  # stacked lazily: many small adds stay linear
        self.dirty = False  # changed since the last save or load
        if folder is not None:
            self.keys, vectors = self._read(folder)
            self._blocks = [vectors] if len(self.keys) else []
        self._row = {k: i for i, k in enumerate(self.keys)}

    @staticmethod
    def _read(folder: Path) -> tuple[list[str], np.ndarray]:
        empty: tuple[list[str], np.ndarray] = ([], np.zeros((0, 0), dtype=np.float32))
        path = folder / CACHE_FILE
        legacy_keys, legacy_vectors = (folder / name for name in _LEGACY_FILES)
        try:
            if path.is_file():
                with np.load(path, allow_pickle=False) as npz:
                    keys, vectors = [str(k) for k in npz["keys"]], np.asarray(npz["vectors"], dtype=np.float32)
            elif legacy_keys.is_file() and legacy_vectors.is_file():
                keys = [str(k) for k in json.loads(legacy_keys.read_text(encoding="utf-8"))]
                vectors = np.asarray(np.load(legacy_vectors, allow_pickle=False), dtype=np.float32)
            else:
                return empty
        except (OSError, ValueError, EOFError, KeyError, TypeError, zipfile.BadZipFile) as exc:
            log.warning("embedding cache %s is unreadable (%s): re-embedding", folder, exc)
            return empty
        if len(keys) != len(vectors) or (len(keys) and vectors.ndim != 2):
            log.warning("embedding cache %s is inconsistent: re-embedding", folder)
            return empty
        return keys, vectors

    @property
    def vectors(self) -> np.ndarray:
        if len(self._blocks) > 1:
            self._blocks = [np.vstack(self._blocks)]
        return self._blocks[0] if self._blocks else np.zeros((0, 0), dtype=np.float32)

    def __len__(self) -> int:
        return len(self.keys)

    def missing(self, keys: Sequence[str]) -> list[str]:
        """The keys without a vector, each once, in their first order."""
        seen: set[str] = set()
        out = []
        for k in keys:
            if k not in self._row and k not in seen:
                seen.add(k)
                out.append(k)
        return out

    def add(self, keys: Sequence[str], vectors: np.ndarray) -> None:
        if not len(keys):
            return
        base = len(self.keys)
        self._blocks.append(np.asarray(vectors, dtype=np.float32))
        self.keys.extend(keys)
        self._row.update({k: base + i for i, k in enumerate(keys)})
        self.dirty = True

    def get(self, keys: Sequence[str]) -> np.ndarray:
        return self.vectors[[self._row[k] for k in keys]]

    def retain(self, keys: set[str]) -> int:
        """Drop vectors of chunks that no longer exist; returns how many were dropped."""
        keep = [i for i, k in enumerate(self.keys) if k in keys]
        dropped = len(self.keys) - len(keep)
        if not dropped:
            return 0
        vectors = self.vectors
        self.keys = [self.keys[i] for i in keep]
        self._blocks = [vectors[keep]] if keep else []
        self._row = {k: i for i, k in enumerate(self.keys)}
        self.dirty = True
        return dropped

    def save(self) -> None:
        """Write every vector to ``folder/vectors.npz`` in one atomic replace."""
        if self.folder is None:
            return
        keys = np.asarray(self.keys, dtype=str)
        vectors = self.vectors
        atomic_write(self.folder / CACHE_FILE, lambda fh: np.savez(fh, keys=keys, vectors=vectors), mode=0o644)
        for name in _LEGACY_FILES:
            (self.folder / name).unlink(missing_ok=True)
        self.dirty = False

    def sweep_temporaries(self) -> None:
        """Remove what saves killed half-way left behind; only call it while no other process saves here."""
        if self.folder is not None and self.folder.is_dir():
            for leftover in self.folder.glob(f"{TMP_PREFIX}*"):
                leftover.unlink(missing_ok=True)


def fill_cache(model: Any, cache: EmbeddingCache, texts: Mapping[str, str], *, checkpoint_every: int = 0,
               progress: Callable[[int, int], None] | None = None) -> int:
    """Embed every text of ``texts`` (key -> text) that ``cache`` lacks, in the model's batches of
    texts of similar length, as unit rows; returns how many were embedded.

    The cache is saved after every ``checkpoint_every`` new vectors (0: only at the end) and
    when embedding fails or is interrupted, so a killed build loses at most that many and a
    rerun embeds only the rest.
    """
    # Longest first, so that each batch holds texts of about one length (little padding) and the
    # slowest batches come while the rate shown is still settling.
    missing = sorted(cache.missing(list(texts)), key=lambda k: -len(texts[k]))
    if missing:
        from .embed_onnx import TorchVectors

        if isinstance(model, TorchVectors):
            model = model.indexer()  # an index's vectors are torch's own
    batch = max(1, int(getattr(model, "embed_batch_size", 64)))
    done = unsaved = 0
    try:
        for start in range(0, len(missing), batch):
            keys = missing[start:start + batch]
            cache.add(keys, embed_texts(model, [texts[k] for k in keys]))
            done += len(keys)
            unsaved += len(keys)
            if checkpoint_every and unsaved >= checkpoint_every:
                cache.save()
                unsaved = 0
                log.info("embedding cache: %d of %d new vectors saved", done, len(missing))
            if progress:
                progress(done, len(missing))
    except BaseException:
        if unsaved:
            try:
                cache.save()
                log.warning("embedding stopped after %d of %d chunks; the %d embedded are saved for the next run",
                            done, len(missing), done)
            except OSError as exc:
                log.warning("cannot save the embedding cache in %s (%s)", cache.folder, exc)
        raise
    if cache.dirty:
        cache.save()
    return done
