"""Per-query retrieval options and the result record every front end consumes."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from enum import Enum

from ..errors import InvalidOption, UsageError
from ..types import ScoredChunk, enum_from_str

log = logging.getLogger(__name__)
MAX_QUERY_CHARS = 2000
MAX_QUERIES = 10


def clean_query(query: str) -> str:
    """The query with its whitespace collapsed; ``UsageError`` when nothing is left.

    Here, not in the engine, so that a command can refuse an empty query before it imports
    the retrieval stack or loads a model (seconds either way).
    """
    q = " ".join((query or "").split())
    if not q:
        raise UsageError("the query is empty: pass a question with --q \"...\"")
    if len(q) > MAX_QUERY_CHARS:
        log.warning("query is %d characters; using its first %d", len(q), MAX_QUERY_CHARS)
        q = q[:MAX_QUERY_CHARS]
    return q


class FusionMode(str, Enum):
    """How per-retriever rankings are merged (LlamaIndex ``FUSION_MODES``)."""

    RRF = "rrf"  # reciprocal rank: sum of 1 / (60 + rank)
    RELATIVE = "relative"  # min-max normalised scores, summed
    DIST = "dist"  # scores normalised by mean +/- 3 std, summed

    @classmethod
    def from_str(cls, value: str) -> FusionMode:
        return enum_from_str(cls, value, "fusion mode")


@dataclass(frozen=True)
class FusionConfig:
    """Everything one query may vary. Defaults are the measured best offline stack."""

    mode: FusionMode = FusionMode.DIST  # best measured: SciFact nDCG@10 0.731 vs rrf 0.720 (BENCHMARKS.md)
    rrf_k: float = 10.0  # 1 / (rrf_k + rank), rank from 0; 10 measured better than the customary 60 (BENCHMARKS.md)
    per_source_topk: int = 30
    k: int = 10
    num_queries: int = 1  # >1: rewrite the query into N variants (LLM, else offline PRF)
    rerank: bool = False
    rerank_topn: int = 12
    use_dense: bool = True
    use_bm25: bool = True
    use_weights: bool = True  # source authority weights
    use_priors: bool = True  # accepted answer, upvotes, status, recency, version match

    def validate(self) -> None:
        if self.k < 1:
            raise InvalidOption("k", "must be at least 1")
        if self.per_source_topk < 1:
            raise InvalidOption("per_source_topk", "must be at least 1")
        if self.rerank_topn < 1:
            raise InvalidOption("rerank_topn", "must be at least 1")
        if not 1 <= self.num_queries <= MAX_QUERIES:
            raise InvalidOption("num_queries", f"must be between 1 and {MAX_QUERIES}")
        if self.rrf_k <= 0:
            raise InvalidOption("rrf_k", "must be greater than 0")
        if not (self.use_dense or self.use_bm25):
            raise ValueError("at least one of dense and BM25 retrieval must be on")


@dataclass(frozen=True)
class SearchResult:
    query: str
    config: FusionConfig
    results: list[ScoredChunk]
    variants: list[str] = field(default_factory=list)  # the query variants actually used
    reranker: str | None = None  # name or path of the reranker that ran
    timings_ms: dict[str, float] = field(default_factory=dict)
    pool: list[ScoredChunk] = field(default_factory=list, repr=False)  # every fused candidate, best first
