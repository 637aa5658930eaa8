"""A real multi-page PDF: the sample corpus's docs typeset as one manual, ingested, searched
and asked with the real packaged MiniLM.

The 16 Markdown files of data/docs are rendered by reportlab (tests/unit/pdf_writer.py) into
one 20-page PDF, each file from a new page, with an outline entry per heading, a running
header and a "Page N" footer, and put alone in a temporary corpus's docs/ folder. The chunk
ids and pages pinned below are what that rendering gives (reportlab is pinned in
requirements.lock); a change to the PDF loader or chunker that moves text fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from src.answer import AnswerService
from src.answer.render import render_answer
from src.answer.service import AskOptions
from src.config import Settings
from src.fusion.engine import SearchEngine
from src.fusion.options import FusionConfig
from src.pipelines.chunks_io import read_chunks
from src.pipelines.corpus import ingest_to
from src.pipelines.loaders import Skip
from src.pipelines.pdf import read_pdf
from src.types import Chunk
from tests.unit.pdf_writer import markdown_pdf

pytestmark = pytest.mark.integration

ROOT = Path(__file__).parents[2]
HEADER = "Hooklane documentation - version 4.2"
DOC = "manuals/docs/admin-guide.pdf"
ANCHORS = [
    "p1c0", "p1c1", "p2c0", "p3c0", "p4c0", "p4c1", "p5c0", "p6c0", "p6c1", "p7c0", "p7c1", "p8c0", "p9c0", "p9c1",
    "p10c0", "p11c0", "p11c1", "p12c0", "p13c0", "p13c1", "p14c0", "p14c1", "p15c0", "p16c0", "p16c1", "p17c0",
    "p17c1", "p18c0", "p18c1", "p19c0", "p20c0", "p20c1",
]  # fmt: skip
FACT = "The maximum payload size for an event is 512 KB."  # data/docs/limits.md, typeset on page 9


@pytest.fixture(scope="module")
def pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    docs = tmp_path_factory.mktemp("pdf") / "manuals" / "docs"
    docs.mkdir(parents=True)
    sources = sorted((ROOT / "data" / "docs").glob("*.md"))
    return markdown_pdf(sources, docs / "admin-guide.pdf", title="Hooklane admin guide", header=HEADER)


@pytest.fixture(scope="module")
def chunks_path(pdf: Path) -> Path:
    out = pdf.parents[2] / "artifacts" / "chunks.jsonl"
    result = ingest_to(pdf.parents[1], out, Settings())
    assert result.warnings == []
    return out


@pytest.fixture(scope="module")
def chunks(chunks_path: Path) -> dict[str, Chunk]:
    return {c.anchor: c for c in read_chunks(chunks_path)}


@pytest.fixture(scope="module")
def service(chunks_path: Path) -> AnswerService:
    return AnswerService(SearchEngine.open(chunks_path, Settings()), Settings())


def test_the_pdf_has_running_headers_footers_and_an_outline(pdf: Path) -> None:
    content = read_pdf(pdf.read_bytes())
    assert not isinstance(content, Skip)
    assert len(content.lines) == 20
    assert all(lines[:2] == [HEADER, f"Page {n}"] for n, lines in enumerate(content.lines, 1))
    assert content.outline[:3] == [(1, 1, "Hooklane Agent and CLI"), (1, 2, "Installing"),
                                   (1, 2, "Forwarding to a local service")]


def test_chunk_ids_pages_and_headings(chunks: dict[str, Chunk]) -> None:
    assert list(chunks) == ANCHORS
    assert all(c.id == f"{DOC}#{a}" and c.doc_id == DOC for a, c in chunks.items())
    assert [c.metadata["page"] for c in chunks.values()] == [int(re.match(r"p(\d+)", a)[1]) for a in ANCHORS]
    assert {c.kind for c in chunks.values()} == {"document"}
    meta = chunks["p9c0"].metadata
    assert meta == {"title": "Hooklane admin guide", "section": "Limits and quotas", "page": 9,
                    "created_at": "2000-01-01T00:00:00+00:00", "last_updated": "2000-01-01T00:00:00+00:00",
                    "author": "Hooklane docs", "path": "docs/admin-guide.pdf"}
    # a section that goes on over the page break keeps its heading path on the next page
    assert chunks["p2c0"].metadata["section"] == "Hooklane Agent and CLI > Replaying from the terminal"
    assert chunks["p2c0"].text.startswith(
        "Hooklane Agent and CLI > Replaying from the terminal\nThe hooklane replay command requires")
    assert chunks["p15c0"].metadata["section"] == "Retries and the dead-letter queue > Alerts"
    assert chunks["p15c0"].text.startswith("Alerts\n\nWorkspace owners can subscribe")
    assert chunks["p14c1"].metadata["section"] == "Retries and the dead-letter queue > The dead-letter queue"


def test_headers_and_footers_are_gone(chunks: dict[str, Chunk]) -> None:
    for chunk in chunks.values():
        assert HEADER not in chunk.text
        assert not re.search(r"^Page \d+$", chunk.text, re.MULTILINE), chunk.id


def test_a_fact_is_in_the_chunk_of_its_page(chunks: dict[str, Chunk]) -> None:
    assert [a for a, c in chunks.items() if FACT in c.text] == ["p9c0"]
    assert "Payload size\n\nThe maximum payload size for an event is 512 KB.\n\nThe limit applies" in chunks["p9c0"].text


def test_fusion_finds_the_pdf_page(service: AnswerService) -> None:
    results = service.engine.search("What is the maximum payload size for an event?", FusionConfig(k=5)).results
    assert results[0].id == f"{DOC}#p9c0"
    assert results[0].chunk.metadata["page"] == 9


def test_ask_cites_the_pdf_page(service: AnswerService) -> None:
    answer, _ = service.ask("How long does the Team plan keep event history?", AskOptions())
    assert answer.verdict.status == "consistent"
    assert [(a["value"], a["scope"], a["sources"]) for a in answer.answers] == [
        ("14 days", {"plan": "team"}, [f"{DOC}#p13c0"])]
    assert [(c.id, c.sentence) for c in answer.citations] == [
        (f"{DOC}#p13c0", "On the Team plan, events are retained for 14 days.")]
    assert f" [1] [docs] {DOC}#p13c0\n" in render_answer(answer)
