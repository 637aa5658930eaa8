"""Claim graph ("GraphRAG"): claims from evidence chunks, clustered keys, contradictions.

    from src.graph import build_claim_graph, audit_corpus, extract_claims, LLMClaimExtractor
"""

from .analysis import ClaimNode, KeyResult
from .build import audit_corpus, build_claim_graph
from .claims import Claim
from .extract import extract_claims
from .keys import KEY_THRESHOLD, cluster_keys, measure_threshold
from .model import ClaimGraph
from .values import normalize, parse_value
from .weights import evidence_weight

__all__ = [
    "Claim", "ClaimGraph", "ClaimNode", "KeyResult", "KEY_THRESHOLD", "LLMClaimExtractor",
    "audit_corpus", "build_claim_graph", "cluster_keys", "evidence_weight", "extract_claims",
    "measure_threshold", "normalize", "parse_value",
]


def __getattr__(name: str):
    if name == "LLMClaimExtractor":
        from .llm_extract import LLMClaimExtractor

        return LLMClaimExtractor
    raise AttributeError(name)
