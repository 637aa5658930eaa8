"""Request bodies: validated, bounded, unknown fields rejected (422 with a message)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ..errors import InvalidOption
from ..graph.counter import DEFAULT_LIMIT as COUNTER_LIMIT

MAX_QUERY_CHARS = 1000


def describe_errors(errors: Iterable[Mapping[str, Any]], *, names: Mapping[str, str] | None = None,
                    whole: str = "body") -> str:
    """Validation errors as one line, ``field: message; ...``, the HTTP API's 422 and the MCP
    tools' error alike: ``names`` renames fields (the MCP tool's ``query`` for ``q``), ``whole``
    names an error about the request as a whole."""
    names = names or {}
    parts = []
    for e in errors:
        where = ".".join(names.get(str(p), str(p)) for p in e.get("loc", ()) if p != "body") or whole
        parts.append(f"{where}: {e.get('msg', 'invalid')}")
    return "; ".join(parts)


def value_error_message(exc: ValueError) -> str:
    """A value src/ refused, as the 422 and the tool error word it: ``k: must be at least 1``
    for an option out of bounds (``InvalidOption``), else the error's own words."""
    return f"{exc.name}: {exc.reason}" if isinstance(exc, InvalidOption) else str(exc)


class QueryRequest(BaseModel):
    """The ``fusion`` command's options."""

    model_config = ConfigDict(extra="forbid")

    q: str = Field(..., min_length=1, max_length=MAX_QUERY_CHARS, description="The question.")
    k: int = Field(10, strict=True, ge=1, le=50, description="Results to return.")
    mode: Literal["rrf", "relative", "dist"] = "dist"
    per_source_topk: int = Field(30, strict=True, ge=1, le=200)
    num_queries: int = Field(1, strict=True, ge=1, le=5, description=">1 rewrites the query (LLM, else offline PRF).")
    rerank: bool = False
    rerank_topn: int = Field(12, strict=True, ge=1, le=50)
    graph: bool = True
    graph_topn: int = Field(12, strict=True, ge=1, le=50)
    counter_evidence: int = Field(COUNTER_LIMIT, strict=True, ge=0, le=50, description="Chunks the corpus audit may add to the graph.")
    weights: bool = True
    priors: bool = True

    @field_validator("q")
    @classmethod
    def _not_blank(cls, v: str) -> str:
        v = " ".join(v.split())
        if not v:
            raise ValueError("the question is empty")
        return v


class AskRequest(QueryRequest):
    k: int = Field(8, strict=True, ge=1, le=50, description="Evidence retrieved.")
    graph_topn: int = Field(8, strict=True, ge=1, le=50, description="Chunks the claim graph reads.")
