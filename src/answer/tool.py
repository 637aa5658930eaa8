"""A tool for agents: ``search_knowledge(query, k)`` returns ranked evidence as a JSON string.

    from src.answer.tool import search_knowledge
    print(search_knowledge("How long are events kept on Team?", k=3))

The corpus comes from ``$CROSSCHECK_CHUNKS`` (a chunks file) or ``$CROSSCHECK_DATA`` (a
corpus folder), else ``data/`` and ``artifacts/chunks.jsonl``, as for the CLI; models come
from the usual settings (``crosscheck.toml``, ``CROSSCHECK_*``). The engine loads on the
first call and is reused; calls are serialised by a lock, so threads may share the tool.
Bad input is answered with ``{"error": "..."}``, never raised.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

from src.errors import CrosscheckError

MAX_K = 50
_lock = threading.Lock()
_engine: Any = None


def _load_engine() -> Any:
    from src.config import load_settings
    from src.fusion.engine import SearchEngine
    from src.llm import make_llm
    from src.pipelines.corpus import resolve_chunks

    settings = load_settings()
    chunks = os.environ.get("CROSSCHECK_CHUNKS")
    data = os.environ.get("CROSSCHECK_DATA")
    path = resolve_chunks(Path(data) if data else None, Path(chunks) if chunks else None, settings)
    return SearchEngine.open(path, settings, llm=make_llm(settings.models))


def search_knowledge(query: str, k: int = 5) -> str:
    """Search every source of the knowledge base; JSON ``{"query", "results": [...]}``.

    Each result: ``rank``, ``id`` (chunk id, citable), ``source``, ``score``, ``title``, ``text``.
    """
    global _engine
    if not isinstance(query, str) or not query.strip():
        return json.dumps({"error": "query must be a non-empty string"})
    if not isinstance(k, int) or not 1 <= k <= MAX_K:
        return json.dumps({"error": f"k must be an integer from 1 to {MAX_K}"})
    from src.fusion.options import FusionConfig

    with _lock:
        try:
            if _engine is None:
                _engine = _load_engine()
            result = _engine.search(query, FusionConfig(k=k))
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


def reset() -> None:
    """Forget the loaded engine (the next call reloads settings and the corpus)."""
    global _engine
    with _lock:
        _engine = None
