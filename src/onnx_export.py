"""Exporting a sentence-transformers folder to ONNX, and quantising it to int8, once per machine.

sentence-transformers' own ONNX backend needs ``optimum``, which cannot be installed beside
the transformers release pinned here, so the two steps are done with what is installed:

1. ``torch.onnx.export`` with the TorchScript exporter (``dynamo=False``: the torch.export-based
   exporter needs ``onnxscript``) of the transformer followed by sentence-transformers' mean
   pooling, so the graph outputs one vector per text (``sentence_embedding``, not normalised).
   The transformer is loaded with its eager attention (``attn_implementation="eager"``), not the
   ``sdpa`` one transformers picks by default: the SDPA trace adds a ``Where``/``IsNaN`` guard
   around every softmax that took 27% of the int8 graph's time, and ONNX Runtime cannot fuse it
   (export version 1); the eager trace is the plain BERT attention (BENCHMARKS.md);
2. ``onnxruntime.quantization.quantize_dynamic``: int8 weights per output channel, activations
   quantised at run time. Per-channel weights were measured on SciFact abstracts: per-tensor
   weights keep a mean cosine of 0.934 to the fp32 vectors, per-channel 0.994 (BENCHMARKS.md).

The files go to ``<model folder>/onnx-v<EXPORT_VERSION>/`` when that folder is writable, else to
``$XDG_CACHE_HOME/crosscheck/onnx/<model>-<hash of its path>-v<EXPORT_VERSION>/``
(``CROSSCHECK_ONNX_DIR`` overrides both): a changed export gets a folder of its own, so a checkout
with the older code, sharing the same installed model, keeps its files and never re-exports
over the newer ones. ``export.json`` there records the torch and onnxruntime versions and the
weights' size and time; when any differs the files are made again. A file lock keeps two
processes from exporting at once, and each file is written under a temporary name, then renamed.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
from pathlib import Path
from typing import Any

from .errors import ModelUnavailable
from .fsio import TMP_PREFIX, atomic_write_text

log = logging.getLogger(__name__)

FP32_FILE = "model_fp32.onnx"
INT8_FILE = "model_int8.onnx"
MANIFEST = "export.json"
INPUTS = ("input_ids", "attention_mask", "token_type_ids")
OPSET = 17
QUANTISATION = {"weight_type": "QInt8", "per_channel": True, "reduce_range": False}
EXPORT_VERSION = 2  # bump when the exported graph changes (2: eager attention, not sdpa)
ATTENTION = "eager"


def mean_pooling(model_dir: Path) -> bool:
    """Does the sentence-transformers folder pool by the mean of its token vectors?"""
    config = model_dir / "1_Pooling" / "config.json"
    try:
        return bool(json.loads(config.read_text(encoding="utf-8")).get("pooling_mode_mean_tokens"))
    except (OSError, ValueError):
        return False


def max_seq_length(model_dir: Path, default: int = 256) -> int:
    """The token limit sentence-transformers applies (``sentence_bert_config.json``)."""
    try:
        return int(json.loads((model_dir / "sentence_bert_config.json").read_text(encoding="utf-8"))["max_seq_length"])
    except (OSError, ValueError, KeyError, TypeError):
        return default


def cache_folder(model_dir: Path, env: dict[str, str] | None = None) -> Path:
    """Where the ONNX files of ``model_dir`` live (module docstring)."""
    env = dict(os.environ if env is None else env)
    model_dir = Path(model_dir).resolve()
    tag = (f"{re.sub(r'[^A-Za-z0-9._-]+', '_', model_dir.name)}-"
           f"{hashlib.sha256(str(model_dir).encode()).hexdigest()[:8]}-v{EXPORT_VERSION}")
    if env.get("CROSSCHECK_ONNX_DIR"):
        return Path(env["CROSSCHECK_ONNX_DIR"]) / tag
    if os.access(model_dir, os.W_OK):
        return model_dir / f"onnx-v{EXPORT_VERSION}"
    base = Path(env.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "crosscheck" / "onnx" / tag


def _manifest(model_dir: Path) -> dict[str, Any]:
    # Versions from the package metadata: a process that finds the files made never imports torch.
    from importlib.metadata import version

    weights = sorted(p for p in model_dir.iterdir() if p.suffix in (".safetensors", ".bin"))
    return {"export": EXPORT_VERSION, "torch": version("torch"), "onnxruntime": version("onnxruntime"),
            "opset": OPSET, "attention": ATTENTION, "quantisation": QUANTISATION,
            "weights": {p.name: [p.stat().st_size, int(p.stat().st_mtime)] for p in weights}}


def ensure_onnx(model_dir: Path, *, quantised: bool, folder: Path | None = None, quiet: bool = False) -> Path:
    """The ONNX file of ``model_dir`` (int8 when ``quantised``), exported on first use (said on
    stderr, or only at INFO level when ``quiet``: an export the user did not ask for)."""
    from filelock import FileLock

    model_dir = Path(model_dir)
    if not mean_pooling(model_dir):
        raise ModelUnavailable(f"{model_dir}: the onnx embedding backends need a sentence-transformers folder "
                               "with mean pooling (set [models] embed_backend = \"torch\" for this model)")
    folder = Path(folder) if folder is not None else cache_folder(model_dir)
    target = folder / (INT8_FILE if quantised else FP32_FILE)
    want = _manifest(model_dir)
    if _current(folder, want) and target.is_file():
        return target
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with FileLock(folder.with_name(folder.name + ".lock")):
            if not _current(folder, want):
                for stale in (FP32_FILE, INT8_FILE, MANIFEST):
                    (folder / stale).unlink(missing_ok=True)
            if not (folder / FP32_FILE).is_file():
                log.log(logging.INFO if quiet else logging.WARNING, "exporting %s to ONNX in %s (once)", model_dir, folder)
                _export(model_dir, folder / FP32_FILE)
            if quantised and not (folder / INT8_FILE).is_file():
                log.log(logging.INFO if quiet else logging.WARNING, "quantising the ONNX export of %s to int8 (once)",
                        model_dir)
                _quantise(folder / FP32_FILE, folder / INT8_FILE)
            atomic_write_text(folder / MANIFEST, json.dumps(want, indent=2, sort_keys=True) + "\n")
    except OSError as exc:
        raise ModelUnavailable(f"cannot write the ONNX export of {model_dir.name} to {folder}: "
                               f"{exc.strerror or exc} (set CROSSCHECK_ONNX_DIR to a writable folder)") from None
    return target


def _current(folder: Path, want: dict[str, Any]) -> bool:
    try:
        return json.loads((folder / MANIFEST).read_text(encoding="utf-8")) == want
    except (OSError, ValueError):
        return False


def _tmp(path: Path) -> Path:
    return path.with_name(f"{TMP_PREFIX}{os.getpid()}-{path.name}")  # keeps the .onnx suffix


def _export(model_dir: Path, out: Path) -> None:
    import warnings

    import torch
    from transformers import AutoModel

    class MeanPooled(torch.nn.Module):
        """The transformer, then sentence-transformers' mean pooling over the attention mask."""

        def __init__(self, inner: Any) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            hidden = self.inner(input_ids=input_ids, attention_mask=attention_mask,
                                token_type_ids=token_type_ids).last_hidden_state
            mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
            return (hidden * mask).sum(1) / torch.clamp(mask.sum(1), min=1e-9)

    model = MeanPooled(AutoModel.from_pretrained(str(model_dir), attn_implementation=ATTENTION)).eval()
    # Two texts of different lengths, so that padding is traced; the axes stay dynamic.
    ids = torch.tensor([[101, 7592, 2088, 102], [101, 7592, 102, 0]], dtype=torch.long)
    mask = (ids != 0).long()
    tmp = _tmp(out)
    try:
        with warnings.catch_warnings(), torch.no_grad():
            warnings.simplefilter("ignore")  # the TorchScript exporter's deprecation and tracer notes
            torch.onnx.export(model, (ids, mask, torch.zeros_like(ids)), str(tmp), input_names=list(INPUTS),
                              output_names=["sentence_embedding"], opset_version=OPSET, dynamo=False,
                              dynamic_axes={**{name: {0: "batch", 1: "tokens"} for name in INPUTS},
                                            "sentence_embedding": {0: "batch"}})
        os.replace(tmp, out)
    finally:
        tmp.unlink(missing_ok=True)


def _quantise(source: Path, out: Path) -> None:
    from onnxruntime.quantization import QuantType, quantize_dynamic

    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.ERROR)  # quantize_dynamic advises pre-processing through the root logger
    tmp = _tmp(out)
    try:
        quantize_dynamic(str(source), str(tmp), weight_type=getattr(QuantType, QUANTISATION["weight_type"]),
                         per_channel=QUANTISATION["per_channel"], reduce_range=QUANTISATION["reduce_range"])
        os.replace(tmp, out)
    finally:
        root.setLevel(level)
        tmp.unlink(missing_ok=True)
