"""The typed claim the reader produces."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Modality(str, Enum):
    DEFAULT = "default"  # the text says the value is the default ("Default: 75s", "defaults to 5")
    CONFIGURED = "configured"  # a value set in a config file or example ("keepalive_timeout 65;")
    STATED = "stated"  # any other statement of the value


@dataclass(frozen=True)
class Attribute:
    """What a value is the value of: a setting name (``name``, ``identifier=True``) or the
    words the text uses; ``context`` is the text that describes it (its documentation entry)."""

    name: str
    identifier: bool
    context: str = ""


@dataclass(frozen=True)
class ReadClaim:
    attribute: Attribute
    value: str  # as written
    normalized: str  # canonical form (``src.graph.values``), or the lower-cased text of a word value
    kind: str  # duration, size, number, version, word, ...
    modality: Modality
    scope: dict[str, str]  # {"version": "<1.19.10"} and the like
    sentence: str
    span: tuple[int, int]  # of the value in ``sentence``
    chunk_id: str
    source: str
    lo: float | None = None  # the magnitude in the kind's base unit (seconds, bytes), when numeric
    doc_version: str = ""  # the version the claim's document is about (front matter)
    extra: dict[str, str] = field(default_factory=dict)  # {"inferred": "yes"}: the setting came from the context;
    # {"shipped": "yes"}: a configuration file's directive outside any named section

    @property
    def shipped(self) -> bool:
        """A configuration file sets the value outside any named section: what it ships with."""
        return self.extra.get("shipped") == "yes"

    @property
    def inferred(self) -> bool:
        """The sentence does not name the setting: the chunk's context gave it."""
        return self.extra.get("inferred") == "yes"
