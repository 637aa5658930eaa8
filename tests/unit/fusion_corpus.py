"""The hand-written fusion test corpus (tests/fixtures/fusion/corpus.jsonl) and a counting embedder."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import PrivateAttr

from src.embeddings import HashingEmbedding
from src.types import Chunk

FIXTURE = Path(__file__).parents[1] / "fixtures" / "fusion" / "corpus.jsonl"


def load_corpus() -> list[Chunk]:
    lines = FIXTURE.read_text(encoding="utf-8").splitlines()
    return [Chunk.from_json(json.loads(line)) for line in lines if line.strip()]


class CountingEmbedding(HashingEmbedding):
    """The hashing embedder, recording every batch of texts it embeds."""

    _batches: list = PrivateAttr(default_factory=list)

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        self._batches.append(list(texts))
        return super()._get_text_embeddings(texts)

    @property
    def embedded_texts(self) -> list[str]:
        return [t for batch in self._batches for t in batch]
