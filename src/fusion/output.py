"""The fusion result as SPEC section 4 JSON, as a terminal view, and as query-log lines."""

from __future__ import annotations

import json
import logging
import os
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

from .options import SearchResult

log = logging.getLogger(__name__)


def result_json(res: SearchResult, *, graph: dict[str, Any] | None = None, graph_on: bool = False,
                timings_ms: dict[str, float] | None = None) -> dict[str, Any]:
    cfg = res.config
    return {
        "query": res.query,
        "config": {
            "mode": cfg.mode.value, "per_source_topk": cfg.per_source_topk, "k": cfg.k,
            "rerank": cfg.rerank, "rerank_topn": cfg.rerank_topn, "reranker": res.reranker,
            "num_queries": cfg.num_queries, "graph": graph_on,
            "weights": cfg.use_weights, "priors": cfg.use_priors,
        },
        "variants": res.variants,
        "results": [
            {"rank": i, "id": s.id, "source": s.source, "score": round(s.score, 6),
             "scores": {k: round(v, 6) for k, v in s.scores.items()},
             "text": s.chunk.text, "metadata": s.chunk.metadata}
            for i, s in enumerate(res.results, 1)
        ],
        "graph": graph,
        "timings_ms": {k: round(v, 2) for k, v in (timings_ms or res.timings_ms).items()},
    }


def render_results(res: SearchResult, *, explain: bool = False, width: int = 100) -> str:
    cfg = res.config
    head = (f"query: {res.query}\nmode={cfg.mode.value} k={cfg.k} per_source_topk={cfg.per_source_topk}"
            f" rerank={res.reranker or 'off'}")
    if len(res.variants) > 1:
        head += "\nvariants: " + " | ".join(res.variants[1:])
    lines = [head, ""]
    if not res.results:
        lines.append("no results: nothing in the corpus shares a term or meaning with the question")
    for i, s in enumerate(res.results, 1):
        factors = " ".join(f"{k}={v:.3f}" for k, v in s.scores.items() if k in ("fusion", "prior", "rerank"))
        lines.append(f"{i:>2}. [{s.source}] {s.id}  score={s.score:.4f}  {factors}")
        title = s.chunk.metadata.get("title")
        snippet = " ".join(s.chunk.text.split())
        prefix = f"{title}: " if title and title not in snippet[:200] else ""
        lines.append("    " + textwrap.shorten(prefix + snippet, width=width, placeholder=" ..."))
        if explain:
            for k, v in s.scores.items():
                lines.append(f"      {k:<10} {v:.4f}")
            for k, v in s.explain.items():
                lines.append(f"      {k:<10} {v}")
    t = res.timings_ms
    lines.append("")
    lines.append("timings: " + " ".join(f"{k}={v:.1f}ms" for k, v in t.items()))
    return "\n".join(lines)


def log_query(payload: dict[str, Any], log_dir: Path | None = Path("logs"), log_txt: Path | None = None) -> None:
    """Append one JSON line to ``<log_dir>/responses.jsonl`` (none when ``log_dir`` is None: the
    query log is off) and, if asked, the seed's one-line text format to ``log_txt``.

    A log that cannot be written (a read-only folder, a full disk, ``logs`` being a file) is a
    warning naming it: the log is a record, the answer has been computed and is still given.
    """
    now = time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime())
    record = {
        "timestamp": now,
        "query": payload["query"],
        "variants": payload.get("variants", []),
        "config": payload["config"],
        "results": [{"id": r["id"], "source": r["source"], "score": r["score"]} for r in payload["results"]],
        "timings_ms": payload.get("timings_ms", {}),
    }
    if log_dir is not None:
        _append(log_dir / "responses.jsonl", json.dumps(record, ensure_ascii=False))
    if log_txt is not None:
        sources = sorted({r["source"] for r in payload["results"]})
        chunks = " | ".join(f"{r['id']}:{r['score']:.4f}" for r in payload["results"])
        cfg = payload["config"]
        flags = {"mode": cfg["mode"], "rerank": cfg["rerank"], "graph": cfg["graph"], "num_queries": cfg["num_queries"]}
        q = payload["query"].replace("'", "\\'")
        _append(log_txt, f"[{now}] q='{q}' sources={sources} topk={cfg['per_source_topk']} "
                         f"chunks={chunks} flags={json.dumps(flags, separators=(',', ':'))}")


_append_lock = threading.Lock()  # the server logs from several threads


def _append(path: Path, line: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with _append_lock, open(path, "a", encoding="utf-8") as f:
            f.write(line + "\n")
            f.flush()
            os.fsync(f.fileno())
    except OSError as exc:
        log.warning("%s: query log not written (%s)", exc.filename or path, exc.strerror or exc)
