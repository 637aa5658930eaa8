"""The web page in headless Chromium (Python playwright driving the system chromium): a person
types a question, sees the verdict, one plain-words explanation, the answer with clickable
citations (a PDF's by its page), the ranked evidence, the conflicts grouped by fact and the claim
graph headed by the question; corpus text holding <script> runs nothing. Screenshots of what was
checked go to artifacts/screenshots/ (git-ignored)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.serving import start_server, stop

ROOT = Path(__file__).parents[2]
playwright = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
pytestmark = [pytest.mark.e2e, pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="chromium not installed")]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PAYLOAD = ("<script>document.documentElement.setAttribute('data-pwned','script')</script>"
           "<img src=x onerror=\"document.documentElement.setAttribute('data-pwned','img');alert(1)\">")
QUESTION = "How long does the Team plan keep event history?"
SHOTS = ROOT / "artifacts" / "screenshots"
SCOPED = "#f9a825"  # src/graph/html.py VERDICT_COLOURS["scoped"]


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with playwright.sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        ctx = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True, args=ARGS,
                                                   viewport={"width": 1400, "height": 1100})
        yield ctx
        ctx.close()


def _shot(target: object, name: str, **kw: object) -> Path:
    """A screenshot of a page or an element, kept in artifacts/screenshots/ to look at after the run."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    target.screenshot(path=str(SHOTS / name), **kw)
    return SHOTS / name


def _ask(page: object, base: str, question: str) -> None:
    page.goto(base + "/")
    page.fill("#q", question)
    page.click("#ask-button")
    page.wait_for_selector("body[data-state=answered]", timeout=60_000)


@pytest.mark.slow
def test_ask_on_the_sample_corpus(browser: object, tmp_path: Path) -> None:
    # The real default embedder here: key clustering needs meaning ("keeps events" ~ "events retained").
    proc, base = _serve_data(ROOT / "data", tmp_path)
    page = browser.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    external: list[str] = []
    page.on("request", lambda r: external.append(r.url) if not r.url.startswith((base, "data:", "about:")) else None)
    try:
        _ask(page, base, QUESTION)
        assert page.inner_text("#verdict-status").lower() == "contradiction"
        assert page.inner_text("#authoritative") == "Authoritative answer: 14 days for the Team plan"
        assert page.inner_text("#verdict-explanation").startswith("Docs and forums say 14 days for the Team plan.")
        cites = page.locator("#answer a.cite")
        assert cites.count() >= 2
        assert page.inner_text("#citations li:first-child .cid") == "data/docs/plans.md#c0"
        cites.first.click()
        hit = page.locator("#evidence li.hit")
        hit.wait_for(timeout=5_000)
        # The docs' plan table is read by the claim graph below the top 8: its card follows them, marked.
        assert hit.locator(".chunk-id").inner_text() == "data/docs/plans.md#c0"
        assert hit.locator(".rank").inner_text() == "cited, below the top 8"
        assert page.locator("#evidence li.card:not(.beyond)").count() == 8
        assert page.locator("#citations li:nth-child(2) .cid").inner_text() == "data/forums/t003#a0031"
        page.locator("#citations li:nth-child(2) .cid").click()
        assert page.locator("#evidence li.hit .rank").inner_text() == "#2"
        assert page.locator("#evidence li .badge").first.inner_text() in {"docs", "forums", "tickets", "blogs"}
        assert "authority" in page.inner_text("#evidence li:first-child .factors")
        page.frame_locator("#graph").locator("canvas").wait_for(timeout=30_000)
        page.locator("#conflicts li").first.wait_for(timeout=60_000)
        assert "conflict" in page.inner_text("#warnings").lower()
        retention = page.locator("#conflicts li.fact", has_text="14 days for the Team plan")
        assert "30 days for the Business plan" in retention.first.locator(".cscoped").inner_text()
        assert "30 days" not in retention.first.locator(".cconflict").inner_text()
        page.wait_for_timeout(1500)  # let the graph layout settle for the screenshot
        _shot(page, "web-sample-corpus.png", full_page=True)

        _ask(page, base, "What is the capital of France?")
        assert page.inner_text("#verdict-status").lower() == "insufficient data"
        assert page.locator("#citations li").count() == 0
        assert dialogs == [] and external == []
    finally:
        page.close()
        stop(proc)






