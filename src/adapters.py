"""LlamaIndex objects as Crosscheck's collaborators: a LlamaIndex LLM behind the ``LLM`` Protocol
of ``src/types.py``, and the one thing an embedder passed in must have (a name).

Nothing here imports LlamaIndex at import time: an object is taken for a LlamaIndex LLM only
when ``llama_index.core`` is already loaded (whoever built the object loaded it), so the
commands that never see one do not pay for the import.
"""

from __future__ import annotations

import sys
from typing import Any

from .errors import UsageError
from .llm import _with_schema_hint
from .types import LLM

_LLM_BASE = "llama_index.core.base.llms.base"
UNNAMED = "unknown"  # BaseEmbedding's default model_name


class LlamaIndexLLM:
    """A LlamaIndex LLM (``llama_index.core.llms.LLM``: ``OpenAI``, ``Ollama``, ``MockLLM``, a
    ``CustomLLM`` of your own ...) as the chat model Crosscheck calls.

    The LLM's own settings apply: its temperature, max_tokens and timeout are the ones it was
    built with. Crosscheck's per-call values are not passed on, since LlamaIndex LLMs differ in
    the keyword arguments they accept; a request's deadline (``LLMBudget``) is checked between
    calls, and cannot cut one short. A ``json_schema`` is asked for in the prompt, as for a
    server without structured output, and every reply is checked by the caller's parser as any
    other. Whatever the LLM raises is a failed call (the budget falls back to the offline path).
    """

    def __init__(self, llm: Any) -> None:
        self.llm = llm
        model = getattr(llm, "model", None) or _metadata_model(llm)
        kind = type(llm).__name__
        self.name = f"{model}@{kind}" if isinstance(model, str) and model and model != UNNAMED else kind

    def chat(self, messages: list[dict[str, str]], *, json_schema: dict[str, Any] | None = None,
             temperature: float = 0.0, max_tokens: int = 1024, timeout: float | None = None) -> str:
        from llama_index.core.llms import ChatMessage

        shown = _with_schema_hint(messages, json_schema) if json_schema is not None else messages
        reply = self.llm.chat([ChatMessage(role=m["role"], content=m["content"]) for m in shown])
        content = reply.message.content
        return content if isinstance(content, str) else ""


def _metadata_model(llm: Any) -> str | None:
    try:
        return llm.metadata.model_name
    except Exception:  # noqa: BLE001 - metadata is a property some LLMs compute (and fail on, for a model they do not know)
        return None


def is_llamaindex_llm(obj: Any) -> bool:
    base = sys.modules.get(_LLM_BASE)
    return base is not None and isinstance(obj, base.BaseLLM)


def as_llm(llm: Any) -> LLM | None:
    """``llm`` as Crosscheck's LLM: a LlamaIndex LLM wrapped in ``LlamaIndexLLM``; anything else
    (None, an ``OpenAICompatibleLLM``, a test's scripted LLM) as it is."""
    if llm is None or isinstance(llm, LlamaIndexLLM):
        return llm
    return LlamaIndexLLM(llm) if is_llamaindex_llm(llm) else llm


def check_embedder(model: Any) -> Any:
    """``model`` when it can index a corpus: it needs a ``model_name`` of its own, since vectors
    are cached and indexes recorded under it, and two unnamed models would share one cache.
    Raises UsageError, saying how to name it, otherwise."""
    name = getattr(model, "model_name", None)
    if not callable(getattr(model, "get_query_embedding", None)) or \
            not callable(getattr(model, "get_text_embedding_batch", None)):
        raise UsageError(f"embed_model {type(model).__name__} is not an embedder: pass a LlamaIndex BaseEmbedding")
    if not isinstance(name, str) or not name.strip() or name == UNNAMED:
        raise UsageError(f"embed_model {type(model).__name__} has no model_name: Crosscheck caches vectors and "
                         "records its index under it; name it, e.g. MockEmbedding(embed_dim=8, model_name='mock-8')")
    return model
