"""`eval` as a group (issue #24): one subcommand per measurement, each with a --help that
teaches; the old flag form (`eval --gold FILE`) still runs, for one release, with one line on
stderr naming the new form, and gives the same JSON as the subcommand."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from main import cli

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
FAST = ["--embed-model", "hashing:256"]
RAMDOCS = ROOT / "tests" / "fixtures" / "ramdocs" / "mini.jsonl"

# Each subcommand, and a few words of the input format its --help must name.
FORMATS = {
    "gold": ['"relevant_ids"', '"q"'],
    "beir": ["corpus.jsonl", "queries.jsonl", "qrels/<split>.tsv"],
    "ramdocs": ['"documents"', '"gold_answers"'],
    "answers": ['"verdict"', '"wrong"', '"split"'],
    "conflicts": ['"claims"', '"authoritative"', '"restatement"'],
    "realkb": ["conflicts.jsonl", "answers.jsonl", '"expect"'],
}


@pytest.fixture()
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.chdir(tmp_path)
    kb = tmp_path / "kb"
    (kb / "docs").mkdir(parents=True)
    (kb / "forums").mkdir()
    (kb / "docs" / "retention.md").write_text(
        "---\ntitle: Event retention\n---\n# Event retention\n\nThe Team plan keeps event history for 14 days.\n")
    (kb / "docs" / "limits.md").write_text("# Limits\n\nThe maximum payload size is 512 KB.\n")
    thread = {"thread_id": "t1", "title": "Team retention", "question": "How long is event history kept on Team?",
              "answers": [{"id": "a1", "text": "Team keeps events for 7 days.", "accepted": True, "upvotes": 3}]}
    (kb / "forums" / "threads.jsonl").write_text(json.dumps(thread) + "\n")
    lines = [{"q": "maximum payload size", "relevant_ids": ["kb/docs/limits.md"]},
             {"q": "how long is event history kept", "relevant_ids": ["kb/docs/retention.md", "kb/forums/t1"]}]
    Path("gold.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    conflict = {"id": "c1", "type": "contradiction", "fact": "how long the Team plan keeps event history",
                "key_hint": "team plan keep event history", "scope_dimension": None,
                "claims": [{"doc_id": "kb/docs/retention.md", "source": "docs", "value": "14 days",
                            "quote": "The Team plan keeps event history for 14 days."},
                           {"doc_id": "kb/forums/t1", "source": "forums", "value": "7 days",
                            "quote": "Team keeps events for 7 days."}],
                "authoritative": "14 days"}
    Path("conflicts.jsonl").write_text(json.dumps(conflict) + "\n")
    answer = {"id": "A1", "q": "How long does the Team plan keep event history?", "verdict": "contradiction",
              "answers": ["14 days"], "wrong": [], "split": "test"}
    Path("answers.jsonl").write_text(json.dumps(answer) + "\n")
    return CliRunner()


def untimed(value: Any) -> Any:
    """The JSON without what a clock decides (latencies, seconds)."""
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if "latency" not in k and k != "seconds"}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_each_subcommand_s_help_teaches_its_input_format_with_examples_a_user_can_run(
        runner: CliRunner, name: str) -> None:
    res = runner.invoke(cli, ["eval", name, "--help"])
    assert res.exit_code == 0, res.output
    assert re.match(rf"Usage: \S+ eval {name} \[OPTIONS\] (FILE|DIR)\n", res.output), res.output[:80]
    for words in FORMATS[name]:
        assert words in res.output, (name, words)
    assert "Examples:" in res.output and "../shared" not in res.output
    examples = [shlex.split(line.replace("\\", "")) for line in res.output.splitlines()
                if line.strip().startswith(f"python main.py eval {name} ")]
    assert examples
    # every file or folder of the repository an example reads exists (data/, eval/, samples/, tests/)
    named = [tok for ex in examples for tok in ex if re.match(r"(data|eval|samples|tests)/", tok)]
    for tok in named:
        assert (ROOT / tok).exists(), (name, tok)
    if name not in ("realkb",):  # a realkb folder is the team's; the others run on what a checkout holds
        assert named, name


def test_eval_help_lists_the_subcommands_and_hides_the_old_flags(runner: CliRunner) -> None:
    res = runner.invoke(cli, ["eval", "--help"])
    assert res.exit_code == 0
    listed = res.output[res.output.index("Commands:"):].split()
    assert all(name in listed for name in FORMATS)
    assert "--gold" not in res.output and "--ramdocs" not in res.output and "../shared" not in res.output


def test_an_unknown_subcommand_exits_2_with_click_s_message(runner: CliRunner) -> None:
    res = runner.invoke(cli, ["eval", "golden", "gold.jsonl"])
    assert res.exit_code == 2
    assert "Error: No such command 'golden'." in res.output


@pytest.mark.parametrize(("old", "new", "line"), [
    (["--gold", "gold.jsonl", "--data", "kb", "--conflicts", "conflicts.jsonl"],
     ["gold", "gold.jsonl", "--data", "kb", "--conflicts", "conflicts.jsonl"], "`eval --gold` is now `eval gold`"),
    (["--conflicts", "conflicts.jsonl", "--data", "kb"], ["conflicts", "conflicts.jsonl", "--data", "kb"],
     "`eval --conflicts` is now `eval conflicts`"),
    (["--answers", "answers.jsonl", "--data", "kb", "--split", "all"],
     ["answers", "answers.jsonl", "--data", "kb", "--split", "all"], "`eval --answers` is now `eval answers`"),
    (["--ramdocs", str(RAMDOCS), "--split", "all"], ["ramdocs", str(RAMDOCS), "--split", "all"],
     "`eval --ramdocs` is now `eval ramdocs`"),
], ids=["gold", "conflicts", "answers", "ramdocs"])
def test_the_old_flag_form_says_the_new_one_once_and_gives_the_same_json(
        runner: CliRunner, old: list[str], new: list[str], line: str) -> None:
    before = runner.invoke(cli, ["eval", *old, "--json", *FAST])
    assert before.exit_code == 0, before.output
    after = runner.invoke(cli, ["eval", *new, "--json", *FAST])
    assert after.exit_code == 0, after.output
    assert before.stderr.splitlines().count(line) == 1
    assert sum("is now `eval" in x for x in before.stderr.splitlines()) == 1
    assert "is now" not in after.stderr
    old_json, new_json = json.loads(before.stdout), json.loads(after.stdout)
    assert untimed(old_json) == untimed(new_json)
    if new[0] == "gold":
        assert old_json["metrics"]["queries"] == 2 and old_json["conflicts"]["gold_contradictions"] == 1
    if new[0] == "conflicts":
        assert old_json["gold_contradictions"] == 1 and "per_question" in old_json


def test_the_old_form_with_beir_runs_eval_beir(runner: CliRunner) -> None:
    tiny = ROOT / "tests" / "fixtures" / "eval" / "beir_tiny"
    before = runner.invoke(cli, ["eval", "--beir", str(tiny), "--json", *FAST])
    after = runner.invoke(cli, ["eval", "beir", str(tiny), "--json", *FAST])
    assert before.exit_code == after.exit_code == 0, before.output + after.output
    assert "`eval --beir` is now `eval beir`" in before.stderr.splitlines()
    assert untimed(json.loads(before.stdout)) == untimed(json.loads(after.stdout))


@pytest.mark.parametrize(("args", "message"), [
    (["--gold", "gold.jsonl", "--ramdocs", "x.jsonl"], "the old form takes exactly one of --gold, --beir"),
    (["--json"], "name what to measure: eval gold FILE"),
    (["--ramdocs", "x.jsonl", "--data", "kb"], "`eval ramdocs` takes no --data (see `eval ramdocs --help`)"),
    (["--gold", "gold.jsonl", "--out", "a.jsonl"], "`eval gold` takes no --out"),
    (["--data", "kb", "gold", "gold.jsonl"], "--data goes after the subcommand: `eval gold ... --data`"),
])
def test_the_old_form_refuses_what_its_subcommand_does_not_take(
        runner: CliRunner, args: list[str], message: str) -> None:
    res = runner.invoke(cli, ["eval", *args, *FAST])
    assert res.exit_code == 2
    assert message in res.output
    assert "is now" not in res.output  # refused before anything runs
