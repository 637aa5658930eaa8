"""Persisted per-source indexes: a FAISS vector store and a bm25s index per source.

Layout of an index folder (``index/`` beside the chunks file)::

    params.json                  what built it: schema, model and its backend, dim, BM25 settings, versions,
                                 and per source its chunk count, fingerprint, folder and the sha256 of
                                 each of the folder's files (checked on load: ``checksums``)
    .embeddings/<model-slug>/    the embedding cache (slug of the model, with @onnx or @onnx-int8 for those
                                 backends): vectors.npz (content hashes and vectors);
                                 dot-named, so no source folder (never hidden) can collide with it
    <source>.<suffix>/faiss.index  LlamaIndex FaissVectorStore (inner product on unit vectors);
                                 with --vector-store qdrant, a Qdrant collection instead
    .qdrant/                     Qdrant's local mode storage, when no --qdrant-url is given
    <source>.<suffix>/bm25/      bm25s index (English Snowball stemmer, English stop words)
    <source>.<suffix>/ids.json   chunk ids in the row order of both indexes

and ``index.lock`` beside the folder. Embeddings are cached by a hash of the embedded text,
per model and backend, so only new or changed chunks are embedded; a model or backend change
builds into a fresh cache folder.

Publishing: a source is built in a fresh temporary folder (``.tmp-<source>.<suffix>``),
renamed to ``<source>.<suffix>`` when every source is built and never changed afterwards;
``params.json``, replaced atomically, names the folder of each source and is the commit point.
Just before the renames, ``params.json`` (still describing the old index) lists the new folders
under ``pending``, so that a build killed between the renames and the commit leaves only
folders the next build knows as its own. After the commit, the folders the previous
``params.json`` named (as sources or pending) and the new one does not are deleted, and so are
``.tmp-*`` entries; nothing else in the folder is touched. A folder that holds anything else and
is not already an index (no ``params.json`` of ours, no embedding cache) is refused
(``check_index_dir``, in ``index_dir.py``): an index is never built into a corpus folder or beside a user's files. A reader takes no lock: it reads ``params.json`` once and
loads the folders it names, so it gets the old index or the new one, and when a builder
deletes an old folder under it the load fails and it retries under the lock. Builders hold
the lock (``index_lock``) from reading ``params.json`` to deleting old folders; one that had
to wait rereads the index and reuses it when the other process built what it needs.

This module builds, publishes and loads (``build_or_load``, ``SourceIndex``); a chunk's text, hash
and BM25 tokens are in ``index_text.py``, the reading of ``params.json``, the deletion of old folders
and the folder check in ``index_dir.py``, the embedding cache in ``src/embedding_cache.py``.
"""

from __future__ import annotations

import errno
import hashlib
import json
import logging
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import metadata as importlib_metadata
from pathlib import Path
from typing import Any

import numpy as np

from ..config import IndexConfig
from ..embedding_cache import EmbeddingCache, fill_cache
from ..embeddings import backend_name, embedder_id
from ..errors import IndexNotWritable
from ..fsio import TMP_PREFIX, atomic_write_text  # atomic_write_text: also imported from here
from ..text import make_stemmer
from ..types import Chunk, IndexReport
from .checksums import PARAMS_KEY as CHECKSUMS
from .checksums import folder_checksums, verify_checksums
from .index_dir import CACHE_DIR, _folder_of, _named_folders, _read_params, _remove_unlisted
from .index_lock import index_lock
from .index_text import BM25_SETTINGS, indexed_text, model_slug, text_hash, tokenize
from .vector_stores import FaissBackend, VectorBackend

log = logging.getLogger(__name__)

INDEX_SCHEMA = 2
_PACKAGES = ("llama-index-core", "faiss-cpu", "bm25s", "sentence-transformers", "onnxruntime", "PyStemmer")
# Write failures that mean "this index cannot be updated here", reported in one line.
_NOT_WRITABLE = frozenset({errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOSPC, errno.EDQUOT})


def package_versions() -> dict[str, str]:
    out = {}
    for name in _PACKAGES:
        try:
            out[name] = importlib_metadata.version(name)
        except importlib_metadata.PackageNotFoundError:
            out[name] = "absent"
    return out


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


