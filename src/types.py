"""Record shapes shared by every stage: files -> chunks -> ranked chunks -> claims.

Everything here is a frozen dataclass: stages return new records instead of
mutating the ones they were given (``dataclasses.replace``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, TypeVar

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
