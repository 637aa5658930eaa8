"""The search engine: per-source hybrid retrieval -> fusion -> priors -> optional rerank.

``SearchEngine.open`` brings the persisted index up to date (embedding only new or changed
chunks) and loads it; ``search`` answers one query with every score factor recorded.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
from llama_index.core.schema import QueryBundle

from ..config import UNKNOWN_SOURCE, Settings
from ..embeddings import small_batch_threads
from ..errors import UsageError
from ..text import make_stemmer
from ..types import LLM, Chunk, Embedder, IndexReport, ScoredChunk
from .index_dir import CACHE_DIR, check_index_dir
from .options import FusionConfig, SearchResult, clean_query  # clean_query: also imported from here
from .priors import newest_date, prior_factors, product, query_versions
from .retrievers import (
    DenseSourceRetriever,
    IdFusionRetriever,
    MergedRetriever,
    SourceBM25Retriever,
)
from .rewrite import llm_rewriter, prf_rewriter
from .store import SourceIndex, build_or_load
from .vector_stores import VectorBackend, make_backend

log = logging.getLogger(__name__)


def default_index_dir(chunks_path: Path) -> Path:
    return chunks_path.parent / "index"


class SearchEngine:
    def __init__(self, chunks: Sequence[Chunk], sources: dict[str, SourceIndex], embed_model: Embedder,
                 settings: Settings, *, llm: LLM | None = None,
                 reranker_loader: Callable[[], Any] | None = None, index_dir: Path | None = None) -> None:
        self.chunks = list(chunks)
        self.index_dir = index_dir
        self.sources = sources
        self.embed_model = embed_model
        self.settings = settings
        self.llm = llm
        self._reranker_loader = reranker_loader
        self._reranker: Any = None
        self._rewriter: Callable[[str, int], list[str]] | None = None
        self._offline_rewriter: Callable[[str, int], list[str]] | None = None
        self._stemmer = make_stemmer()
        self._qcache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._reference_date = newest_date(self.chunks)
        self.by_id = {c.id: c for c in self.chunks}
        self.index_report: IndexReport | None = None  # set by from_chunks

    @classmethod
    def open(cls, chunks_path: Path, settings: Settings, *, index_dir: Path | None = None,
             embed_model: Any = None, llm: Any = None, progress: Callable[[int, int], None] | None = None,
             reranker_loader: Callable[[], Any] | None = None, rebuild: bool = False,
             backend: VectorBackend | None = None) -> SearchEngine:
        from ..pipelines.chunks_io import read_chunks

        chunks = read_chunks(chunks_path)
        if not chunks:
            raise UsageError(f"{chunks_path} holds no chunks: ingest a corpus with text first")
        return cls.from_chunks(chunks, settings, index_dir=index_dir or default_index_dir(chunks_path),
                               embed_model=embed_model, llm=llm, progress=progress, reranker_loader=reranker_loader,
                               rebuild=rebuild, backend=backend)

    @classmethod
    def from_chunks(cls, chunks: Sequence[Chunk], settings: Settings, *, index_dir: Path, embed_model: Any = None,
                    llm: Any = None, progress: Callable[[int, int], None] | None = None,
                    reranker_loader: Callable[[], Any] | None = None, rebuild: bool = False,
                    backend: VectorBackend | None = None) -> SearchEngine:
        """Build or update the index of ``chunks`` in ``index_dir`` (every source with ``rebuild``) and load it;
        ``backend`` replaces the configured vector store (``user_store.StoreFactoryBackend``: the caller's)."""
        check_index_dir(index_dir)
        if embed_model is None:
            from ..embeddings import embed_model_from

            embed_model = embed_model_from(settings.models)
        backend = backend or make_backend(settings.models.vector_store, index_dir, settings.models.qdrant_url)
        sources, report = build_or_load(chunks, index_dir, embed_model, progress=progress, backend=backend,
                                        config=settings.index, rebuild=rebuild)
        engine = cls(chunks, sources, embed_model, settings, llm=llm, reranker_loader=reranker_loader,
                     index_dir=index_dir)
        engine.index_report = report
        return engine

    # -- pieces -------------------------------------------------------------------------
    def embed_query(self, query: str) -> np.ndarray:
        vec = self._qcache.get(query)
        if vec is None:
            with small_batch_threads(1):
                vec = np.asarray(self.embed_model.get_query_embedding(query), dtype=np.float32)
            vec /= max(float(np.linalg.norm(vec)), 1e-12)
            self._qcache[query] = vec
            if len(self._qcache) > 512:
                self._qcache.popitem(last=False)
        return vec

    def clear_query_cache(self) -> None:
        """Forget cached query embeddings (evaluation times each configuration cold)."""
        self._qcache.clear()

    def authority(self, source: str) -> float:
        return (self.settings.source(source) or UNKNOWN_SOURCE).weight

    def _retrievers(self, config: FusionConfig) -> list[Any]:
        names = sorted(self.sources)
        out: list[Any] = []
        if config.use_dense:
            out.append(MergedRetriever([DenseSourceRetriever(self.sources[n], self.embed_query, config.per_source_topk)
                                        for n in names], "dense"))
        if config.use_bm25:
            out.append(MergedRetriever([SourceBM25Retriever(self.sources[n], self._stemmer, config.per_source_topk)
                                        for n in names], "bm25"))
        return out

    def _bm25_first_pass(self, query: str, k: int) -> list[Chunk]:
        hits = []
        for name in sorted(self.sources):
            hits.extend(SourceBM25Retriever(self.sources[name], self._stemmer, k).retrieve(QueryBundle(query)))
        hits.sort(key=lambda h: (-(h.score or 0.0), h.node.node_id))
        return [self.by_id[h.node.node_id] for h in hits[:k]]

    def offline_rewriter(self) -> Callable[[str, int], list[str]]:
        """Built once: its document frequencies cost a pass over the corpus."""
        if self._offline_rewriter is None:
            self._offline_rewriter = prf_rewriter(self._bm25_first_pass, self.chunks)
        return self._offline_rewriter

    def rewriter(self) -> Callable[[str, int], list[str]]:
        """The LLM's rewriter when the engine has one, falling back to the offline one."""
        if self._rewriter is None:
            offline = self.offline_rewriter()
            self._rewriter = llm_rewriter(self.llm, offline) if self.llm is not None else offline
        return self._rewriter

    @property
    def reranker(self) -> Any:
        if self._reranker is None:
            if self._reranker_loader is None:
                from .rerank import load_reranker

                cache_root = self.index_dir / CACHE_DIR if self.index_dir is not None else None
                self._reranker = load_reranker(self.settings.models.reranker, cache_root)
                prune = getattr(self._reranker, "prune", None)
                if callable(prune):
                    prune(self.chunks)
            else:
                self._reranker = self._reranker_loader()
        return self._reranker

    # -- the query ----------------------------------------------------------------------
    def search(self, query: str, config: FusionConfig | None = None, *,
               rewrite: Callable[[str, int], list[str]] | None = None) -> SearchResult:
        """``rewrite`` replaces the engine's rewriter for this query (a server passes variants
        it fetched from the LLM outside its lock, or the offline rewriter)."""
        config = config or FusionConfig()
        config.validate()
        query = clean_query(query)
        timings: dict[str, float] = {}
        if config.rerank and self._reranker is None:
            t = time.perf_counter()
            _ = self.reranker  # a one-off model load is not part of the query's rerank time
            timings["load_reranker"] = (time.perf_counter() - t) * 1000
        t0 = time.perf_counter()
        pool = max(config.k, config.rerank_topn if config.rerank else 0)
        fusion = IdFusionRetriever(self._retrievers(config), config.mode, top_k=max(pool * 3, 50),
                                   rewrite=(rewrite or self.rewriter()) if config.num_queries > 1 else None,
                                   num_queries=config.num_queries, rrf_k=config.rrf_k)
        run = fusion.run(QueryBundle(query))
        versions = query_versions(query)
        scored = []
        for hit in run.nodes:
            chunk = self.by_id[hit.node.node_id]
            factors = prior_factors(chunk, authority=self.authority(chunk.source), versions=versions,
                                    reference=self._reference_date, use_weights=config.use_weights,
                                    use_priors=config.use_priors)
            prior = product(factors)
            ranks = run.per_retriever.get(chunk.id, {})
            explain = {"retrievers": ", ".join(f"{k}#{v}" for k, v in sorted(ranks.items())) or "variant only",
                       "factors": " x ".join(f"{k} {v:.3f}" for k, v in factors.items()) or "none"}
            scored.append(ScoredChunk(chunk, hit.score * prior,
                                      {"fusion": float(hit.score), "prior": prior, **factors}, explain))
        scored.sort(key=lambda s: (-s.score, s.id))
        t1 = time.perf_counter()
        reranker_name = None
        if config.rerank and scored:
            scored, reranker_name = self._rerank(query, scored, config.rerank_topn)
        t2 = time.perf_counter()
        return SearchResult(
            query=query, config=config, results=scored[: config.k], variants=run.variants, pool=scored,
            reranker=reranker_name,
            timings_ms={**timings, "retrieve": (t1 - t0) * 1000, "rerank": (t2 - t1) * 1000,
                        "total": (t2 - t0) * 1000},
        )

    def _rerank(self, query: str, scored: list[ScoredChunk], topn: int) -> tuple[list[ScoredChunk], str]:
        reranker = self.reranker
        head, tail = scored[:topn], scored[topn:]
        new = reranker.scores(query, head)
        # Authority and priors still apply after reranking: the reranker judges relevance only.
        ranked = [replace(s, score=r * s.scores.get("prior", 1.0), scores={**s.scores, "rerank": float(r)})
                  for s, r in zip(head, new)]
        ranked.sort(key=lambda s: (-s.score, s.id))
        floor = min((s.score for s in ranked), default=0.0)
        # Keep the tail below the reranked head, in its own order.
        tail = [replace(s, score=min(s.score, floor) - 1e-9 * (i + 1)) for i, s in enumerate(tail)]
        return ranked + tail, reranker.name
