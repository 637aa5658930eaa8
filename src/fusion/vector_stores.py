"""Vector-store backends behind LlamaIndex's vector-store interface.

Each backend builds and reloads one store per source and maps the ids a store returns
back to row numbers of that source's chunks. Queries go through the LlamaIndex
``BasePydanticVectorStore.query`` API either way, so a retriever does not care which.

- ``faiss`` (default): an exact ``IndexFlatIP`` per source, persisted as
  ``<source>/faiss.index`` in the index folder; reloads in milliseconds.
- ``qdrant``: a collection per source, on a Qdrant server (``--qdrant-url``) or in
  Qdrant's local mode (a folder ``.qdrant/`` inside the index folder) when no URL is given.
"""

from __future__ import annotations

import hashlib
import logging
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from ..errors import UsageError
from ..types import Chunk

log = logging.getLogger(__name__)
BACKENDS = ("faiss", "qdrant")


class VectorBackend(Protocol):
    def describe(self) -> str: ...
    def build(self, folder: Path, source: str, chunks: Sequence[Chunk], vectors: np.ndarray) -> Any: ...
    def load(self, folder: Path, source: str, chunks: Sequence[Chunk]) -> Any | None: ...
    def row_map(self, chunks: Sequence[Chunk]) -> dict[str, int] | None: ...


class FaissBackend:
    """Exact inner product on unit vectors (cosine), one flat index per source."""

    def describe(self) -> str:
        return "faiss.IndexFlatIP"

    def build(self, folder: Path, source: str, chunks: Sequence[Chunk], vectors: np.ndarray) -> Any:
        import faiss
        from llama_index.vector_stores.faiss import FaissVectorStore

        index = faiss.IndexFlatIP(vectors.shape[1])
        index.add(np.ascontiguousarray(vectors, dtype=np.float32))
        store = FaissVectorStore(faiss_index=index)
        store.persist(persist_path=str(folder / "faiss.index"))
        return store

    def load(self, folder: Path, source: str, chunks: Sequence[Chunk]) -> Any | None:
        from llama_index.vector_stores.faiss import FaissVectorStore

        store = FaissVectorStore.from_persist_path(str(folder / "faiss.index"))
        return store if store.client.ntotal == len(chunks) else None

    def row_map(self, chunks: Sequence[Chunk]) -> dict[str, int] | None:
        return None  # FAISS returns row numbers as ids


_NAMESPACE = uuid.UUID("6f1c7c8e-5b0a-4b5e-9a57-3c2b8f0e2d11")


def point_id(chunk_id: str) -> str:
    """Qdrant wants UUID point ids: a stable one derived from the chunk id."""
    return str(uuid.uuid5(_NAMESPACE, chunk_id))


class QdrantBackend:
    """One Qdrant collection per source, named after the index folder and the source."""

    def __init__(self, index_dir: Path, url: str | None = None) -> None:
        self.url = url
        self.path = index_dir / ".qdrant"
        self.prefix = "crosscheck-" + hashlib.sha1(str(index_dir.resolve()).encode()).hexdigest()[:8] + "-"
        self._client: Any = None

    def describe(self) -> str:
        return f"qdrant:{self.url}" if self.url else "qdrant:local"

    @property
    def client(self) -> Any:
        if self._client is None:
            try:
                from qdrant_client import QdrantClient
            except ImportError:
                raise UsageError("--vector-store qdrant needs qdrant-client: "
                                 "pip install qdrant-client llama-index-vector-stores-qdrant") from None
            if self.url:
                self._client = QdrantClient(url=self.url, timeout=30)
            else:
                self.path.mkdir(parents=True, exist_ok=True)
                self._client = QdrantClient(path=str(self.path))
        return self._client

    def _store(self, source: str) -> Any:
        from llama_index.vector_stores.qdrant import QdrantVectorStore

        return QdrantVectorStore(collection_name=self.prefix + source, client=self.client, index_doc_id=False)

    def build(self, folder: Path, source: str, chunks: Sequence[Chunk], vectors: np.ndarray) -> Any:
        from llama_index.core.schema import TextNode

        name = self.prefix + source
        if self.client.collection_exists(name):
            self.client.delete_collection(name)
        store = self._store(source)
        # Text stays in the chunks file: the store keeps vectors and the chunk id.
        nodes = [TextNode(id_=point_id(c.id), text="", embedding=v.tolist(), metadata={"chunk_id": c.id})
                 for c, v in zip(chunks, vectors)]
        store.add(nodes)
        return store

    def load(self, folder: Path, source: str, chunks: Sequence[Chunk]) -> Any | None:
        name = self.prefix + source
        if not self.client.collection_exists(name) or self.client.count(name).count != len(chunks):
            return None
        return self._store(source)

    def row_map(self, chunks: Sequence[Chunk]) -> dict[str, int] | None:
        return {point_id(c.id): i for i, c in enumerate(chunks)}


def make_backend(name: str, index_dir: Path, url: str | None = None) -> VectorBackend:
    key = (name or "faiss").strip().lower()
    if key == "faiss":
        return FaissBackend()
    if key == "qdrant":
        return QdrantBackend(index_dir, url)
    raise UsageError(f"unknown vector store {name!r}; valid: {', '.join(BACKENDS)}")
