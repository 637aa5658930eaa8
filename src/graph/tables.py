"""Claims from Markdown tables.

Two shapes are understood:

- scope columns: the first header cell is empty or names a dimension (``| | Free | Team |``,
  ``| Plan | Sustained | Burst |``); every cell is the value of its row (or column) label
  under the scope of the other axis;
- item rows: ``| Item | Limit |``; the first cell names the key, the others hold values;
  numbered rows (``| Attempt | Delay |`` over ``| 2 | 30 s |``) make the column the key and
  the row number its scope (``attempt: 2``).

The dimension of unnamed scope columns is taken from the chunk itself: a header name that
the text also writes as "<name> plan" is a plan, and so on; otherwise ``variant``.
"""

from __future__ import annotations

import re

from ..types import Chunk
from .claims import Claim, make_claim
from .scope import DIMENSION_NOUNS
from .text import content_words, key_from_words
from .values import UNIT_KINDS, parse_value

SCOPE_HEADERS = {**DIMENSION_NOUNS, "version": "version", "region": "region", "platform": "platform",
                 "os": "platform", "environment": "environment", "tenant": "tenant"}
TRUE_MARKS = {"yes", "✓", "✔", "✅", "included", "available", "supported", "y"}
FALSE_MARKS = {"no", "—", "–", "-", "✗", "✘", "❌", "not available", "n/a", "unavailable", "x"}
GENERIC_COLUMNS = {"value", "limit", "default", "setting", "amount", "maximum", "max", "quota"}


def _cells(line: str) -> list[str]:
    return [c.strip().strip("*").strip() for c in line.strip().strip("|").split("|")]


def _is_rule(cells: list[str]) -> bool:
    return all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c) and any(cells)


def row_sentences(lines: list[str]) -> list[str]:
    """The data rows of a Markdown table whose first column names a scope (plans, tiers,
    editions, versions, regions...) as sentences, each cell with its column's header: under ``|
    Plan | Retention |``, ``| Team | 14 days |`` reads "Team plan: retention 14 days.", the row's
    scope named the way prose names it. Other tables (plans as columns, a parameter per row) are
    left to the claim rules, which read their columns' dimensions."""
    rows = [_cells(ln) for ln in lines]
    if len(rows) < 3 or not _is_rule(rows[1]) or not all(rows[0]) or _singular(rows[0][0]) not in SCOPE_HEADERS:
        return []  # no header, or rows that are no scopes
    header = [re.sub(r"\s*\(.*?\)", "", h).lower() for h in rows[0]]  # "Burst (5 s)": the column, not a value
    out = []
    for row in rows[2:]:
        if len(row) != len(header) or not row[0]:
            continue
        lead = f"{row[0]} {header[0]}"
        rest = ", ".join(f"{h} {c}" for h, c in zip(header[1:], row[1:], strict=True) if c)
        if rest:
            out.append(f"{lead}: {rest}.")
    return out


def _singular(word: str) -> str:
    w = word.lower().strip()
    return w[:-1] if w.endswith("s") and not w.endswith("ss") else w


def _cell_value(cell: str) -> tuple[str, str] | None:
    """(value as written, normalised) of a table cell, or None for an empty/opaque cell."""
    text = " ".join(cell.split())
    low = text.lower()
    if not text:
        return None
    if low in TRUE_MARKS:
        return "available", "true"
    if low in FALSE_MARKS:
        return "not available", "false"
    norm = parse_value(text)
    if norm is not None:
        return text, norm.canonical
    if len(text.split()) <= 4 and not re.search(r"\d", text):
        return text, ", ".join(sorted(p.strip().lower() for p in text.split(",")))
    return None


def _column_dimension(names: list[str], chunk: Chunk) -> str:
    text = chunk.text + " " + str(chunk.metadata.get("title", ""))
    for name in names:
        m = re.search(rf"\b{re.escape(name)}\s+(plan|tier|edition|region|version)s?\b", text, re.IGNORECASE)
        if m:
            return SCOPE_HEADERS.get(_singular(m.group(1)), _singular(m.group(1)))
    headings = " ".join(re.findall(r"^#+\s*(.*)$", chunk.text, re.MULTILINE)) + " " + str(chunk.metadata.get("title", ""))
    for noun in ("plan", "tier", "edition", "region", "version"):
        if re.search(rf"\b{noun}s?\b", headings, re.IGNORECASE):
            return SCOPE_HEADERS[noun]
    return "variant"


def _label_key(label: str, heading: str = "") -> str:
    words = content_words(label)
    if len(words) <= 1 and heading:
        words = content_words(heading) + words
    return key_from_words(words, limit=5)


def table_claims(lines: list[str], heading: str, chunk: Chunk) -> list[Claim]:
    return _drop_placeholders(_table_claims(lines, heading, chunk))


QUANTITIES = UNIT_KINDS | {"number"}


def _drop_placeholders(claims: list[Claim]) -> list[Claim]:
    """A word cell among the quantities of one row or column ("10,000 | 1,000,000 | custom",
    "contract", "unlimited") says the amount is not fixed; it is no value of that key."""
    numeric = {c.key for c in claims if (n := parse_value(str(c.normalized))) and n.kind in QUANTITIES}
    return [c for c in claims if c.key not in numeric or parse_value(str(c.normalized)) is not None]


def _table_claims(lines: list[str], heading: str, chunk: Chunk) -> list[Claim]:
    rows = [_cells(line) for line in lines]
    rows = [r for r in rows if not _is_rule(r)]
    if len(rows) < 2:
        return []
    header, body = rows[0], rows[1:]
    first = _singular(header[0]) if header[0] else ""
    out: list[Claim] = []
    if not header[0] or first in SCOPE_HEADERS and len(header) > 1:
        if not header[0]:
            dim = _column_dimension([h for h in header[1:] if h], chunk)
            for row in body:
                key = _label_key(row[0])
                for col, cell in zip(header[1:], row[1:]):
                    out.extend(_make(key, {dim: col.lower()}, cell, " | ".join(row), chunk, row[0]))
        else:
            dim = SCOPE_HEADERS[first]
            for row in body:
                for col, cell in zip(header[1:], row[1:]):
                    key = _label_key(col, heading)
                    out.extend(_make(key, {dim: row[0].lower()}, cell, " | ".join(row), chunk, col))
        return out
    for row in body:
        for col, cell in zip(header[1:], row[1:]):
            if re.fullmatch(r"[\d\s]+(?:and later)?", row[0]):
                # Numbered rows (| Attempt | Delay |, | 1 | 30 s |): the column is the key and the
                # row number its scope, named after the first header.
                dim = _singular(header[0]) or "row"
                out.extend(_make(_label_key(col, heading), {dim: row[0].lower()}, cell, " | ".join(row), chunk, col))
                continue
            label = row[0] if _singular(col) in GENERIC_COLUMNS or len(header) == 2 else f"{row[0]} {col}"
            out.extend(_make(_label_key(label), {}, cell, " | ".join(row), chunk, label))
    return out


def _make(key: str, scope: dict[str, str], cell: str, sentence: str, chunk: Chunk, raw_key: str) -> list[Claim]:
    value = _cell_value(cell)
    if not key or value is None:
        return []
    return [make_claim(key=key, scope=scope, value=value[0], normalized=value[1], sentence=sentence,
                       chunk_id=chunk.id, source=chunk.source, raw_key=raw_key)]
