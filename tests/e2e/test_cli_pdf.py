"""`ingest` of PDFs through the CLI: one warning line per bad PDF, the summary table, --strict."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from main import cli
from tests.unit.test_pdf_chunks import BAD, pdf_corpus

pytestmark = pytest.mark.e2e


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return pdf_corpus(tmp_path)


def test_cli_ingest_reports_bad_pdfs_on_one_line_each(
    corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(cli, ["ingest", "--data", str(corpus), "--out", "chunks.jsonl"])
    assert res.exit_code == 0, res.output
    assert res.stderr.splitlines() == [f"warning: {corpus / rel}: {reason}" for rel, reason in BAD]
    rows = [line.split() for line in res.stdout.splitlines()]
    assert rows[2:5] == [
        ["docs", "document", "1.2", "1", "1", "3", "3"],
        ["forums", "thread", "0.8", "1", "1", "2", "0"],
        ["total", "2", "2", "5", "3"],
    ]
    strict = CliRunner().invoke(cli, ["ingest", "--data", str(corpus), "--out", "chunks.jsonl", "--strict"])
    assert strict.exit_code == 1
    assert strict.output == f"Error: {corpus / BAD[0][0]}: {BAD[0][1]}\n"
