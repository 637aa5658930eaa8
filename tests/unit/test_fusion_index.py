"""The persisted index: incremental embedding, per-source rebuilds, params.json, recovery from damage.

Each source lives in ``<source>.<suffix>/``, the folder params.json names (``source_dir``).

The 11-chunk corpus (tests/fixtures/fusion/corpus.jsonl) has 10 distinct indexed texts:
``data/docs/limits.md#c0`` and ``data/blogs/release-2-1.md#c1`` share title and text.
Sources: blogs 3 chunks, docs 4, forums 4.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from src.config import Settings
from src.embeddings import HashingEmbedding
from src.errors import IndexCorrupt, IndexError_, UsageError
from src.fusion.engine import SearchEngine
from src.fusion.index_text import BM25_SETTINGS, indexed_text, model_slug, text_hash
from src.fusion.options import FusionConfig
from src.fusion.store import INDEX_SCHEMA
from src.pipelines.chunks_io import write_chunks
from src.types import Chunk
from tests.unit.fusion_corpus import CountingEmbedding, load_corpus

SOURCES = ["blogs", "docs", "forums"]
PACKAGES = ["PyStemmer", "bm25s", "faiss-cpu", "llama-index-core", "onnxruntime", "sentence-transformers"]


def source_dir(index: Path, name: str) -> Path:
    """The folder params.json names for source ``name``."""
    return index / json.loads((index / "params.json").read_text())["sources"][name]["folder"]


def cached(index: Path, model: str = "hashing_256") -> tuple[list[str], np.ndarray]:
    """The keys and vectors of the embedding cache file."""
    with np.load(index / ".embeddings" / model / "vectors.npz") as npz:
        return [str(k) for k in npz["keys"]], npz["vectors"]


def open_engine(chunks_path: Path, dim: int = 256) -> tuple[SearchEngine, CountingEmbedding]:
    model = CountingEmbedding(dim)
    return SearchEngine.open(chunks_path, Settings(), embed_model=model), model


def report(engine: SearchEngine) -> tuple[int, list[str], list[str]]:
    r = engine.index_report
    return r.embedded, r.rebuilt, r.reused


@pytest.fixture
def chunks_path(tmp_path: Path) -> Path:
    path = tmp_path / "chunks.jsonl"
    write_chunks(load_corpus(), path)
    return path


def top_ids(engine: SearchEngine, query: str = "max payload size 413") -> list[str]:
    return [s.id for s in engine.search(query, FusionConfig(k=11)).results]


def change_one_forum_chunk(chunks_path: Path) -> str:
    text = "How long are failed deliveries retried? Also, does the zebra endpoint get paused?"
    write_chunks([replace(c, text=text) if c.id == "data/forums/t001#q" else c for c in load_corpus()], chunks_path)
    return text


def test_first_open_embeds_every_distinct_text_once(chunks_path: Path) -> None:
    engine, model = open_engine(chunks_path)
    assert report(engine) == (10, SOURCES, [])
    corpus = load_corpus()
    assert sorted(model.embedded_texts) == sorted({indexed_text(c) for c in corpus})
    assert len(model.embedded_texts) == 10
    index = chunks_path.parent / "index"
    folders = [source_dir(index, name).name for name in SOURCES]
    assert [re.fullmatch(r"(\w+)\.[a-z0-9_]{8}", f).group(1) for f in folders] == SOURCES
    assert sorted(p.name for p in index.iterdir()) == sorted([".embeddings", *folders, "params.json"])
    assert sorted(p.name for p in chunks_path.parent.iterdir()) == ["chunks.jsonl", "index", "index.lock"]
    for name in SOURCES:
        assert sorted(p.name for p in source_dir(index, name).iterdir()) == ["bm25", "faiss.index", "ids.json"]
        ids = json.loads((source_dir(index, name) / "ids.json").read_text())
        assert ids == [c.id for c in corpus if c.source == name]
    assert sorted(p.name for p in (index / ".embeddings" / "hashing_256").iterdir()) == ["vectors.npz"]
    keys, vectors = cached(index)
    assert sorted(keys) == sorted({text_hash("hashing:256", indexed_text(c)) for c in corpus})
    assert vectors.shape == (10, 256)
    assert np.linalg.norm(vectors, axis=1) == pytest.approx(np.ones(10), abs=1e-6)


def test_the_title_is_prepended_only_when_the_text_lacks_it() -> None:
    assert indexed_text(Chunk("a#c0", "docs", "document", "Retry policy. Text.", {"title": "Retry policy"})) == (
        "Retry policy. Text.")
    assert indexed_text(Chunk("a#c1", "docs", "document", "Later text.", {"title": "Retry policy"})) == (
        "Retry policy\nLater text.")
    assert indexed_text(Chunk("a#c2", "docs", "document", "No title.")) == "No title."


def test_second_open_embeds_nothing_and_reuses_every_source(chunks_path: Path) -> None:
    cold, _ = open_engine(chunks_path)
    params_before = (chunks_path.parent / "index" / "params.json").read_text()
    warm, model = open_engine(chunks_path)
    assert report(warm) == (0, [], SOURCES)
    assert model.embedded_texts == []
    assert (chunks_path.parent / "index" / "params.json").read_text() == params_before  # not rewritten
    assert top_ids(warm) == top_ids(cold)
    assert [s.score for s in warm.search("retry policy v2.1").results] == [
        s.score for s in cold.search("retry policy v2.1").results]


def test_changing_one_chunk_reembeds_it_and_rebuilds_only_its_source(chunks_path: Path) -> None:
    open_engine(chunks_path)
    new_text = change_one_forum_chunk(chunks_path)
    chunks = [replace(c, text=new_text) if c.id == "data/forums/t001#q" else c for c in load_corpus()]
    engine, model = open_engine(chunks_path)
    assert report(engine) == (1, ["forums"], ["blogs", "docs"])
    assert model.embedded_texts == [new_text]  # its title is already in the text
    assert [s.id for s in engine.search("zebra", FusionConfig(use_dense=False)).results] == ["data/forums/t001#q"]
    # The old text's vector is gone from the cache; the file holds exactly the current texts.
    assert sorted(cached(chunks_path.parent / "index")[0]) == sorted(
        {text_hash("hashing:256", indexed_text(c)) for c in chunks})


def test_adding_a_source_builds_only_that_source(chunks_path: Path) -> None:
    open_engine(chunks_path)
    ticket = Chunk("data/tickets/ticket_1#c0", "tickets", "thread", "Customer reports a zebra outage.",
                   {"status": "open"})
    write_chunks([*load_corpus(), ticket], chunks_path)
    engine, model = open_engine(chunks_path)
    assert report(engine) == (1, ["tickets"], SOURCES)
    result = engine.search("zebra outage", FusionConfig(use_dense=False))
    assert [(s.id, s.scores["authority"], s.scores["status"]) for s in result.results] == [
        ("data/tickets/ticket_1#c0", 0.8, 0.95)]


def test_deleting_a_sources_chunks_removes_its_folder(chunks_path: Path) -> None:
    open_engine(chunks_path)
    index = chunks_path.parent / "index"
    blogs = source_dir(index, "blogs")
    assert blogs.is_dir()
    write_chunks([c for c in load_corpus() if c.source != "blogs"], chunks_path)
    engine, model = open_engine(chunks_path)
    assert report(engine) == (0, [], ["docs", "forums"])
    assert not blogs.exists()
    assert sorted(p.name for p in index.iterdir()) == sorted(
        [".embeddings", "params.json", source_dir(index, "docs").name, source_dir(index, "forums").name])
    assert sorted(engine.sources) == ["docs", "forums"]
    params = json.loads((index / "params.json").read_text())
    assert sorted(params["sources"]) == ["docs", "forums"]
    assert all(s.source != "blogs" for s in engine.search("payload release", FusionConfig(k=20)).results)


def test_deleting_chunks_drops_their_vectors_from_the_cache_file(chunks_path: Path) -> None:
    open_engine(chunks_path)
    remaining = [c for c in load_corpus() if c.source != "blogs"]
    write_chunks(remaining, chunks_path)
    open_engine(chunks_path)
    # Regression: the cache file used to keep deleted chunks' vectors when nothing new was embedded.
    # 8 distinct texts remain (the blog copy of limits.md#c0 shared its text with docs).
    keys, vectors = cached(chunks_path.parent / "index")
    assert len(keys) == 8
    assert vectors.shape == (8, 256)


def test_another_embed_model_rebuilds_everything_and_switching_back_reuses_its_cache(chunks_path: Path) -> None:
    open_engine(chunks_path, 256)
    assert HashingEmbedding(128).model_name == "hashing:128" != HashingEmbedding(256).model_name
    other, model = open_engine(chunks_path, 128)
    assert report(other) == (10, SOURCES, [])
    index = chunks_path.parent / "index"
    params = json.loads((index / "params.json").read_text())
    assert (params["embed_model"], params["dim"]) == ("hashing:128", 128)
    assert sorted(p.name for p in (index / ".embeddings").iterdir()) == ["hashing_128", "hashing_256"]
    assert other.sources["docs"].vector_store.client.d == 128
    # Back to 256: the index was built with 128, so every source is rebuilt, but the
    # 256-d vectors are still cached: nothing is embedded.
    back, model = open_engine(chunks_path, 256)
    assert report(back) == (0, SOURCES, [])
    assert model.embedded_texts == []
    assert back.sources["docs"].vector_store.client.d == 256


def test_params_json_describes_the_index(chunks_path: Path) -> None:
    open_engine(chunks_path)
    params = json.loads((chunks_path.parent / "index" / "params.json").read_text())
    assert sorted(params) == ["bm25", "dim", "embed_backend", "embed_model", "packages", "schema", "sources",
                              "updated", "vector_store"]
    assert params["schema"] == INDEX_SCHEMA == 2
    assert params["embed_model"] == "hashing:256"
    assert params["embed_backend"] == "hashing"
    assert params["dim"] == 256
    assert params["bm25"] == BM25_SETTINGS == {"stemmer": "english", "stopwords": "en", "k1": 1.5, "b": 0.75,
                                               "method": "lucene", "identifiers": "split"}
    assert params["vector_store"] == "faiss.IndexFlatIP"
    assert sorted(params["packages"]) == PACKAGES
    assert params["packages"]["bm25s"] != "absent" and params["packages"]["faiss-cpu"] != "absent"
    assert {k: v["chunks"] for k, v in params["sources"].items()} == {"blogs": 3, "docs": 4, "forums": 4}
    assert all(len(v["fingerprint"]) == 24 for v in params["sources"].values())
    assert model_slug("hashing:256") == "hashing_256"
    assert model_slug("sentence-transformers/all-MiniLM-L6-v2") == "sentence-transformers_all-MiniLM-L6-v2"


def test_an_index_of_another_schema_is_rebuilt(chunks_path: Path) -> None:
    open_engine(chunks_path)
    path = chunks_path.parent / "index" / "params.json"
    params = json.loads(path.read_text())
    path.write_text(json.dumps({**params, "schema": 0}))
    engine, model = open_engine(chunks_path)
    assert report(engine) == (0, SOURCES, [])
    assert json.loads(path.read_text())["schema"] == 2


def test_an_index_built_with_other_bm25_settings_rebuilds_its_sources_without_reembedding(
        chunks_path: Path) -> None:
    open_engine(chunks_path)
    path = chunks_path.parent / "index" / "params.json"
    params = json.loads(path.read_text())
    path.write_text(json.dumps({**params, "bm25": {**params["bm25"], "identifiers": "keep"}}))
    engine, model = open_engine(chunks_path)
    assert report(engine) == (0, SOURCES, [])
    assert model.embedded_texts == []
    assert json.loads(path.read_text())["bm25"]["identifiers"] == "split"


@pytest.mark.parametrize("damage", ["garbage", "empty", "truncated", "missing"])
def test_a_damaged_faiss_file_rebuilds_that_source(chunks_path: Path, damage: str) -> None:
    cold, _ = open_engine(chunks_path)
    expected = top_ids(cold)
    target = source_dir(chunks_path.parent / "index", "docs") / "faiss.index"
    damage_file(target, damage)
    engine, model = open_engine(chunks_path)
    assert report(engine) == (0, ["docs"], ["blogs", "forums"])
    assert top_ids(engine) == expected
    assert report(open_engine(chunks_path)[0]) == (0, [], SOURCES)  # repaired for good


@pytest.mark.parametrize("name", ["params.index.json", "vocab.index.json", "data.csc.index.npy"])
@pytest.mark.parametrize("damage", ["garbage", "truncated", "missing"])
def test_a_damaged_bm25_file_rebuilds_that_source(chunks_path: Path, name: str, damage: str) -> None:
    cold, _ = open_engine(chunks_path)
    expected = top_ids(cold)
    damage_file(source_dir(chunks_path.parent / "index", "forums") / "bm25" / name, damage)
    engine, _ = open_engine(chunks_path)
    assert report(engine) == (0, ["forums"], ["blogs", "docs"])
    assert top_ids(engine) == expected


@pytest.mark.parametrize("name", ["data.csc.index.npy", "indices.csc.index.npy", "indptr.csc.index.npy",
                                  "vocab.index.json", "params.index.json"])
def test_an_empty_bm25_file_rebuilds_that_source(chunks_path: Path, name: str) -> None:
    # Regression: numpy raises EOFError for a zero-byte .npy, which used to crash the open.
    open_engine(chunks_path)
    damage_file(source_dir(chunks_path.parent / "index", "forums") / "bm25" / name, "empty")
    engine, _ = open_engine(chunks_path)
    assert report(engine) == (0, ["forums"], ["blogs", "docs"])


def test_a_damaged_ids_file_or_missing_source_folder_rebuilds_that_source(chunks_path: Path) -> None:
    open_engine(chunks_path)
    index = chunks_path.parent / "index"
    (source_dir(index, "blogs") / "ids.json").write_text("[not json")
    (source_dir(index, "forums") / "ids.json").write_text(json.dumps(["data/forums/other#q"]))  # another source's rows
    engine, _ = open_engine(chunks_path)
    assert report(engine) == (0, ["blogs", "forums"], ["docs"])
    import shutil

    shutil.rmtree(source_dir(index, "docs"))
    engine, _ = open_engine(chunks_path)
    assert report(engine) == (0, ["docs"], ["blogs", "forums"])


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty"])
def test_a_damaged_embedding_cache_is_refilled_when_the_index_next_changes(chunks_path: Path, damage: str) -> None:
    # Regression (empty): a zero-byte cache file (EOFError) used to crash the open.
    cold, _ = open_engine(chunks_path)
    expected = top_ids(cold)
    index = chunks_path.parent / "index"
    damage_file(index / ".embeddings" / "hashing_256" / "vectors.npz", damage)
    # A current index is loaded without reading the cache: nothing to re-embed.
    engine, model = open_engine(chunks_path)
    assert report(engine) == (0, [], SOURCES)
    assert model.embedded_texts == []
    assert top_ids(engine) == expected
    # The next change re-embeds every text, so the cache is whole again, and rebuilds only its source.
    change_one_forum_chunk(chunks_path)
    engine, model = open_engine(chunks_path)
    assert report(engine) == (10, ["forums"], ["blogs", "docs"])
    assert cached(index)[1].shape == (10, 256)


def test_a_cache_of_the_earlier_two_file_format_is_read_and_replaced(chunks_path: Path) -> None:
    open_engine(chunks_path)
    cache = chunks_path.parent / "index" / ".embeddings" / "hashing_256"
    keys, vectors = cached(chunks_path.parent / "index")
    (cache / "keys.json").write_text(json.dumps(keys))
    np.save(cache / "vectors.npy", vectors)
    (cache / "vectors.npz").unlink()
    new_text = change_one_forum_chunk(chunks_path)
    engine, model = open_engine(chunks_path)
    assert report(engine) == (1, ["forums"], ["blogs", "docs"])
    assert model.embedded_texts == [new_text]
    assert sorted(p.name for p in cache.iterdir()) == ["vectors.npz"]


def test_an_unreadable_params_file_rebuilds_the_sources_without_reembedding(chunks_path: Path) -> None:
    open_engine(chunks_path)
    (chunks_path.parent / "index" / "params.json").write_text("{not json")
    engine, model = open_engine(chunks_path)
    assert report(engine) == (0, SOURCES, [])
    assert json.loads((chunks_path.parent / "index" / "params.json").read_text())["embed_model"] == "hashing:256"


def test_an_index_path_that_is_a_file_is_refused(chunks_path: Path) -> None:
    target = chunks_path.parent / "index-file"
    target.write_text("x")
    with pytest.raises(IndexError_) as info:
        SearchEngine.open(chunks_path, Settings(), index_dir=target, embed_model=HashingEmbedding(256))
    assert str(info.value) == f"index path {target} is a file, not a folder (pass --index-dir DIR)"


def test_an_explicit_index_dir_is_used(chunks_path: Path, tmp_path: Path) -> None:
    engine = SearchEngine.open(chunks_path, Settings(), index_dir=tmp_path / "elsewhere",
                               embed_model=HashingEmbedding(256))
    assert report(engine) == (10, SOURCES, [])
    assert (tmp_path / "elsewhere" / "params.json").is_file()
    assert not (chunks_path.parent / "index").exists()


def test_an_empty_chunks_file_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "chunks.jsonl"
    write_chunks([], path)
    with pytest.raises(UsageError) as info:
        SearchEngine.open(path, Settings(), embed_model=HashingEmbedding(256))
    assert str(info.value) == f"{path} holds no chunks: ingest a corpus with text first"


def damage_file(path: Path, damage: str) -> None:
    data = path.read_bytes()
    if damage == "garbage":
        path.write_bytes(b"this is not an index file" * 4)
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "missing":
        path.unlink()
    else:
        raise AssertionError(damage)


def test_a_deleted_source_is_removed_even_when_the_model_changes(chunks_path: Path) -> None:
    open_engine(chunks_path, 256)
    write_chunks([c for c in load_corpus() if c.source != "blogs"], chunks_path)
    index = chunks_path.parent / "index"
    blogs = source_dir(index, "blogs")
    open_engine(chunks_path, 128)
    assert not blogs.exists()
    assert sorted(json.loads((index / "params.json").read_text())["sources"]) == ["docs", "forums"]


def test_a_source_named_embeddings_does_not_destroy_the_cache(chunks_path: Path) -> None:
    note = Chunk("data/embeddings/note#c0", "embeddings", "post", "A note about vector embeddings.")
    write_chunks([*load_corpus(), note], chunks_path)
    open_engine(chunks_path)
    engine, _ = open_engine(chunks_path)
    assert report(engine) == (0, [], ["blogs", "docs", "embeddings", "forums"])


# ---------------------------------------------------------------- checksums of the index files


def flip_middle(path: Path) -> None:
    """Invert 8 bytes in the middle of ``path``: past FAISS's and numpy's headers, so the file still
    loads, with other numbers in it."""
    data = bytearray(path.read_bytes())
    mid = len(data) // 2
    data[mid:mid + 8] = bytes(b ^ 0xFF for b in data[mid:mid + 8])
    path.write_bytes(bytes(data))


def corrupt_message(index: Path, file: Path) -> str:
    return (f"{file} is corrupt: its sha256 is not the one {index / 'params.json'} recorded when it was built; "
            "rebuild the index with `python main.py index --rebuild` (with the same --data, --chunks or --index-dir)")


def test_params_json_records_the_sha256_of_every_file_of_each_source(chunks_path: Path) -> None:
    open_engine(chunks_path)
    index = chunks_path.parent / "index"
    for name, entry in json.loads((index / "params.json").read_text())["sources"].items():
        folder = source_dir(index, name)
        files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
        assert sorted(entry["sha256"]) == files and "faiss.index" in files and "ids.json" in files
        assert len([f for f in files if f.startswith("bm25/")]) == 5
        assert entry["sha256"] == {f: hashlib.sha256((folder / f).read_bytes()).hexdigest() for f in files}


@pytest.mark.parametrize("file", ["faiss.index", "bm25/data.csc.index.npy"])
def test_a_file_damaged_past_its_header_is_an_error_until_the_index_is_rebuilt(chunks_path: Path, file: str,
                                                                              tmp_path: Path) -> None:
    open_engine(chunks_path)
    index = chunks_path.parent / "index"
    damaged = source_dir(index, "docs") / file
    flip_middle(damaged)
    with pytest.raises(IndexCorrupt) as info:
        open_engine(chunks_path)
    assert str(info.value) == corrupt_message(index, damaged)
    assert info.value.exit_code == 2
    # An update that leaves docs as it is does not reuse the damaged folder either (the changed
    # chunk's vector is embedded and cached before the sources are read).
    change_one_forum_chunk(chunks_path)
    with pytest.raises(IndexCorrupt) as info:
        open_engine(chunks_path)
    assert str(info.value) == corrupt_message(index, damaged)
    # --rebuild: every source, from the embedding cache: nothing embedded again.
    model = CountingEmbedding(256)
    engine = SearchEngine.open(chunks_path, Settings(), embed_model=model, rebuild=True)
    assert report(engine) == (0, SOURCES, []) and model.embedded_texts == []
    assert not damaged.parent.exists()
    fresh = SearchEngine.open(chunks_path, Settings(), embed_model=CountingEmbedding(256), index_dir=tmp_path / "fresh")
    assert top_ids(engine) == top_ids(fresh)
    assert report(open_engine(chunks_path)[0]) == (0, [], SOURCES)


def test_an_index_without_checksums_is_loaded_unchecked(chunks_path: Path) -> None:
    open_engine(chunks_path)
    index = chunks_path.parent / "index"
    params = json.loads((index / "params.json").read_text())
    for entry in params["sources"].values():  # as written before checksums were recorded
        del entry["sha256"]
    (index / "params.json").write_text(json.dumps(params))
    flip_middle(source_dir(index, "docs") / "faiss.index")
    engine, model = open_engine(chunks_path)
    assert report(engine) == (0, [], SOURCES)
    assert json.loads((index / "params.json").read_text()) == params  # no checksum invented for old files
    change_one_forum_chunk(chunks_path)
    engine, _ = open_engine(chunks_path)
    assert report(engine) == (1, ["forums"], ["blogs", "docs"])
    sources = json.loads((index / "params.json").read_text())["sources"]
    assert [name for name, entry in sorted(sources.items()) if "sha256" in entry] == ["forums"]  # the rebuilt one
