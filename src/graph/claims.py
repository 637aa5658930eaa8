"""Making claims (``Claim``, in ``src/types.py``): content-derived ids."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..types import Claim

__all__ = ["Claim", "make_claim", "short_hash"]


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
