"""Persisted per-source indexes: a FAISS vector store and a bm25s index per source.

Layout of an index folder (``index/`` beside the chunks file)::

    params.json                  what built it: schema, model, dim, BM25 settings, versions, sources
    .embeddings/<model-slug>/    the embedding cache: vectors.npy + keys.json (content hashes);
                                 dot-named, so no source folder (never hidden) can collide with it
    <source>/faiss.index         LlamaIndex FaissVectorStore (inner product on unit vectors);
                                 with --vector-store qdrant, a Qdrant collection instead
    .qdrant/                     Qdrant's local mode storage, when no --qdrant-url is given
    <source>/bm25/               bm25s index (English Snowball stemmer, English stop words)
    <source>/ids.json            chunk ids in the row order of both indexes

Embeddings are cached by a hash of the embedded text, per model, so only new or
changed chunks are embedded; a model change builds into a fresh cache folder.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import metadata as importlib_metadata
from pathlib import Path
from typing import Any

import numpy as np

from src.errors import IndexError_
from src.fusion.vector_stores import FaissBackend, VectorBackend
from src.types import Chunk

log = logging.getLogger(__name__)

INDEX_SCHEMA = 2
CACHE_DIR = ".embeddings"
BM25_SETTINGS = {"stemmer": "english", "stopwords": "en", "k1": 1.5, "b": 0.75, "method": "lucene",
                 "identifiers": "split"}
_PACKAGES = ("llama-index-core", "faiss-cpu", "bm25s", "sentence-transformers", "PyStemmer")


def indexed_text(chunk: Chunk) -> str:
    """What the embedder and BM25 see: the chunk text, preceded by its title when the text lacks it.

    Titles are the most specific words many documents have; a chunk deep inside a page
    would otherwise lose them.
    """
    title = str(chunk.metadata.get("title") or "").strip()
    if title and title.lower() not in chunk.text[: len(title) + 200].lower():
        return f"{title}\n{chunk.text}"
    return chunk.text


def text_hash(model: str, text: str) -> str:
    return hashlib.sha256(f"{model}\0{text}".encode()).hexdigest()[:32]


def model_slug(model: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", model).strip("_")[:80] or "model"


def package_versions() -> dict[str, str]:
    out = {}
    for name in _PACKAGES:
        try:
            out[name] = importlib_metadata.version(name)
        except importlib_metadata.PackageNotFoundError:
            out[name] = "absent"
    return out


def atomic_write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


class EmbeddingCache:
    """Vectors keyed by content hash for one model, persisted as npy + json in ``folder``
    (``None``: kept in memory only)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.keys: list[str] = []
        self.vectors = np.zeros((0, 0), dtype=np.float32)
        keys_path, vec_path = (folder / "keys.json", folder / "vectors.npy") if folder else (None, None)
        if keys_path and vec_path and keys_path.is_file() and vec_path.is_file():
            try:
                self.keys = json.loads(keys_path.read_text(encoding="utf-8"))
                self.vectors = np.load(vec_path)
            except (OSError, ValueError, EOFError) as exc:
                log.warning("embedding cache %s is unreadable (%s): re-embedding", folder, exc)
                self.keys, self.vectors = [], np.zeros((0, 0), dtype=np.float32)
            if len(self.keys) != len(self.vectors):
                log.warning("embedding cache %s is inconsistent: re-embedding", folder)
                self.keys, self.vectors = [], np.zeros((0, 0), dtype=np.float32)
        self._row = {k: i for i, k in enumerate(self.keys)}

    def missing(self, keys: Sequence[str]) -> list[str]:
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
        vectors = np.asarray(vectors, dtype=np.float32)
        base = len(self.keys)
        self.vectors = vectors if base == 0 else np.vstack([self.vectors, vectors])
        self.keys.extend(keys)
        self._row.update({k: base + i for i, k in enumerate(keys)})

    def get(self, keys: Sequence[str]) -> np.ndarray:
        return self.vectors[[self._row[k] for k in keys]]

    def retain(self, keys: set[str]) -> int:
        """Drop vectors of chunks that no longer exist; returns how many were dropped."""
        keep = [i for i, k in enumerate(self.keys) if k in keys]
        dropped = len(self.keys) - len(keep)
        if not dropped:
            return 0
        self.keys = [self.keys[i] for i in keep]
        self.vectors = self.vectors[keep] if keep else np.zeros((0, 0), dtype=np.float32)
        self._row = {k: i for i, k in enumerate(self.keys)}
        return dropped

    def save(self) -> None:
        if self.folder is None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.folder, suffix=".npy")
        with os.fdopen(fd, "wb") as f:
            np.save(f, self.vectors)
        os.replace(tmp, self.folder / "vectors.npy")
        atomic_write_text(self.folder / "keys.json", json.dumps(self.keys))