def _pdf_kb(data: Path) -> None:
    """A PDF manual (the Team plan's retention on page 2, beside the Business plan's), a blog post
    that agrees and a forum answer that does not."""
    from tests.unit.pdf_writer import write_pdf

    for folder in ("docs", "forums", "blogs"):
        (data / folder).mkdir(parents=True)
    write_pdf(data / "docs" / "manual.pdf", [
        ["Hooklane manual", "Introduction", "Hooklane delivers webhooks to your endpoints."],
        ["Event retention", "On the Team plan, events are retained for 14 days.",
         "On the Business plan, events are retained for 30 days."]], title="Hooklane manual")
    (data / "blogs" / "plans.md").write_text(
        "---\ntitle: Choosing a plan\n---\n# Choosing a plan\n\nThe Team plan keeps event history for 14 days.\n",
        encoding="utf-8")
    thread = {"thread_id": "t1", "title": "Team retention", "question": "How long does the Team plan keep events?",
              "answers": [{"id": "a1", "text": "On the Team plan, events are retained for 7 days.", "accepted": True,
                           "upvotes": 2}]}
    (data / "forums" / "threads.jsonl").write_text(json.dumps(thread) + "\n", encoding="utf-8")


def test_what_a_new_user_sees(browser: object, tmp_path: Path) -> None:
    """Issue #24: a PDF citation by its page, one explanation in plain words, conflicts grouped by
    fact with plan-scoped values apart, the question on the graph, scoped claims in the scoped
    colour, and a favicon."""
    _pdf_kb(tmp_path / "kb")
    proc, base = _serve_data(tmp_path / "kb", tmp_path, "--embed-model", "hashing:256")
    page = browser.new_page()
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    try:
        _ask(page, base, QUESTION)
        assert page.inner_text("#verdict-status").lower() == "contradiction"
        why = "Docs and blogs say 14 days for the Team plan. Forums say 7 days for the Team plan instead."
        assert page.inner_text("#verdict-explanation") == why
        assert page.inner_text("#authoritative") == "Authoritative answer: 14 days for the Team plan"
        panel = page.inner_text("#answer-panel")
        assert panel.count("14 days for the Team plan") == 2  # the authoritative value and the one explanation
        assert "plan=team" not in panel and "authority 1.2" not in panel and "per docs" not in panel
        assert page.inner_text("#warnings") == "CONFLICT Sources disagree on the fact asked; see who says what above."

        first = page.locator("#citations li").first
        assert first.locator(".cid").inner_text() == "kb/docs/manual.pdf, page 2"
        assert first.locator(".cid").get_attribute("title") == "kb/docs/manual.pdf#p2c0"
        assert "#p2c0" not in page.inner_text("#citations")
        assert "kb/docs/manual.pdf, page 2" in page.inner_text("#evidence")

        fact = page.locator("#conflicts li.fact", has_text="14 days for the Team plan")
        fact.first.wait_for(timeout=60_000)
        assert fact.first.locator(".cconflict").inner_text() == (
            "CONFLICT: 14 days for the Team plan (authoritative; docs) vs 7 days for the Team plan (forums)")
        assert fact.first.locator(".cscoped").inner_text() == "SCOPED, NOT IN CONFLICT: 30 days for the Business plan (docs)"

        page.frame_locator("#graph").locator("canvas").wait_for(timeout=30_000)
        graph = page.frame(url=lambda u: "/api/graph/" in u)
        assert graph.inner_text("#question") == "Question: " + QUESTION
        assert graph.title() == "Claim graph: " + QUESTION
        nodes = graph.evaluate("JSON.parse(document.getElementById('graph-data').textContent).nodes")
        colour = {n["label"].split("\n")[0]: n["color"] for n in nodes if n["shape"] == "ellipse"}
        assert colour["30 days"] == SCOPED and colour["14 days"] == "#2e7d32" and colour["7 days"] == "#c62828"

        icon = page.request.get(base + "/favicon.ico")
        assert icon.status == 200 and icon.headers["content-type"].startswith("image/svg+xml")
        assert page.get_attribute("link[rel=icon]", "href") == "/favicon.ico"
        page.wait_for_timeout(1500)  # let the graph layout settle for the screenshots
        assert _shot(page, "web-pdf-answer.png", full_page=True).stat().st_size > 10_000
        assert _shot(page.locator("#graph"), "web-pdf-graph.png").stat().st_size > 5_000
        assert failed == []
    finally:
        page.close()
        stop(proc)


