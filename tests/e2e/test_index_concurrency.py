"""Several `python main.py index` processes on one corpus at once, as users start them.

Each round starts them together on the same chunks file: every process must exit 0 without
a traceback, exactly one of them must embed the chunks (the others wait for the lock, then
reuse its index), and the published index must load and hold no temporary folders.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from main import cli
from src.config import Settings
from src.embeddings import HashingEmbedding
from src.fusion.engine import SearchEngine
from src.fusion.options import FusionConfig

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 4


def write_corpus(data: Path, retention_days: int) -> None:
    (data / "docs").mkdir(parents=True, exist_ok=True)
    (data / "forums").mkdir(exist_ok=True)
    (data / "docs" / "retention.md").write_text(
        f"# Event retention\n\nThe Team plan keeps event history for {retention_days} days.\n", encoding="utf-8")
    (data / "docs" / "limits.md").write_text("# Limits\n\nThe maximum payload size is 512 KB.\n", encoding="utf-8")
    (data / "forums" / "t1.txt").write_text("Title: Retention\n\nUser: How long?\n\nReply: A week.\n",
                                            encoding="utf-8")


def run_together(chunks: Path, cwd: Path) -> list[subprocess.CompletedProcess]:
    procs = [subprocess.Popen([sys.executable, str(ROOT / "main.py"), "index", "--chunks", str(chunks),
                               "--embed-model", "hashing:64"], cwd=cwd,
                              env={**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"},
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(PROCESSES)]
    results = []
    for p in procs:
        out, err = p.communicate(timeout=300)
        results.append(subprocess.CompletedProcess(p.args, p.returncode, out, err))
    return results


def embedded_counts(results: list[subprocess.CompletedProcess]) -> list[int]:
    counts = []
    for r in results:
        assert r.returncode == 0, r.stderr
        assert "Traceback" not in r.stderr
        counts.append(int(re.search(r"^embedded (\d+) chunks with hashing:64", r.stdout, re.MULTILINE).group(1)))
    return sorted(counts)


def test_parallel_index_builds_embed_once_and_publish_one_whole_index(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    data, chunks = tmp_path / "kb", tmp_path / "out" / "chunks.jsonl"
    index = chunks.parent / "index"
    write_corpus(data, 14)
    assert CliRunner().invoke(cli, ["ingest", "--data", str(data), "--out", str(chunks)]).exit_code == 0
    # A fresh index: one process embeds the 3 chunks, the others reuse them.
    assert embedded_counts(run_together(chunks, tmp_path)) == [0] * (PROCESSES - 1) + [3]
    first = json.loads((index / "params.json").read_text())["sources"]
    # An update: one chunk changed; one process embeds it and rebuilds docs.
    write_corpus(data, 30)
    assert CliRunner().invoke(cli, ["ingest", "--data", str(data), "--out", str(chunks)]).exit_code == 0
    assert embedded_counts(run_together(chunks, tmp_path)) == [0] * (PROCESSES - 1) + [1]
    sources = json.loads((index / "params.json").read_text())["sources"]
    assert sources["forums"]["folder"] == first["forums"]["folder"]
    assert sources["docs"]["folder"] != first["docs"]["folder"]
    assert sorted(p.name for p in index.iterdir()) == sorted(
        [".embeddings", "params.json", sources["docs"]["folder"], sources["forums"]["folder"]])
    engine = SearchEngine.open(chunks, Settings(), embed_model=HashingEmbedding(64))
    assert engine.index_report.embedded == 0 and engine.index_report.reused == ["docs", "forums"]
    top = engine.search("how many days is event history kept", FusionConfig(k=1)).results[0]
    assert (top.id, top.chunk.text) == ("kb/docs/retention.md#c0", "# Event retention\n\nThe Team plan keeps event "
                                                             "history for 30 days.")
