"""Ingest the real datasets in ../shared/datasets in place (never copied into the repo)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from src.config import Settings
from src.pipelines.chunks_io import read_chunks, write_chunks
from src.pipelines.ingest import IngestResult, SourceStats, ingest_corpus
from src.types import SourceKind

pytestmark = pytest.mark.integration

DATASETS = Path(__file__).parents[2].parent / "shared" / "datasets"


def dataset(name: str) -> Path:
    path = DATASETS / name
    if not path.is_dir():
        pytest.skip(f"dataset {name!r} not found at {path} (the shared evaluation datasets are not mounted)")
    return path


def ingest(name: str) -> IngestResult:
    return ingest_corpus(dataset(name) / "data", Settings())


def gold_ids(name: str) -> set[str]:
    lines = (dataset(name) / "eval" / "queries.jsonl").read_text(encoding="utf-8").splitlines()
    return {i for line in lines if line.strip() for i in json.loads(line)["relevant_ids"]}


def anchors_by_doc(result: IngestResult) -> dict[str, list[str]]:
    docs: dict[str, list[str]] = {}
    for chunk in result.chunks:
        docs.setdefault(chunk.doc_id, []).append(chunk.anchor)
    return docs


def assert_within_max(result: IngestResult) -> None:
    sizes = Settings().chunking
    for c in result.chunks:
        assert len(c.text) <= sizes.for_kind(SourceKind(c.kind)).max_chars, c.id


def test_astraml() -> None:
    result = ingest("astraml")
    assert result.warnings == []
    assert result.stats == [
        SourceStats("blogs", "post", 1.0, files=20, records=20, chunks=40, skipped=0),
        SourceStats("docs", "document", 1.2, files=35, records=35, chunks=85, skipped=0),
        SourceStats("forums", "thread", 0.8, files=1, records=20, chunks=44, skipped=0),
    ]
    ids = {c.id for c in result.chunks}
    assert len(ids) == len(result.chunks)
    assert gold_ids("astraml") <= ids
    assert {
        "data/forums/t001#qa",
        "data/forums/t018#a0181",
        "data/docs/tuning.md#c0",
        "data/blogs/post_20.md#c0",
    } <= ids
    docs = anchors_by_doc(result)
    threads = sorted(d for d in docs if d.startswith("data/forums/"))
    assert threads == [f"data/forums/t{i:03d}" for i in range(1, 21)]
    # 20 qa chunks (the accepted answer each) + the 24 other answers.
    assert docs["data/forums/t001"] == ["qa", "a0011", "a0012"]
    assert docs["data/forums/t018"] == ["qa", "a0181", "a0182"]
    assert sum(len(a) == 3 for d, a in docs.items() if d in threads) == 4
    # Every doc and blog file has c0, c1, ... in order.
    files = sorted(p.relative_to(dataset("astraml") / "data").as_posix()
                   for p in (dataset("astraml") / "data").rglob("*.md"))  # fmt: skip
    assert sorted(d.removeprefix("data/") for d in docs if not d.startswith("data/forums/")) == files
    for doc_id, anchors in docs.items():
        if not doc_id.startswith("data/forums/"):
            assert anchors == [f"c{i}" for i in range(len(anchors))], doc_id

    t001 = next(c for c in result.chunks if c.id == "data/forums/t001#qa")
    assert t001.text.startswith("Title: batch_size default\nQuestion: What is the default batch_size in AstraML v2.1?\n"
                                "Answer: Docs say v2.1 default is batch_size=32;")  # fmt: skip
    assert t001.metadata == {"title": "batch_size default", "created_at": "2025-07-12", "author": "staff_mina",
                             "accepted": True, "upvotes": 40, "thread_id": "t001", "path": "forums/threads.jsonl",
                             "line": 1}  # fmt: skip
    tuning = next(c for c in result.chunks if c.id == "data/docs/tuning.md#c0")
    assert tuning.text.startswith("# Overview\n\nDefaults can be overridden")
    assert tuning.metadata == {"title": "Hyperparameter Tuning Service (v2.1)", "section": "Overview",
                               "last_updated": "2025-06-22", "author": "AstraML Docs", "path": "docs/tuning.md"}  # fmt: skip
    post = next(c for c in result.chunks if c.id == "data/blogs/post_20.md#c0")
    assert post.metadata["created_at"] == "2025-04-29" and post.metadata["author"] == "Ops"
    assert_within_max(result)


def test_nimbusnote() -> None:
    result = ingest("nimbusnote")
    assert result.warnings == []
    assert [s.skipped for s in result.stats] == [0, 0, 0]
    assert [c.id for c in result.chunks] == [
        "data/blogs/blog_integrations.md#c0",
        "data/blogs/blog_perf_tuning.md#c0",
        "data/blogs/blog_team_workflows.md#c0",
        "data/docs/api_reference.md#c0",
        "data/docs/getting_started.md#c0",
        "data/docs/sync_and_backup.md#c0",
        "data/forums/thread_api_rate_limits.txt#qa",
        "data/forums/thread_offline_mode.txt#qa",
        "data/forums/thread_sync_issues.txt#qa",
    ]
    sync = result.chunks[-1]
    assert sync.text == (
        "Title: Notes disappearing after sync?\n"
        "Question: I'm on the Basic plan and I think some of my older versions are gone. "
        "Does Nimbus delete old versions?\n"
        "Answer: On Basic you only get 30 days of version history. After that, older versions are removed from "
        'history, but your latest note content stays. It\'s not really "deleting notes", just old versions.'
    )
    backup = result.chunks[5]
    assert backup.metadata == {
        "title": "Sync & Backup",
        "section": "Sync & Backup",
        "path": "docs/sync_and_backup.md",
    }
    assert "## Backup policy\n\nWe keep:\n- 30 days of version history on the Basic plan" in backup.text


def test_cloudsync() -> None:
    result = ingest("cloudsync")
    assert result.warnings == []
    assert result.stats == [
        SourceStats("docs", "document", 1.2, files=1, records=7, chunks=11, skipped=0),
        SourceStats("tickets", "thread", 0.8, files=1, records=8, chunks=8, skipped=0),
    ]
    docs = anchors_by_doc(result)
    assert gold_ids("cloudsync") <= set(docs)
    assert sorted(docs) == [f"data/docs/doc_{i:03d}" for i in range(1, 8)] + [
        f"data/tickets/ticket_{i:03d}" for i in range(1, 9)
    ]
    ids = [c.id for c in result.chunks]
    assert "data/docs/doc_001#c0" in ids and "data/tickets/ticket_002#qa" in ids
    ticket = next(c for c in result.chunks if c.id == "data/tickets/ticket_002#qa")
    assert ticket.text.startswith(
        "Title: Files not syncing between laptop and desktop\nQuestion: Customer Issue:"
    )
    assert ticket.metadata == {"title": "Files not syncing between laptop and desktop", "version": "v2.1",
                               "created_at": "2024-01-26", "status": "resolved", "tags": ["sync", "desktop", "startup"],
                               "thread_id": "ticket_002", "category": "sync_issues",
                               "path": "tickets/support_tickets.json"}  # fmt: skip
    doc = next(c for c in result.chunks if c.id == "data/docs/doc_001#c0")
    assert doc.metadata == {"title": "Getting Started with CloudSync", "version": "v2.1", "last_updated": "2024-01-15",
                            "tags": ["setup", "onboarding", "basics"], "path": "docs/product_docs.json"}  # fmt: skip


def test_openemr() -> None:
    result = ingest("openemr")
    assert result.warnings == []
    assert [(s.source, s.files, s.records, s.skipped) for s in result.stats] == [
        ("blogs", 10, 10, 0), ("docs", 9, 9, 0), ("forums", 10, 10, 0),
    ]  # fmt: skip
    docs = anchors_by_doc(result)
    assert "data/docs/pdf_processed/openemr_3_1_users_guide" in docs
    assert "data/docs/pdf_processed/openemr_4_1_users_guide" in docs
    forums = [d for d in docs if d.startswith("data/forums/")]
    assert len(forums) == 10 and all(docs[d][0] == "qa" for d in forums)
    fax = docs["data/forums/signalwire_fax_poll_and_retrieve_vs_download_every_fax_looking_for_input"]
    assert fax == ["qa", "r1", "r2", "r3"]
    assert Counter(c.kind for c in result.chunks)["thread"] == sum(len(docs[d]) for d in forums)
    assert_within_max(result)


def test_round_trip_through_chunks_file(tmp_path: Path) -> None:
    result = ingest("astraml")
    path = tmp_path / "chunks.jsonl"
    write_chunks(result.chunks, path)
    assert read_chunks(path) == result.chunks
    again = tmp_path / "again.jsonl"
    write_chunks(ingest("astraml").chunks, again)
    assert again.read_bytes() == path.read_bytes()


def test_fifty_megabyte_jsonl_streams(tmp_path: Path) -> None:
    forums = tmp_path / "big" / "forums"
    forums.mkdir(parents=True)
    question = "The retention window is thirty days for the basic plan. " * 16
    n = 0
    with (forums / "threads.jsonl").open("w", encoding="utf-8") as fh:
        while fh.tell() < 50 * 1024 * 1024:
            fh.write(
                json.dumps({"id": f"t{n}", "title": "T", "question": question, "answers": [{"text": "yes"}]})
                + "\n"
            )
            n += 1
    result = ingest_corpus(tmp_path / "big", Settings())
    assert result.stats == [SourceStats("forums", "thread", 0.8, files=1, records=n, chunks=n, skipped=0)]
    assert result.chunks[-1].id == f"big/forums/t{n - 1}#qa"
    assert result.chunks[-1].metadata["line"] == n
