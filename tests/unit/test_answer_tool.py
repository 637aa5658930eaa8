"""search_knowledge: the agent tool answers JSON, loads once, and never raises on bad input."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from src.answer import tool
from src.pipelines.chunks_io import write_chunks
from src.types import Chunk


@pytest.fixture()
def corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    chunks = [
        Chunk("kb/docs/limits.md#c0", "docs", "document", "The maximum payload size is 512 KB.",
              {"title": "Limits"}),
        Chunk("kb/docs/retention.md#c0", "docs", "document", "The Team plan keeps event history for 14 days.",
              {"title": "Retention"}),
        Chunk("kb/forums/t1#qa", "forums", "thread", "Question: payload too large? Answer: the limit is 256 KB.",
              {"title": "413 errors", "accepted": True}),
    ]
    path = tmp_path / "chunks.jsonl"
    write_chunks(chunks, path)
    monkeypatch.setenv("CROSSCHECK_CHUNKS", str(path))
    monkeypatch.setenv("CROSSCHECK_EMBED_MODEL", "hashing:256")
    monkeypatch.chdir(tmp_path)
    tool.reset()
    yield path
    tool.reset()


def test_results_are_ranked_json(corpus: Path) -> None:
    out = json.loads(tool.search_knowledge("maximum payload size", k=2))
    assert out["query"] == "maximum payload size"
    assert [r["rank"] for r in out["results"]] == [1, 2]
    assert out["results"][0]["id"] == "kb/docs/limits.md#c0"
    assert out["results"][0]["title"] == "Limits"
    assert set(out["results"][0]) == {"rank", "id", "source", "score", "title", "text"}


@pytest.mark.parametrize(("query", "k", "error"), [
    ("", 3, "query must be a non-empty string"),
    ("   ", 3, "query must be a non-empty string"),
    ("payload", 0, "k must be an integer from 1 to 50"),
    ("payload", 51, "k must be an integer from 1 to 50"),
])
def test_bad_input_is_an_error_object(corpus: Path, query: str, k: int, error: str) -> None:
    assert json.loads(tool.search_knowledge(query, k)) == {"error": error}


def test_a_missing_corpus_is_an_error_object(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CROSSCHECK_CHUNKS", str(tmp_path / "nope.jsonl"))
    tool.reset()
    out = json.loads(tool.search_knowledge("payload", 3))
    assert out["error"].startswith(f"chunks file not found: {tmp_path / 'nope.jsonl'}")
    tool.reset()


def test_loads_once_and_serves_threads(corpus: Path) -> None:
    calls = []
    shared = tool.KnowledgeTool(lambda: calls.append(1) or tool.open_from_env())
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda q: json.loads(shared.search(q, 1)),
                                ["maximum payload size"] * 8 + ["Team plan event history days"] * 8))
    assert calls == [1]
    assert {a["results"][0]["id"] for a in answers[:8]} == {"kb/docs/limits.md#c0"}
    assert {a["results"][0]["id"] for a in answers[8:]} == {"kb/docs/retention.md#c0"}
