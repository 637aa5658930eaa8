"""What the indexes see of a chunk, and its keys: ``indexed_text`` (the text embedded and
BM25-indexed), ``text_hash`` (what the embedding cache keys a vector by, per model) and
``model_slug`` (the model's cache folder name); ``tokenize`` gives BM25's tokens under
``BM25_SETTINGS``, with snake_case and camelCase identifiers split as well (``expand_identifiers``).
Used by the index (``src/fusion/store.py``), the BM25 retrievers and the reranker.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from ..types import Chunk

BM25_SETTINGS = {"stemmer": "english", "stopwords": "en", "k1": 1.5, "b": 0.75, "method": "lucene",
                 "identifiers": "split"}


def indexed_text(chunk: Chunk) -> str:
    """What the embedder and BM25 see: the chunk text, preceded by its title when the text lacks it.

    Titles are the most specific words many documents have; a chunk deep inside a page
    would otherwise lose them.
    """
    title = str(chunk.metadata.get("title") or "").strip()
    if title and title.lower() not in chunk.text[: len(title) + 200].lower():
        return f"{title}\n{chunk.text}"
    return chunk.text


def text_hash(model: str, text: str) -> str:
    return hashlib.sha256(f"{model}\0{text}".encode()).hexdigest()[:32]


def model_slug(model: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", model).strip("_")[:80] or "model"


# bm25s splits kebab-case (``max-age``, ``Retry-After``) itself; ``batch_size``, ``maxRetries``
# and ``RetryAfter`` stay one token each unless their parts are added beside them.
_SNAKE = re.compile(r"\b[^\W_]+(?:_+[^\W_]+)+\b")
_CAMEL = re.compile(r"\b[A-Za-z][a-z0-9]+(?:[A-Z][a-z0-9]+)+\b")
_CAMEL_PART = re.compile(r"[A-Z]?[a-z0-9]+")


def expand_identifiers(text: str) -> str:
    """Append the words of every snake_case and camelCase identifier after it, so that the
    question "batch size" finds ``batch_size`` and "max retries" finds ``maxRetries``,
    while the identifier itself still matches as one token."""
    text = _SNAKE.sub(lambda m: f"{m.group(0)} {' '.join(p for p in m.group(0).split('_') if p)}", text)
    return _CAMEL.sub(lambda m: f"{m.group(0)} {' '.join(_CAMEL_PART.findall(m.group(0)))}", text)


def tokenize(texts: list[str] | str, stemmer: Any) -> Any:
    import bm25s

    if BM25_SETTINGS["identifiers"] == "split":
        texts = expand_identifiers(texts) if isinstance(texts, str) else [expand_identifiers(t) for t in texts]
    return bm25s.tokenize(texts, stopwords=BM25_SETTINGS["stopwords"], stemmer=stemmer, show_progress=False)
