"""A sentence-transformers model run by ONNX Runtime: fp32 (``onnx``) or int8 (``onnx-int8``).

The same model and the same arithmetic as the torch path, minus PyTorch at run time: the
model's own fast tokenizer (``tokenizer.json`` through ``tokenizers``, truncated at the
folder's ``max_seq_length``, padded to the longest text of the batch), the exported graph
(transformer + mean pooling, ``src/onnx_export.py``), then L2 normalisation. Texts are embedded
in order of length, so a batch holds texts of about one length and pays little for padding.

How the graph runs was measured on the int8 graph, one thread (BENCHMARKS.md, "Speed and scale"):

- ``RUN_BATCH`` texts per ``session.run``: 4 abstracts of about 240 tokens ran at 37-40 texts/s,
  32 at 29, 64 at 26 (the attention's scores of a large batch no longer fit the cache); short
  texts (22 tokens) were fastest in runs of 2-4 as well;
- ONNX Runtime's ``SkipLayerNormFusion`` left out: its fused kernel took 2.3 ms a call where the
  ``Add`` and ``LayerNormalization`` it replaces take a tenth of that (12% of the whole run);
  the vectors are the same (mean cosine to fp32 unchanged).
"""

from __future__ import annotations

import importlib.util
import logging
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
from llama_index.core.base.embeddings.base import BaseEmbedding
from pydantic import PrivateAttr

from .errors import ModelUnavailable

log = logging.getLogger(__name__)
SMALL_BATCH = 16  # as src/embeddings.py: a handful of texts runs on one thread
RUN_BATCH = 4  # texts per session.run (module docstring)
DISABLED_OPTIMIZERS = ("SkipLayerNormFusion",)  # module docstring
WORKERS = max(1, min(4, os.cpu_count() or 1))  # sessions run side by side on a batch
# Making a session takes 0.12-0.25 s: 24 short texts ran in 56-104 ms on the first session, 200-375 ms when
# a second was made for them (48-54 ms once it existed). Up to this many texts, the sessions already made run them.
NEW_SESSION_TEXTS = 64


def check_backend(name: str, where: str = "models.embed_backend") -> str:
    from .config import EMBED_BACKENDS
    from .errors import UsageError

    if name not in EMBED_BACKENDS:
        raise UsageError(f"{where}: unknown embedding backend {name!r}; valid: {', '.join(EMBED_BACKENDS)}")
    return name


