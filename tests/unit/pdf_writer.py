"""Small PDFs for the PDF tests, written with reportlab at test time (no binary fixtures).

``write_pdf`` draws given lines at fixed places (exact control over what each page holds);
``markdown_pdf`` typesets Markdown files as a manual would look: flowing paragraphs, an
outline entry per heading, a running header and a "Page N" footer. Both pass
``invariant=1`` so the same input gives the same bytes (fixed dates and ids).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib import pdfencrypt
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.pdfgen import canvas
from reportlab.platypus import Flowable, PageBreak, Paragraph, Preformatted, SimpleDocTemplate

from src.pipelines.loaders import split_front_matter

WIDTH, HEIGHT = A4
TOP = HEIGHT - 100  # first body line
LEADING = 16


def write_pdf(
    path: Path,
    pages: Sequence[Sequence[str]],
    *,
    outline: Sequence[tuple[str, int, int]] = (),
    header: str | None = None,
    footer: str | None = None,
    title: str | None = None,
    author: str | None = None,
    user_password: str | None = None,
) -> Path:
    """One page per item of ``pages``, its lines drawn top down. ``outline`` holds
    (title, 1-based page, level from 0); ``header``/``footer`` are drawn on every page
    *before* its body (as reportlab's page templates do), ``{page}`` formatted."""
    encrypt = pdfencrypt.StandardEncryption(user_password, ownerPassword="owner") if user_password is not None else None
    c = canvas.Canvas(str(path), pagesize=A4, invariant=1, encrypt=encrypt)
    if title:
        c.setTitle(title)
    if author:
        c.setAuthor(author)
    for number, lines in enumerate(pages, 1):
        c.setFont("Helvetica", 10)
        if header:
            c.drawString(72, HEIGHT - 40, header.format(page=number))
        if footer:
            c.drawString(72, 30, footer.format(page=number))
        for key, (text, page, level) in enumerate(outline):
            if page == number:
                c.bookmarkPage(f"o{key}")
                c.addOutlineEntry(text, f"o{key}", level=level)
        c.setFont("Helvetica", 11)
        for i, line in enumerate(lines):
            c.drawString(72, TOP - i * LEADING, line)
        c.showPage()
    c.save()
    return path


# ---------------------------------------------------------------- Markdown, typeset


_STYLES = getSampleStyleSheet()
_HEADING_STYLES = {1: _STYLES["Heading1"], 2: _STYLES["Heading2"], 3: _STYLES["Heading3"]}
_INLINE = [
    (re.compile(r"\[([^\]]+)\]\([^)]+\)"), r"\1"),  # [text](link) -> text
    (re.compile(r"\*\*([^*]+)\*\*"), r"<b>\1</b>"),
    (re.compile(r"(?<![*\w])\*([^*]+)\*(?!\w)"), r"<i>\1</i>"),
    (re.compile(r"`([^`]+)`"), r'<font face="Courier">\1</font>'),
]


def _inline(text: str) -> str:
    text = escape(text)
    for pattern, repl in _INLINE:
        text = pattern.sub(repl, text)
    return text


class _Heading(Paragraph):
    """A heading paragraph that knows its outline entry (added once it is drawn)."""

    def __init__(self, title: str, level: int, key: str) -> None:
        super().__init__(escape(title), _HEADING_STYLES[level])
        self.outline = (key, title, level - 1)


class _Manual(SimpleDocTemplate):
    def afterFlowable(self, flowable: Flowable) -> None:
        if isinstance(flowable, _Heading):  # on the page the heading was drawn on
            key, title, level = flowable.outline
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(title, key, level=level)


def markdown_flowables(text: str, prefix: str) -> list[Flowable]:
    """Headings (with outline entries), paragraphs, bullets, code blocks and tables of one
    Markdown document (front matter dropped)."""
    _, body, _ = split_front_matter(text)
    out: list[Flowable] = []
    para: list[str] = []
    block: list[str] | None = None  # an open code fence

    def flush() -> None:
        if para:
            out.append(Paragraph(_inline(" ".join(para)), _STYLES["BodyText"]))
            para.clear()

    for n, line in enumerate(body.split("\n")):
        if block is not None:
            if line.startswith("```"):
                out.append(Preformatted("\n".join(block), _STYLES["Code"]))
                block = None
            else:
                block.append(line)
            continue
        heading = re.match(r"^(#{1,3}) (.+)$", line)
        if line.startswith("```"):
            flush()
            block = []
        elif heading:
            flush()
            level = len(heading.group(1))
            title = re.sub(r"[`*]", "", heading.group(2)).strip()
            out.append(_Heading(title, level, f"{prefix}-{n}"))
        elif bullet := re.match(r"^(?:[-*]|(\d+\.)) (.+)$", line):
            flush()
            out.append(Paragraph(_inline(bullet.group(2)), _STYLES["BodyText"], bulletText=bullet.group(1) or "-"))
        elif line.startswith("|"):
            flush()
            if not set(line) <= set("|-: "):
                cells = [c.strip() for c in line.strip("|").split("|")]
                out.append(Paragraph(_inline("  ".join(cells)), _STYLES["BodyText"]))
        elif not line.strip():
            flush()
        else:
            para.append(line.strip())
    flush()
    return out


def markdown_pdf(sources: Sequence[Path], out: Path, *, title: str, header: str) -> Path:
    """The Markdown files, each from a new page, as one PDF with an outline entry per heading,
    ``header`` at the top and "Page N" at the bottom of every page."""

    def page_furniture(canv: canvas.Canvas, doc: SimpleDocTemplate) -> None:
        canv.saveState()
        canv.setFont("Helvetica", 8)
        canv.drawString(72, HEIGHT - 40, header)
        canv.drawRightString(WIDTH - 72, 30, f"Page {doc.page}")
        canv.restoreState()

    story: list[Flowable] = []
    for i, source in enumerate(sources):
        if i:
            story.append(PageBreak())
        story += markdown_flowables(source.read_text(encoding="utf-8"), source.stem)
    doc = _Manual(str(out), pagesize=A4, title=title, author="Hooklane docs", invariant=1)
    doc.build(story, onFirstPage=page_furniture, onLaterPages=page_furniture)
    return out