def _fingerprint(chunks: Sequence[Chunk], hashes: Sequence[str]) -> str:
    h = hashlib.sha256()
    for c, th in zip(chunks, hashes):
        h.update(f"{c.id}\0{th}\n".encode())
    return h.hexdigest()[:24]


@dataclass(frozen=True)
class _Wanted:
    """What the index of ``chunks`` must hold: per source its chunks and fingerprint."""

    model_name: str
    embed_backend: str  # what ran the model (torch, onnx, onnx-int8, ...): recorded, and a change re-embeds
    identity: str  # model and backend: what the text hashes and the embedding cache are keyed by
    vector_store: str
    chunks: Sequence[Chunk]
    hashes: dict[str, str]  # chunk id -> text hash
    by_source: dict[str, list[Chunk]]
    fingerprints: dict[str, str]

    @classmethod
    def of(cls, chunks: Sequence[Chunk], embed_model: Any, backend: VectorBackend) -> _Wanted:
        by_source: dict[str, list[Chunk]] = {}
        for c in chunks:
            by_source.setdefault(c.source, []).append(c)
        model_name = str(getattr(embed_model, "model_name", embed_model))
        identity = embedder_id(embed_model)
        hashes = {c.id: text_hash(identity, indexed_text(c)) for c in chunks}
        fingerprints = {name: _fingerprint(cs, [hashes[c.id] for c in cs]) for name, cs in by_source.items()}
        return cls(model_name, backend_name(embed_model), identity, backend.describe(), chunks, hashes,
                   dict(sorted(by_source.items())), fingerprints)

    def same_embedder(self, params: dict[str, Any]) -> bool:
        """Was the index ``params`` describes embedded by this model on this backend? (Indexes
        written before backends were recorded were embedded by the model's own, non-ONNX one.)"""
        recorded = params.get("embed_backend") or ("torch" if self.embed_backend.startswith("onnx") else self.embed_backend)
        return params.get("embed_model") == self.model_name and recorded == self.embed_backend


def build_or_load(
    chunks: Sequence[Chunk],
    index_dir: Path,
    embed_model: Any,
    *,
    progress: Callable[[int, int], None] | None = None,
    backend: VectorBackend | None = None,
    config: IndexConfig | None = None,
    rebuild: bool = False,
) -> tuple[dict[str, SourceIndex], dict[str, Any]]:
    """Bring ``index_dir`` up to date with ``chunks`` and load it.

    A current index is loaded without a lock. Otherwise, under the index lock: embeds only
    chunks whose text is not in the model's cache (saving it every ``config.checkpoint_chunks``
    new vectors), rebuilds a source's vector store and BM25 index only when its chunk ids or
    texts changed, or the vector store changed, and publishes (module docstring). ``rebuild``
    rebuilds every source (from the embedding cache: nothing cached is embedded again). A file
    whose checksum is not the recorded one raises ``IndexCorrupt``. Returns the loaded sources
    and an ``IndexReport`` (chunks embedded, sources rebuilt and reused, params).
    """
    backend = backend or FaissBackend()
    config = config or IndexConfig()
    wanted = _Wanted.of(chunks, embed_model, backend)
    current = None if rebuild else _load_current(index_dir, wanted, backend)
    if current is not None:
        return current
    with index_lock(index_dir, config.lock_timeout_s):
        current = None if rebuild else _load_current(index_dir, wanted, backend)
        if current is not None:
            log.info("index %s was brought up to date by another process: reusing it", index_dir)
            return current
        try:
            return _update(index_dir, wanted, embed_model, backend, config, progress, rebuild=rebuild)
        except OSError as exc:
            if exc.errno in _NOT_WRITABLE:
                raise _not_writable(index_dir, exc) from None
            raise


def _not_writable(index_dir: Path, exc: OSError) -> IndexNotWritable:
    where = Path(exc.filename) if exc.filename else None
    if where is not None and where.name.startswith(TMP_PREFIX):
        where = where.parent  # the folder a temporary file could not be created in
    return IndexNotWritable(f"index {index_dir} needs an update but cannot be written: "
                            f"{f'{where}: ' if where else ''}{exc.strerror or exc} "
                            "(make it writable, or pass --index-dir DIR)")


