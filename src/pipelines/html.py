"""Visible text of an HTML page as Markdown-ish blocks, so the document chunker sees sections."""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, NavigableString, Tag

from .records import MAX_NESTING, NestedTooDeep

_DROP_TAGS = ("script", "style", "nav", "noscript", "template", "head")
_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
_BLOCK_TAGS = frozenset((
    "p", "div", "section", "article", "main", "header", "footer", "aside", "blockquote", "ul", "ol", "dl", "dt",
    "dd", "figure", "figcaption", "form", "fieldset", "address", "details", "summary", "hr", "body", "html",
))  # fmt: skip


def html_to_text(html: str) -> tuple[str, str | None]:
    """Visible text as Markdown-ish blocks (headings kept as ``#`` lines) and the title.

    Raises ``NestedTooDeep`` when elements nest more than ``MAX_NESTING`` deep (the parser
    itself keeps a stack, but the walk below recurses once per level)."""
    soup = BeautifulSoup(html, "html.parser")
    title_tag = soup.find("title")
    title = title_tag.get_text(" ", strip=True) if title_tag else None
    for tag in soup.find_all(_DROP_TAGS):
        tag.decompose()
    parts: list[str] = []
    _walk(soup, parts)
    lines, in_code = [], False
    for line in "".join(parts).split("\n"):
        if line.startswith("```"):
            in_code = not in_code
        lines.append(line if in_code else re.sub(r"[ \t]+", " ", line).strip())
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines))
    text = re.sub(r"^(- .*)\n\n(?=- )", "\\1\n", text, flags=re.MULTILINE).strip()
    if not title:
        heading = soup.find(_HEADINGS)
        title = heading.get_text(" ", strip=True) if heading else None
    return text, title or None


def _walk(node: Tag, out: list[str], depth: int = 0) -> None:
    if depth > MAX_NESTING:
        raise NestedTooDeep("HTML elements")
    for child in node.children:
        if isinstance(child, NavigableString):
            if type(child) is NavigableString:
                out.append(re.sub(r"\s+", " ", str(child)))
            continue
        if not isinstance(child, Tag):
            continue
        name = child.name
        if name in _HEADINGS:
            out.append(f"\n\n{'#' * int(name[1])} {child.get_text(' ', strip=True)}\n\n")
        elif name == "pre":
            out.append(f"\n\n```\n{child.get_text().strip(chr(10))}\n```\n\n")
        elif name == "table":
            rows = [
                "| " + " | ".join(c.get_text(" ", strip=True) for c in tr.find_all(["th", "td"])) + " |"
                for tr in child.find_all("tr")
            ]
            if len(rows) > 1:
                rows.insert(1, "|" + "---|" * rows[0].count(" | ") + "---|")
            out.append("\n\n" + "\n".join(rows) + "\n\n")
        elif name == "li":
            inner: list[str] = []
            _walk(child, inner, depth + 1)
            out.append("\n- " + " ".join("".join(inner).split()) + "\n")
        elif name == "br":
            out.append("\n")
        elif name in _BLOCK_TAGS:
            out.append("\n\n")
            _walk(child, out, depth + 1)
            out.append("\n\n")
        else:
            _walk(child, out, depth + 1)