@dataclass
class SourceIndex:
    """One source's loaded indexes; ``chunks[i]`` is row i of both."""

    name: str
    chunks: list[Chunk]
    vector_store: Any  # a LlamaIndex BasePydanticVectorStore (FaissVectorStore by default)
    bm25: Any  # bm25s.BM25
    row_map: dict[str, int] | None = None  # store id -> row, when the store's ids are not row numbers

    def row_of(self, store_id: str) -> int:
        return self.row_map[store_id] if self.row_map is not None else int(store_id)


# bm25s splits kebab-case (``max-age``, ``Retry-After``) itself; ``batch_size``, ``maxRetries``
# and ``RetryAfter`` stay one token each unless their parts are added beside them.
_SNAKE = re.compile(r"\b[^\W_]+(?:_+[^\W_]+)+\b")
_CAMEL = re.compile(r"\b[A-Za-z][a-z0-9]+(?:[A-Z][a-z0-9]+)+\b")
_CAMEL_PART = re.compile(r"[A-Z]?[a-z0-9]+")


def expand_identifiers(text: str) -> str:
    """Append the words of every snake_case and camelCase identifier after it, so that the
    question "batch size" finds ``batch_size`` and "max retries" finds ``maxRetries``,
    while the identifier itself still matches as one token."""
    text = _SNAKE.sub(lambda m: f"{m.group(0)} {' '.join(p for p in m.group(0).split('_') if p)}", text)
    return _CAMEL.sub(lambda m: f"{m.group(0)} {' '.join(_CAMEL_PART.findall(m.group(0)))}", text)


def tokenize(texts: list[str] | str, stemmer: Any) -> Any:
    import bm25s

    if BM25_SETTINGS["identifiers"] == "split":
        texts = expand_identifiers(texts) if isinstance(texts, str) else [expand_identifiers(t) for t in texts]
    return bm25s.tokenize(texts, stopwords=BM25_SETTINGS["stopwords"], stemmer=stemmer, show_progress=False)


def make_stemmer() -> Any:
    import Stemmer

    return Stemmer.Stemmer(BM25_SETTINGS["stemmer"])


def _fingerprint(chunks: Sequence[Chunk], hashes: Sequence[str]) -> str:
    h = hashlib.sha256()
    for c, th in zip(chunks, hashes):
        h.update(f"{c.id}\0{th}\n".encode())
    return h.hexdigest()[:24]


