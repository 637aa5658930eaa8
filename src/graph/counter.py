"""Counter-evidence: chunks that retrieval missed but that contradict a claim of the evidence.

The claim graph of a question is built from the top retrieved chunks, so a contradiction is
only seen when both sides were retrieved. The one ticket that says "10 seconds" against the
docs' "15 seconds" often ranks 14th. The corpus audit (every chunk, offline rules) knows which
chunks disagree on each fact; ``counter_evidence`` adds, for every audited contradiction that
an evidence chunk takes part in, the chunks on the other sides, up to ``limit``.

The audit is reduced to its contradiction groups (chunk ids per contradicted key) and saved
beside the index, keyed by a fingerprint of the chunks, the source weights and the key
clustering model, so a question pays for it only when the corpus changed.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..fsio import atomic_write_text
from ..types import Chunk, ScoredChunk

log = logging.getLogger(__name__)
AUDIT_DIR = ".audit"
DEFAULT_LIMIT = 4
AUTO_AUDIT_MAX_CHUNKS = 2000


def audit_fingerprint(chunks: Sequence[Chunk], source_weights: Mapping[str, float], model_name: str) -> str:
    h = hashlib.sha256()
    h.update(json.dumps({"weights": dict(sorted(source_weights.items())), "model": model_name, "v": 2}).encode())
    for c in chunks:
        h.update(f"{c.id}\0{c.source}\0{c.text}\0{json.dumps(c.metadata, sort_keys=True, default=str)}\n".encode())
    return h.hexdigest()[:24]


def groups_of(audit: Any) -> list[list[str]]:
    """Chunk ids on any side of each contradiction of an audit (a ``ClaimGraph``)."""
    return [sorted({s.chunk_id for n in key.claims for s in n.support}) for key in audit.contradictions()]


def _cache_path(chunks: Sequence[Chunk], source_weights: Mapping[str, float], embed_model: Any,
                cache_dir: Path) -> Path:
    from ..embeddings import embedder_id

    model_name = embedder_id(embed_model) if embed_model is not None else "tokens"
    return cache_dir / f"{audit_fingerprint(chunks, source_weights, model_name)}.json"


def save_groups(path: Path, groups: list[list[str]]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        for old in path.parent.glob("*.json"):
            old.unlink(missing_ok=True)  # one corpus, one audit: drop the stale one
        atomic_write_text(path, json.dumps(groups))
    except OSError as exc:
        log.warning("cannot save the audit in %s (%s): it will be recomputed next time", path.parent, exc)


def save_audit(audit: Any, chunks: Sequence[Chunk], *, source_weights: Mapping[str, float], embed_model: Any,
               cache_dir: Path) -> None:
    """Keep the contradiction groups of an audit the ``graph`` command computed anyway."""
    save_groups(_cache_path(chunks, source_weights, embed_model, cache_dir), groups_of(audit))


def contradiction_groups(chunks: Sequence[Chunk], *, source_weights: Mapping[str, float], embed_model: Any = None,
                         cache_dir: Path | None = None, compute: bool = True) -> list[list[str]] | None:
    """Chunk ids on any side of each contradiction of the corpus audit, most severe first:
    the saved ones when the corpus is unchanged, else a fresh audit (``None`` when
    ``compute`` is false and nothing is saved)."""
    from .build import audit_corpus

    path = _cache_path(chunks, source_weights, embed_model, cache_dir) if cache_dir is not None else None
    if path is not None:
        try:
            return [list(map(str, g)) for g in json.loads(path.read_text(encoding="utf-8"))]
        except FileNotFoundError:
            pass
        except (OSError, ValueError, TypeError) as exc:
            log.warning("audit cache %s is unreadable (%s): auditing again", path, exc)
    if not compute:
        return None
    groups = groups_of(audit_corpus(chunks, source_weights=source_weights, embed_model=embed_model))
    if path is not None:
        save_groups(path, groups)
    return groups


def counter_evidence(evidence: Sequence[ScoredChunk], groups: Sequence[Sequence[str]],
                     chunks_by_id: Mapping[str, Chunk], limit: int = DEFAULT_LIMIT) -> list[ScoredChunk]:
    """Up to ``limit`` chunks outside ``evidence`` that share an audited contradiction with it.

    Groups linked to better-ranked evidence come first, then the audit's order (severity).
    Each added chunk scores just below the evidence, so it weighs as the least relevant
    evidence; ``scores["counter_evidence"]`` marks it.
    """
    if not evidence or limit <= 0:
        return []
    rank: dict[str, int] = {}
    for i, e in enumerate(evidence):
        rank.setdefault(e.chunk.id, i)
    candidates: list[tuple[int, int, str]] = []
    for order, group in enumerate(groups):
        linked = [rank[cid] for cid in group if cid in rank]
        if linked:
            candidates.extend((min(linked), order, cid) for cid in group if cid not in rank)
    floor = min(e.score for e in evidence)
    out: list[ScoredChunk] = []
    seen: set[str] = set()
    for _, _, cid in sorted(candidates):
        if cid in seen or cid not in chunks_by_id:
            continue
        seen.add(cid)
        out.append(ScoredChunk(chunks_by_id[cid], floor - 1e-6 * (len(out) + 1), {"counter_evidence": 1.0},
                               {"why": "contradicts a claim of the evidence in the corpus audit"}))
        if len(out) == limit:
            break
    return out
