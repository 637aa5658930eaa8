"""Retrieval quality on the shared datasets (read in place) with the real packaged MiniLM.

Document-level metrics over the default ``FusionConfig(k=20)`` (see test_retrieval_hooklane.py
for the definitions). The lower bounds are the values measured when these tests were written:

| dataset   | queries | Hits@1      | Recall@5 |
|-----------|---------|-------------|----------|
| cloudsync | 12      | 9/12 = 0.75 | 0.9167   |
| astraml   | 5       | 4/5 = 0.8   | 0.6333   |
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from src.config import Settings
from src.fusion.engine import SearchEngine
from src.fusion.index_text import indexed_text
from src.fusion.options import FusionConfig
from src.pipelines.corpus import ingest_to

pytestmark = pytest.mark.integration

DATASETS = Path(__file__).parents[2].parent / "shared" / "datasets"
CONFIG = FusionConfig(k=20)

MEASURED = {
    # dataset: (queries, hits@1, recall@5 rounded down)
    "cloudsync": (12, 9 / 12, 0.9166),
    "astraml": (5, 4 / 5, 0.6333),
}
SOURCES = {"cloudsync": ["docs", "tickets"], "astraml": ["blogs", "docs", "forums"]}


def doc_id(chunk_id: str) -> str:
    return chunk_id.split("#", 1)[0]


def gold_rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.fixture(scope="module")
def embed_model():
    from src.embeddings import load_embed_model

    return load_embed_model()


@pytest.fixture(scope="module", params=sorted(MEASURED))
def dataset(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, embed_model):
    """(name, engine, gold path, chunks path): one index per dataset, shared by the module's tests."""
    name = request.param
    root = DATASETS / name
    gold = root / "eval" / "queries.jsonl"
    if not (root / "data").is_dir() or not gold.is_file():
        pytest.skip(f"dataset {name!r} not found at {root} (the shared evaluation datasets are not mounted)")
    chunks_path = tmp_path_factory.mktemp(name) / "chunks.jsonl"
    ingest_to(root / "data", chunks_path, Settings())
    engine = SearchEngine.open(chunks_path, Settings(), embed_model=embed_model)
    return name, engine, gold, chunks_path


def test_the_index_covers_every_source(dataset) -> None:
    name, engine, _, _ = dataset
    assert engine.index_report.rebuilt == SOURCES[name]
    assert sorted(engine.sources) == SOURCES[name]
    assert engine.index_report.embedded == len({indexed_text(c) for c in engine.chunks})


def test_every_gold_document_is_in_the_corpus(dataset) -> None:
    _, engine, gold, _ = dataset
    docs = {c.doc_id for c in engine.chunks}
    assert {doc_id(i) for row in gold_rows(gold) for i in row["relevant_ids"]} - docs == set()


def test_hits_at_1_and_recall_at_5_do_not_regress(dataset) -> None:
    name, engine, gold, _ = dataset
    hits, recalls, misses = [], [], []
    for row in gold_rows(gold):
        relevant = {doc_id(i) for i in row["relevant_ids"]}
        docs = list(dict.fromkeys(doc_id(s.id) for s in engine.search(row["q"], CONFIG).results))
        hits.append(1.0 if docs and docs[0] in relevant else 0.0)
        recalls.append(len(relevant & set(docs[:5])) / len(relevant))
        if not hits[-1]:
            misses.append((row["q"], docs[:1]))
    hits1, recall5 = sum(hits) / len(hits), sum(recalls) / len(recalls)
    print(f"\n{name}: {len(hits)} queries, hits@1 {hits1:.4f}, recall@5 {recall5:.4f}")
    queries, min_hits, min_recall = MEASURED[name]
    assert len(hits) == queries
    assert hits1 >= min_hits - 1e-9, misses
    assert recall5 >= min_recall


def test_warm_reopen_embeds_nothing(dataset, embed_model) -> None:
    name, _, _, chunks_path = dataset
    warm = SearchEngine.open(chunks_path, Settings(), embed_model=embed_model)
    assert (warm.index_report.embedded, warm.index_report.rebuilt, warm.index_report.reused) == (
        0, [], SOURCES[name])
