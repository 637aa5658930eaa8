"""The CLI on hostile file systems: unreadable folders, links out of the corpus, unwritable
outputs and indexes, a busy index. Every problem is one line; bad input exits 2."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from main import cli
from src.fusion.index_lock import index_lock, lock_path

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
FAST = ["--embed-model", "hashing:64"]


@pytest.fixture()
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "kb" / "docs" / "private").mkdir(parents=True)
    (tmp_path / "kb" / "docs" / "retention.md").write_text("# Retention\n\nEvents are kept for 14 days.\n")
    (tmp_path / "kb" / "docs" / "private" / "limits.md").write_text("# Limits\n\nPayloads up to 512 KB.\n")
    (tmp_path / "outside.md").write_text("# Secret\n\nThe root password is hunter2.\n")
    return CliRunner()


def chunk_ids(path: str) -> list[str]:
    return [json.loads(line)["id"] for line in Path(path).read_text().splitlines()]


def test_an_unreadable_folder_is_a_counted_warning_and_fails_strict(runner: CliRunner,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    real_scandir = os.scandir

    def scandir(path: Any = ".") -> Any:
        if Path(path) == Path("kb/docs/private"):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    res = runner.invoke(cli, ["ingest", "--data", "kb", "--out", "c.jsonl"])
    assert res.exit_code == 0, res.output
    assert res.stderr.splitlines() == ["warning: kb/docs/private: cannot read the folder (Permission denied)"]
    assert res.stdout.splitlines()[2].split() == ["docs", "document", "1.2", "1", "1", "1", "1"]
    strict = runner.invoke(cli, ["ingest", "--data", "kb", "--out", "c.jsonl", "--strict"])
    assert strict.exit_code == 1
    assert strict.output == "Error: kb/docs/private: cannot read the folder (Permission denied)\n"


def test_a_link_out_of_the_corpus_is_read_only_with_follow_symlinks(runner: CliRunner, tmp_path: Path) -> None:
    Path("kb/docs/x.md").symlink_to(tmp_path / "outside.md")
    res = runner.invoke(cli, ["ingest", "--data", "kb", "--out", "c.jsonl"])
    assert res.exit_code == 0, res.output
    assert res.stderr.splitlines() == [
        f"warning: kb/docs/x.md: symbolic link to {(tmp_path / 'outside.md').resolve()}, outside the corpus "
        "folder: skipped (pass --follow-symlinks to read it)"]
    assert chunk_ids("c.jsonl") == ["kb/docs/private/limits.md#c0", "kb/docs/retention.md#c0"]
    res = runner.invoke(cli, ["ingest", "--data", "kb", "--out", "c.jsonl", "--follow-symlinks"])
    assert (res.exit_code, res.stderr) == (0, "")
    assert chunk_ids("c.jsonl") == ["kb/docs/private/limits.md#c0", "kb/docs/retention.md#c0", "kb/docs/x.md#c0"]
    # Commands given --data re-ingest when the flag changes what the corpus holds.
    plain = runner.invoke(cli, ["index", "--data", "kb", *FAST])
    assert plain.stdout.splitlines()[2].split() == ["docs", "2", "rebuilt"]
    followed = runner.invoke(cli, ["index", "--data", "kb", "--follow-symlinks", *FAST])
    assert followed.exit_code == 0, followed.output
    assert followed.stdout.splitlines()[2].split() == ["docs", "3", "rebuilt"]


@pytest.mark.parametrize(("out", "message"), [
    ("out", "cannot write the chunks file out: it is a folder (name a file, e.g. out/chunks.jsonl)"),
    ("notes.txt/chunks.jsonl", "cannot write the chunks file notes.txt/chunks.jsonl: notes.txt is not a folder"),
])
def test_an_unwritable_out_exits_2_with_one_line(runner: CliRunner, out: str, message: str) -> None:
    Path("out").mkdir()
    Path("notes.txt").write_text("x")
    res = runner.invoke(cli, ["ingest", "--data", "kb", "--out", out])
    assert res.exit_code == 2
    assert res.output == f"Error: {message}\n"


def test_an_out_folder_as_a_process_prints_one_line_and_no_traceback(tmp_path: Path) -> None:
    (tmp_path / "kb" / "docs").mkdir(parents=True)
    (tmp_path / "kb" / "docs" / "a.md").write_text("Text.")
    (tmp_path / "out").mkdir()
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "ingest", "--data", "kb", "--out", "out"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 2
    assert proc.stderr == "Error: cannot write the chunks file out: it is a folder (name a file, e.g. out/chunks.jsonl)\n"


def test_a_read_only_index_serves_when_current_and_exits_2_when_it_needs_an_update(
        runner: CliRunner, deny_index_lock: Callable[[], None]) -> None:
    assert runner.invoke(cli, ["ingest", "--data", "kb", "--out", "c/chunks.jsonl"]).exit_code == 0
    assert runner.invoke(cli, ["index", "--chunks", "c/chunks.jsonl", *FAST]).exit_code == 0
    deny_index_lock()  # as in a read-only folder
    current = runner.invoke(cli, ["fusion", "--chunks", "c/chunks.jsonl", *FAST, "--q", "events kept"])
    assert current.exit_code == 0, current.output
    assert "kb/docs/retention.md#c0" in current.stdout
    Path("kb/docs/new.md").write_text("A new page.\n")
    assert runner.invoke(cli, ["ingest", "--data", "kb", "--out", "c/chunks.jsonl"]).exit_code == 0
    res = runner.invoke(cli, ["index", "--chunks", "c/chunks.jsonl", *FAST])
    assert res.exit_code == 2
    assert res.output == (f"Error: index c/index needs an update but cannot be locked for it: "
                          f"{lock_path(Path('c/index'))}: Permission denied (make the folder writable, "
                          "or pass --index-dir DIR)\n")


def test_an_index_busy_for_longer_than_the_timeout_exits_1_with_one_line(runner: CliRunner) -> None:
    assert runner.invoke(cli, ["ingest", "--data", "kb", "--out", "c/chunks.jsonl"]).exit_code == 0
    Path("crosscheck.toml").write_text("[index]\nlock_timeout_s = 0.2\n")
    with index_lock(Path("c/index"), timeout_s=60):
        res = runner.invoke(cli, ["index", "--chunks", "c/chunks.jsonl", *FAST])
    assert res.exit_code == 1
    # (The "waiting" notice goes through logging, to the process's stderr: see test_index_publish.py.)
    assert res.output == (f"Error: index c/index is still being updated by another process after 0.2 s "
                          f"(lock {lock_path(Path('c/index'))}): try again when it has finished, or raise "
                          "[index] lock_timeout_s\n")


def test_a_file_with_very_many_chunks_is_named_with_its_count(runner: CliRunner) -> None:
    Path("crosscheck.toml").write_text("max_chunks_per_file = 1\n")
    Path("kb/docs/long.md").write_text("# Long\n\n" + "\n\n".join(f"Paragraph {i}. " + "word " * 300
                                                                   for i in range(4)))
    res = runner.invoke(cli, ["ingest", "--data", "kb", "--out", "c.jsonl", "--strict"])
    assert res.exit_code == 0, res.output
    n = sum(1 for i in chunk_ids("c.jsonl") if i.startswith("kb/docs/long.md#"))
    assert n > 1
    assert res.stderr.splitlines() == [
        f"warning: kb/docs/long.md: {n} chunks (more than 1); embedding them takes a while: split the file, "
        "or raise max_chunks_per_file if that is expected"]


def test_ask_and_serve_take_follow_symlinks_as_ingest_does(runner: CliRunner, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    Path("kb/docs/x.md").symlink_to(tmp_path / "outside.md")
    skipped = (f"warning: kb/docs/x.md: symbolic link to {(tmp_path / 'outside.md').resolve()}, outside the corpus "
               "folder: skipped (pass --follow-symlinks to read it)")
    ask = ["ask", "--data", "kb", "--q", "What is the root password?", "--json", *FAST]
    plain = runner.invoke(cli, ask)
    assert plain.exit_code == 0, plain.output
    assert skipped in plain.stderr.splitlines()
    assert "kb/docs/x.md#c0" not in [c["id"] for c in json.loads(plain.stdout)["citations"]]
    followed = runner.invoke(cli, [*ask, "--follow-symlinks"])
    assert followed.exit_code == 0, followed.output
    assert skipped not in followed.stderr.splitlines()
    assert [c["id"] for c in json.loads(followed.stdout)["citations"]][0] == "kb/docs/x.md#c0"

    served: list[Any] = []
    monkeypatch.setattr("uvicorn.run", lambda app, **kwargs: served.append(app))
    both = ["kb/docs/private/limits.md#c0", "kb/docs/retention.md#c0"]
    for flags, expected in (([], both), (["--follow-symlinks"], [*both, "kb/docs/x.md#c0"])):
        res = runner.invoke(cli, ["serve", "--data", "kb", *flags, *FAST])
        assert res.exit_code == 0, res.output
        assert [c.id for c in served.pop().state.service.engine.chunks] == expected


def test_a_faiss_file_damaged_past_its_header_exits_2_until_index_rebuild(runner: CliRunner, tmp_path: Path) -> None:
    assert runner.invoke(cli, ["ingest", "--data", "kb", "--out", "c/chunks.jsonl"]).exit_code == 0
    assert runner.invoke(cli, ["index", "--chunks", "c/chunks.jsonl", *FAST]).exit_code == 0
    folder = json.loads(Path("c/index/params.json").read_text())["sources"]["docs"]["folder"]
    faiss_file = Path("c/index", folder, "faiss.index")
    data = bytearray(faiss_file.read_bytes())  # 2 vectors of 64 floats after a header of some 50 bytes
    mid = len(data) // 2
    data[mid:mid + 8] = bytes(b ^ 0xFF for b in data[mid:mid + 8])
    faiss_file.write_bytes(bytes(data))
    fusion = [sys.executable, str(ROOT / "main.py"), "fusion", "--chunks", "c/chunks.jsonl", "--q", "events kept", *FAST]
    proc = subprocess.run(fusion, cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 2
    assert proc.stderr == (f"Error: {faiss_file} is corrupt: its sha256 is not the one c/index/params.json recorded "
                           "when it was built; rebuild the index with `python main.py index --rebuild` (with the same "
                           "--data, --chunks or --index-dir)\n")
    res = runner.invoke(cli, ["index", "--chunks", "c/chunks.jsonl", "--rebuild", *FAST])
    assert res.exit_code == 0, res.output
    assert res.stdout.splitlines()[2].split() == ["docs", "2", "rebuilt"]
    again = subprocess.run(fusion, cwd=tmp_path, capture_output=True, text=True, timeout=120,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert again.returncode == 0, again.stderr
    assert "kb/docs/retention.md#c0" in again.stdout
