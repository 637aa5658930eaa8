"""Gold query files: ``{"q": ..., "relevant_ids": [...]}`` per line, and how ids are matched.

``relevant_ids`` is a list of ids (every id has grade 1) or an object ``{id: grade}``
for graded relevance; grades <= 0 mean "not relevant" and are dropped (as in BEIR qrels).
Extra fields are ignored. A bad line is skipped with a ``path:line: reason`` warning;
a file without a single usable query is a :class:`GoldFileError`.

Match levels: ``chunk`` compares chunk ids, ``doc`` compares document ids (a chunk id
without its ``#anchor``); ``auto`` picks ``chunk`` when every gold id has an anchor.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

from ..errors import UsageError
from ..types import Warning_, enum_from_str

T = TypeVar("T")

log = logging.getLogger(__name__)

MAX_LISTED_UNKNOWN = 20


class GoldFileError(UsageError):
    """A gold file (or BEIR file) is missing or holds no usable query. Carries ``path``."""

    def __init__(self, path: str | Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = str(path)
        self.reason = reason


class MatchMode(StrEnum):
    """At which level retrieved ids are compared with gold ids."""

    AUTO = "auto"
    CHUNK = "chunk"
    DOC = "doc"

    @classmethod
    def from_str(cls, value: str) -> MatchMode:
        return enum_from_str(cls, value, "match mode")


@dataclass(frozen=True)
class GoldQuery:
    """One gold query: its text and ``relevant`` ids mapped to grades (all > 0)."""

    query: str
    relevant: dict[str, int]
    qid: str = ""  # BEIR query id, or ``path:line`` for gold files


def doc_id_of(item_id: str) -> str:
    """Document id of a chunk id (the id without ``#anchor``); a document id is returned as is."""
    return item_id.split("#", 1)[0]


def map_id(item_id: str, match: MatchMode) -> str:
    """The id compared at ``match`` level (``match`` must be resolved, not AUTO)."""
    return doc_id_of(item_id) if match is MatchMode.DOC else item_id


def resolve_match(queries: Sequence[GoldQuery], match: MatchMode | str = MatchMode.AUTO) -> MatchMode:
    """Turn AUTO into CHUNK (every gold id has ``#anchor``) or DOC (otherwise)."""
    mode = match if isinstance(match, MatchMode) else MatchMode.from_str(match)
    if mode is not MatchMode.AUTO:
        return mode
    all_anchored = all("#" in rid for q in queries for rid in q.relevant)
    return MatchMode.CHUNK if all_anchored else MatchMode.DOC


def gold_at_level(relevant: dict[str, int], match: MatchMode) -> dict[str, int]:
    """Relevant ids mapped to ``match`` level; several chunks of one doc keep the highest grade."""
    mapped: dict[str, int] = {}
    for rid, grade in relevant.items():
        key = map_id(rid, match)
        mapped[key] = max(grade, mapped.get(key, 0))
    return mapped


def _parse_relevant(value: Any) -> dict[str, int] | str:
    """Relevant ids and grades, or the reason they are unusable."""
    bad_shape = '"relevant_ids" must be a list of ids or an object of id -> grade'
    if isinstance(value, list):
        if not all(isinstance(v, str) and v.strip() for v in value):
            return bad_shape
        return {v.strip(): 1 for v in value}
    if isinstance(value, dict):
        grades: dict[str, int] = {}
        for rid, grade in value.items():
            if isinstance(grade, bool) or not isinstance(grade, int | float) or not rid.strip():
                return bad_shape
            if grade > 0:
                grades[rid.strip()] = int(grade)
        return grades
    return bad_shape


def json_object(text: str) -> dict[str, Any] | str:
    """One line parsed as a JSON object, or the reason it is not one."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        return f"not valid JSON ({exc.msg})"
    return obj if isinstance(obj, dict) else "expected a JSON object"


def json_lines(path: Path, missing: str = "file not found") -> list[tuple[int, dict[str, Any]]]:
    """(line number, object) for each non-blank line of a JSON Lines gold file; a missing file or
    a line that is no JSON object raises ``GoldFileError`` naming the file (and line)."""
    if not path.is_file():
        raise GoldFileError(path, missing)
    rows = []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        obj = json_object(line)
        if isinstance(obj, str):
            raise GoldFileError(path, f"line {lineno}: {obj}")
        rows.append((lineno, obj))
    return rows


def parse_gold_line(text: str) -> tuple[str, dict[str, int]] | str:
    """``(query, relevant)`` from one gold line, or the reason the line is unusable."""
    obj = json_object(text)
    if isinstance(obj, str):
        return obj
    query = obj.get("q")
    if query is None or (isinstance(query, str) and not query.strip()):
        return 'missing "q"'
    if not isinstance(query, str):
        return '"q" must be a string'
    if "relevant_ids" not in obj:
        return 'missing "relevant_ids"'
    relevant = _parse_relevant(obj["relevant_ids"])
    if isinstance(relevant, str):
        return relevant
    if not relevant:
        return 'empty "relevant_ids"'
    return query.strip(), relevant


def parse_lines(path: Path, parse: Callable[[str], T | str]) -> tuple[list[tuple[int, T]], list[Warning_]]:
    """Each non-blank line through ``parse``: (line number, value) pairs, and a
    ``path:line: reason`` warning for each line ``parse`` rejects with a reason string."""
    parsed: list[tuple[int, T]] = []
    warnings: list[Warning_] = []
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            value = parse(line.strip())
            if isinstance(value, str):
                warnings.append(Warning_(str(path), lineno, value))
            else:
                parsed.append((lineno, value))
    return parsed, warnings


def load_gold(
    path: str | Path,
    corpus_ids: Iterable[str] | None = None,
) -> tuple[list[GoldQuery], list[Warning_]]:
    """Read a gold JSONL file; see the module docstring for the format and warnings.

    With ``corpus_ids`` (chunk ids of the corpus), gold ids that match no chunk id and
    no document id are reported in one warning; those queries are still scored.
    """
    path = Path(path)
    if not path.is_file():
        raise GoldFileError(path, 'gold file not found (pass --gold FILE with {"q", "relevant_ids"} lines)')
    lines, warnings = parse_lines(path, parse_gold_line)
    queries = [GoldQuery(query=q, relevant=rel, qid=f"{path.name}:{n}") for n, (q, rel) in lines]
    if not queries:
        raise GoldFileError(
            path, 'no usable gold query (expected lines like {"q": "...", "relevant_ids": ["..."]})'
        )
    if corpus_ids is not None:
        warnings.extend(unknown_id_warnings(queries, corpus_ids, str(path)))
    for warning in warnings:
        log.warning("%s", warning)
    return queries, warnings


def unknown_gold_ids(queries: Sequence[GoldQuery], corpus_ids: Iterable[str]) -> list[str]:
    """Gold ids (sorted, unique) equal to no chunk id and no document id of ``corpus_ids``."""
    known: set[str] = set()
    for cid in corpus_ids:
        known.add(cid)
        known.add(doc_id_of(cid))
    return sorted({rid for q in queries for rid in q.relevant if rid not in known})


def unknown_id_warnings(queries: Sequence[GoldQuery], corpus_ids: Iterable[str], path: str) -> list[Warning_]:
    """At most one warning listing the gold ids that match nothing in the corpus."""
    unknown = unknown_gold_ids(queries, corpus_ids)
    if not unknown:
        return []
    listed = ", ".join(unknown[:MAX_LISTED_UNKNOWN])
    more = f" and {len(unknown) - MAX_LISTED_UNKNOWN} more" if len(unknown) > MAX_LISTED_UNKNOWN else ""
    reason = (
        f"{len(unknown)} gold id(s) match no chunk or document of the corpus (still scored, "
        f"as misses): {listed}{more}"
    )
    return [Warning_(path, None, reason)]
