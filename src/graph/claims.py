"""The claim record: one key/value assertion found in one evidence chunk."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Claim:
    """One factual assertion.

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


def short_hash(*parts: Any, n: int = 12) -> str:
    """A content-derived id: the same parts always give the same id."""
    blob = json.dumps(parts, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.blake2b(blob.encode("utf-8"), digest_size=16).hexdigest()[:n]


def make_claim(*, key: str, scope: dict[str, str], value: str, normalized: Any, sentence: str,
               chunk_id: str, source: str, raw_key: str = "") -> Claim:
    """A claim with its deterministic id (hash of chunk, key, scope, value and sentence)."""
    cid = short_hash(chunk_id, key, sorted(scope.items()), value, sentence)
    return Claim(id=cid, key=key, scope=dict(sorted(scope.items())), value=value,
                 normalized=normalized, sentence=sentence, chunk_id=chunk_id, source=source,
                 raw_key=raw_key or key)
