"""Read a BEIR folder (``corpus.jsonl``, ``queries.jsonl``, ``qrels/<split>.tsv``) in place.

Each corpus document becomes one chunk ``<corpus_name>/docs/<_id>#c0`` (source ``docs``,
kind ``document``, text ``title + "\\n\\n" + text``); qrels with score > 0 become graded
relevance on document ids ``<corpus_name>/docs/<_id>``. Only queries with qrels in the
split are kept. Bad lines are skipped with ``file:line: reason`` warnings.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..types import Chunk, Warning_
from .gold import GoldFileError, GoldQuery, unknown_id_warnings

log = logging.getLogger(__name__)

BEIR_SOURCE = "docs"


@dataclass(frozen=True)
class BeirSet:
    chunks: list[Chunk]
    queries: list[GoldQuery]
    warnings: list[Warning_]


def beir_doc_id(corpus_name: str, doc_key: str) -> str:
    return f"{corpus_name}/{BEIR_SOURCE}/{doc_key}"


def _require(path: Path) -> Path:
    if not path.is_file():
        raise GoldFileError(
            path, "BEIR file not found (a BEIR folder holds corpus.jsonl, queries.jsonl, qrels/<split>.tsv)"
        )
    return path


def _json_lines(path: Path, warnings: list[Warning_]) -> Iterator[tuple[int, dict[str, Any]]]:
    """``(line number, object)`` for every JSON-object line; bad lines become warnings."""
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line.strip())
            except json.JSONDecodeError as exc:
                warnings.append(Warning_(str(path), lineno, f"not valid JSON ({exc.msg})"))
                continue
            if not isinstance(obj, dict):
                warnings.append(Warning_(str(path), lineno, "expected a JSON object"))
                continue
            yield lineno, obj


def _record_id(obj: dict[str, Any]) -> str:
    value = obj.get("_id")
    return str(value).strip() if isinstance(value, str | int) and not isinstance(value, bool) else ""


def corpus_chunk(corpus_name: str, obj: dict[str, Any]) -> Chunk:
    """The single chunk of one BEIR corpus record (``obj`` has a usable ``_id``)."""
    title = str(obj.get("title") or "").strip()
    text = str(obj.get("text") or "").strip()
    return Chunk(
        id=f"{beir_doc_id(corpus_name, _record_id(obj))}#c0",
        source=BEIR_SOURCE,
        kind="document",
        text=f"{title}\n\n{text}" if title else text,
        metadata={"title": title},
    )


def read_corpus(path: Path, corpus_name: str, warnings: list[Warning_]) -> list[Chunk]:
    chunks: list[Chunk] = []
    seen: set[str] = set()
    for lineno, obj in _json_lines(path, warnings):
        doc_key = _record_id(obj)
        if not doc_key:
            warnings.append(Warning_(str(path), lineno, 'missing "_id"'))
        elif doc_key in seen:
            warnings.append(Warning_(str(path), lineno, f"duplicate _id {doc_key!r}"))
        elif not (obj.get("text") or obj.get("title")):
            warnings.append(Warning_(str(path), lineno, f"document {doc_key!r} has no text"))
        else:
            seen.add(doc_key)
            chunks.append(corpus_chunk(corpus_name, obj))
    return chunks


def read_queries(path: Path, warnings: list[Warning_]) -> dict[str, str]:
    queries: dict[str, str] = {}
    for lineno, obj in _json_lines(path, warnings):
        qid = _record_id(obj)
        text = obj.get("text")
        if not qid:
            warnings.append(Warning_(str(path), lineno, 'missing "_id"'))
        elif not isinstance(text, str) or not text.strip():
            warnings.append(Warning_(str(path), lineno, f'query {qid!r} has no "text"'))
        else:
            queries[qid] = text.strip()
    return queries


def parse_qrels_line(line: str) -> tuple[str, str, int] | str:
    """``(query id, doc id, score)`` from one qrels row, or the reason it is unusable."""
    fields = line.rstrip("\n").split("\t")
    if len(fields) != 3:
        return f"expected 3 tab-separated fields (query-id, corpus-id, score), got {len(fields)}"
    qid, doc, score = (f.strip() for f in fields)
    try:
        grade = int(float(score))
    except ValueError:
        return f"score {score!r} is not a number"
    if not qid or not doc:
        return "empty query-id or corpus-id"
    return qid, doc, grade


def read_qrels(path: Path, warnings: list[Warning_]) -> dict[str, dict[str, int]]:
    """``{query id: {doc key: grade > 0}}``; the header row is skipped."""
    qrels: dict[str, dict[str, int]] = {}
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, start=1):
            if not line.strip() or (lineno == 1 and line.lower().startswith("query-id")):
                continue
            parsed = parse_qrels_line(line)
            if isinstance(parsed, str):
                warnings.append(Warning_(str(path), lineno, parsed))
                continue
            qid, doc, grade = parsed
            if grade > 0:
                qrels.setdefault(qid, {})[doc] = grade
    return qrels


def load_beir(folder: str | Path, split: str = "test", corpus_name: str = "beir") -> BeirSet:
    """Chunks, graded gold queries and warnings of one BEIR folder and split."""
    folder = Path(folder)
    corpus_path = _require(folder / "corpus.jsonl")
    queries_path = _require(folder / "queries.jsonl")
    qrels_path = _require(folder / "qrels" / f"{split}.tsv")
    warnings: list[Warning_] = []
    chunks = read_corpus(corpus_path, corpus_name, warnings)
    texts = read_queries(queries_path, warnings)
    qrels = read_qrels(qrels_path, warnings)
    missing = sorted(qid for qid in qrels if qid not in texts)
    if missing:
        warnings.append(
            Warning_(
                str(qrels_path),
                None,
                f"{len(missing)} query id(s) have qrels but no query text: " + ", ".join(missing[:20]),
            )
        )
    gold = [
        GoldQuery(
            query=texts[qid],
            relevant={beir_doc_id(corpus_name, doc): grade for doc, grade in qrels[qid].items()},
            qid=qid,
        )
        for qid in texts
        if qid in qrels
    ]
    if not gold:
        raise GoldFileError(
            qrels_path, f"no query of {queries_path.name} has a relevant document in this split"
        )
    warnings.extend(unknown_id_warnings(gold, (chunk.id for chunk in chunks), str(qrels_path)))
    for warning in warnings:
        log.warning("%s", warning)
    log.info("BEIR %s: %d documents, %d queries with qrels (%s)", folder, len(chunks), len(gold), split)
    return BeirSet(chunks=chunks, queries=gold, warnings=warnings)


def write_beir_chunks(folder: Path, chunks: list[Chunk]) -> Path:
    """Cache a BEIR corpus as a chunks file, ``artifacts/<name>-<hash>/chunks.jsonl`` (SPEC section 3),
    rewritten only when ``corpus.jsonl`` changed, so its index is reused across runs."""
    from ..pipelines.chunks_io import write_chunks
    from ..pipelines.corpus import artifacts_dir_for

    out = artifacts_dir_for(folder) / "chunks.jsonl"
    corpus = folder / "corpus.jsonl"
    st = corpus.stat()
    stamp = {"corpus": str(corpus.resolve()), "size": st.st_size, "mtime_ns": st.st_mtime_ns}
    stamp_path = out.with_name("chunks.jsonl.manifest.json")
    try:
        if out.is_file() and json.loads(stamp_path.read_text(encoding="utf-8")) == stamp:
            return out
    except (OSError, ValueError):
        pass
    write_chunks(chunks, out)
    stamp_path.write_text(json.dumps(stamp) + "\n", encoding="utf-8")
    return out
