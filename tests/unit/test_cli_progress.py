"""Progress of long commands: a tqdm bar on a terminal only, and a final line with counts and time."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from main import cli
from src.cli.progress import ProgressBar
from src.graph.build import _extract_all
from src.types import Chunk


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_bar_with_rate_and_time_left_on_a_terminal() -> None:
    out = Terminal()
    bar = ProgressBar("embedding", "chunk", stream=out, mininterval=0)
    for done in (100, 200, 1000):
        bar(done, 1000)
    bar.close()
    text = out.getvalue()
    assert "embedding:" in text and "1000/1000" in text
    assert re.search(r"\d+(\.\d+)?chunk/s", text) or "s/chunk" in text  # the rate
    assert re.search(r"<\d\d:\d\d", text)  # the time left


def test_no_bar_off_a_terminal_or_below_the_minimum() -> None:
    plain = io.StringIO()
    bar = ProgressBar("embedding", "chunk", stream=plain)
    bar(500, 1000)
    bar.close()
    assert plain.getvalue() == ""
    small = Terminal()
    bar = ProgressBar("auditing", "chunk", min_total=500, stream=small)
    bar(499, 499)
    bar.close()
    assert small.getvalue() == ""


def test_the_audit_reports_extraction_every_200_chunks() -> None:
    chunks = [Chunk(f"c/docs/d{i}#c0", "docs", "document", f"text {i}", {}) for i in range(450)]
    calls: list[tuple[int, int]] = []
    claims, notices = _extract_all(chunks, lambda chunk: [], lambda done, total: calls.append((done, total)))
    assert (claims, notices) == ([], [])
    assert calls == [(200, 450), (400, 450), (450, 450)]


@pytest.fixture()
def corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    docs, forums = tmp_path / "kb" / "docs", tmp_path / "kb" / "forums"
    docs.mkdir(parents=True)
    forums.mkdir()
    (docs / "retention.md").write_text("# Event retention\n\nThe Team plan keeps event history for 14 days.\n")
    thread = {"thread_id": "t1", "title": "Team retention", "question": "How long is event history kept on Team?",
              "answers": [{"id": "a1", "text": "The Team plan keeps event history for 7 days.", "accepted": True}]}
    (forums / "threads.jsonl").write_text(json.dumps(thread) + "\n")
    return tmp_path / "kb"


def test_index_and_graph_end_with_counts_and_time(corpus: Path) -> None:
    runner = CliRunner()
    res = runner.invoke(cli, ["index", "--data", str(corpus), "--embed-model", "hashing:256"])
    assert res.exit_code == 0, res.output
    last = res.stdout.splitlines()[-1]
    assert re.fullmatch(r"embedded 2 chunks with hashing:256 \(dim 256\); index of \S+/chunks\.jsonl "
                        r"\(2 chunks, hashing backend, \d+\.\d s\)", last), last
    res = runner.invoke(cli, ["graph", "--data", str(corpus), "--embed-model", "hashing:256", "--json"])
    assert res.exit_code == 0, res.output
    assert re.fullmatch(r"graph: audited 2 chunks in \d+\.\d s; contradictions: 1", res.stderr.strip()), res.stderr
    assert [k["status"] for k in json.loads(res.stdout)["keys"]] == ["contradiction"]
