"""The vector store is pluggable: Qdrant (local mode) answers exactly as FAISS does."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from src.config import Settings
from src.embeddings import HashingEmbedding
from src.errors import UsageError
from src.fusion.engine import SearchEngine
from src.fusion.options import FusionConfig
from src.fusion.retrievers import DenseSourceRetriever
from src.fusion.vector_stores import FaissBackend, QdrantBackend, make_backend, point_id
from src.pipelines.chunks_io import write_chunks
from tests.unit.fusion_corpus import load_corpus

pytest.importorskip("qdrant_client")
QUERIES = ["maximum payload size", "how long are events kept", "retry window for failed deliveries"]


def settings_for(store: str) -> Settings:
    base = Settings()
    return replace(base, models=replace(base.models, vector_store=store))


@pytest.fixture()
def chunks_path(tmp_path: Path) -> Path:
    chunks = load_corpus()
    path = tmp_path / "chunks.jsonl"
    write_chunks(chunks, path)
    return path


def test_qdrant_local_mode_ranks_exactly_like_faiss(chunks_path: Path, tmp_path: Path) -> None:
    dense = FusionConfig(use_bm25=False, k=8)
    faiss_engine = SearchEngine.open(chunks_path, settings_for("faiss"), embed_model=HashingEmbedding(256),
                                     index_dir=tmp_path / "faiss-index")
    qdrant_engine = SearchEngine.open(chunks_path, settings_for("qdrant"), embed_model=HashingEmbedding(256),
                                      index_dir=tmp_path / "qdrant-index")
    assert qdrant_engine.index_report.params["vector_store"] == "qdrant:local"
    for q in QUERIES:
        a = faiss_engine.search(q, dense).results
        b = qdrant_engine.search(q, dense).results
        assert [s.id for s in b] == [s.id for s in a]
        for name in sorted(faiss_engine.sources):
            fa = DenseSourceRetriever(faiss_engine.sources[name], faiss_engine.embed_query, 10).retrieve(q)
            qd = DenseSourceRetriever(qdrant_engine.sources[name], qdrant_engine.embed_query, 10).retrieve(q)
            # identical texts tie; compare the similarity each chunk gets, not the tie order
            assert {h.node.node_id: round(h.score, 5) for h in qd} == {h.node.node_id: round(h.score, 5) for h in fa}


def test_qdrant_index_is_reused_and_a_backend_switch_rebuilds(chunks_path: Path) -> None:
    first = SearchEngine.open(chunks_path, settings_for("qdrant"), embed_model=HashingEmbedding(256))
    del first  # Qdrant's local mode locks its folder to one client
    import gc

    gc.collect()
    again = SearchEngine.open(chunks_path, settings_for("qdrant"), embed_model=HashingEmbedding(256))
    assert again.index_report.rebuilt == [] and again.index_report.embedded == 0
    del again
    gc.collect()
    switched = SearchEngine.open(chunks_path, settings_for("faiss"), embed_model=HashingEmbedding(256))
    assert switched.index_report.rebuilt == ["blogs", "docs", "forums"]
    assert switched.index_report.embedded == 0  # the embedding cache survives a backend switch
    assert switched.index_report.params["vector_store"] == "faiss.IndexFlatIP"


def test_backends_by_name_and_stable_point_ids(tmp_path: Path) -> None:
    assert isinstance(make_backend("faiss", tmp_path), FaissBackend)
    assert isinstance(make_backend("Qdrant", tmp_path, "http://127.0.0.1:6333"), QdrantBackend)
    assert make_backend("qdrant", tmp_path, "http://127.0.0.1:6333").describe() == "qdrant:http://127.0.0.1:6333"
    with pytest.raises(UsageError, match="unknown vector store 'milvus'; valid: faiss, qdrant"):
        make_backend("milvus", tmp_path)
    # uuid5 in the project's namespace: the same id on every machine and run (computed once, by hand)
    assert point_id("data/docs/a.md#c0") == "1e2922c1-c369-537e-8241-a1dcdb71d484"
    assert point_id("data/docs/a.md#c1") == "602fe634-5609-5751-9d0d-a1d4b890d12c"
