"""LlamaIndex retrievers over the per-source stores, and a fusion retriever that dedups by id.

Each source contributes a dense retriever (its vector store) and a BM25 retriever; all of
them feed one ``QueryFusionRetriever``. Nodes are built only for the hits a retriever
returns, and every retriever returns fresh nodes, so fusion never sees shared objects.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from llama_index.core.llms import MockLLM
from llama_index.core.retrievers import BaseRetriever, QueryFusionRetriever
from llama_index.core.retrievers.fusion_retriever import FUSION_MODES
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode
from llama_index.core.vector_stores.types import VectorStoreQuery
from llama_index.retrievers.bm25 import BM25Retriever

from ..types import Chunk
from .fuse import RRF_K, fuse
from .index_text import tokenize
from .options import FusionMode
from .store import SourceIndex

LI_MODES = {
    FusionMode.RRF: FUSION_MODES.RECIPROCAL_RANK,
    FusionMode.RELATIVE: FUSION_MODES.RELATIVE_SCORE,
    FusionMode.DIST: FUSION_MODES.DIST_BASED_SCORE,
}


def to_node(chunk: Chunk, score: float, retriever: str) -> NodeWithScore:
    node = TextNode(id_=chunk.id, text=chunk.text,
                    metadata={"source": chunk.source, "retriever": retriever})
    return NodeWithScore(node=node, score=score)


class DenseSourceRetriever(BaseRetriever):
    """Top-k by inner product from one source's vector store."""

    def __init__(self, source: SourceIndex, embed_query: Callable[[str], np.ndarray], top_k: int) -> None:
        super().__init__()
        self._source = source
        self._embed_query = embed_query
        self._top_k = top_k
        self.name = f"dense:{source.name}"

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        qvec = self._embed_query(query_bundle.query_str)
        k = min(self._top_k, len(self._source.chunks))
        result = self._source.vector_store.query(
            VectorStoreQuery(query_embedding=qvec.tolist(), similarity_top_k=k))
        out = []
        for rid, sim in zip(result.ids or [], result.similarities or []):
            out.append(to_node(self._source.chunks[self._source.row_of(rid)], float(sim), self.name))
        return out


class SourceBM25Retriever(BM25Retriever):
    """llama-index's BM25Retriever over a prebuilt bm25s index of one source.

    Differs from the parent in two ways: the query is tokenised with the same stop words
    and stemmer as the index, and hits scoring 0 (no shared term) are not candidates.
    """

    def __init__(self, source: SourceIndex, stemmer: Any, top_k: int) -> None:
        self._source = source
        self.name = f"bm25:{source.name}"
        super().__init__(existing_bm25=source.bm25, stemmer=stemmer,
                         similarity_top_k=min(top_k, len(source.chunks)))

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        tokens = tokenize([query_bundle.query_str], self.stemmer)
        if not tokens.ids or not tokens.ids[0]:
            return []
        k = min(self.similarity_top_k, len(self._source.chunks))
        idx, scores = self.bm25.retrieve(tokens, k=k, show_progress=False, n_threads=1)
        return [to_node(self._source.chunks[int(i)], float(s), self.name)
                for i, s in zip(idx[0], scores[0]) if s > 0]


class MergedRetriever(BaseRetriever):
    """One ranked list from several per-source retrievers of one kind, so fusion sees one
    dense and one BM25 ranking instead of crediting every source's first hit equally.

    Dense scores are comparable across sources (one embedder); BM25 scores only roughly,
    since each source has its own term statistics."""

    def __init__(self, retrievers: list[BaseRetriever], name: str) -> None:
        super().__init__()
        self._parts = retrievers
        self.name = name

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        hits = [h for r in self._parts for h in r.retrieve(query_bundle)]
        return sorted(hits, key=lambda h: (-(h.score or 0.0), h.node.node_id))


@dataclass(frozen=True)
class FusedRun:
    """What one fused retrieval found: the fused hits (fresh objects, best first), the query
    variants used (the original first) and each chunk's 1-based rank per retriever for the
    original query (``{chunk id: {retriever name: rank}}``)."""

    nodes: list[NodeWithScore]
    variants: list[str]
    per_retriever: dict[str, dict[str, int]]


class IdFusionRetriever(QueryFusionRetriever):
    """``QueryFusionRetriever`` that deduplicates by node id and never mutates its inputs.

    The parent keys fusion by ``node.hash`` (text + metadata) and overwrites scores on the
    retrievers' nodes; here the retrievers' hits become ``(id, score)`` rankings for the pure
    functions of ``src/fusion/fuse.py`` and every fused hit is a new object. Query variants come
    from ``rewrite`` (an LLM or the offline rewriter), never from a global LLM. Nothing is kept
    between calls: ``run`` returns what a call found.
    """

    def __init__(self, retrievers: list[BaseRetriever], mode: FusionMode, top_k: int,
                 rewrite: Callable[[str, int], list[str]] | None = None, num_queries: int = 1,
                 rrf_k: float = RRF_K) -> None:
        super().__init__(retrievers, llm=MockLLM(), mode=LI_MODES[mode], similarity_top_k=top_k,
                         num_queries=num_queries, use_async=False)
        self._fusion_mode = mode
        self._rrf_k = rrf_k
        self._rewrite = rewrite

    def _get_queries(self, original_query: str) -> list[QueryBundle]:
        if self._rewrite is None or self.num_queries <= 1:
            return []
        return [QueryBundle(q) for q in self._rewrite(original_query, self.num_queries - 1)]

    def run(self, query_bundle: QueryBundle) -> FusedRun:
        """Retrieve for the query and its variants, fuse, and report the variants and ranks."""
        variants = [query_bundle.query_str] + [q.query_str for q in self._get_queries(query_bundle.query_str)]
        results: dict[tuple[str, int], list[NodeWithScore]] = {}
        for q in variants:
            for i, retriever in enumerate(self._retrievers):
                results[(q, i)] = retriever.retrieve(QueryBundle(q))
        per_retriever: dict[str, dict[str, int]] = {}
        for i, retriever in enumerate(self._retrievers):
            name = getattr(retriever, "name", str(i))
            for rank, h in enumerate(results[(variants[0], i)], 1):
                per_retriever.setdefault(h.node.node_id, {})[name] = rank
        nodes: dict[str, Any] = {}
        for hits in results.values():
            for h in hits:
                nodes.setdefault(h.node.node_id, h.node)
        fused = fuse([[(h.node.node_id, h.score or 0.0) for h in hits] for hits in results.values()],
                     self._fusion_mode, rrf_k=self._rrf_k, weights=[self._retriever_weights[i] for _, i in results],
                     n_queries=len({q for q, _ in results}))
        top = [NodeWithScore(node=nodes[nid], score=score) for nid, score in fused[: self.similarity_top_k]]
        return FusedRun(top, variants, per_retriever)

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        return self.run(query_bundle).nodes