class OnnxEmbedding(BaseEmbedding):
    """Mean-pooled sentence embeddings of a local sentence-transformers folder through ONNX Runtime."""

    embed_backend: str = "onnx-int8"
    query_instruction: str | None = None  # prefixes an e5 or bge model was trained with
    text_instruction: str | None = None
    _tokenizer: Any = PrivateAttr(default=None)
    _model_file: Path = PrivateAttr()
    _sessions: dict[int, Any] = PrivateAttr(default_factory=dict)

    def __init__(self, model_dir: str | Path, *, model_name: str, quantised: bool = True,
                 onnx_dir: Path | None = None, **kwargs: Any) -> None:
        super().__init__(model_name=model_name, embed_backend="onnx-int8" if quantised else "onnx", **kwargs)
        from tokenizers import Tokenizer

        from .onnx_export import ensure_onnx, max_seq_length

        model_dir = Path(model_dir)
        self._model_file = ensure_onnx(model_dir, quantised=quantised, folder=onnx_dir)
        try:
            tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        except Exception as exc:  # tokenizers raises its own Exception subclass
            raise ModelUnavailable(f"{model_dir / 'tokenizer.json'}: cannot load the tokenizer ({exc})") from None
        tokenizer.enable_truncation(max_seq_length(model_dir))
        pad_id = tokenizer.token_to_id("[PAD]")
        tokenizer.enable_padding(pad_id=0 if pad_id is None else pad_id, pad_token="[PAD]")
        self._tokenizer = tokenizer
        self._sessions = {}

    @classmethod
    def class_name(cls) -> str:
        return "OnnxEmbedding"

    def _session(self, worker: int) -> Any:
        """Worker ``worker``'s session, on one thread whose idle time is spent asleep, not spinning."""
        import onnxruntime as ort

        if worker not in self._sessions:
            options = ort.SessionOptions()
            options.intra_op_num_threads = 1
            options.add_session_config_entry("session.intra_op.allow_spinning", "0")
            options.log_severity_level = 3
            self._sessions[worker] = ort.InferenceSession(str(self._model_file), options,
                                                          providers=["CPUExecutionProvider"],
                                                          disabled_optimizers=list(DISABLED_OPTIMIZERS))
        return self._sessions[worker]

    def _run(self, worker: int, texts: list[str]) -> np.ndarray:
        """The vectors of ``texts`` (sorted by length), ``RUN_BATCH`` texts to a ``session.run``."""
        session = self._session(worker)
        rows = []
        for start in range(0, len(texts), RUN_BATCH):
            encoded = self._tokenizer.encode_batch([t.strip() for t in texts[start:start + RUN_BATCH]])
            feed = {name: np.asarray([getattr(e, attr) for e in encoded], dtype=np.int64)
                    for name, attr in (("input_ids", "ids"), ("attention_mask", "attention_mask"),
                                       ("token_type_ids", "type_ids"))}
            rows.append(np.asarray(session.run(None, feed)[0], dtype=np.float32))
        return np.concatenate(rows)

    def embed(self, texts: list[str], *, queries: bool = False) -> np.ndarray:
        """(n, dim) float32 unit rows, in the order of ``texts`` (as queries: with the query prefix).

        Texts are cut, in order of length, into one part per worker (at most ``embed_batch_size``
        each), and the parts run at once, each on its own single-threaded session: on a shared
        2-core machine two independent sessions kept their pace where one session's two threads
        waited for each other (BENCHMARKS.md). A handful of texts runs on one worker, and up to
        ``NEW_SESSION_TEXTS`` run on the sessions already made (the same parts, the same vectors).
        """
        prefix = (self.query_instruction if queries else self.text_instruction) or ""
        texts = [prefix + t for t in texts] if prefix else texts
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        workers = 1 if len(texts) <= SMALL_BATCH else WORKERS
        size = min(max(1, int(self.embed_batch_size)), -(-len(order) // workers))
        parts = [order[start:start + size] for start in range(0, len(order), size)]
        if workers == 1 or len(parts) == 1 or (len(texts) <= NEW_SESSION_TEXTS and len(self._sessions) < workers):
            vectors = [self._run(0, [texts[i] for i in part]) for part in parts]
        else:
            with ThreadPoolExecutor(workers) as pool:  # ONNX Runtime releases the GIL while it runs
                vectors = list(pool.map(lambda k: self._run(k % workers, [texts[i] for i in parts[k]]),
                                        range(len(parts))))
        out = np.zeros((len(texts), vectors[0].shape[1]), dtype=np.float32)
        for part, rows in zip(parts, vectors):
            out[part] = rows
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        norms[norms == 0] = 1.0
        return out / norms

    def _get_query_embedding(self, query: str) -> list[float]:
        return self.embed([query], queries=True)[0].tolist()

    def _get_text_embedding(self, text: str) -> list[float]:
        return self.embed([text])[0].tolist()

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        return self.embed(list(texts)).tolist()

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._get_query_embedding(query)



class TorchVectors(BaseEmbedding):
    """The ``torch`` backend's vectors of a local sentence-transformers folder, with PyTorch
    imported only when nothing else gives them.

    What an index stores (``indexer()``: ``fill_cache`` embeds new chunks with it) comes from
    sentence-transformers on PyTorch, loaded on first need. Queries and the claim graph's texts
    (``runtime()``) come from the folder's fp32 ONNX export through ONNX Runtime when it is
    installed: the same vectors to float rounding (measured on five corpora against the torch
    path: components within 2.3e-7, cosines within 6.6e-7, docs/scaling.md), without the 5 s of
    importing torch and transformers a question used to pay. The first process that needs the
    export makes it (once, with torch); where it cannot, torch runs everything, as before.
    """

    embed_backend: str = "torch"  # whose vectors these are: the index's identity (src.embeddings.embedder_id)
    query_instruction: str | None = None
    text_instruction: str | None = None
    _model_dir: Path = PrivateAttr()
    _load_torch: Callable[[], BaseEmbedding] = PrivateAttr()
    _torch: Any = PrivateAttr(default=None)
    _runtime: Any = PrivateAttr(default=None)

    def __init__(self, model_dir: str | Path, *, model_name: str, load_torch: Callable[[], BaseEmbedding],
                 **kwargs: Any) -> None:
        super().__init__(model_name=model_name, **kwargs)
        self._model_dir = Path(model_dir)
        self._load_torch = load_torch

    @classmethod
    def class_name(cls) -> str:
        return "TorchVectors"

    def indexer(self) -> BaseEmbedding:
        """sentence-transformers on PyTorch (loaded on the first call): what embeds an index's chunks."""
        if self._torch is None:
            self._torch = self._load_torch()
        return self._torch

    def runtime(self) -> BaseEmbedding:
        """What embeds queries and the claim graph's texts: the fp32 ONNX export, else ``indexer()``."""
        if self._runtime is None:
            self._runtime = self._onnx() or self.indexer()
        return self._runtime

    def _onnx(self) -> OnnxEmbedding | None:
        if importlib.util.find_spec("onnxruntime") is None:
            return None
        from .onnx_export import ensure_onnx

        try:
            ensure_onnx(self._model_dir, quantised=False, quiet=True)
            return OnnxEmbedding(self._model_dir, model_name=self.model_name, quantised=False,
                                 embed_batch_size=self.embed_batch_size, query_instruction=self.query_instruction,
                                 text_instruction=self.text_instruction)
        except Exception as exc:  # noqa: BLE001 -- an export that fails must not stop a question: torch answers
            log.info("embedding with torch: no ONNX export of %s (%s)", self._model_dir, exc)
            return None

    def _get_query_embedding(self, query: str) -> list[float]:
        return self.runtime().get_query_embedding(query)

    def _get_text_embedding(self, text: str) -> list[float]:
        return self.runtime().get_text_embedding(text)

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        return self.runtime().get_text_embedding_batch(list(texts))

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._get_query_embedding(query)
