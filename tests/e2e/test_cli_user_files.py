"""Nothing of the user's is lost (issue 25): an index is never built into, or cleaned out of, a
folder holding the user's files, and no output is written over a corpus file or over a file
that Crosscheck did not write. Every refusal is one line, exit 2, and every user file stays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from main import cli

pytestmark = pytest.mark.e2e
FAST = ["--embed-model", "hashing:64"]
RETENTION = "# Retention\n\nEvents are kept for 14 days.\n"


@pytest.fixture()
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "kb" / "docs").mkdir(parents=True)
    (tmp_path / "kb" / "forums").mkdir()
    (tmp_path / "kb" / "docs" / "retention.md").write_text(RETENTION)
    (tmp_path / "kb" / "docs" / "limits.md").write_text("# Limits\n\nPayloads up to 512 KB.\n")
    (tmp_path / "kb" / "forums" / "t1.json").write_text(json.dumps(
        {"id": "t1", "title": "Retention?", "question": "How long are events kept?",
         "answers": [{"id": "a1", "text": "Seven days on Team.", "accepted": True}]}))
    return CliRunner()


def files_below(folder: str) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(Path(folder).rglob("*")) if p.is_file()}


# -- 1. index folders ---------------------------------------------------------------------


def test_an_index_dir_that_is_the_corpus_folder_is_refused_and_every_file_stays(runner: CliRunner) -> None:
    assert runner.invoke(cli, ["ingest", "--data", "kb", "--out", "c.jsonl"]).exit_code == 0
    before = files_below("kb")
    res = runner.invoke(cli, ["index", "--chunks", "c.jsonl", "--index-dir", "kb", *FAST])
    assert res.exit_code == 2
    assert res.output == ("Error: index folder kb holds files that are not an index (docs, forums): refusing to "
                          "build an index there (pass --index-dir with an empty or new folder)\n")
    assert files_below("kb") == before
    assert sorted(p.name for p in Path("kb").iterdir()) == ["docs", "forums"]
    assert not Path("kb.lock").exists()


def test_a_user_folder_in_a_new_index_folder_is_refused_and_stays(runner: CliRunner) -> None:
    assert runner.invoke(cli, ["ingest", "--data", "kb", "--out", "P/chunks.jsonl"]).exit_code == 0
    Path("P/index/my-notes").mkdir(parents=True)
    Path("P/index/my-notes/todo.txt").write_text("ask about retention\n")
    res = runner.invoke(cli, ["fusion", "--chunks", "P/chunks.jsonl", "--q", "events kept", *FAST])
    assert res.exit_code == 2
    assert res.output == ("Error: index folder P/index holds files that are not an index (my-notes): refusing to "
                          "build an index there (pass --index-dir with an empty or new folder)\n")
    assert Path("P/index/my-notes/todo.txt").read_text() == "ask about retention\n"


def test_a_user_folder_added_to_an_index_survives_every_rebuild(runner: CliRunner) -> None:
    assert runner.invoke(cli, ["ingest", "--data", "kb", "--out", "P/chunks.jsonl"]).exit_code == 0
    assert runner.invoke(cli, ["index", "--chunks", "P/chunks.jsonl", *FAST]).exit_code == 0
    Path("P/index/my-notes").mkdir()
    Path("P/index/my-notes/todo.txt").write_text("ask about retention\n")
    Path("P/index/notes.md").write_text("mine\n")
    Path("kb/docs/retention.md").write_text(RETENTION.replace("14", "30"))  # docs changes: its folder is replaced
    assert runner.invoke(cli, ["ingest", "--data", "kb", "--out", "P/chunks.jsonl"]).exit_code == 0
    res = runner.invoke(cli, ["fusion", "--chunks", "P/chunks.jsonl", "--q", "events kept", *FAST])
    assert res.exit_code == 0, res.output
    rebuilt = runner.invoke(cli, ["index", "--chunks", "P/chunks.jsonl", "--rebuild", *FAST])
    assert rebuilt.exit_code == 0, rebuilt.output
    assert Path("P/index/my-notes/todo.txt").read_text() == "ask about retention\n"
    assert Path("P/index/notes.md").read_text() == "mine\n"
    folders = {s["folder"] for s in json.loads(Path("P/index/params.json").read_text())["sources"].values()}
    assert sorted(p.name for p in Path("P/index").iterdir()) == sorted(
        [".embeddings", "my-notes", "notes.md", "params.json", *folders])


def test_an_empty_index_dir_is_built_into(runner: CliRunner) -> None:
    assert runner.invoke(cli, ["ingest", "--data", "kb", "--out", "c.jsonl"]).exit_code == 0
    Path("empty").mkdir()
    res = runner.invoke(cli, ["index", "--chunks", "c.jsonl", "--index-dir", "empty", *FAST])
    assert res.exit_code == 0, res.output
    assert Path("empty/params.json").is_file()


# -- 2. deeply nested input ---------------------------------------------------------------


def nested_files() -> None:
    Path("kb/docs/deep.html").write_text("<html><body>" + "<div><font>" * 600 + "deep" + "</body></html>")
    Path("kb/docs/deep.json").write_text("[" * 200_000)
    Path("kb/forums/deep.jsonl").write_text("[" * 200_000 + "\n")


def test_deeply_nested_files_are_skipped_one_line_each_and_the_rest_ingested(runner: CliRunner) -> None:
    nested_files()
    res = runner.invoke(cli, ["ingest", "--data", "kb", "--out", "c.jsonl"])
    assert res.exit_code == 0, res.output
    assert res.stderr.splitlines() == [
        "warning: kb/docs/deep.html: HTML elements nested more than 100 levels deep: file skipped",
        "warning: kb/docs/deep.json:1: JSON nested more than 100 levels deep: file skipped",
        "warning: kb/forums/deep.jsonl:1: JSON nested more than 100 levels deep: line skipped"]
    assert [line.split() for line in res.stdout.splitlines()[2:5]] == [
        ["docs", "document", "1.2", "2", "2", "2", "2"],
        ["forums", "thread", "0.8", "1", "1", "1", "1"],
        ["total", "3", "3", "3", "3"]]
    strict = runner.invoke(cli, ["ingest", "--data", "kb", "--out", "c.jsonl", "--strict"])
    assert strict.exit_code == 1
    assert strict.output == "Error: kb/docs/deep.html: HTML elements nested more than 100 levels deep: file skipped\n"


def test_ask_over_a_corpus_with_nested_files_answers(runner: CliRunner) -> None:
    nested_files()
    res = runner.invoke(cli, ["ask", "--data", "kb", "--q", "How long are events kept?", "--json", *FAST])
    assert res.exit_code == 0, res.output
    assert "warning: kb/docs/deep.json:1: JSON nested more than 100 levels deep: file skipped" in res.stderr.splitlines()
    assert "kb/docs/retention.md#c0" in [c["id"] for c in json.loads(res.stdout)["citations"]]


# -- 3. outputs over the user's files -----------------------------------------------------


def test_ingest_out_inside_the_corpus_is_refused_and_the_document_stays(runner: CliRunner) -> None:
    res = runner.invoke(cli, ["ingest", "--data", "kb", "--out", "kb/docs/retention.md"])
    assert res.exit_code == 2
    assert res.output == ("Error: refusing to write the chunks file kb/docs/retention.md: it is inside the corpus "
                          "folder kb, which this command reads (write it elsewhere, e.g. artifacts/chunks.jsonl)\n")
    assert Path("kb/docs/retention.md").read_text() == RETENTION
    new = runner.invoke(cli, ["ingest", "--data", "kb", "--out", "kb/chunks/c.jsonl"])
    assert new.exit_code == 2
    assert not Path("kb/chunks").exists()  # nothing created inside the corpus either


def test_ingest_out_over_a_file_crosscheck_did_not_write_is_refused(runner: CliRunner) -> None:
    Path("notes.txt").write_text("my notes\n")
    res = runner.invoke(cli, ["ingest", "--data", "kb", "--out", "notes.txt"])
    assert res.exit_code == 2
    assert res.output == ("Error: refusing to overwrite notes.txt with the chunks file: it exists and Crosscheck did "
                          "not write it (name a new file, or move it away first)\n")
    assert Path("notes.txt").read_text() == "my notes\n"


def test_ingest_out_over_its_own_chunks_file_or_an_empty_file_is_written(runner: CliRunner) -> None:
    Path("empty.jsonl").touch()
    for out in ("c.jsonl", "c.jsonl", "empty.jsonl"):
        res = runner.invoke(cli, ["ingest", "--data", "kb", "--out", out])
        assert res.exit_code == 0, res.output
    assert json.loads(Path("empty.jsonl").read_text().splitlines()[0])["id"] == "kb/docs/limits.md#c0"


@pytest.mark.parametrize(("option", "target", "message"), [
    ("--html", "kb/docs/graph.html", "refusing to write the claim graph page kb/docs/graph.html: it is inside the "
     "corpus folder kb, which this command reads (write it elsewhere, e.g. artifacts/graphs/graph.html)"),
    ("--graphml", "kb/docs/retention.md", "refusing to write the GraphML file kb/docs/retention.md: it is inside "
     "the corpus folder kb, which this command reads (write it elsewhere, e.g. artifacts/graphs/graph.graphml)"),
    ("--log-txt", "kb/docs/retention.md", "refusing to write the text log kb/docs/retention.md: it is inside the "
     "corpus folder kb, which this command reads (write it elsewhere, e.g. logs/queries.txt)"),
    ("--html", "notes.txt", "refusing to overwrite notes.txt with the claim graph page: it exists and Crosscheck "
     "did not write it (name a new file, or move it away first)"),
    ("--log-txt", "notes.txt", "refusing to overwrite notes.txt with the text log: it exists and Crosscheck did not "
     "write it (name a new file, or move it away first)"),
])
def test_fusion_outputs_inside_the_corpus_or_over_a_user_file_are_refused(
        runner: CliRunner, option: str, target: str, message: str) -> None:
    Path("notes.txt").write_text("my notes\n")
    before = files_below("kb")
    res = runner.invoke(cli, ["fusion", "--data", "kb", "--q", "events kept", option, target, *FAST])
    assert res.exit_code == 2
    assert res.output == f"Error: {message}\n"
    assert files_below("kb") == before
    assert Path("notes.txt").read_text() == "my notes\n"
    assert not Path("artifacts").exists()  # refused before the corpus is read


def test_fusion_and_graph_outputs_are_rewritten_and_appended_as_before(runner: CliRunner) -> None:
    outputs = ["--html", "out/g.html", "--graphml", "out/g.graphml", "--log-txt", "out/q.txt"]
    for _ in range(2):
        res = runner.invoke(cli, ["fusion", "--data", "kb", "--q", "events kept", *outputs, *FAST])
        assert res.exit_code == 0, res.output
    assert len(Path("out/q.txt").read_text().splitlines()) == 2
    for _ in range(2):
        res = runner.invoke(cli, ["graph", "--data", "kb", "--html", "out/g.html", "--graphml", "out/g.graphml",
                                  *FAST])
        assert res.exit_code == 0, res.output


def test_graph_html_over_the_chunks_file_it_reads_is_refused(runner: CliRunner) -> None:
    assert runner.invoke(cli, ["ingest", "--data", "kb", "--out", "c.jsonl"]).exit_code == 0
    before = Path("c.jsonl").read_bytes()
    res = runner.invoke(cli, ["graph", "--chunks", "c.jsonl", "--html", "c.jsonl", *FAST])
    assert res.exit_code == 2
    assert res.output.startswith("Error: refusing to write the claim graph page c.jsonl: it is the file c.jsonl")
    assert Path("c.jsonl").read_bytes() == before


def test_eval_report_and_out_refuse_the_user_files(runner: CliRunner) -> None:
    Path("gold.jsonl").write_text(json.dumps({"q": "events kept", "relevant_ids": ["kb/docs/retention.md#c0"]}) + "\n")
    Path("rep").mkdir()
    Path("rep/report.md").write_text("# My own report\n")
    res = runner.invoke(cli, ["eval", "gold", "gold.jsonl", "--data", "kb", "--report", "rep", *FAST])
    assert res.exit_code == 2
    assert res.output == ("Error: refusing to overwrite rep/report.md with the evaluation report: it exists and "
                          "Crosscheck did not write it (name a new file, or move it away first)\n")
    assert Path("rep/report.md").read_text() == "# My own report\n"
    inside = runner.invoke(cli, ["eval", "gold", "gold.jsonl", "--data", "kb", "--report", "kb/report", *FAST])
    assert inside.exit_code == 2
    assert "it is inside the corpus folder kb, which this command reads" in inside.output
    ramdocs = runner.invoke(cli, ["eval", "ramdocs", "gold.jsonl", "--out", "gold.jsonl", *FAST])
    assert ramdocs.exit_code == 2
    assert ramdocs.output == ("Error: refusing to write the answers file gold.jsonl: it is the file gold.jsonl, "
                              "which this command reads (write it elsewhere, e.g. artifacts/answers.jsonl)\n")
