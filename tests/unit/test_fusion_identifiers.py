"""BM25 sees the words inside snake_case and camelCase identifiers as well as the identifier."""

from __future__ import annotations

import pytest

from src.config import Settings
from src.embeddings import HashingEmbedding
from src.fusion.engine import SearchEngine
from src.fusion.index_text import expand_identifiers
from src.fusion.options import FusionConfig, FusionMode
from src.pipelines.chunks_io import write_chunks
from src.types import Chunk


@pytest.mark.parametrize(("text", "expected"), [
    ("batch_size default", "batch_size batch size default"),
    ("early_stopping.patience: 5", "early_stopping early stopping.patience: 5"),
    ("set max__retries", "set max__retries max retries"),
    ("maxRetries and RetryAfter", "maxRetries max Retries and RetryAfter Retry After"),
    ("HTTP 429, GREAT_SUCCESS?", "HTTP 429, GREAT_SUCCESS GREAT SUCCESS?"),
    # Not identifiers: plain words, upper-case acronyms, hyphens (bm25s splits those itself),
    # a leading dunder and a one-letter camel head.
    ("Retry-After is plain prose", "Retry-After is plain prose"),
    ("__init__ and iPhone", "__init__ and iPhone"),
])
def test_expand_identifiers(text: str, expected: str) -> None:
    assert expand_identifiers(text) == expected


def chunk(key: str, text: str) -> Chunk:
    return Chunk(id=f"c/docs/{key}#c0", source="docs", kind="document", text=text, metadata={"title": key})


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> SearchEngine:
    folder = tmp_path_factory.mktemp("identifiers")
    write_chunks([
        chunk("tuning", "The default batch_size is 32 for training jobs."),
        chunk("client", "Set maxRetries on the client to bound the attempts."),
        chunk("quotas", "Storage quota is 5 TB per project."),
    ], folder / "chunks.jsonl")
    return SearchEngine.open(folder / "chunks.jsonl", Settings(), embed_model=HashingEmbedding(64))


BM25_ONLY = FusionConfig(mode=FusionMode.RRF, use_dense=False)


@pytest.mark.parametrize(("query", "expected"), [
    ("what batch size should I use", ["c/docs/tuning#c0"]),  # the words find the identifier
    ("batch_size", ["c/docs/tuning#c0"]),  # and the identifier still finds itself
    ("how many max retries", ["c/docs/client#c0"]),
    ("maxRetries", ["c/docs/client#c0"]),
    ("retries", ["c/docs/client#c0"]),
])
def test_bm25_matches_identifier_parts(engine: SearchEngine, query: str, expected: list[str]) -> None:
    assert [s.id for s in engine.search(query, BM25_ONLY).results] == expected
