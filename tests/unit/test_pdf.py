"""PDF loader: page text, running headers and footers, paragraphs, outline headings, bad PDFs.

Every PDF is written by reportlab at test time (tests/unit/pdf_writer.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PageObject, PdfReader, PdfWriter

from src.pipelines.loaders import Page, PagePart, Record, Skip, SourceFile, load_file
from src.pipelines.pdf import drop_running, page_lines, page_parts, paragraphs, read_pdf, running_lines
from src.types import SourceKind
from tests.unit.pdf_writer import write_pdf

BIG = 64 * 1024 * 1024
DATES = {"created_at": "2000-01-01T00:00:00+00:00", "last_updated": "2000-01-01T00:00:00+00:00"}
GUIDE_PAGES = [
    ["Admin guide", "1 Installing", "Run the installer on each host. It takes a few minutes to",
     "finish and needs no reboot.", "Then sign in.", "Page two continues here"],
    ["2 Retention", "The Team plan keeps event history for 14 days.", "Hooklane Admin Guide"],
    ["2.1 Exports", "Exports run nightly.", "- one bullet", "- another bullet"],
]  # fmt: skip
GUIDE_OUTLINE = [("Admin guide", 1, 0), ("Installing", 1, 1), ("Retention", 2, 1), ("Exports", 3, 2)]


def load(path: Path, kind: SourceKind = SourceKind.DOCUMENT) -> list[Record | Skip]:
    rel = path.name
    return list(load_file(SourceFile(path, rel, f"docs/{rel}"), kind, BIG))


@pytest.fixture
def guide(tmp_path: Path) -> Path:
    return write_pdf(
        tmp_path / "guide.pdf", GUIDE_PAGES, outline=GUIDE_OUTLINE, header="Hooklane Admin Guide",
        footer="Page {page} of 3", title="Admin guide", author="Docs team",
    )  # fmt: skip


# ---------------------------------------------------------------- pure functions


def test_page_lines_cleans_what_extraction_leaves() -> None:
    text = "  Con\ufb01gure the  \ufb02ow\u00a0now \n\n\uf0b7 first\x7f item\r\nsoft\u00adhyphen\x0c\n   \n"
    assert page_lines(text) == ["Configure the flow now", "• first item", "softhyphen"]


def test_running_lines_are_repeated_edge_lines_digits_aside() -> None:
    pages = [
        ["ACME Guide", "Chapter 1", "Install the agent.", "Start it.", "Check the log.", "Page 1 of 12"],
        ["ACME Guide", "Open the dashboard.", "Pick an endpoint.", "ACME Guide", "Send a test.", "Read the result.",
         "Retry it.", "Page 2 of 12"],
        ["Intro", "Page 10 of 12"],
        [],  # a blank page does not count
    ]  # fmt: skip
    # at the edges of the 3 pages with text: the header and the footer; "Chapter 1" of one only
    assert running_lines(pages) == {"acme guide", "page # of #"}
    # the header's text in the middle of a page is body text: kept
    assert drop_running(pages[1], {"acme guide", "page # of #"}) == [
        "Open the dashboard.", "Pick an endpoint.", "ACME Guide", "Send a test.", "Read the result.", "Retry it.",
    ]  # fmt: skip
    assert drop_running(pages[2], {"acme guide", "page # of #"}) == ["Intro"]


def test_running_lines_need_two_pages_and_half_of_them() -> None:
    assert running_lines([["Header", "text"]]) == set()
    pages = [["Draft", "a"], ["Draft", "b"], ["c"], ["d"], ["e"]]
    assert "draft" not in running_lines(pages)  # 2 of 5 pages
    assert "draft" in running_lines(pages[:4])  # 2 of 4 pages


def test_a_chapters_running_head_runs_from_three_pages() -> None:
    pages = [
        ["Chapter 2: Sync 3", "Sync runs every minute.", "It retries."],
        ["Chapter 2: Sync 4", "Conflicts keep both copies."],
        ["5", "3 Backup", "Backups run nightly."],  # a chapter's first page: a bare page number
        ["Chapter 3: Backup 6", "Restores take an hour."],
        ["Chapter 3: Backup 7", "Backups are encrypted."],
        ["Chapter 3: Backup 8", "Old backups expire."],
        ["9", "4 Limits", "Five devices."],
        ["10", "Appendix"],
    ]
    # first lines of 3 of the 8 pages (under half of them); the two pages of chapter 2 are too few
    assert running_lines(pages) == {"chapter #: backup #", "#"}
    assert drop_running(pages[6], running_lines(pages)) == ["4 Limits", "Five devices."]


def test_paragraphs_join_wrapped_lines() -> None:
    lines = [
        "The agent keeps one outbound WebSocket open and acknowledges every delivery",
        "it forwards.",
        "Short heading-like line",
        "A second paragraph that wraps over the width of the page just like the",
        "first one does, and ends on a full line of text that is long enough here.",
        "- a bullet item that wraps over the whole width of the page like the others",
        "and goes on",
        "• another bullet",
        "12) a numbered step",
    ]
    assert paragraphs(lines) == [
        "The agent keeps one outbound WebSocket open and acknowledges every delivery it forwards.",
        "Short heading-like line",
        "A second paragraph that wraps over the width of the page just like the first one does, "
        "and ends on a full line of text that is long enough here.",
        "- a bullet item that wraps over the whole width of the page like the others and goes on",
        "• another bullet",
        "12) a numbered step",
    ]
    assert paragraphs([]) == []


def test_page_parts_place_outline_headings_at_their_lines() -> None:
    lines = ["end of the previous section.", "3.2 Retention", "Kept 14 days.", "Exports", "Nightly."]
    assert page_parts(lines, [(2, "Retention"), (3, "exports")]) == (
        PagePart("end of the previous section."),
        PagePart("3.2 Retention", 2),
        PagePart("Kept 14 days."),
        PagePart("Exports", 3),
        PagePart("Nightly."),
    )
    # a title that is not a line of the page goes where the search stood: the top, or after
    # the previous heading
    assert page_parts(["Body."], [(1, "Missing"), (2, "Also missing")]) == (
        PagePart("Missing", 1), PagePart("Also missing", 2), PagePart("Body."),
    )  # fmt: skip
    assert page_parts(["Body.", "Found", "More."], [(1, "Found"), (2, "Missing")]) == (
        PagePart("Body."), PagePart("Found", 1), PagePart("Missing", 2), PagePart("More."),
    )  # fmt: skip


# ---------------------------------------------------------------- the loader


def test_a_pdf_is_one_record_with_its_pages(guide: Path) -> None:
    content = read_pdf(guide.read_bytes())
    assert not isinstance(content, Skip)
    assert content.lines[1] == [
        "Hooklane Admin Guide", "Page 2 of 3", "2 Retention", "The Team plan keeps event history for 14 days.",
        "Hooklane Admin Guide",
    ]  # fmt: skip
    assert content.outline == [(1, 1, "Admin guide"), (1, 2, "Installing"), (2, 2, "Retention"), (3, 3, "Exports")]

    pages = (
        Page(1, (
            PagePart("Admin guide", 1), PagePart("1 Installing", 2),
            PagePart("Run the installer on each host. It takes a few minutes to finish and needs no reboot."),
            PagePart("Then sign in."), PagePart("Page two continues here"),
        )),
        Page(2, (PagePart("2 Retention", 2), PagePart("The Team plan keeps event history for 14 days."))),
        Page(3, (
            PagePart("2.1 Exports", 3), PagePart("Exports run nightly."), PagePart("- one bullet"),
            PagePart("- another bullet"),
        )),
    )  # fmt: skip
    text = "\n\n".join(part.text for page in pages for part in page.parts)
    meta = {"title": "Admin guide", **DATES, "author": "Docs team", "path": "docs/guide.pdf"}
    # the same record in every kind of source: a PDF is a document
    for kind in SourceKind:
        assert load(guide, kind) == [Record("guide.pdf", text, meta, pages=pages)]


def test_title_falls_back_to_the_outline_and_placeholders_are_dropped(tmp_path: Path) -> None:
    path = write_pdf(tmp_path / "notes.pdf", [["Release notes", "Fixed the agent."]], outline=[("Release notes", 1, 0)],
                     title="untitled", author="anonymous")  # fmt: skip
    assert load(path) == [Record(
        "notes.pdf", "Release notes\n\nFixed the agent.", {"title": "Release notes", **DATES, "path": "docs/notes.pdf"},
        pages=(Page(1, (PagePart("Release notes", 1), PagePart("Fixed the agent."))),),
    )]  # fmt: skip
    bare = write_pdf(tmp_path / "bare.pdf", [["Just text."]])
    assert load(bare) == [Record("bare.pdf", "Just text.", {**DATES, "path": "docs/bare.pdf"},
                                 pages=(Page(1, (PagePart("Just text."),)),))]  # fmt: skip


def test_an_empty_user_password_opens_an_encrypted_pdf(tmp_path: Path) -> None:
    path = write_pdf(tmp_path / "locked-open.pdf", [["Printing is disabled but the text opens."]], user_password="")
    assert PdfReader(path).is_encrypted
    [record] = load(path)
    assert isinstance(record, Record) and record.text == "Printing is disabled but the text opens."


def test_bad_pdfs_are_skipped_with_a_reason(tmp_path: Path, guide: Path) -> None:
    locked = write_pdf(tmp_path / "locked.pdf", [["Secret"]], user_password="s3cret")
    scanned = write_pdf(tmp_path / "scan.pdf", [[], []])
    only_furniture = write_pdf(tmp_path / "blank.pdf", [[], [], []], header="ACME", footer="Page {page}")
    data = guide.read_bytes()
    truncated = tmp_path / "truncated.pdf"
    truncated.write_bytes(data[: len(data) // 3])
    garbage = tmp_path / "garbage.pdf"
    garbage.write_bytes(b"%PDF-1.7\n" + bytes(range(256)) * 4)
    not_pdf = tmp_path / "report.pdf"
    not_pdf.write_text("<html>not a pdf</html>", encoding="utf-8")
    empty = tmp_path / "empty.pdf"
    empty.write_bytes(b"")
    with (tmp_path / "no-pages.pdf").open("wb") as fh:
        PdfWriter().write(fh)

    assert load(locked) == [Skip(None, "encrypted PDF that needs a password: skipped (save a copy without one)")]
    assert load(scanned) == [Skip(None, "no text layer (scanned?): nothing to ingest (run OCR on it first)")]
    assert load(only_furniture) == [Skip(None, "no text besides repeated page headers and footers: nothing to ingest")]
    assert load(truncated) == [Skip(None, "corrupt PDF (PdfStreamError: Stream has ended unexpectedly): skipped")]
    assert load(garbage) == [Skip(None, "corrupt PDF (PdfStreamError: Stream has ended unexpectedly): skipped")]
    assert load(not_pdf) == [Skip(None, "not a PDF (no %PDF- header): skipped")]
    assert load(empty) == [Skip(None, "empty file: nothing to ingest")]
    assert load(tmp_path / "no-pages.pdf") == [Skip(None, "the PDF has no pages: nothing to ingest")]


def test_a_page_whose_text_fails_is_left_out(guide: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = PageObject.extract_text

    def flaky(self: PageObject, *args: object, **kwargs: object) -> str:
        if "Page 2 of 3" in real(self):
            raise KeyError("/Font")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(PageObject, "extract_text", flaky)
    [problem, record] = load(guide)
    assert problem == Skip(None, "page 2: its text cannot be extracted (KeyError: '/Font'): page left out")
    assert isinstance(record, Record)
    # page 2 keeps only its outline heading (no text: no chunk, see test_pdf_chunks.py)
    assert record.pages[1] == Page(2, (PagePart("Retention", 2),))
    assert [p.number for p in record.pages] == [1, 2, 3]

    monkeypatch.setattr(PageObject, "extract_text", lambda self, *a, **k: (_ for _ in ()).throw(ValueError("bad")))
    assert load(guide) == [Skip(None, "corrupt PDF (no page's text can be extracted: ValueError: bad): skipped")]


def test_an_unreadable_outline_loses_only_the_headings(guide: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: PdfReader) -> list:
        raise RecursionError("outline loops")

    monkeypatch.setattr(PdfReader, "outline", property(broken))
    [problem, record] = load(guide)
    assert problem == Skip(None, "unreadable outline (RecursionError: outline loops): ingested without its headings",
                           skipped=False)  # fmt: skip
    assert isinstance(record, Record)
    assert all(part.level == 0 for page in record.pages for part in page.parts)
    assert record.pages[1].parts[0] == PagePart("2 Retention")
