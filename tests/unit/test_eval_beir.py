"""BEIR folder loading on a tiny fixture, the missing-file errors, and the real SciFact folder."""

import json
import os
import shutil
from pathlib import Path

import pytest

from src.errors import UsageError
from src.evaluation.beir import load_beir
from src.evaluation.gold import GoldQuery, MatchMode
from src.evaluation.runner import evaluate
from src.fusion.options import FusionConfig, SearchResult
from src.types import Chunk, ScoredChunk

TINY = Path(__file__).resolve().parents[1] / "fixtures" / "eval" / "beir_tiny"
SCIFACT = Path(__file__).resolve().parents[3] / "shared" / "datasets" / "beir-scifact"


def test_tiny_folder_chunks_queries_and_graded_qrels():
    beir = load_beir(TINY, corpus_name="sf")
    assert beir.chunks == [
        Chunk("sf/docs/d1#c0", "docs", "document", "Alpha\n\nAlpha text.", {"title": "Alpha"}),
        Chunk("sf/docs/d2#c0", "docs", "document", "Beta text.", {"title": ""}),
        Chunk("sf/docs/3#c0", "docs", "document", "Gamma\n\nGamma text.", {"title": "Gamma"}),
    ]
    assert beir.queries == [
        GoldQuery("What is alpha?", {"sf/docs/d1": 1, "sf/docs/3": 2}, "q1"),
        GoldQuery("What is beta?", {"sf/docs/d2": 1}, "q2"),
    ]


def test_tiny_folder_warnings_name_file_and_line():
    warnings = [str(w) for w in load_beir(TINY).warnings]
    corpus, queries, qrels = TINY / "corpus.jsonl", TINY / "queries.jsonl", TINY / "qrels" / "test.tsv"
    assert warnings == [
        f"{corpus}:4: not valid JSON (Unterminated string starting at)",
        f'{corpus}:5: missing "_id"',
        f"{queries}:4: query 'q4' has no \"text\"",
        f"{qrels}:6: expected 3 tab-separated fields (query-id, corpus-id, score), got 1",
        f"{qrels}:8: score 'many' is not a number",
        f"{qrels}: 1 query id(s) have qrels but no query text: q9",
    ]


def test_other_split():
    beir = load_beir(TINY, split="dev")
    assert beir.queries == [GoldQuery("What is alpha?", {"beir/docs/d2": 1}, "q1")]


@pytest.mark.parametrize("missing", ["corpus.jsonl", "queries.jsonl", "qrels/test.tsv"])
def test_missing_file_is_a_usage_error_naming_it(tmp_path, missing):
    folder = tmp_path / "beir"
    shutil.copytree(TINY, folder)
    (folder / missing).unlink()
    with pytest.raises(UsageError, match=f"{folder / missing}: BEIR file not found"):
        load_beir(folder)


def test_split_without_queries_is_a_usage_error(tmp_path):
    folder = tmp_path / "beir"
    shutil.copytree(TINY, folder)
    (folder / "qrels" / "test.tsv").write_text("query-id\tcorpus-id\tscore\nq1\td1\t0\n", encoding="utf-8")
    with pytest.raises(UsageError, match="no query of queries.jsonl has a relevant document"):
        load_beir(folder)


@pytest.mark.integration
@pytest.mark.skipif(not SCIFACT.is_dir(), reason="../shared/datasets/beir-scifact not present")
def test_real_scifact_folder_in_place():
    beir = load_beir(SCIFACT, corpus_name="scifact")
    assert len(beir.chunks) == 5183
    assert len(beir.queries) == 300
    assert beir.warnings == []
    assert all(c.id.startswith("scifact/docs/") and c.id.endswith("#c0") for c in beir.chunks)
    known = {c.doc_id for c in beir.chunks}
    assert all(rid in known for q in beir.queries for rid in q.relevant)


class OracleSearcher:
    """Returns each query's relevant documents first (by grade), then every other document."""

    def __init__(self, beir):
        self.by_text = {q.query: q for q in beir.queries}
        self.chunks = beir.chunks

    def search(self, query, config):
        relevant = self.by_text[query].relevant
        ranked = sorted(self.chunks, key=lambda c: -relevant.get(c.doc_id, 0))[: config.k]
        return SearchResult(query, config, [ScoredChunk(c, 1.0) for c in ranked])


@pytest.mark.integration
@pytest.mark.skipif(not SCIFACT.is_dir(), reason="../shared/datasets/beir-scifact not present")
def test_oracle_on_scifact_scores_one_at_document_level():
    beir = load_beir(SCIFACT, corpus_name="scifact")
    report = evaluate(OracleSearcher(beir), beir.queries, {"oracle": FusionConfig()}, progress=False)
    assert report.match is MatchMode.DOC
    metrics = dict(report.first.metrics)
    assert metrics.pop("recall@1") < 1.0  # some claims have several relevant abstracts
    assert metrics == pytest.approx({key: 1.0 for key in metrics})
    assert len(report.first.rows) == 300


def test_qrels_naming_documents_missing_from_the_corpus_warn_once(tmp_path):
    folder = tmp_path / "beir"
    shutil.copytree(TINY, folder)
    (folder / "qrels" / "test.tsv").write_text("q1\td1\t1\nq1\td404\t1\nq2\td405\t2\n", encoding="utf-8")
    beir = load_beir(folder)
    assert [str(w) for w in beir.warnings][-1] == (
        f"{folder / 'qrels' / 'test.tsv'}: 2 gold id(s) match no chunk or document of the corpus "
        "(still scored, as misses): beir/docs/d404, beir/docs/d405"
    )
    assert beir.queries[1] == GoldQuery("What is beta?", {"beir/docs/d405": 2}, "q2")


def test_beir_chunks_are_cached_until_the_corpus_changes(tmp_path, monkeypatch):
    from src.evaluation.beir import write_beir_chunks

    folder = tmp_path / "tiny"
    shutil.copytree(TINY, folder)
    monkeypatch.chdir(tmp_path)
    chunks = load_beir(folder).chunks
    out = write_beir_chunks(folder, chunks)
    assert out.parts[0] == "artifacts" and out.name == "chunks.jsonl"
    assert [json.loads(line)["id"] for line in out.read_text().splitlines()] == [c.id for c in chunks]
    first = out.stat().st_mtime_ns
    assert write_beir_chunks(folder, chunks) == out and out.stat().st_mtime_ns == first
    os.utime(folder / "corpus.jsonl", ns=(first + 10**9, first + 10**9))
    write_beir_chunks(folder, chunks)
    assert out.stat().st_mtime_ns != first