def _load_current(index_dir: Path, wanted: _Wanted, backend: VectorBackend
                  ) -> tuple[dict[str, SourceIndex], dict[str, Any]] | None:
    """The index as ``params.json`` describes it, when that is exactly ``wanted``; else None."""
    params = _read_params(index_dir / "params.json", quiet=True)
    listed = params.get("sources")
    if not (params.get("schema") == INDEX_SCHEMA and wanted.same_embedder(params)
            and params.get("bm25") == BM25_SETTINGS and params.get("vector_store") == wanted.vector_store
            and isinstance(listed, dict) and sorted(listed) == sorted(wanted.fingerprints)):
        return None
    folders = {name: _folder_of(listed[name], name) for name in wanted.by_source}
    if any(folders[name] is None or listed[name].get("fingerprint") != fp for name, fp in wanted.fingerprints.items()):
        return None  # checked for every source before any is read (a changed one means an update)
    sources = {}
    for name, src_chunks in wanted.by_source.items():
        loaded = _load_source(index_dir / str(folders[name]), name, src_chunks, backend,
                              checksums=listed[name].get(CHECKSUMS), quiet=True)
        if loaded is None:  # damaged, or deleted by a builder since params.json was read
            return None
        sources[name] = loaded
    return sources, IndexReport(embedded=0, rebuilt=[], reused=list(sources), params=params)


def _usable_params(index_dir: Path, wanted: _Wanted) -> dict[str, Any]:
    """The parts of the old ``params.json`` this build may reuse, saying why it rebuilds."""
    old = _read_params(index_dir / "params.json")
    if old and old.get("schema") != INDEX_SCHEMA:
        log.warning("index %s was written by another Crosscheck version: rebuilding", index_dir)
        return {}
    if old and not wanted.same_embedder(old):
        was = f"{old.get('embed_model')} ({old.get('embed_backend') or 'torch'})"
        now = f"{wanted.model_name} ({wanted.embed_backend})"
        log.warning("index %s was built with %s, not %s: re-embedding with %s", index_dir, was, now, now)
        return {}
    if old and old.get("vector_store") != wanted.vector_store:
        log.warning("index %s was built on %s: rebuilding on %s", index_dir, old.get("vector_store"),
                    wanted.vector_store)
        return {}
    if old and old.get("bm25") != BM25_SETTINGS:
        log.info("index %s used other BM25 settings: rebuilding its sources", index_dir)
        return {**old, "sources": {}}
    if not isinstance(old.get("sources", {}), dict):
        return {**old, "sources": {}}
    return old


