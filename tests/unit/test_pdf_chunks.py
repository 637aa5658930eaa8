"""PDF chunks and ingest: page anchors, page and section metadata, bad PDFs counted, --strict."""

from __future__ import annotations

from pathlib import Path

import pytest

from src.claims.candidate import author
from src.config import ChunkSizes, Settings
from src.errors import InputError
from src.pipelines.chunking import chunk_record
from src.pipelines.ingest import SourceStats, ingest_corpus
from src.pipelines.loaders import Page, PagePart, Record
from src.types import Chunk, SourceKind, Warning_
from tests.unit.pdf_writer import write_pdf

SMALL = ChunkSizes(target_chars=120, max_chars=160, overlap_chars=40)
META = {"title": "Guide", "path": "docs/guide.pdf"}
INSTALL = "Install the agent on every host. It needs no reboot. It runs as a service."
START = "Start it with the service manager. Check the log for the tunnel line."


def test_pages_are_chunked_one_by_one_with_page_anchors() -> None:
    pages = (
        Page(1, (PagePart("Guide", 1), PagePart("Installing", 2), PagePart(INSTALL), PagePart(START))),
        Page(2, (PagePart("The agent reconnects by itself."),)),
        Page(3, (PagePart("Retention", 2),)),  # a page with nothing but a heading
        Page(5, (PagePart("Events are kept 14 days."),)),
    )
    record = Record("guide.pdf", "", META, pages=pages)
    chunks = chunk_record(record, SourceKind.THREAD, SMALL, doc_id="kb/docs/guide.pdf", source="docs")
    install = {**META, "section": "Guide > Installing"}
    assert chunks == [
        # a chunk that opens with a heading: no prefix, the section is where it starts (as for Markdown)
        Chunk("kb/docs/guide.pdf#p1c0", "docs", "document", f"Guide\n\nInstalling\n\n{INSTALL}",
              {**META, "section": "Guide", "page": 1}),
        # the second chunk of page 1: its heading path first, then the overlap, then the text
        Chunk("kb/docs/guide.pdf#p1c1", "docs", "document",
              f"Guide > Installing\nIt runs as a service.\n\n{START}", {**install, "page": 1}),
        # a page continues the section of the page before it
        Chunk("kb/docs/guide.pdf#p2c0", "docs", "document",
              "Guide > Installing\nThe agent reconnects by itself.", {**install, "page": 2}),
        # page 3 gave no chunk, but its heading opens the section of page 5
        Chunk("kb/docs/guide.pdf#p5c0", "docs", "document", "Guide > Retention\nEvents are kept 14 days.",
              {**META, "section": "Guide > Retention", "page": 5}),
    ]  # fmt: skip
    assert list(chunks[0].metadata) == ["title", "section", "page", "path"]


def test_a_pdf_without_outline_has_no_section() -> None:
    record = Record("notes.pdf", "", {"path": "blogs/notes.pdf"}, pages=(Page(2, (PagePart("Fixed it."),)),))
    assert chunk_record(record, SourceKind.POST, SMALL, doc_id="kb/blogs/notes.pdf", source="blogs") == [
        Chunk("kb/blogs/notes.pdf#p2c0", "blogs", "document", "Fixed it.", {"page": 2, "path": "blogs/notes.pdf"})
    ]


def test_page_anchored_chunks_share_their_documents_author() -> None:
    assert author("kb/docs/guide.pdf#p12c0") == "kb/docs/guide.pdf"
    assert author("kb/docs/guide.md#c3") == "kb/docs/guide.md"
    assert author("kb/forums/t1#qa") == "kb/forums/t1#qa"


# ---------------------------------------------------------------- ingest


def long_lines(n: int) -> list[str]:
    return [f"Line {i} of a long release note explains one more change to the agent." for i in range(n)]


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return pdf_corpus(tmp_path)


def pdf_corpus(tmp_path: Path) -> Path:
    """Two good PDFs (one in a thread source) and three bad ones (encrypted, scanned, corrupt)."""
    data = tmp_path / "kb"
    (data / "docs").mkdir(parents=True)
    (data / "forums").mkdir()
    write_pdf(
        data / "docs" / "admin-guide.pdf",
        [["Admin guide", "Events are kept 14 days on Team."], ["Replays need agent 3.4."], ["Exports run nightly."]],
        outline=[("Admin guide", 1, 0), ("Exports", 3, 1)], header="ACME admin guide", footer="Page {page}",
        title="Admin guide",
    )  # fmt: skip
    # a long page in a thread source: chunked as a document (1,500 chars), not as a post of a thread
    write_pdf(data / "forums" / "release-notes.pdf", [long_lines(30)])
    write_pdf(data / "docs" / "locked.pdf", [["Secret"]], user_password="s3cret")
    write_pdf(data / "docs" / "scan.pdf", [[]])
    (data / "docs" / "broken.pdf").write_bytes(b"%PDF-1.4\n1 0 obj\n<<")
    return data


BAD = [
    ("docs/broken.pdf", "corrupt PDF (PdfStreamError: Stream has ended unexpectedly): skipped"),
    ("docs/locked.pdf", "encrypted PDF that needs a password: skipped (save a copy without one)"),
    ("docs/scan.pdf", "no text layer (scanned?): nothing to ingest (run OCR on it first)"),
]


def test_ingest_counts_pdfs_and_skips_bad_ones(corpus: Path) -> None:
    result = ingest_corpus(corpus, Settings())
    assert [c.id for c in result.chunks] == [
        "kb/docs/admin-guide.pdf#p1c0", "kb/docs/admin-guide.pdf#p2c0", "kb/docs/admin-guide.pdf#p3c0",
        "kb/forums/release-notes.pdf#p1c0", "kb/forums/release-notes.pdf#p1c1",
    ]  # fmt: skip
    assert [(c.kind, c.metadata["page"], c.metadata.get("section")) for c in result.chunks] == [
        ("document", 1, "Admin guide"), ("document", 2, "Admin guide"), ("document", 3, "Admin guide > Exports"),
        ("document", 1, None), ("document", 1, None),
    ]  # fmt: skip
    assert [c.text for c in result.chunks[:3]] == [
        "Admin guide\n\nEvents are kept 14 days on Team.",
        "Admin guide\nReplays need agent 3.4.",
        "Exports\n\nExports run nightly.",
    ]
    assert result.stats == [
        SourceStats("docs", "document", 1.2, files=1, records=1, chunks=3, skipped=3),
        SourceStats("forums", "thread", 0.8, files=1, records=1, chunks=2, skipped=0),
    ]
    assert result.warnings == [Warning_(str(corpus / rel), None, reason) for rel, reason in BAD]


def test_strict_stops_on_the_first_bad_pdf(corpus: Path) -> None:
    with pytest.raises(InputError) as err:
        ingest_corpus(corpus, Settings(), strict=True)
    assert str(err.value) == f"{corpus / BAD[0][0]}: {BAD[0][1]}"
