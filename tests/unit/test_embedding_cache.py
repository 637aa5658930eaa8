"""The embedding cache: one file saved atomically, checkpoints while embedding, resuming an
interrupted build. A real kill -9 is in tests/integration/test_index_resume.py."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from pydantic import PrivateAttr

from src.config import IndexConfig, Settings, load_settings
from src.embedding_cache import CACHE_FILE, EmbeddingCache, fill_cache
from src.errors import UsageError
from src.fusion.engine import SearchEngine
from src.fusion.options import FusionConfig
from src.pipelines.chunks_io import write_chunks
from tests.unit.fusion_corpus import CountingEmbedding, load_corpus

TEXTS = {f"k{i}": f"text number {i}" for i in range(10)}


def saved_rows(folder: Path) -> int:
    if not (folder / CACHE_FILE).is_file():
        return 0
    with np.load(folder / CACHE_FILE) as npz:
        return len(npz["keys"])


class WatchingEmbedding(CountingEmbedding):
    """Before each batch, records how many vectors the cache file holds; raises at batch ``fail_at``."""

    _folder: Path = PrivateAttr()
    _fail_at: int | None = PrivateAttr(default=None)
    _on_disk: list = PrivateAttr(default_factory=list)

    def watch(self, folder: Path, fail_at: int | None = None) -> WatchingEmbedding:
        self._folder, self._fail_at = folder, fail_at
        return self

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        self._on_disk.append(saved_rows(self._folder))
        if self._fail_at is not None and len(self._on_disk) == self._fail_at:
            raise RuntimeError("the embedder crashed")
        return super()._get_text_embeddings(texts)


def test_the_cache_is_saved_every_checkpoint_and_at_the_end(tmp_path: Path) -> None:
    cache = EmbeddingCache(tmp_path)
    model = WatchingEmbedding(dim=8, embed_batch_size=2).watch(tmp_path)
    assert fill_cache(model, cache, TEXTS, checkpoint_every=4) == 10
    assert model._on_disk == [0, 0, 4, 4, 8]
    assert saved_rows(tmp_path) == 10
    assert sorted(p.name for p in tmp_path.iterdir()) == [CACHE_FILE]


def test_without_checkpoints_the_cache_is_saved_once_at_the_end(tmp_path: Path) -> None:
    model = WatchingEmbedding(dim=8, embed_batch_size=2).watch(tmp_path)
    assert fill_cache(model, EmbeddingCache(tmp_path), TEXTS, checkpoint_every=0) == 10
    assert model._on_disk == [0, 0, 0, 0, 0]
    assert saved_rows(tmp_path) == 10


def test_a_failing_embedder_keeps_what_was_embedded_and_a_rerun_embeds_only_the_rest(tmp_path: Path,
                                                                                     caplog) -> None:
    model = WatchingEmbedding(dim=8, embed_batch_size=2).watch(tmp_path, fail_at=4)
    with pytest.raises(RuntimeError, match="the embedder crashed"), caplog.at_level("WARNING"):
        fill_cache(model, EmbeddingCache(tmp_path), TEXTS, checkpoint_every=4)
    assert model._on_disk == [0, 0, 4, 4]
    assert saved_rows(tmp_path) == 6  # the checkpoint's 4 and the 2 embedded after it
    assert "embedding stopped after 6 of 10 chunks; the 6 embedded are saved for the next run" in caplog.text
    again = CountingEmbedding(dim=8, embed_batch_size=2)
    cache = EmbeddingCache(tmp_path)
    assert fill_cache(again, cache, TEXTS, checkpoint_every=4) == 4
    assert again.embedded_texts == [TEXTS[f"k{i}"] for i in range(6, 10)]
    fresh = EmbeddingCache(None)
    fill_cache(CountingEmbedding(dim=8), fresh, TEXTS)
    assert np.allclose(cache.get(list(TEXTS)), fresh.get(list(TEXTS)))


def test_an_interrupted_first_build_resumes_where_it_stopped(tmp_path: Path) -> None:
    chunks_path = tmp_path / "chunks.jsonl"
    write_chunks(load_corpus(), chunks_path)
    settings = replace(Settings(), index=IndexConfig(checkpoint_chunks=4))
    cache_dir = tmp_path / "index" / ".embeddings" / "hashing_256"
    crashing = WatchingEmbedding(dim=256, embed_batch_size=3).watch(cache_dir, fail_at=3)
    with pytest.raises(RuntimeError, match="the embedder crashed"):
        SearchEngine.open(chunks_path, settings, embed_model=crashing)
    assert crashing._on_disk == [0, 0, 6]  # saved after 6 (>= 4), then batch 3 failed
    assert not (tmp_path / "index" / "params.json").exists()  # nothing was published
    resumed = CountingEmbedding(256, embed_batch_size=3)
    engine = SearchEngine.open(chunks_path, settings, embed_model=resumed)
    assert engine.index_report.embedded == 4  # 10 distinct texts, 6 saved
    assert len(resumed.embedded_texts) == 4
    clean = SearchEngine.open(chunks_path, settings, embed_model=CountingEmbedding(256),
                              index_dir=tmp_path / "clean")
    query = FusionConfig(k=11)
    assert [(s.id, round(s.score, 6)) for s in engine.search("payload size 413", query).results] == [
        (s.id, round(s.score, 6)) for s in clean.search("payload size 413", query).results]


def test_keys_and_vectors_round_trip_in_one_file(tmp_path: Path) -> None:
    cache = EmbeddingCache(tmp_path)
    cache.add(["a", "b"], np.eye(2, dtype=np.float32))
    cache.add(["c"], np.array([[0.6, 0.8]], dtype=np.float32))
    assert cache.dirty
    cache.save()
    assert not cache.dirty
    again = EmbeddingCache(tmp_path)
    assert again.keys == ["a", "b", "c"]
    assert np.allclose(again.get(["c", "a"]), [[0.6, 0.8], [1.0, 0.0]])
    assert again.retain({"a", "c"}) == 1
    assert again.missing(["a", "b", "b", "d"]) == ["b", "d"]


def test_the_two_file_cache_of_earlier_versions_is_read_and_a_mismatched_pair_ignored(tmp_path: Path,
                                                                                       caplog) -> None:
    (tmp_path / "keys.json").write_text(json.dumps(["a", "b"]))
    np.save(tmp_path / "vectors.npy", np.eye(2, dtype=np.float32))
    assert EmbeddingCache(tmp_path).get(["b"]).tolist() == [[0.0, 1.0]]
    (tmp_path / "keys.json").write_text(json.dumps(["a", "b", "c"]))  # a save killed between the two files
    with caplog.at_level("WARNING"):
        assert EmbeddingCache(tmp_path).keys == []
    assert f"embedding cache {tmp_path} is inconsistent: re-embedding" in caplog.text


@pytest.mark.parametrize(("values", "message"), [
    ({"lock_timeout_s": 0}, "index.lock_timeout_s must be a number of seconds above 0, not 0"),
    ({"lock_timeout_s": "long"}, "index.lock_timeout_s must be a number of seconds above 0, not 'long'"),
    ({"checkpoint_chunks": -1}, "index.checkpoint_chunks must be a whole number >= 0, not -1"),
    ({"checkpoint_chunks": 2.5}, "index.checkpoint_chunks must be a whole number >= 0, not 2.5"),
])
def test_bad_index_settings_are_refused(values: dict, message: str) -> None:
    with pytest.raises(UsageError) as info:
        IndexConfig(**values)
    assert str(info.value) == message


def test_index_settings_come_from_crosscheck_toml(tmp_path: Path) -> None:
    cfg = tmp_path / "crosscheck.toml"
    cfg.write_text("[index]\nlock_timeout_s = 30\ncheckpoint_chunks = 500\n")
    assert load_settings(cfg, env={}).index == IndexConfig(lock_timeout_s=30, checkpoint_chunks=500)
    assert Settings().index == IndexConfig(lock_timeout_s=600.0, checkpoint_chunks=2000)
    for body, message in [
        ("[index]\ncheckpoint = 5\n", "index: unknown setting(s) checkpoint; valid: checkpoint_chunks, lock_timeout_s"),
        ("[index]\nlock_timeout_s = -1\n", "index.lock_timeout_s must be a number of seconds above 0, not -1"),
    ]:
        cfg.write_text(body)
        with pytest.raises(UsageError) as info:
            load_settings(cfg, env={})
        assert str(info.value) == f"{cfg}: {message}"