def _update(index_dir: Path, wanted: _Wanted, embed_model: Any, backend: VectorBackend, config: IndexConfig,
            progress: Callable[[int, int], None] | None, *, rebuild: bool = False
            ) -> tuple[dict[str, SourceIndex], dict[str, Any]]:
    """Embed what is missing, rebuild what changed (everything with ``rebuild``), publish; the caller
    holds the index lock."""
    index_dir.mkdir(parents=True, exist_ok=True)
    manifest = _read_params(index_dir / "params.json", quiet=True)  # whatever it names is ours to delete
    old = _usable_params(index_dir, wanted)
    if rebuild:
        old = {**old, "sources": {}}
    cache = EmbeddingCache(index_dir / CACHE_DIR / model_slug(wanted.identity))
    cache.sweep_temporaries()
    cache.retain(set(wanted.hashes.values()))
    texts = {wanted.hashes[c.id]: indexed_text(c) for c in wanted.chunks}
    embedded = fill_cache(embed_model, cache, texts, checkpoint_every=config.checkpoint_chunks, progress=progress)
    dim = int(cache.vectors.shape[1]) if cache.vectors.size else int(old.get("dim", 0))

    stemmer = make_stemmer()
    sources: dict[str, SourceIndex] = {}
    rebuilt, reused = [], []
    built: list[Path] = []  # temporary folders, renamed once every source is built
    created: list[Path] = []  # their final names, once renamed
    source_params: dict[str, Any] = {}
    old_sources = old.get("sources") or {}
    try:
        for name, src_chunks in wanted.by_source.items():
            fp = wanted.fingerprints[name]
            folder = _folder_of(old_sources.get(name), name)
            loaded, checksums = None, None
            if folder is not None and old_sources[name].get("fingerprint") == fp:
                checksums = old_sources[name].get(CHECKSUMS)  # none in indexes written before them
                loaded = _load_source(index_dir / folder, name, src_chunks, backend, checksums=checksums)
            if loaded is None:
                vectors = cache.get([wanted.hashes[c.id] for c in src_chunks])
                tmp, loaded, checksums = _build_source(index_dir, name, src_chunks, vectors, stemmer, backend)
                built.append(tmp)
                folder = tmp.name[len(TMP_PREFIX):]
                rebuilt.append(name)
            else:
                reused.append(name)
            sources[name] = loaded
            source_params[name] = {"chunks": len(src_chunks), "fingerprint": fp, "folder": folder,
                                   **({CHECKSUMS: checksums} if checksums else {})}
        params = {
            "schema": INDEX_SCHEMA,
            "embed_model": wanted.model_name,
            "embed_backend": wanted.embed_backend,
            "dim": dim,
            "bm25": BM25_SETTINGS,
            "vector_store": wanted.vector_store,
            "packages": package_versions(),
            "sources": source_params,
        }
        if built:
            pending = sorted(_named_folders(manifest) | {tmp.name[len(TMP_PREFIX):] for tmp in built})
            atomic_write_text(index_dir / "params.json",
                              json.dumps({**manifest, "pending": pending}, indent=2, sort_keys=True) + "\n")
            for tmp in built:
                final = index_dir / tmp.name[len(TMP_PREFIX):]
                os.rename(tmp, final)
                created.append(final)
        if params != {k: old.get(k) for k in params} or "pending" in manifest:
            params["updated"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
            atomic_write_text(index_dir / "params.json", json.dumps(params, indent=2, sort_keys=True) + "\n")
    except BaseException:
        for folder in [*built, *created]:
            shutil.rmtree(folder, ignore_errors=True)
        raise
    keep = {p["folder"] for p in source_params.values()}
    _remove_unlisted(index_dir, _named_folders(manifest) - keep)
    return sources, IndexReport(embedded=embedded, rebuilt=rebuilt, reused=reused, params=params)


def _build_source(index_dir: Path, name: str, chunks: list[Chunk], vectors: np.ndarray,
                  stemmer: Any, backend: VectorBackend) -> tuple[Path, SourceIndex, dict[str, str]]:
    """Build one source in a fresh temporary folder (``.tmp-<source>.<suffix>``, renamed by the
    caller to ``<source>.<suffix>``); returns it, the loaded source and the checksums of its files."""
    import bm25s

    tmp = Path(tempfile.mkdtemp(dir=index_dir, prefix=f"{TMP_PREFIX}{name}."))
    try:
        store = backend.build(tmp, name, chunks, vectors)
        bm25 = bm25s.BM25(k1=BM25_SETTINGS["k1"], b=BM25_SETTINGS["b"], method=BM25_SETTINGS["method"])
        bm25.index(tokenize([indexed_text(c) for c in chunks], stemmer), show_progress=False)
        bm25.save(str(tmp / "bm25"))
        (tmp / "ids.json").write_text(json.dumps([c.id for c in chunks]), encoding="utf-8")
        checksums = folder_checksums(tmp)
        os.chmod(tmp, 0o755)  # mkdtemp makes 0700; an index may be shared
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return tmp, SourceIndex(name, chunks, store, bm25, backend.row_map(chunks)), checksums


def _load_source(folder: Path, name: str, chunks: list[Chunk], backend: VectorBackend, *,
                 checksums: Any = None, quiet: bool = False) -> SourceIndex | None:
    """The source in ``folder``, or None when a file is missing or unreadable (it is then rebuilt).
    A file that loads but does not match ``checksums`` raises ``IndexCorrupt``."""
    import bm25s

    try:
        ids = json.loads((folder / "ids.json").read_text(encoding="utf-8"))
        if ids != [c.id for c in chunks]:
            return None
        store = backend.load(folder, name, chunks)
        bm25 = bm25s.BM25.load(str(folder / "bm25"))
        if store is not None and isinstance(checksums, dict) and checksums:
            verify_checksums(folder, checksums, folder.parent / "params.json")
    except (OSError, ValueError, RuntimeError, EOFError) as exc:
        if not quiet:
            log.warning("index of source %s is unreadable (%s): rebuilding it", name, exc)
        return None
    if store is None:
        return None
    return SourceIndex(name, chunks, store, bm25, backend.row_map(chunks))