def _serve_data(data: Path, cwd: Path, *extra: str) -> tuple[subprocess.Popen, str]:
    chunks = cwd / "chunks.jsonl"
    res = subprocess.run([sys.executable, str(ROOT / "main.py"), "ingest", "--data", str(data), "--out", str(chunks)],
                         cwd=cwd, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    return start_server(chunks, cwd, *extra, timeout=300)


def test_corpus_script_never_runs(browser: object, tmp_path: Path) -> None:
    data = tmp_path / "kb"
    (data / "docs").mkdir(parents=True)
    (data / "forums").mkdir()
    (data / "docs" / "retention.md").write_text(
        f"---\ntitle: Retention {PAYLOAD}\n---\n# Retention\n\nThe Team plan keeps event history for 14 days.\n",
        encoding="utf-8")
    thread = {"thread_id": "t1", "title": f"Team retention {PAYLOAD}", "question": "How long does Team keep events?",
              "answers": [{"id": "a1", "text": f"The Team plan keeps event history for 7 days. {PAYLOAD}",
                           "accepted": True, "upvotes": 2}]}
    (data / "forums" / "threads.jsonl").write_text(json.dumps(thread) + "\n", encoding="utf-8")
    proc, base = _serve_data(data, tmp_path, "--embed-model", "hashing:256")
    page = browser.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    try:
        _ask(page, base, QUESTION)
        page.frame_locator("#graph").locator("canvas").wait_for(timeout=30_000)
        page.locator("#conflicts li").first.wait_for(timeout=60_000)
        page.wait_for_timeout(1000)
        assert "<script>" in page.inner_text("#evidence"), "corpus markup must show as text"
        assert page.evaluate("document.documentElement.getAttribute('data-pwned')") is None
        assert page.locator("#evidence img, #answer img, #citations img, #conflicts img").count() == 0
        graph = page.frame(url=lambda u: "/api/graph/" in u)
        assert graph is not None and graph.evaluate("document.documentElement.getAttribute('data-pwned')") is None
        assert dialogs == []
    finally:
        page.close()
        stop(proc)


def test_a_server_with_a_token_works_from_the_page(browser: object, tmp_path: Path) -> None:
    shutil.copy(ROOT / "tests" / "fixtures" / "server" / "corpus.jsonl", tmp_path / "chunks.jsonl")
    token = "page-token-1234"
    proc, base = start_server(tmp_path / "chunks.jsonl", tmp_path, "--embed-model", "hashing:256", "--token", token,
                              headers={"Authorization": f"Bearer {token}"})
    question = "How long does the Team plan keep events?"
    sent: list[str | None] = []
    try:
        page = browser.new_page()  # the token in the address, read once and taken out of it
        page.on("request", lambda r: sent.append(r.headers.get("authorization")) if "/api/ask" in r.url else None)
        page.goto(base + "/#token=" + token)
        page.fill("#q", question)
        page.click("#ask-button")
        page.wait_for_selector("body[data-state=answered]", timeout=60_000)
        assert page.inner_text("#verdict-status").lower() == "contradiction"
        assert page.url == base + "/" and sent == [f"Bearer {token}"]
        page.frame_locator("#graph").locator("canvas").wait_for(timeout=30_000)  # graph pages need no header
        page.close()

        page = browser.new_page()  # a new tab without it: the page asks, once
        page.goto(base + "/")
        page.wait_for_selector("#token-form:not([hidden])", timeout=30_000)
        assert page.inner_text("#token-note") == "This server needs its access token."
        page.fill("#token", token)
        page.click("#token-form button")
        page.locator("#conflicts li").first.wait_for(timeout=60_000)
        assert page.is_hidden("#token-form")
        _ask(page, base, question)
        assert page.inner_text("#verdict-status").lower() == "contradiction"
        page.close()
    finally:
        stop(proc)
