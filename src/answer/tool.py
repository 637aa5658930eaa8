"""A tool for agents: ``search_knowledge(query, k)`` returns ranked evidence as a JSON string.

    from src.answer.tool import search_knowledge
    print(search_knowledge("How long are events kept on Team?", k=3))

The corpus comes from ``$CROSSCHECK_CHUNKS`` (a chunks file) or ``$CROSSCHECK_DATA`` (a
corpus folder), else ``data/`` and ``artifacts/chunks.jsonl``, as for the CLI; models come
from the usual settings (``crosscheck.toml``, ``CROSSCHECK_*``). The corpus is opened by the
application service on the first call and reused; threads may share the tool. Bad input is
answered with ``{"error": "..."}``, never raised. ``KnowledgeTool`` is the same over a service
of your own.
"""

from __future__ import annotations

import functools
import json
import os
import threading
from collections.abc import Callable
from pathlib import Path

from ..errors import CrosscheckError
from ..fusion.options import FusionConfig
from .service import AnswerService

MAX_K = 50


def open_from_env() -> AnswerService:
    """The corpus ``$CROSSCHECK_CHUNKS`` or ``$CROSSCHECK_DATA`` names (else the defaults), opened."""
    from ..config import load_settings

    chunks = os.environ.get("CROSSCHECK_CHUNKS")
    data = os.environ.get("CROSSCHECK_DATA")
    return AnswerService.open(load_settings(), data=Path(data) if data else None,
                              chunks=Path(chunks) if chunks else None)


class KnowledgeTool:
    """``search(query, k)`` over the service ``open_service`` returns, opened on the first call."""

    def __init__(self, open_service: Callable[[], AnswerService] = open_from_env) -> None:
        self._open_service = open_service
        self._service: AnswerService | None = None
        self._lock = threading.Lock()  # one opening at a time; the service serialises its engine itself

    def _get(self) -> AnswerService:
        with self._lock:
            if self._service is None:
                self._service = self._open_service()
            return self._service

    def search(self, query: str, k: int = 5) -> str:
        """Search every source of the knowledge base; JSON ``{"query", "results": [...]}``.

        Each result: ``rank``, ``id`` (chunk id, citable), ``source``, ``score``, ``title``, ``text``.
        """
        if not isinstance(query, str) or not query.strip():
            return json.dumps({"error": "query must be a non-empty string"})
        if not isinstance(k, int) or not 1 <= k <= MAX_K:
            return json.dumps({"error": f"k must be an integer from 1 to {MAX_K}"})
        try:
            result = self._get().retrieve(query, FusionConfig(k=k), with_graph=False).result
        except CrosscheckError as exc:
            return json.dumps({"error": str(exc)})
        return json.dumps({
            "query": result.query,
            "results": [
                {"rank": i, "id": s.id, "source": s.source, "score": round(s.score, 6),
                 "title": s.chunk.metadata.get("title"), "text": s.chunk.text}
                for i, s in enumerate(result.results, 1)
            ],
        }, ensure_ascii=False)

    def reset(self) -> None:
        """Forget the opened corpus (the next call reopens settings and the corpus)."""
        with self._lock:
            self._service = None


@functools.cache
def default_tool() -> KnowledgeTool:
    """The tool ``search_knowledge`` calls: one per process, built on first use."""
    return KnowledgeTool()


def search_knowledge(query: str, k: int = 5) -> str:
    """Search every source of the knowledge base; JSON ``{"query", "results": [...]}`` (see
    ``KnowledgeTool.search``)."""
    return default_tool().search(query, k)


def reset() -> None:
    """Forget the opened corpus (the next call reloads settings and the corpus)."""
    default_tool().reset()
