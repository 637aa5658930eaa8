"""The CLI as users run it: exit codes, one-line errors, SPEC JSON, logs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from main import cli

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
FAST = ["--embed-model", "hashing:256"]


def write_corpus(root: Path) -> Path:
    data = root / "kb"
    (data / "docs").mkdir(parents=True)
    (data / "forums").mkdir()
    (data / "docs" / "retention.md").write_text(
        "---\ntitle: Event retention\nversion: '4.2'\nlast_updated: 2025-03-01\n---\n"
        "# Event retention\n\nThe Team plan keeps event history for 14 days.\n", encoding="utf-8")
    (data / "docs" / "limits.md").write_text(
        "---\ntitle: Limits\n---\n# Limits\n\nThe maximum payload size is 512 KB.\n", encoding="utf-8")
    threads = [
        {"thread_id": "t1", "title": "Team retention", "question": "How long is event history kept on Team?",
         "answers": [{"id": "a1", "text": "Team keeps events for 7 days.", "accepted": True, "upvotes": 3}]},
    ]
    (data / "forums" / "threads.jsonl").write_text("\n".join(json.dumps(t) for t in threads) + "\n", encoding="utf-8")
    return data


@pytest.fixture()
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.chdir(tmp_path)
    return CliRunner()


def test_ingest_prints_summary_and_writes_chunks(runner: CliRunner, tmp_path: Path) -> None:
    data = write_corpus(tmp_path)
    res = runner.invoke(cli, ["ingest", "--data", str(data), "--out", "out/chunks.jsonl"])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0].split() == ["source", "kind", "weight", "files", "records", "chunks", "skipped"]
    assert lines[2].split() == ["docs", "document", "1.2", "2", "2", "2", "0"]
    assert lines[3].split() == ["forums", "thread", "0.8", "1", "1", "1", "0"]
    assert lines[-1] == "wrote 3 chunks to out/chunks.jsonl"
    ids = [json.loads(line)["id"] for line in Path("out/chunks.jsonl").read_text().splitlines()]
    assert ids == ["kb/docs/limits.md#c0", "kb/docs/retention.md#c0", "kb/forums/t1#qa"]


def test_ingest_missing_folder_exits_2_naming_it(runner: CliRunner) -> None:
    res = runner.invoke(cli, ["ingest", "--data", "nope"])
    assert res.exit_code == 2
    assert res.output.strip() == "Error: data folder not found: nope (pass --data DIR with a corpus folder)"


def test_ingest_strict_fails_on_bad_line_with_file_and_line(runner: CliRunner, tmp_path: Path) -> None:
    data = write_corpus(tmp_path)
    with open(data / "forums" / "threads.jsonl", "a", encoding="utf-8") as f:
        f.write("{not json\n")
    res = runner.invoke(cli, ["ingest", "--data", str(data), "--out", "c.jsonl"])
    assert res.exit_code == 0
    assert f"{data / 'forums' / 'threads.jsonl'}:2:" in res.output
    strict = runner.invoke(cli, ["ingest", "--data", str(data), "--out", "c.jsonl", "--strict"])
    assert strict.exit_code == 1
    assert f"{data / 'forums' / 'threads.jsonl'}:2:" in strict.output


@pytest.mark.parametrize(("args", "message"), [
    (["--q", "", "--k", "3"], "the query is empty"),
    (["--q", "x", "--k", "0"], "--k must be at least 1"),
    (["--q", "x", "--mode", "bogus"], "unknown fusion mode 'bogus'; valid modes: rrf, relative, dist"),
    (["--q", "x", "--num-queries", "0"], "--num-queries must be between 1 and 10"),
    (["--q", "x", "--num-queries", "11"], "--num-queries must be between 1 and 10"),
    (["--q", "x", "--rerank-topn", "0"], "--rerank-topn must be at least 1"),
    (["--q", "x", "--mode", "RRF", "--k", "x"], "'x' is not a valid integer"),
])
def test_fusion_bad_options_exit_2_with_one_line(runner: CliRunner, tmp_path: Path, args: list[str],
                                                 message: str) -> None:
    data = write_corpus(tmp_path)
    res = runner.invoke(cli, ["fusion", "--data", str(data), *FAST, *args])
    assert res.exit_code == 2, res.output
    assert message in res.output
    assert "Traceback" not in res.output


def test_fusion_missing_chunks_file(runner: CliRunner) -> None:
    res = runner.invoke(cli, ["fusion", "--chunks", "missing.jsonl", "--q", "x", *FAST])
    assert res.exit_code == 2
    assert "chunks file not found: missing.jsonl" in res.output


def test_fusion_old_chunks_file_names_the_fix(runner: CliRunner, tmp_path: Path) -> None:
    old = tmp_path / "old.jsonl"
    old.write_text(json.dumps({"chunk_id": "a", "content": "text"}) + "\n", encoding="utf-8")
    res = runner.invoke(cli, ["fusion", "--chunks", str(old), "--q", "x", *FAST])
    assert res.exit_code != 0
    assert "re-run `python main.py ingest`" in res.output
    assert "Traceback" not in res.output


def test_fusion_json_follows_spec_and_logs(runner: CliRunner, tmp_path: Path) -> None:
    data = write_corpus(tmp_path)
    res = runner.invoke(cli, ["fusion", "--data", str(data), *FAST, "--q", "Team plan event history days",
                              "--k", "3", "--json", "--log-txt", "logs/q.txt"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output[res.output.index("{"):])
    assert list(out) == ["query", "config", "variants", "results", "graph", "timings_ms"]
    assert out["config"]["mode"] == "dist" and out["config"]["k"] == 3 and out["config"]["graph"] is False
    assert out["graph"] is None
    assert [r["rank"] for r in out["results"]] == [1, 2, 3]
    # docs outrank the forum answer that says the same words: authority 1.2 vs 0.8
    assert out["results"][0]["id"] == "kb/docs/retention.md#c0"
    top = out["results"][0]
    assert top["scores"]["authority"] == 1.2
    assert abs(top["score"] - top["scores"]["fusion"] * top["scores"]["prior"]) < 1e-5
    log = [json.loads(line) for line in Path("logs/responses.jsonl").read_text().splitlines()]
    assert log[-1]["query"] == "Team plan event history days"
    assert [r["id"] for r in log[-1]["results"]] == [r["id"] for r in out["results"]]
    txt = Path("logs/q.txt").read_text().splitlines()[-1]
    assert "q='Team plan event history days' sources=['docs', 'forums'] topk=30 chunks=kb/docs/retention.md#c0:" in txt


def test_index_is_incremental_and_rebuilds_for_another_model(runner: CliRunner, tmp_path: Path) -> None:
    data = write_corpus(tmp_path)
    first = runner.invoke(cli, ["index", "--data", str(data), *FAST])
    assert first.exit_code == 0, first.output
    assert "embedded 3 chunks with hashing:256" in first.output
    again = runner.invoke(cli, ["index", "--data", str(data), *FAST])
    assert "embedded 0 chunks with hashing:256" in again.output
    assert again.output.count("reused") == 2
    other = runner.invoke(cli, ["index", "--data", str(data), "--embed-model", "hashing:128"])
    assert other.exit_code == 0, other.output
    assert "embedded 3 chunks with hashing:128 (dim 128)" in other.output


def test_eval_gold_json(runner: CliRunner, tmp_path: Path) -> None:
    data = write_corpus(tmp_path)
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps({"q": "maximum payload size", "relevant_ids": ["kb/docs/limits.md"]}) + "\n"
                    + json.dumps({"q": "event history on Team", "relevant_ids": ["kb/docs/nothere.md"]}) + "\n",
                    encoding="utf-8")
    res = runner.invoke(cli, ["eval", "gold", str(gold), "--data", str(data), *FAST, "--json"])
    assert res.exit_code == 0, res.output
    assert "match no chunk or document of the corpus" in res.output and "kb/docs/nothere.md" in res.output
    out = json.loads(res.output[res.output.index("{\n"):])
    assert out["metrics"]["hits@1"] == 0.5
    assert set(out["latency_ms"]) == {"p50", "p95"}


def test_help_teaches_from_a_subprocess() -> None:
    res = subprocess.run([sys.executable, "main.py", "fusion", "--help"], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert res.returncode == 0
    assert "--per-source-topk" in res.stdout and "Examples:" in res.stdout


def test_ingest_defaults_to_artifacts_chunks_and_later_commands_read_it(runner: CliRunner, tmp_path: Path) -> None:
    kb = write_corpus(tmp_path)  # tmp/kb
    (tmp_path / "data" / "docs").mkdir(parents=True)  # an unrelated data/ folder beside it
    (tmp_path / "data" / "docs" / "other.md").write_text("# Other\n\nNothing about payloads here.\n",
                                                       encoding="utf-8")
    res = runner.invoke(cli, ["ingest", "--data", str(kb)])
    assert res.exit_code == 0, res.output
    assert res.output.splitlines()[-1] == "wrote 3 chunks to artifacts/chunks.jsonl"
    # SPEC section 3: without --data/--chunks, commands use artifacts/chunks.jsonl, the user's ingest
    out = runner.invoke(cli, ["fusion", *FAST, "--q", "maximum payload size", "--k", "1", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output[out.output.index("{"):])["results"][0]["id"] == "kb/docs/limits.md#c0"
    # ingesting data/ itself makes data/ the default corpus again, refreshed when it changes
    assert runner.invoke(cli, ["ingest"]).exit_code == 0
    again = runner.invoke(cli, ["fusion", *FAST, "--q", "payloads", "--k", "1", "--json"])
    assert json.loads(again.output[again.output.index("{"):])["results"][0]["id"] == "data/docs/other.md#c0"


def test_graph_saves_its_audit_and_fusion_graph_reuses_it(runner: CliRunner, tmp_path: Path) -> None:
    kb = write_corpus(tmp_path)
    # The forum answer in the words of the docs, so that the hashing embedder's keys meet.
    thread = {"thread_id": "t1", "title": "Team retention", "question": "How long is event history kept on Team?",
              "answers": [{"id": "a1", "text": "The Team plan keeps event history for 7 days.", "accepted": True}]}
    (kb / "forums" / "threads.jsonl").write_text(json.dumps(thread) + "\n", encoding="utf-8")
    assert runner.invoke(cli, ["ingest", "--data", str(kb)]).exit_code == 0
    audit = runner.invoke(cli, ["graph", *FAST, "--json"])
    assert audit.exit_code == 0, audit.output
    saved = list((tmp_path / "artifacts" / "index" / ".audit").glob("*.json"))
    assert len(saved) == 1
    assert json.loads(saved[0].read_text()) == [["kb/docs/retention.md#c0", "kb/forums/t1#qa"]]
    # A question whose evidence holds only the docs side gets the forum answer as counter-evidence.
    out = runner.invoke(cli, ["fusion", *FAST, "--q", "event history retention", "--k", "1", "--graph-topn", "1",
                              "--graph", "--json"])
    assert out.exit_code == 0, out.output
    payload = json.loads(out.output[out.output.index("{\n"):])
    assert [r["id"] for r in payload["results"]] == ["kb/docs/retention.md#c0"]
    assert payload["graph"]["counter_evidence"] == ["kb/forums/t1#qa"]
    assert [k["status"] for k in payload["graph"]["keys"]] == ["contradiction"]
    assert list((tmp_path / "artifacts" / "index" / ".audit").glob("*.json")) == saved
    none = runner.invoke(cli, ["fusion", *FAST, "--q", "event history retention", "--k", "1", "--graph-topn", "1",
                               "--graph", "--counter-evidence", "0", "--json"])
    assert json.loads(none.output[none.output.index("{\n"):])["graph"]["counter_evidence"] == []
    assert not (tmp_path / "artifacts" / "graphs").exists()  # GraphML only when asked for


def test_graphml_is_written_only_where_asked(runner: CliRunner, tmp_path: Path) -> None:
    data = write_corpus(tmp_path)
    res = runner.invoke(cli, ["fusion", "--data", str(data), *FAST, "--q", "Team plan event history days",
                              "--graph", "--graphml", "q.graphml"])
    assert res.exit_code == 0, res.output
    res = runner.invoke(cli, ["graph", "--data", str(data), *FAST, "--graphml", "audit.graphml"])
    assert res.exit_code == 0, res.output
    import networkx as nx

    question, audit = nx.read_graphml("q.graphml"), nx.read_graphml("audit.graphml")
    assert sorted(n for n in question if not n.startswith("claim::")) == [
        "evidence::kb/docs/limits.md#c0", "evidence::kb/docs/retention.md#c0", "evidence::kb/forums/t1#qa",
        "key::maximum payload size", "key::team keeps events"]
    assert {d["kind"] for _, d in audit.nodes(data=True)} == {"evidence", "claim", "key"}
    assert sorted(p.name for p in tmp_path.rglob("*.graphml")) == ["audit.graphml", "q.graphml"]


@pytest.mark.parametrize("command", ["fusion", "ask", "serve", "eval gold", "eval answers", "eval conflicts", "graph",
                                     "index", "mcp"])
def test_every_corpus_command_takes_the_same_option_bundles(runner: CliRunner, command: str) -> None:
    res = runner.invoke(cli, [*command.split(), "--help"])
    assert res.exit_code == 0
    for flag in ("--data", "--chunks", "--follow-symlinks", "--index-dir", "--embed-model", "--reranker",
                 "--llm-base-url", "--llm-model", "--llm-deadline", "--vector-store", "--qdrant-url"):
        assert flag in res.output, (command, flag)


def test_ask_json_gives_the_answer_set_for_the_fact_asked(runner: CliRunner, tmp_path: Path) -> None:
    data = write_corpus(tmp_path)
    res = runner.invoke(cli, ["ask", "--data", str(data), "--q", "How long does the Team plan keep event history?",
                              "--json", *FAST])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output[res.output.index("{"):])
    assert out["verdict"]["status"] == "contradiction"
    assert out["question"] == {"type": "duration", "subject": "keep event history",
                               "key": "team plan keep event history", "scope": {"plan": "team"}}
    assert [(a["value"], a["status"], a["sources"]) for a in out["answers"]] == [
        ("14 days", "authoritative", ["kb/docs/retention.md#c0"]), ("7 days", "contradicted", ["kb/forums/t1#qa"])]
    assert out["answer"].startswith("The Team plan keeps event history for 14 days. [1]")


def test_eval_ramdocs_scores_and_writes_answers(runner: CliRunner, tmp_path: Path) -> None:
    fixture = ROOT / "tests" / "fixtures" / "ramdocs" / "mini.jsonl"
    res = runner.invoke(cli, ["eval", "ramdocs", str(fixture), "--split", "all", "--out", "answers.jsonl",
                              "--json", *FAST])
    assert res.exit_code == 0, res.output
    summary = json.loads(res.output[res.output.index("{"):])
    assert summary["questions"] == 4 and summary["split"] == "all"
    lines = [json.loads(x) for x in Path("answers.jsonl").read_text().splitlines()]
    assert [sorted(x) for x in lines] == [["answers", "question", "verdict"]] * 4
    assert lines[0]["answers"] == ["12 May 1931"] and lines[0]["verdict"] == "contradiction"
    assert lines[3] == {"question": "What is the capital of the moon?", "answers": [], "verdict": "insufficient_data"}


def test_eval_ramdocs_errors(runner: CliRunner, tmp_path: Path) -> None:
    res = runner.invoke(cli, ["eval", "ramdocs", "missing.jsonl"])
    assert res.exit_code == 2 and "missing.jsonl" in res.output and "not found" in res.output
    res = runner.invoke(cli, ["eval", "ramdocs", "x.jsonl", "--gold", "y.jsonl"])
    assert res.exit_code == 2 and "No such option '--gold'" in res.output
    res = runner.invoke(cli, ["eval", "ramdocs", "x.jsonl", "--split", "half"])
    assert res.exit_code == 2 and "'half' is not one of 'dev', 'test', 'all'" in res.output


def test_a_chunks_file_repeating_an_id_exits_2_naming_the_line(runner: CliRunner) -> None:
    line = {"id": "kb/docs/a.md#c0", "doc_id": "kb/docs/a.md", "source": "docs", "kind": "document",
            "text": "Events are kept for 14 days.", "metadata": {}, "schema": 1}
    Path("dup.jsonl").write_text(json.dumps(line) + "\n" + json.dumps({**line, "text": "7 days."}) + "\n")
    res = runner.invoke(cli, ["fusion", "--chunks", "dup.jsonl", "--q", "How long are events kept?", *FAST])
    assert res.exit_code == 2
    assert res.output == ("Error: dup.jsonl: line 2 repeats chunk id 'kb/docs/a.md#c0' of line 1: chunk ids must "
                          "be unique; remove one of the two lines, or re-run `python main.py ingest`\n")
    assert not Path("index").exists()


@pytest.mark.parametrize("command", ["fusion", "ask"])
def test_an_empty_query_is_refused_before_the_corpus_or_any_model_is_opened(tmp_path: Path, command: str) -> None:
    # The embedder named cannot be loaded and the corpus was never ingested: a command that got as
    # far as either would fail otherwise (as the real question shows), and would create artifacts/.
    write_corpus(tmp_path)
    run = lambda q: subprocess.run(  # noqa: E731
        [sys.executable, str(ROOT / "main.py"), command, "--data", "kb", "--embed-model", str(tmp_path / "no-model"),
         "--q", q], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    for blank in ("", "   ", " \t\n "):
        res = run(blank)
        assert (res.returncode, res.stdout, res.stderr) == (2, "", 'Error: the query is empty: pass a question with '
                                                                   '--q "..."\n')
        assert not (tmp_path / "artifacts").exists()
    real = run("How long is event history kept?")
    assert real.returncode == 1 and "cannot load embedding model" in real.stderr
    assert (tmp_path / "artifacts").is_dir()


def test_a_query_log_that_cannot_be_written_is_a_warning_not_a_traceback(tmp_path: Path) -> None:
    data = write_corpus(tmp_path)
    (tmp_path / "logs").write_text("not a folder")
    (tmp_path / "txt").mkdir()
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "fusion", "--data", str(data), *FAST, "--q",
                           "How long is event history kept?", "--log-txt", "txt"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "\n 1. [docs] kb/docs/retention.md#c0" in proc.stdout
    warnings = [line for line in proc.stderr.splitlines() if line.startswith("WARNING")]
    assert warnings == ["WARNING src.fusion.output: logs: query log not written (File exists)",
                        "WARNING src.fusion.output: txt: query log not written (Is a directory)"]
    assert "Traceback" not in proc.stderr


def test_graph_files_that_cannot_be_written_are_one_line_not_a_traceback(tmp_path: Path, runner: CliRunner) -> None:
    data = write_corpus(tmp_path)
    assert runner.invoke(cli, ["ingest", "--data", str(data), "--out", "c/chunks.jsonl"]).exit_code == 0
    (tmp_path / "artifacts").write_text("not a folder")  # --graph writes nothing there unasked
    (tmp_path / "page").mkdir()
    run = lambda *a: subprocess.run([sys.executable, str(ROOT / "main.py"), "fusion", "--chunks", "c/chunks.jsonl",  # noqa: E731
                                     *FAST, "--q", "How long is event history kept?", *a],
                                    cwd=tmp_path, capture_output=True, text=True, timeout=120)
    plain = run("--graph")
    assert plain.returncode == 0, plain.stderr
    assert "claim graph:" in plain.stdout
    assert [line for line in plain.stderr.splitlines() if line.startswith("WARNING")] == []
    for option in ("--html", "--graphml"):  # an output the user named: the command fails, in one line
        asked_for = run(option, "page")
        assert (asked_for.returncode, asked_for.stdout, asked_for.stderr) == (1, "", "Error: page: Is a directory\n"), (option, asked_for.stdout)


def test_a_negative_counter_evidence_option_is_refused() -> None:
    result = CliRunner().invoke(cli, ["fusion", "--q", "x", "--counter-evidence", "-1"])
    assert result.exit_code == 2 and "--counter-evidence" in result.output
