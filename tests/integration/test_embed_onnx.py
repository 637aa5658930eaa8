"""The ONNX Runtime backends of the packaged all-MiniLM-L6-v2, against the torch path.

The ONNX files are exported into a fresh folder per test session (``CROSSCHECK_ONNX_DIR``), so
the export and the int8 quantisation themselves are exercised, not a copy left by an earlier run.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from src.embeddings import embed_texts, load_embed_model
from src.fusion.index_text import indexed_text
from src.onnx_export import FP32_FILE, INT8_FILE, MANIFEST, cache_folder, ensure_onnx

pytestmark = [pytest.mark.integration, pytest.mark.slow]

ROOT = Path(__file__).parents[2]
TEXTS = [
    "How long does the Team plan keep event history?",
    "   leading and trailing blanks   ",
    "word " * 400,  # past the 256-token limit: truncated the way sentence-transformers truncates
    "Résumé naïve café: 14 días, 30 Tage, 七日間",
    "x",
]


@pytest.fixture(scope="module")
def onnx_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("onnx")


@pytest.fixture(scope="module")
def models(onnx_dir: Path) -> dict:
    mp = pytest.MonkeyPatch()
    mp.setenv("CROSSCHECK_ONNX_DIR", str(onnx_dir))
    try:
        return {b: load_embed_model(backend=b) for b in ("torch", "onnx", "onnx-int8")}
    finally:
        mp.undo()


@pytest.fixture(scope="module")
def corpus_texts() -> list[str]:
    """The indexed texts of the Hooklane sample corpus (89 chunks), ingested on the fly."""
    from src.config import Settings
    from src.pipelines.ingest import ingest_corpus

    return [indexed_text(c) for c in ingest_corpus(ROOT / "data", Settings()).chunks]


def test_fp32_onnx_gives_the_torch_vectors(models: dict) -> None:
    torch_vecs = embed_texts(models["torch"], TEXTS)
    onnx_vecs = embed_texts(models["onnx"], TEXTS)
    assert onnx_vecs.shape == (5, 384)
    assert np.all((torch_vecs * onnx_vecs).sum(1) > 0.99999)
    query = np.asarray(models["onnx"].get_query_embedding(TEXTS[0]))
    assert float(query @ torch_vecs[0]) > 0.99999


def test_int8_vectors_stay_close_to_fp32_on_a_real_corpus(models: dict, corpus_texts: list[str]) -> None:
    assert len(corpus_texts) == 89
    fp32 = embed_texts(models["onnx"], corpus_texts)
    int8 = embed_texts(models["onnx-int8"], corpus_texts)
    cos = (fp32 * int8).sum(1)
    assert cos.mean() > 0.99  # measured 0.994
    assert cos.min() > 0.98  # measured 0.988
    # Each chunk's nearest other chunk under fp32 is among its three nearest under int8
    # (the very nearest for 77 of 89: Hooklane has near-duplicate chunks, whose order may swap).
    np.fill_diagonal(sims32 := fp32 @ fp32.T, -1)
    np.fill_diagonal(sims8 := int8 @ int8.T, -1)
    top3 = np.argsort(-sims8, axis=1)[:, :3]
    assert all(n in top3[i] for i, n in enumerate(sims32.argmax(1)))
    assert (sims32.argmax(1) == sims8.argmax(1)).sum() >= 70


def test_rows_follow_the_input_order_whatever_the_length_sorting(models: dict) -> None:
    model = models["onnx-int8"]
    forward = model.embed(TEXTS)
    backward = model.embed(TEXTS[::-1])[::-1]
    assert np.allclose(forward, backward, atol=1e-5)
    assert np.allclose(np.linalg.norm(forward, axis=1), 1.0, atol=1e-5)
    assert model.embed([]).shape == (0, 0)


def test_the_export_is_reused_and_redone_when_its_record_is_stale(models: dict, onnx_dir: Path) -> None:
    from src.embeddings import packaged_minilm_path

    model_dir = Path(packaged_minilm_path())
    folder = cache_folder(model_dir, env={"CROSSCHECK_ONNX_DIR": str(onnx_dir)})
    assert sorted(p.name for p in folder.iterdir()) == [MANIFEST, FP32_FILE, INT8_FILE]
    manifest = json.loads((folder / MANIFEST).read_text())
    assert manifest["quantisation"] == {"per_channel": True, "reduce_range": False, "weight_type": "QInt8"}
    assert (manifest["export"], manifest["attention"]) == (2, "eager")
    before = (folder / INT8_FILE).stat().st_mtime_ns
    assert ensure_onnx(model_dir, quantised=True, folder=folder) == folder / INT8_FILE
    assert (folder / INT8_FILE).stat().st_mtime_ns == before
    (folder / MANIFEST).write_text(json.dumps({**manifest, "torch": "1.0"}))
    assert ensure_onnx(model_dir, quantised=True, folder=folder) == folder / INT8_FILE
    assert (folder / INT8_FILE).stat().st_mtime_ns != before
    assert json.loads((folder / MANIFEST).read_text()) == manifest


def test_the_export_traces_the_eager_attention_not_sdpa(models: dict, onnx_dir: Path) -> None:
    """The sdpa trace guards each softmax with IsNaN and Where (13 Where in all, 27% of the int8
    run time); the eager trace is plain BERT attention: one Softmax per layer, no IsNaN, and
    only the attention mask's own two Where."""
    import onnx

    from src.embeddings import packaged_minilm_path

    folder = cache_folder(Path(packaged_minilm_path()), env={"CROSSCHECK_ONNX_DIR": str(onnx_dir)})
    ops = [node.op_type for node in onnx.load(str(folder / FP32_FILE), load_external_data=False).graph.node]
    assert ops.count("Softmax") == 6
    assert "IsNaN" not in ops
    assert ops.count("Where") == 2


