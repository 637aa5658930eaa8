"""Nested formats are bounded (issue 25): HTML, JSON, JSON Lines, YAML front matter and PDF
outlines nesting past ``MAX_NESTING`` are skipped with one reason naming the depth, before any
parser recurses into them; the same input one level less deep is read as before."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from src.errors import ChunksFileError
from src.pipelines.chunks_io import read_chunks
from src.pipelines.loaders import Record, Skip, SourceFile, load_file
from src.pipelines.records import MAX_NESTING
from src.types import SourceKind
from tests.unit.pdf_writer import write_pdf

BIG = 64 * 1024 * 1024


def write(root: Path, rel: str, content: str) -> SourceFile:
    path = root / "src" / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")
    return SourceFile(path, rel, f"src/{rel}")


def load(src: SourceFile, kind: SourceKind = SourceKind.DOCUMENT) -> list[Record | Skip]:
    return list(load_file(src, kind, BIG))


def texts(items: list[Record | Skip]) -> list[str]:
    return [item.text for item in items if isinstance(item, Record)]


def test_the_bound_is_far_below_what_the_stack_holds() -> None:
    assert MAX_NESTING == 100 < sys.getrecursionlimit() // 4


def test_html_nested_600_div_font_deep_is_skipped_naming_the_depth(tmp_path: Path) -> None:
    html = "<html><body>" + "<div><font>" * 600 + "deep text" + "</font></div>" * 600 + "</body></html>"
    assert load(write(tmp_path, "deep.html", html)) == [
        Skip(None, "HTML elements nested more than 100 levels deep: file skipped")]


def test_html_just_within_the_bound_is_read(tmp_path: Path) -> None:
    # html, body and 98 divs: 100 elements deep
    html = "<html><body>" + "<div>" * 98 + "Events are kept for 14 days." + "</div>" * 98 + "</body></html>"
    assert texts(load(write(tmp_path, "ok.html", html))) == ["Events are kept for 14 days."]


def test_json_of_200000_nested_brackets_is_skipped_with_its_line(tmp_path: Path) -> None:
    assert load(write(tmp_path, "deep.json", "\n[" + "[" * 200_000)) == [
        Skip(2, "JSON nested more than 100 levels deep: file skipped")]


def test_json_brackets_inside_strings_do_not_count(tmp_path: Path) -> None:
    record = {"id": "d1", "text": "Brackets [{ " * 500 + "\\\"quoted [[ \" ]]", "tags": [[[["x"]]]]}
    assert texts(load(write(tmp_path, "ok.json", json.dumps(record)))) == [record["text"].strip()]


def test_json_exactly_at_the_bound_is_parsed(tmp_path: Path) -> None:
    nested = "[" * 99 + "]" * 99
    items = load(write(tmp_path, "ok.json", '{"id": "d1", "text": "Fine.", "extra": ' + nested + "}"))
    assert texts(items) == ["Fine."]


def test_a_deep_jsonl_line_is_skipped_and_the_other_lines_kept(tmp_path: Path) -> None:
    lines = ['{"id": "a", "text": "First."}', "[" * 200_000, '{"id": "b", "text": "Third."}']
    items = load(write(tmp_path, "t.jsonl", "\n".join(lines) + "\n"), SourceKind.POST)
    assert texts(items) == ["First.", "Third."]
    assert [i for i in items if isinstance(i, Skip)] == [
        Skip(2, "JSON nested more than 100 levels deep: line skipped")]


def test_yaml_front_matter_nested_too_deep_skips_the_file(tmp_path: Path) -> None:
    text = "---\ntitle: Deep\ntags: " + "[" * 2000 + "\n---\n# Deep\n\nBody.\n"
    assert load(write(tmp_path, "deep.md", text)) == [
        Skip(3, "YAML front matter nested more than 100 levels deep: file skipped")]


def test_yaml_front_matter_nested_in_blocks_is_counted_too(tmp_path: Path) -> None:
    block = "".join(f"{'  ' * i}k{i}:\n" for i in range(120)) + "  " * 120 + "leaf\n"
    assert load(write(tmp_path, "deep.md", "---\n" + block + "---\nBody.\n")) == [
        Skip(102, "YAML front matter nested more than 100 levels deep: file skipped")]


def test_pdf_outline_nested_past_the_bound_skips_the_file(tmp_path: Path) -> None:
    path = write_pdf(tmp_path / "deep.pdf", [["Events are kept for 14 days."], ["Second page."]],
                     outline=[(f"Heading {i}", 1, i) for i in range(150)])
    src = SourceFile(path, "deep.pdf", "docs/deep.pdf")
    assert load(src) == [Skip(None, "PDF outline nested more than 100 levels deep: file skipped")]


def test_a_chunks_file_with_a_deep_line_is_one_error_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "chunks.jsonl"
    path.write_text("[" * 200_000 + "\n")
    with pytest.raises(ChunksFileError, match=r"chunks.jsonl: line 1 is not a Crosscheck chunk"):
        read_chunks(path)