def build_or_load(
    chunks: Sequence[Chunk],
    index_dir: Path,
    embed_model: Any,
    *,
    progress: Callable[[int, int], None] | None = None,
    backend: VectorBackend | None = None,
) -> tuple[dict[str, SourceIndex], dict[str, Any]]:
    """Bring ``index_dir`` up to date with ``chunks`` and load it.

    Embeds only chunks whose text is not in the model's cache; rebuilds a source's vector
    store and BM25 index only when its chunk ids or texts changed, or the vector store
    changed. Returns the loaded sources and a report
    ``{"embedded": n, "rebuilt": [...], "reused": [...], "params": {...}}``.
    """
    backend = backend or FaissBackend()
    model_name = getattr(embed_model, "model_name", str(embed_model))
    by_source: dict[str, list[Chunk]] = {}
    for c in chunks:
        by_source.setdefault(c.source, []).append(c)
    params_path = index_dir / "params.json"
    old = _read_params(params_path)
    if old and old.get("schema") != INDEX_SCHEMA:
        log.warning("index %s was written by another Crosscheck version: rebuilding", index_dir)
        old = {}
    if old and old.get("embed_model") != model_name:
        log.warning("index %s was built with %s, not %s: rebuilding with %s",
                    index_dir, old.get("embed_model"), model_name, model_name)
        old = {}
    if old and old.get("bm25") != BM25_SETTINGS:
        log.info("index %s used other BM25 settings: rebuilding its sources", index_dir)
        old = {**old, "sources": {}}
    if old and old.get("vector_store") != backend.describe():
        log.warning("index %s was built on %s: rebuilding on %s", index_dir, old.get("vector_store"),
                    backend.describe())
        old = {}

    cache = EmbeddingCache(index_dir / CACHE_DIR / model_slug(model_name))
    hashes = {c.id: text_hash(model_name, indexed_text(c)) for c in chunks}
    missing = cache.missing([hashes[c.id] for c in chunks])
    embedded = 0
    if missing:
        texts_by_hash = {hashes[c.id]: indexed_text(c) for c in chunks}
        batch = max(1, int(getattr(embed_model, "embed_batch_size", 64)))
        for start in range(0, len(missing), batch):
            keys = missing[start:start + batch]
            vecs = embed_model.get_text_embedding_batch([texts_by_hash[k] for k in keys])
            arr = np.asarray(vecs, dtype=np.float32)
            arr /= np.maximum(np.linalg.norm(arr, axis=1, keepdims=True), 1e-12)
            cache.add(keys, arr)
            embedded += len(keys)
            if progress:
                progress(embedded, len(missing))
    dropped = cache.retain(set(hashes.values()))
    if embedded or dropped:
        cache.save()
    dim = int(cache.vectors.shape[1]) if cache.vectors.size else int(old.get("dim", 0))

    stemmer = make_stemmer()
    sources: dict[str, SourceIndex] = {}
    rebuilt, reused = [], []
    source_params: dict[str, Any] = {}
    for name, src_chunks in sorted(by_source.items()):
        fp = _fingerprint(src_chunks, [hashes[c.id] for c in src_chunks])
        folder = index_dir / name
        old_src = (old.get("sources") or {}).get(name, {})
        loaded = None
        if old_src.get("fingerprint") == fp:
            loaded = _load_source(folder, name, src_chunks, backend)
        if loaded is None:
            loaded = _build_source(folder, name, src_chunks, cache.get([hashes[c.id] for c in src_chunks]),
                                   stemmer, backend)
            rebuilt.append(name)
        else:
            reused.append(name)
        sources[name] = loaded
        source_params[name] = {"chunks": len(src_chunks), "fingerprint": fp}
    # Whatever folder is not a current source goes, whether or not old params named it.
    for entry in index_dir.iterdir():
        if entry.is_dir() and not entry.name.startswith(".") and entry.name not in by_source:
            shutil.rmtree(entry, ignore_errors=True)

    params = {
        "schema": INDEX_SCHEMA,
        "embed_model": model_name,
        "dim": dim,
        "bm25": BM25_SETTINGS,
        "vector_store": backend.describe(),
        "packages": package_versions(),
        "sources": source_params,
    }
    if params != {k: old.get(k) for k in params}:
        params["updated"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        atomic_write_text(params_path, json.dumps(params, indent=2, sort_keys=True) + "\n")
    return sources, {"embedded": embedded, "rebuilt": rebuilt, "reused": reused, "params": params}


def _read_params(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        log.warning("%s is unreadable: rebuilding the index", path)
        return {}


def _build_source(folder: Path, name: str, chunks: list[Chunk], vectors: np.ndarray,
                  stemmer: Any, backend: VectorBackend) -> SourceIndex:
    import bm25s

    tmp = folder.with_name(folder.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    store = backend.build(tmp, name, chunks, vectors)
    bm25 = bm25s.BM25(k1=BM25_SETTINGS["k1"], b=BM25_SETTINGS["b"], method=BM25_SETTINGS["method"])
    bm25.index(tokenize([indexed_text(c) for c in chunks], stemmer), show_progress=False)
    bm25.save(str(tmp / "bm25"))
    (tmp / "ids.json").write_text(json.dumps([c.id for c in chunks]), encoding="utf-8")
    shutil.rmtree(folder, ignore_errors=True)
    os.replace(tmp, folder)
    return SourceIndex(name, chunks, store, bm25, backend.row_map(chunks))


def _load_source(folder: Path, name: str, chunks: list[Chunk], backend: VectorBackend) -> SourceIndex | None:
    import bm25s

    try:
        ids = json.loads((folder / "ids.json").read_text(encoding="utf-8"))
        if ids != [c.id for c in chunks]:
            return None
        store = backend.load(folder, name, chunks)
        bm25 = bm25s.BM25.load(str(folder / "bm25"))
    except (OSError, ValueError, RuntimeError, EOFError) as exc:
        log.warning("index of source %s is unreadable (%s): rebuilding it", name, exc)
        return None
    if store is None:
        return None
    return SourceIndex(name, chunks, store, bm25, backend.row_map(chunks))


def check_index_dir(index_dir: Path) -> None:
    if index_dir.exists() and not index_dir.is_dir():
        raise IndexError_(f"index path {index_dir} is a file, not a folder (pass --index-dir DIR)")
