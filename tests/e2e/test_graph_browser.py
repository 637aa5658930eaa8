"""The claim-graph page in a real headless Chromium: it draws, works offline, runs no corpus text,
is headed by its question and colours plan-scoped values as scoped. Screenshots go to
artifacts/screenshots/ (git-ignored)."""

from __future__ import annotations

import html as htmllib
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from main import cli

pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed (make test installs it)")]

ROOT = Path(__file__).parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"]
PAYLOAD = ("<script>document.documentElement.setAttribute('data-pwned','script')</script>"
           "<img src=x onerror=\"document.documentElement.setAttribute('data-pwned','img')\">")


def dump_dom(page: Path) -> str:
    cmd = [*CHROMIUM, "--virtual-time-budget=4000", f"--user-data-dir={page.parent / 'profile'}", "--dump-dom",
           page.as_uri()]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=90).stdout


def screenshot(page: Path, name: str) -> Path:
    """The page as Chromium draws it, kept in artifacts/screenshots/ to look at after the run."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    out = SHOTS / name
    out.unlink(missing_ok=True)
    subprocess.run([*CHROMIUM, "--virtual-time-budget=4000", "--window-size=1200,900", "--hide-scrollbars",
                    f"--user-data-dir={page.parent / 'profile-shot'}", f"--screenshot={out}", page.as_uri()],
                   capture_output=True, text=True, timeout=90)
    return out


def graph_nodes(dom: str) -> list[dict]:
    """The node data the drawn page holds (its graph-data block, as the browser kept it)."""
    m = re.search(r'<script type="application/json" id="graph-data">(.*?)</script>', dom, re.DOTALL)
    assert m, "no graph data in the page"
    return json.loads(htmllib.unescape(m.group(1)))["nodes"]


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
    assert "Question:</span> How long does the Team plan keep event history?</h1>" in html  # its question heads it
    assert "<script>document.documentElement" not in html
    assert "<img src=x" not in html
    assert 'src="http' not in html and "href=\"http" not in html

    dom = dump_dom(page)
    assert "<canvas" in dom, "vis-network drew nothing"
    assert screenshot(page, "graph-cli.png").stat().st_size > 5_000
    html_tag = dom[dom.index("<html"):dom.index(">", dom.index("<html")) + 1]
    assert "data-pwned" not in html_tag, f"corpus text ran in the page: {html_tag}"
    assert "<img src=\"x\"" not in dom


def test_a_question_graph_page_draws_in_headless_chromium(tmp_path: Path) -> None:
    from tests.unit.test_graph_html import _graph

    path = _graph().write_html(tmp_path / "g.html")
    assert "<canvas" in dump_dom(path)


def test_the_graph_shows_its_question_and_scoped_values_in_the_scoped_colour(tmp_path: Path) -> None:
    from src.graph.html import VERDICT_COLOURS, write_html
    from tests.unit.test_graph_html import _retention_key

    question = "How long does the Team plan keep event history?"
    path = write_html([_retention_key()], tmp_path / "g.html", question=question)
    dom = dump_dom(path)
    assert "<canvas" in dom
    assert f"<title>Claim graph: {question}</title>" in dom
    assert f'<h1 id="question"><span class="label">Question:</span> {question}</h1>' in dom
    colour = {n["label"]: n["color"] for n in graph_nodes(dom) if n["shape"] == "ellipse"}
    assert colour["30 days\n(plan=business)"] == VERDICT_COLOURS["scoped"] == "#f9a825"
    assert colour["7 days\n(plan=team)"] == VERDICT_COLOURS["contradicted"]
    assert colour["two weeks"] == VERDICT_COLOURS["agreed"]
    assert screenshot(path, "graph-question.png").stat().st_size > 5_000
