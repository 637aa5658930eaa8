"""Building and publishing an index safely: the lock, folders published whole, read-only indexes.

The 11-chunk corpus of tests/fixtures/fusion (10 distinct texts; sources blogs, docs, forums).
Several processes building at once are tested for real in tests/e2e/test_index_concurrency.py.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import shutil
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from src.config import IndexConfig, Settings
from src.errors import IndexBusy, IndexNotWritable
from src.fusion.engine import SearchEngine
from src.fusion.index_lock import index_lock, lock_path
from src.fusion.options import FusionConfig
from src.fusion.vector_stores import FaissBackend
from src.pipelines.chunks_io import write_chunks
from tests.unit.fusion_corpus import CountingEmbedding, load_corpus

SOURCES = ["blogs", "docs", "forums"]


@pytest.fixture
def chunks_path(tmp_path: Path) -> Path:
    path = tmp_path / "chunks.jsonl"
    write_chunks(load_corpus(), path)
    return path


def open_engine(chunks_path: Path, settings: Settings | None = None, **kwargs: Any
                ) -> tuple[SearchEngine, CountingEmbedding]:
    model = CountingEmbedding(256)
    return SearchEngine.open(chunks_path, settings or Settings(), embed_model=model, **kwargs), model


def report(engine: SearchEngine) -> tuple[int, list[str], list[str]]:
    r = engine.index_report
    return r.embedded, r.rebuilt, r.reused


def top_ids(engine: SearchEngine) -> list[str]:
    return [s.id for s in engine.search("max payload size 413", FusionConfig(k=11)).results]


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def change_docs_and_forums(chunks_path: Path) -> None:
    changed = {"data/docs/retries.md#c0": "Retries now last 96 hours.", "data/forums/t001#q": "Zebra question?"}
    write_chunks([replace(c, text=changed.get(c.id, c.text)) for c in load_corpus()], chunks_path)


def with_lock_timeout(seconds: float) -> Settings:
    return replace(Settings(), index=IndexConfig(lock_timeout_s=seconds))


def test_the_lock_file_sits_beside_the_index_folder(tmp_path: Path) -> None:
    assert lock_path(tmp_path / "index") == tmp_path.resolve() / "index.lock"
    assert lock_path(tmp_path / "a" / "my-index") == tmp_path.resolve() / "a" / "my-index.lock"


class FailingBackend(FaissBackend):
    """FAISS, except that building ``fail_on`` raises, as a crash half-way through a build would."""

    def __init__(self, fail_on: str) -> None:
        self.fail_on = fail_on

    def build(self, folder: Path, source: str, chunks: Any, vectors: np.ndarray) -> Any:
        if source == self.fail_on:
            raise RuntimeError("the disk caught fire")
        return super().build(folder, source, chunks, vectors)


def test_a_build_that_fails_half_way_leaves_the_previous_index_whole(chunks_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    cold, _ = open_engine(chunks_path)
    expected = top_ids(cold)
    index = chunks_path.parent / "index"
    before = (listing(index), (index / "params.json").read_bytes())
    change_docs_and_forums(chunks_path)
    # docs is rebuilt first (sorted order), then forums fails: the new docs folder must not be published.
    monkeypatch.setattr("src.fusion.engine.make_backend", lambda *a: FailingBackend("forums"))
    with pytest.raises(RuntimeError, match="the disk caught fire"):
        open_engine(chunks_path)
    assert (listing(index), (index / "params.json").read_bytes()) == before
    monkeypatch.undo()
    write_chunks(load_corpus(), chunks_path)
    engine, model = open_engine(chunks_path)
    assert report(engine) == (0, [], SOURCES)
    assert model.embedded_texts == []
    assert top_ids(engine) == expected


def test_leftovers_of_killed_builds_are_ignored_by_readers_and_removed_by_the_next_update(
        chunks_path: Path) -> None:
    open_engine(chunks_path)
    index = chunks_path.parent / "index"
    params = json.loads((index / "params.json").read_text())
    published = sorted(s["folder"] for s in params["sources"].values())
    # half-built; renamed by a build killed before its commit (listed pending); never listed anywhere
    leftovers = [".tmp-docs.k2j3h4x9", "docs.k7p2m9qx", "docs.tmp", "docs.zzzzzzzz"]
    for name in leftovers:
        (index / name).mkdir()
        (index / name / "ids.json").write_text("[]")
    (index / "params.json").write_text(json.dumps({**params, "pending": ["docs.k7p2m9qx"]}))
    (index / ".tmp-params.json.abc123").write_text("{half")
    (index / ".embeddings" / "hashing_256" / ".tmp-vectors.npz.abc123").write_bytes(b"PK")
    (index / ".audit").mkdir()
    (index / ".audit" / "groups.json").write_text("[]")
    engine, _ = open_engine(chunks_path)
    assert report(engine) == (0, [], SOURCES)  # a reader changes nothing
    assert len(listing(index)) == len(published) + 8
    change_docs_and_forums(chunks_path)
    engine, _ = open_engine(chunks_path)
    assert report(engine) == (2, ["docs", "forums"], ["blogs"])
    folders = {name: s["folder"] for name, s in json.loads((index / "params.json").read_text())["sources"].items()}
    assert folders["blogs"] in published and folders["docs"] not in published and folders["forums"] not in published
    # What the index made goes; folders its params.json never named are not its own and stay.
    assert listing(index) == sorted([".audit", ".embeddings", "docs.tmp", "docs.zzzzzzzz", "params.json",
                                     *folders.values()])
    assert "pending" not in json.loads((index / "params.json").read_text())
    assert listing(index / ".embeddings" / "hashing_256") == ["vectors.npz"]
    assert listing(index / ".audit") == ["groups.json"]


def test_an_index_written_before_source_folders_were_named_is_reused_then_migrated(chunks_path: Path) -> None:
    open_engine(chunks_path)
    index = chunks_path.parent / "index"
    params = json.loads((index / "params.json").read_text())
    for name, source in params["sources"].items():  # the earlier layout: index/<source>/, no "folder"
        (index / source.pop("folder")).rename(index / name)
    (index / "params.json").write_text(json.dumps(params))
    engine, model = open_engine(chunks_path)
    assert report(engine) == (0, [], SOURCES)
    change_docs_and_forums(chunks_path)
    engine, _ = open_engine(chunks_path)
    assert report(engine) == (2, ["docs", "forums"], ["blogs"])
    folders = {n: s["folder"] for n, s in json.loads((index / "params.json").read_text())["sources"].items()}
    assert folders["blogs"] == "blogs"
    assert folders["docs"].startswith("docs.") and folders["forums"].startswith("forums.")
    assert listing(index) == sorted([".embeddings", "params.json", *folders.values()])


class _Signal(logging.Handler):
    """Sets an event when a record containing ``text`` is logged."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
        self.event = threading.Event()

    def emit(self, record: logging.LogRecord) -> None:
        if self.text in record.getMessage():
            self.event.set()


