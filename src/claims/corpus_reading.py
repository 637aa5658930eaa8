"""A corpus read chunk by chunk (``read_corpus``), each chunk continuing the setting entry its
document's chunk before it left open, found by the chunk ids' places in their documents
(``chunk_index``, ``previous_chunk_id``): a docs entry split across two chunks keeps its name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping

from ..types import Chunk
from .model import ReadClaim
from .reader import _read


def chunk_index(chunk_id: str) -> int | None:
    """A chunk's place in its document (``doc#c3`` -> 3); None for ids of another shape (a PDF page's)."""
    doc, _, anchor = chunk_id.rpartition("#c")
    return int(anchor) if doc and anchor.isdigit() else None


def previous_chunk_id(chunk_id: str) -> str | None:
    """The id of the chunk before ``chunk_id`` in its document (``doc#c3`` -> ``doc#c2``); None
    for a document's first chunk and for ids of another shape (a PDF page's)."""
    index = chunk_index(chunk_id)
    return f"{chunk_id.rpartition('#c')[0]}#c{index - 1}" if index else None


def read_corpus(chunks: Iterable[Chunk], *, settings_only: bool = False,
                by_id: Mapping[str, Chunk] | None = None, known: re.Pattern[str] | None = None
                ) -> Iterator[ReadClaim]:
    """``read_chunk`` over ``chunks``, each continuing the entry its document's chunk before it
    left open: the one just read, else the one ``by_id`` (every chunk of the corpus) holds.
    ``known``: the corpus's names that no shape marks as settings (``entry_names``)."""
    last: tuple[str, tuple[str | None, list[str]]] | None = None  # (chunk id, the entry open at its end)
    for chunk in chunks:
        prev = previous_chunk_id(chunk.id)
        if prev is not None and last is not None and last[0] == prev:
            entry = last[1]
        elif prev is not None and by_id is not None and prev in by_id:
            entry = _read(by_id[prev], True, known=known)[1]
        else:
            entry = (None, [])
        claims, end = _read(chunk, settings_only, entry, known)
        yield from claims
        last = (chunk.id, end)
