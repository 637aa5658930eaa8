"""Record shapes and seams shared by every stage: files -> chunks -> ranked chunks -> claims.

Records are frozen dataclasses: stages return new records instead of mutating the ones they
were given (``dataclasses.replace``). The Protocols name what a stage needs of an expensive
collaborator (an embedder, a reranker, a claim extractor, an LLM), so any object with those
methods can be injected, a test's fake as well as a loaded model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any, Protocol, TypeVar

E = TypeVar("E", bound=Enum)


def enum_from_str(cls: type[E], value: str, what: str) -> E:
    """The member of ``cls`` named by ``value`` (any case, spaces trimmed), or a ValueError
    listing the valid values: ``unknown fusion mode 'x'; valid modes: rrf, relative, dist``."""
    try:
        return cls(value.strip().lower())
    except ValueError:
        valid = ", ".join(m.value for m in cls)
        raise ValueError(f"unknown {what} {value!r}; valid {what.split()[-1]}s: {valid}") from None


class SourceKind(str, Enum):
    """How a source is chunked. Picks the chunker; see ``src/pipelines/chunking.py``."""

    DOCUMENT = "document"
    THREAD = "thread"
    POST = "post"

    @classmethod
    def from_str(cls, value: str) -> SourceKind:
        return enum_from_str(cls, value, "source kind")


# ``metadata["format"]`` of a configuration file (redis.conf, my.cnf): its ``#`` lines are comments,
# not headings, and its directives are read as settings with the comments above them
CONFIG_FORMAT = "config"
# the file extensions the loaders read (``src.pipelines.loaders.LOADERS``): "tmux.conf" or
# "server.properties" written in a text names a file, not a setting
DOCUMENT_SUFFIXES = frozenset({".md", ".markdown", ".txt", ".html", ".htm", ".json", ".jsonl", ".pdf",
                               ".conf", ".cnf", ".cfg", ".ini", ".properties", ".toml"})


@dataclass(frozen=True)
class Chunk:
    """One retrievable unit of text.

    ``id`` follows SPEC section 2: ``<corpus>/<source>/<document key>#<anchor>``;
    ``doc_id`` is the same without ``#anchor``. ``metadata`` holds only JSON scalars
    and lists (title, section, version, created_at, last_updated, author, url,
    accepted, upvotes, status, tags, thread_id, ...); it is never mutated.
    """

    id: str
    source: str
    kind: str
    text: str
    metadata: dict[str, Any] = field(default_factory=dict)

    @property
    def doc_id(self) -> str:
        return self.id.split("#", 1)[0]

    @property
    def anchor(self) -> str:
        return self.id.split("#", 1)[1] if "#" in self.id else ""

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "doc_id": self.doc_id,
            "source": self.source,
            "kind": self.kind,
            "text": self.text,
            "metadata": self.metadata,
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Chunk:
        return cls(
            id=obj["id"],
            source=obj["source"],
            kind=obj["kind"],
            text=obj["text"],
            metadata=dict(obj.get("metadata") or {}),
        )


@dataclass(frozen=True)
class ScoredChunk:
    """A chunk with its final score and every factor that produced it.

    ``scores`` maps factor names (``fusion``, ``prior``, ``rerank``, ``dense``,
    ``bm25``, ...) to values; ``explain`` holds human-readable factor notes.
    """

    chunk: Chunk
    score: float
    scores: dict[str, float] = field(default_factory=dict)
    explain: dict[str, str] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.chunk.id

    @property
    def source(self) -> str:
        return self.chunk.source


@dataclass(frozen=True)
class Warning_:
    """A non-fatal problem with the input: ``path:line: reason``."""

    path: str
    line: int | None
    reason: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line is not None else self.path
        return f"{where}: {self.reason}"


@dataclass(frozen=True)
class Claim:
    """One factual assertion found in one evidence chunk.

    ``key`` is what is asserted about (a lower-case phrase, e.g. ``"artifact retention"``),
    ``scope`` the qualifiers it holds under (``{"plan": "basic"}``), ``value`` the value as
    written, ``normalized`` its canonical form (see ``src.graph.values``: ``"P30D"``,
    ``"P31D..P40D"``, ``"1 GiB"``, ``"10/s"``, ``"v2.1"``, ``"true"``, ...), ``sentence`` the
    sentence it came from and ``chunk_id`` / ``source`` the evidence chunk.
    """

    id: str
    key: str
    scope: dict[str, str]
    value: str
    normalized: Any
    sentence: str
    chunk_id: str
    source: str
    raw_key: str = field(default="", compare=False)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "key": self.key, "scope": dict(self.scope), "value": self.value,
                "normalized": self.normalized, "sentence": self.sentence,
                "chunk_id": self.chunk_id, "source": self.source}


class KeyStatus(StrEnum):
    """What the sources say about one fact (a claim key), SPEC section 4's ``status``. A
    ``StrEnum``: each member is its string, in JSON and in comparisons."""

    CONTRADICTION = "contradiction"  # the sources disagree on one fact
    SCOPED = "scoped"  # values differ only across scopes (version, plan, tenant class, entity)
    CONSISTENT = "consistent"  # several sources, one value
    SINGLE = "single"  # one claim


class VerdictStatus(StrEnum):
    """What the evidence says about the question asked: the answer's ``verdict.status`` (SPEC
    section 5). A ``StrEnum`` like ``KeyStatus``."""

    CONSISTENT = "consistent"  # the sources agree (or one source answers)
    CONTRADICTION = "contradiction"  # sources of one scope give different values
    SCOPED = "scoped"  # values differ by plan, version, region, or entity of the same name
    INSUFFICIENT_DATA = "insufficient_data"  # no evidence answers the question


@dataclass(frozen=True)
class IndexReport:
    """What opening an index did: chunks embedded anew, sources rebuilt and reused, and the
    index's parameters (``params.json``: embedder, dimension, BM25 settings, vector store, ...)."""

    embedded: int
    rebuilt: list[str]
    reused: list[str]
    params: dict[str, Any]


class Embedder(Protocol):
    """A text embedder (LlamaIndex's ``BaseEmbedding`` is one)."""

    model_name: str

    def get_query_embedding(self, query: str) -> list[float]: ...

    def get_text_embedding_batch(self, texts: list[str], **kwargs: Any) -> list[list[float]]: ...


class Reranker(Protocol):
    """Relevance scores of candidates for a query, one per candidate, higher is better."""

    name: str

    def scores(self, query: str, candidates: Sequence[ScoredChunk]) -> list[float]: ...


class ClaimExtractor(Protocol):
    """The claims of one chunk (the offline rules, or an LLM's)."""

    def __call__(self, chunk: Chunk) -> list[Claim]: ...


class LLM(Protocol):
    """An OpenAI-compatible chat model: the reply text to ``messages``."""

    name: str

    def chat(self, messages: list[dict[str, str]], *, json_schema: dict[str, Any] | None = None,
             temperature: float = 0.0, max_tokens: int = 1024, timeout: float | None = None) -> str: ...
