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


def row_sentences(lines: list[str], chunk: Chunk | None = None) -> list[str]:
    """The data rows of a Markdown table with a header, as sentences that say what each cell is
    the value of, the way prose says it:

    - rows of scopes (the first header names a plan, tier, version...: ``| Plan | Retention |``):
      ``| Team | 14 days |`` reads "Team plan: retention 14 days.";
    - columns of scopes (``| | Free | Team |``, or ``| Limit | Starter | Growth |`` whose rows hold
      values of one kind across the columns, ``table_orientation``): each cell is its row's value
      under its column, "Max attachment size: 25 MB on the Growth plan." (the column's dimension
      as the text names it, ``_column_dimension``; unnamed: "Profiles (Guardian): 20.");
    - rows of items (``| Role | 2FA |``): "Admin role: 2FA Required."
    """
    rows = [_cells(ln) for ln in lines]
    if len(rows) < 3 or not _is_rule(rows[1]) or not all(rows[0][1:]):
        return []  # no header: nothing says what the cells are
    header = [re.sub(r"\s*\(.*?\)", "", h) for h in rows[0]]  # "Burst (5 s)": the column, not a value
    body = [r for r in rows[2:] if len(r) == len(header) and r[0]]
    shape = table_orientation(header, body)
    out = []
    if shape == "columns":
        dim = _column_dimension(header[1:], chunk) if chunk is not None else "variant"
        for row in body:
            out.extend(f"{row[0]}: {cell} {_scoped(col, dim)}." if dim != "variant" else f"{row[0]} ({col}): {cell}."
                       for col, cell in zip(header[1:], row[1:]) if cell)
        return out
    first = header[0].lower()
    for row in body:
        rest = ", ".join(f"{h.lower()} {c}" for h, c in zip(header[1:], row[1:]) if c)
        if rest and first:
            out.append(f"{row[0]} {first}: {rest}.")
    return out


def table_orientation(header: list[str], body: list[list[str]]) -> str:
    """How a table with a header is read: ``rows`` (the first header names a scope: each row is a
    plan, a version...), ``columns`` (an empty first header, or at least two value columns whose
    cells hold values of one kind across most rows: each column is a scope), or ``items`` (each
    row is a thing, each column one of its attributes)."""
    if header[0] and _singular(header[0]) in SCOPE_HEADERS:
        return "rows"
    if len(header) >= 3 and all(len(h.split()) <= 3 for h in header[1:]):
        if not header[0]:
            return "columns"
        alike = [len(kinds) == 1 and kinds != {"word"} for row in body
                 if len(kinds := {_cell_kind(c) for c in row[1:] if c}) and sum(1 for c in row[1:] if c) >= 2]
        if len(alike) >= 2 and sum(alike) * 2 > len(alike):
            return "columns"
    return "items"


def _cell_kind(cell: str) -> str:
    low = " ".join(cell.split()).lower()
    if low in TRUE_MARKS or low in FALSE_MARKS:
        return "bool"
    norm = parse_value(cell)
    return norm.kind if norm is not None else "word"


def _scoped(name: str, dim: str) -> str:
    """A column's scope as prose names it: "on the Growth plan", "in version 4.x", "in the EU region"."""
    name = name[:1].upper() + name[1:]
    if dim == "version":
        return f"in version {name}"
    if dim == "region":
        return f"in the {name} region"
    return f"on the {name} {dim}"


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
