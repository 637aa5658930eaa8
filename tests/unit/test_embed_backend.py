"""The embedding backend setting: validated, recorded in params.json, and a change re-embeds.

The embedders here are the hashing fake with an ``embed_backend`` attribute, so the tests
need no model; tests/integration/test_embed_onnx.py runs the real ONNX backends.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from src.config import Settings, load_settings
from src.embeddings import HashingEmbedding, backend_name, embed_texts, embedder_id
from src.errors import UsageError
from src.fusion.engine import SearchEngine
from src.onnx_export import cache_folder
from src.pipelines.chunks_io import write_chunks
from tests.unit.fusion_corpus import CountingEmbedding, load_corpus


class OnnxLike(CountingEmbedding):
    """The counting hashing embedder, claiming to run on an ONNX backend."""

    embed_backend: str = "onnx-int8"


def open_with(chunks_path: Path, model: CountingEmbedding) -> dict:
    return SearchEngine.open(chunks_path, Settings(), embed_model=model).index_report


@pytest.fixture
def chunks_path(tmp_path: Path) -> Path:
    path = tmp_path / "chunks.jsonl"
    write_chunks(load_corpus(), path)
    return path


def params(chunks_path: Path) -> dict:
    return json.loads((chunks_path.parent / "index" / "params.json").read_text())


def test_backend_names_and_identities() -> None:
    assert backend_name(HashingEmbedding(64)) == "hashing"
    assert embedder_id(HashingEmbedding(64)) == "hashing:64"
    assert backend_name(OnnxLike(64)) == "onnx-int8"
    assert embedder_id(OnnxLike(64)) == "hashing:64@onnx-int8-v2"
    assert embedder_id(OnnxLike(64, embed_backend="onnx")) == "hashing:64@onnx-v2"


def test_a_changed_onnx_export_is_a_new_identity(monkeypatch: pytest.MonkeyPatch) -> None:
    # vectors of export version 1 (sdpa attention) are not reused by version 2 (eager attention)
    monkeypatch.setattr("src.onnx_export.EXPORT_VERSION", 1)
    assert embedder_id(OnnxLike(64)) == "hashing:64@onnx-int8-v1"
    assert embedder_id(HashingEmbedding(64)) == "hashing:64"  # the torch path's caches are unchanged


def test_params_record_the_backend_and_the_cache_is_kept_per_backend(chunks_path: Path) -> None:
    assert open_with(chunks_path, OnnxLike(64)).embedded == 10
    assert (params(chunks_path)["embed_model"], params(chunks_path)["embed_backend"]) == ("hashing:64", "onnx-int8")
    assert sorted(p.name for p in (chunks_path.parent / "index" / ".embeddings").iterdir()) == ["hashing_64_onnx-int8-v2"]
    again = open_with(chunks_path, OnnxLike(64))
    assert (again.embedded, again.rebuilt) == (0, [])


def test_a_changed_onnx_export_re_embeds(chunks_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("src.onnx_export.EXPORT_VERSION", 1)
    assert open_with(chunks_path, OnnxLike(64)).embedded == 10
    monkeypatch.setattr("src.onnx_export.EXPORT_VERSION", 2)
    assert open_with(chunks_path, OnnxLike(64)).embedded == 10
    assert open_with(chunks_path, OnnxLike(64)).embedded == 0


def test_switching_backend_re_embeds_and_says_so(chunks_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    open_with(chunks_path, OnnxLike(64))
    with caplog.at_level(logging.WARNING):
        report = open_with(chunks_path, OnnxLike(64, embed_backend="onnx"))
    assert (report.embedded, report.rebuilt) == (10, ["blogs", "docs", "forums"])
    assert params(chunks_path)["embed_backend"] == "onnx"
    index = chunks_path.parent / "index"
    assert f"index {index} was built with hashing:64 (onnx-int8), not hashing:64 (onnx): " \
           "re-embedding with hashing:64 (onnx)" in caplog.messages
    # Back to int8: its cache was kept, so nothing is embedded, but the sources are rebuilt.
    back = open_with(chunks_path, OnnxLike(64))
    assert (back.embedded, back.rebuilt) == (0, ["blogs", "docs", "forums"])


def test_an_index_written_before_backends_were_recorded_is_reused(chunks_path: Path) -> None:
    open_with(chunks_path, CountingEmbedding(64))
    path = chunks_path.parent / "index" / "params.json"
    old = params(chunks_path)
    assert old.pop("embed_backend") == "hashing"
    path.write_text(json.dumps(old))
    assert open_with(chunks_path, CountingEmbedding(64)).embedded == 0
    # ... but an ONNX backend did not build it.
    assert open_with(chunks_path, OnnxLike(64)).embedded == 10


def test_backend_setting_from_file_and_env(tmp_path: Path) -> None:
    assert Settings().models.embed_backend == "torch"
    cfg = tmp_path / "crosscheck.toml"
    cfg.write_text('[models]\nembed_backend = "onnx"\n')
    assert load_settings(cfg, env={}).models.embed_backend == "onnx"
    assert load_settings(cfg, env={"CROSSCHECK_EMBED_BACKEND": "onnx-int8"}).models.embed_backend == "onnx-int8"
    with pytest.raises(UsageError) as err:
        load_settings(cfg, env={"CROSSCHECK_EMBED_BACKEND": "int8"})
    assert str(err.value) == "CROSSCHECK_EMBED_BACKEND: unknown embedding backend 'int8'; valid: torch, onnx, onnx-int8"
    cfg.write_text('[models]\nembed_backend = "tensorrt"\n')
    with pytest.raises(UsageError) as err:
        load_settings(cfg, env={})
    assert str(err.value) == f"{cfg}: models.embed_backend: unknown embedding backend 'tensorrt'; " \
                             "valid: torch, onnx, onnx-int8"


def test_onnx_files_go_beside_the_model_else_to_the_user_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    model = tmp_path / "site-packages" / "minilm" / "model"
    model.mkdir(parents=True)
    assert cache_folder(model, env={}) == model / "onnx-v2"  # one folder per export version
    overridden = cache_folder(model, env={"CROSSCHECK_ONNX_DIR": str(tmp_path / "onnx")})
    assert overridden.parent == tmp_path / "onnx"
    assert overridden.name.startswith("model-") and overridden.name.endswith("-v2")
    monkeypatch.setattr("os.access", lambda path, mode: False)  # a read-only site-packages
    fallback = cache_folder(model, env={"XDG_CACHE_HOME": str(tmp_path / "cache")})
    assert fallback == tmp_path / "cache" / "crosscheck" / "onnx" / overridden.name


def test_a_bad_backend_is_one_line_and_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from main import cli

    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(cli, ["index", "--chunks", "c.jsonl"], env={"CROSSCHECK_EMBED_BACKEND": "int8"})
    assert res.exit_code == 2
    assert res.output == ("Error: CROSSCHECK_EMBED_BACKEND: unknown embedding backend 'int8'; "
                          "valid: torch, onnx, onnx-int8\n")


def lazy_torch(tmp_path: Path, onnx: CountingEmbedding | None) -> tuple:
    """A ``TorchVectors`` over two counting fakes: torch (loaded on demand, counted) and, unless
    None, the fp32 ONNX runtime."""
    from src.embed_onnx import TorchVectors

    torch, loads = CountingEmbedding(64), []
    model = TorchVectors(tmp_path, model_name="hashing:64", load_torch=lambda: loads.append(1) or torch)
    model._onnx = lambda: onnx  # type: ignore[method-assign]
    return model, torch, loads


def test_the_torch_backend_embeds_an_index_with_torch_and_questions_without_it(chunks_path: Path,
                                                                                tmp_path: Path) -> None:
    onnx = CountingEmbedding(64)
    model, torch, loads = lazy_torch(tmp_path, onnx)
    assert open_with(chunks_path, model).embedded == 10
    assert (len(torch.embedded_texts), onnx.embedded_texts, loads) == (10, [], [1])
    assert (params(chunks_path)["embed_model"], params(chunks_path)["embed_backend"]) == ("hashing:64", "torch")
    # The next process finds the index current: torch is never loaded, the question runs on ONNX.
    model, torch, loads = lazy_torch(tmp_path, onnx)
    engine = SearchEngine.open(chunks_path, Settings(), embed_model=model)
    assert engine.index_report.embedded == 0
    engine.embed_query("how long are events kept")
    assert embed_texts(model, ["Team keeps events for 7 days."]).shape == (1, 64)
    assert (loads, onnx.embedded_texts) == ([], ["Team keeps events for 7 days."])


def test_without_onnx_the_torch_backend_runs_on_torch(tmp_path: Path) -> None:
    model, torch, loads = lazy_torch(tmp_path, None)
    assert embed_texts(model, ["a text"]).shape == (1, 64)
    assert (torch.embedded_texts, loads) == (["a text"], [1])


def test_commands_load_the_lazy_torch_backend_for_a_local_mean_pooling_folder(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from src.embed_onnx import TorchVectors
    from src.embeddings import embed_model_from, load_embed_model

    monkeypatch.setattr("src.embeddings._load_torch", lambda *args: "torch itself")
    (tmp_path / "1_Pooling").mkdir()
    (tmp_path / "1_Pooling" / "config.json").write_text('{"pooling_mode_mean_tokens": true}')
    models = Settings().models
    assert isinstance(embed_model_from(type(models)(embed_model=str(tmp_path))), TorchVectors)
    assert load_embed_model(str(tmp_path)) == "torch itself"  # asked for directly: torch, as before
    assert embed_model_from(type(models)(embed_model="sentence-transformers/some-hub-model")) == "torch itself"
