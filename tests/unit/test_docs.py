"""The documents a newcomer reads: the README stays short and starts with the two commands that
work on a fresh machine, every relative link of the README, BENCHMARKS.md and docs/ leads to a
file (and heading) of the repository, and no page sends a user to ../shared, which a user does
not have (docs/evaluation.md names it once, for developers)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", ROOT / "BENCHMARKS.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """GitHub's anchor of a Markdown heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return {slug(m.group(1)) for m in re.finditer(r"^#+ (.+)$", text, flags=re.M)}


def test_readme_is_short_and_starts_with_make_demo_and_make_test() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 250
    start = lines.index("```sh")
    assert lines[start + 1].startswith("make demo") and lines[start + 2].startswith("make test")
    assert not any(line.startswith("## ") for line in lines[:start])


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_relative_links_resolve(page: Path) -> None:
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        assert dest.exists(), f"{page.name}: link to {target}: no such file"
        if anchor:
            assert anchor in anchors(dest), f"{page.name}: link to {target}: no such heading"


def test_no_user_page_sends_the_reader_to_shared() -> None:
    found = {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8").count("../shared")
             for p in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]}
    assert {k: v for k, v in found.items() if v} == {"docs/evaluation.md": 1}