def test_a_second_builder_waits_for_the_first_and_reuses_its_index(chunks_path: Path, tmp_path: Path) -> None:
    built, _ = open_engine(chunks_path, index_dir=tmp_path / "built-elsewhere")
    expected = top_ids(built)
    index = chunks_path.parent / "index"
    waiting = _Signal("is being updated by another process: waiting for it")
    logging.getLogger("src.fusion.index_lock").addHandler(waiting)
    second: dict[str, Any] = {}

    def run_second() -> None:
        try:
            second["engine"], second["model"] = open_engine(chunks_path)
        except BaseException as exc:  # noqa: BLE001 - handed to the test thread
            second["error"] = exc

    try:
        with index_lock(index, timeout_s=60):  # this test plays the first builder
            thread = threading.Thread(target=run_second)
            thread.start()
            assert waiting.event.wait(60), "the second builder never waited for the lock"
            shutil.copytree(tmp_path / "built-elsewhere", index)  # publish what the first builder built
        thread.join(60)
    finally:
        logging.getLogger("src.fusion.index_lock").removeHandler(waiting)
    assert "error" not in second, second.get("error")
    assert report(second["engine"]) == (0, [], SOURCES)
    assert second["model"].embedded_texts == []
    assert top_ids(second["engine"]) == expected


