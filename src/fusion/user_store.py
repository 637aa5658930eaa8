"""A vector store the caller supplies: ``factory(source name)`` gives one LlamaIndex
``BasePydanticVectorStore`` per source, used behind the ``VectorBackend`` interface of
``vector_stores.py`` in place of the FAISS or Qdrant stores Crosscheck builds itself.

- What goes in: each chunk's vector (from the index's embedding cache) under a UUID derived
  from its chunk id (``point_id``: Qdrant accepts no other ids), the chunk id in the node's
  metadata, no text (the chunks file keeps it). BM25, ``ids.json`` and ``params.json`` stay
  in the index folder as for FAISS; ``params.json`` records the store as ``llamaindex:<name>``.
- Crosscheck owns the store's content: a build calls ``clear()`` first, so a source's store
  must not be shared with anything else (nor with another source: that is refused).
- The store must answer ``query`` with the ids it was given and with similarities that grow
  with the inner product (cosine on unit vectors); a build checks the ids by querying one
  vector. ``FaissVectorStore`` answers with row numbers, so it cannot be plugged in this way:
  it is the default backend already.
- Reuse: a source's store is reused only when ``get_nodes`` by id returns every chunk of it.
  A store that cannot say (``SimpleVectorStore`` raises NotImplementedError) is refilled from
  the embedding cache each time the index is opened: nothing is embedded again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import UsageError
from ..types import Chunk
from .vector_stores import point_id

log = logging.getLogger(__name__)


class StoreFactoryBackend:
    """``factory(source) -> BasePydanticVectorStore`` as a ``VectorBackend``; ``name`` (default:
    the factory's) is what ``params.json`` records, so renaming it rebuilds the index."""

    def __init__(self, factory: Callable[[str], Any], name: str | None = None) -> None:
        self.factory = factory
        self.name = name or getattr(factory, "__name__", None) or type(factory).__name__
        self._stores: dict[str, Any] = {}  # source -> the store the factory gave for it

    def describe(self) -> str:
        return f"llamaindex:{self.name}"

    def _store(self, source: str) -> Any:
        store = self.factory(source)
        for other, seen in self._stores.items():
            if seen is store and other != source:
                raise UsageError(f"the vector_store factory gave one store for sources {other!r} and {source!r}: "
                                 "each source needs a store of its own (e.g. a collection per source)")
        if not callable(getattr(store, "query", None)) or not callable(getattr(store, "add", None)):
            raise UsageError(f"the vector_store factory gave {type(store).__name__} for source {source!r}, "
                             "not a LlamaIndex vector store")
        self._stores[source] = store
        return store

    def build(self, folder: Path, source: str, chunks: Sequence[Chunk], vectors: np.ndarray) -> Any:
        from llama_index.core.schema import TextNode
        from llama_index.core.vector_stores.types import VectorStoreQuery

        store = self._store(source)
        try:
            store.clear()
        except NotImplementedError:
            raise UsageError(f"{type(store).__name__} cannot be cleared (no clear()): Crosscheck rebuilds a "
                             "source's store from scratch; use a store that implements clear()") from None
        store.add([TextNode(id_=point_id(c.id), text="", embedding=v.tolist(), metadata={"chunk_id": c.id})
                   for c, v in zip(chunks, vectors, strict=True)])
        if len(chunks):
            found = store.query(VectorStoreQuery(query_embedding=vectors[0].tolist(), similarity_top_k=1))
            ids = list(found.ids or [])
            if not ids or ids[0] not in self.row_map(chunks):
                raise UsageError(f"{type(store).__name__} answered a query with ids {ids[:1]!r}, not the ids it was "
                                 "given: Crosscheck maps them back to chunks; FaissVectorStore is the default "
                                 "backend already (leave vector_store out)")
        return store

    def load(self, folder: Path, source: str, chunks: Sequence[Chunk]) -> Any | None:
        store = self._store(source)
        try:
            held = store.get_nodes(node_ids=[point_id(c.id) for c in chunks])
        except NotImplementedError:
            return None  # cannot tell what it holds: refilled from the embedding cache
        except Exception as exc:  # noqa: BLE001 - a store that cannot be read (a missing collection) is refilled
            log.info("vector store of source %s is not readable (%s): refilling it", source, exc)
            return None
        return store if len({n.node_id for n in held}) == len(chunks) else None

    def row_map(self, chunks: Sequence[Chunk]) -> dict[str, int] | None:
        return {point_id(c.id): i for i, c in enumerate(chunks)}
