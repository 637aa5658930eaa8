"""The claim-graph page in a real headless Chromium: it draws, works offline, and runs no corpus text."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from main import cli

pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed (make test installs it)")]

PAYLOAD = ("<script>document.documentElement.setAttribute('data-pwned','script')</script>"
           "<img src=x onerror=\"document.documentElement.setAttribute('data-pwned','img')\">")


def dump_dom(page: Path) -> str:
    cmd = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--no-first-run", "--virtual-time-budget=4000",
           f"--user-data-dir={page.parent / 'profile'}", "--dump-dom", page.as_uri()]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=90).stdout


def test_conflict_graph_page_draws_and_escapes_corpus_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    data = tmp_path / "kb"
    (data / "docs").mkdir(parents=True)
    (data / "forums").mkdir()
    (data / "docs" / "retention.md").write_text(
        "---\ntitle: Retention\n---\n# Retention\n\nThe Team plan keeps event history for 14 days.\n", encoding="utf-8")
    thread = {"thread_id": "t1", "title": "Team retention", "question": "How long does Team keep events?",
              "answers": [{"id": "a1", "text": f"The Team plan keeps event history for 7 days. {PAYLOAD}",
                           "accepted": True, "upvotes": 2}]}
    (data / "forums" / "threads.jsonl").write_text(json.dumps(thread) + "\n", encoding="utf-8")

    res = CliRunner().invoke(cli, ["fusion", "--data", str(data), "--embed-model", "hashing:256",
                                   "--q", "How long does the Team plan keep event history?",
                                   "--html", "graph.html", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output[res.output.index("{"):])
    key = next(k for k in out["graph"]["keys"] if k["status"] == "contradiction")
    assert sorted(c["value"] for c in key["claims"]) == ["14 days", "7 days"]
    assert next(c for c in key["claims"] if c["authoritative"])["value"] == "14 days"

    page = tmp_path / "graph.html"
    html = page.read_text(encoding="utf-8")
    assert "<script>document.documentElement" not in html
    assert "<img src=x" not in html
    assert 'src="http' not in html and "href=\"http" not in html

    dom = dump_dom(page)
    assert "<canvas" in dom, "vis-network drew nothing"
    html_tag = dom[dom.index("<html"):dom.index(">", dom.index("<html")) + 1]
    assert "data-pwned" not in html_tag, f"corpus text ran in the page: {html_tag}"
    assert "<img src=\"x\"" not in dom


def test_a_question_graph_page_draws_in_headless_chromium(tmp_path: Path) -> None:
    from tests.unit.test_graph_html import _graph

    path = _graph().write_html(tmp_path / "g.html")
    dom = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=3000",
                          "--dump-dom", path.as_uri()], capture_output=True, text=True, timeout=60).stdout
    assert "<canvas" in dom