def test_a_builder_that_waits_longer_than_the_timeout_gets_a_one_line_error(chunks_path: Path) -> None:
    index = chunks_path.parent / "index"
    with index_lock(index, timeout_s=60), pytest.raises(IndexBusy) as info:
        open_engine(chunks_path, with_lock_timeout(0.2))
    assert str(info.value) == (
        f"index {index} is still being updated by another process after 0.2 s (lock {lock_path(index)}): "
        "try again when it has finished, or raise [index] lock_timeout_s")
    assert info.value.exit_code == 1
    assert not index.exists()


def test_a_current_index_is_loaded_without_taking_the_lock(chunks_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    open_engine(chunks_path)

    def no_lock(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a current index needs no lock")

    monkeypatch.setattr("src.fusion.store.index_lock", no_lock)
    engine, model = open_engine(chunks_path)
    assert report(engine) == (0, [], SOURCES)


def test_an_index_that_needs_an_update_but_cannot_be_locked_is_a_usage_error(
        chunks_path: Path, deny_index_lock: Callable[[], None]) -> None:
    open_engine(chunks_path)
    change_docs_and_forums(chunks_path)
    deny_index_lock()
    index = chunks_path.parent / "index"
    with pytest.raises(IndexNotWritable) as info:
        open_engine(chunks_path)
    assert str(info.value) == (f"index {index} needs an update but cannot be locked for it: {lock_path(index)}: "
                               "Permission denied (make the folder writable, or pass --index-dir DIR)")
    assert info.value.exit_code == 2


def test_an_index_that_needs_an_update_but_cannot_be_written_is_a_usage_error(
        chunks_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    open_engine(chunks_path)
    change_docs_and_forums(chunks_path)
    index = chunks_path.parent / "index"
    target = index / ".embeddings" / "hashing_256" / "vectors.npz"

    def denied(path: Path, *args: Any, **kwargs: Any) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr("src.embedding_cache.atomic_write", denied)
    with pytest.raises(IndexNotWritable) as info:
        open_engine(chunks_path)
    assert str(info.value) == (f"index {index} needs an update but cannot be written: {target}: "
                               "Permission denied (make it writable, or pass --index-dir DIR)")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes through file permissions")
def test_a_really_read_only_index_loads_and_refuses_an_update_in_one_line(tmp_path: Path) -> None:
    chunks_path = tmp_path / "chunks.jsonl"
    write_chunks(load_corpus(), chunks_path)
    shelf = tmp_path / "shelf"
    index = shelf / "index"
    open_engine(chunks_path, index_dir=index)
    folders = [shelf, index, *(p for p in index.rglob("*") if p.is_dir())]
    for folder in reversed(folders):
        folder.chmod(0o555)
    try:
        engine, _ = open_engine(chunks_path, index_dir=index)
        assert report(engine) == (0, [], SOURCES)
        change_docs_and_forums(chunks_path)
        with pytest.raises(IndexNotWritable) as info:  # the lock file exists, from the first build
            open_engine(chunks_path, index_dir=index)
        assert str(info.value) == (f"index {index} needs an update but cannot be written: "
                                   f"{index / '.embeddings' / 'hashing_256'}: Permission denied (make it writable, "
                                   "or pass --index-dir DIR)")
        shelf.chmod(0o755)
        lock_path(index).unlink()
        shelf.chmod(0o555)
        with pytest.raises(IndexNotWritable) as info:
            open_engine(chunks_path, index_dir=index)
        assert str(info.value) == (f"index {index} needs an update but cannot be locked for it: "
                                   f"{lock_path(index)}: Permission denied (make the folder writable, or pass "
                                   "--index-dir DIR)")
    finally:
        for folder in folders:
            folder.chmod(0o755)