def test_a_model_without_mean_pooling_is_refused(tmp_path: Path) -> None:
    from src.errors import ModelUnavailable

    with pytest.raises(ModelUnavailable) as err:
        load_embed_model(str(tmp_path), backend="onnx-int8")
    assert str(err.value) == (f"{tmp_path}: the onnx embedding backends need a sentence-transformers folder "
                              'with mean pooling (set [models] embed_backend = "torch" for this model)')


def test_the_torch_backend_answers_queries_through_the_fp32_export_with_torch_vectors(
        models: dict, corpus_texts: list[str], onnx_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The default backend (``torch``) as the commands load it (``onnx_queries``): the index keeps
    torch's identity and vectors, and questions and the claim graph's texts run on the fp32
    export, whose vectors are torch's to float rounding (measured on data/: 2.2e-7 at most)."""
    from src.embed_onnx import OnnxEmbedding, TorchVectors
    from src.embeddings import backend_name, embedder_id

    monkeypatch.setenv("CROSSCHECK_ONNX_DIR", str(onnx_dir))
    lazy = load_embed_model(onnx_queries=True)
    assert isinstance(lazy, TorchVectors)
    assert (backend_name(lazy), embedder_id(lazy)) == ("torch", "all-MiniLM-L6-v2")  # a torch index is reused
    texts = corpus_texts + TEXTS
    assert np.abs(embed_texts(lazy, texts) - embed_texts(models["torch"], texts)).max() < 1e-5
    query = np.asarray(lazy.get_query_embedding(TEXTS[0])) - np.asarray(models["torch"].get_query_embedding(TEXTS[0]))
    assert np.abs(query).max() < 1e-5
    assert isinstance(lazy.runtime(), OnnxEmbedding)
    assert lazy.indexer() is not lazy.runtime()  # new chunks are embedded by torch itself


def test_a_question_imports_no_torch_once_the_export_is_made(models: dict, onnx_dir: Path, in_fresh_process: Any,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CROSSCHECK_ONNX_DIR", str(onnx_dir))  # made by the models fixture
    code = ("import sys\nfrom src.embeddings import embed_texts, load_embed_model\n"
            "model = load_embed_model(onnx_queries=True)\nmodel.get_query_embedding('How long are events kept?')\n"
            "print(embed_texts(model, ['Team keeps events for 7 days.', 'Pro: 30 days']).shape,\n"
            "      sorted({'torch', 'transformers', 'sentence_transformers'} & set(sys.modules)))\n")
    assert in_fresh_process(code, 0) == "(2, 384) []\n"


def test_a_batch_gives_the_same_vectors_on_the_first_session_as_on_two(models: dict) -> None:
    """Up to NEW_SESSION_TEXTS texts run on the sessions already made (a cold process makes no
    second session for a claim graph's keys); the parts are the same, so the vectors are too,
    even int8's, which depend on the texts sharing a run."""
    import src.embed_onnx

    model = models["onnx-int8"]
    texts = [f"{t} ({k})" for k in range(5) for t in TEXTS]  # 25: more than one worker's share
    assert src.embed_onnx.SMALL_BATCH < len(texts) <= src.embed_onnx.NEW_SESSION_TEXTS
    model._sessions.clear()
    alone = model.embed(texts)
    assert len(model._sessions) == 1 or src.embed_onnx.WORKERS == 1
    model._session(1)
    assert np.array_equal(model.embed(texts), alone)
