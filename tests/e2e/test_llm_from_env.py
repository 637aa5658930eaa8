"""The LLM named by the environment alone (issue #24): `OPENAI_API_KEY` is the OpenAI API with
gpt-4o-mini unless `OPENAI_BASE_URL`, `CROSSCHECK_LLM_MODEL` or `--llm-model` say otherwise; a
server that cannot be reached is the offline answer with one warning naming it, never a traceback.
No test here reaches the network: the servers are a closed loopback port and the fake server."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from src.config import ModelsConfig, llm_endpoint, load_settings
from src.llm import make_llm
from tests.e2e.test_cli import write_corpus
from tests.fake_llm import FakeLLMServer, refused_url

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
QUESTION = "How long does the Team plan keep event history?"
OPENAI = "https://api.openai.com/v1"


@pytest.mark.parametrize(("env", "expected"), [
    ({"OPENAI_API_KEY": "sk-test"}, (OPENAI, "gpt-4o-mini")),
    ({"OPENAI_API_KEY": "sk-test", "CROSSCHECK_LLM_MODEL": "gpt-4.1"}, (OPENAI, "gpt-4.1")),
    ({"OPENAI_API_KEY": "sk-test", "OPENAI_BASE_URL": "http://10.0.0.5:8000/v1"},
     ("http://10.0.0.5:8000/v1", "gpt-4o-mini")),
    ({"CROSSCHECK_LLM_BASE_URL": "http://127.0.0.1:1234/v1", "CROSSCHECK_LLM_MODEL": "qwen"},
     ("http://127.0.0.1:1234/v1", "qwen")),
    ({"CROSSCHECK_LLM_MODEL": "gpt-4o-mini"}, None),  # no key, no server: nothing to call
    ({"OPENAI_BASE_URL": "http://127.0.0.1:1234/v1"}, None),  # a local server has no default model
    ({}, None),
])
def test_which_llm_the_environment_names(env: dict[str, str], expected: tuple[str, str] | None, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no crosscheck.toml
    assert llm_endpoint(load_settings(env=env).models) == expected


def test_a_key_alone_is_the_openai_api_with_gpt_4o_mini() -> None:
    llm = make_llm(ModelsConfig(llm_api_key="sk-test"))
    assert llm is not None and llm.name == "gpt-4o-mini@https://api.openai.com/v1"
    assert make_llm(ModelsConfig(llm_model="gpt-4o-mini")) is None


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A corpus, ingested and indexed once, so the runs below print nothing else on stderr."""
    root = tmp_path_factory.mktemp("llm-env")
    write_corpus(root)
    res = _ask(root, [], {})
    assert res.returncode == 0, res.stderr
    return root


def _ask(cwd: Path, extra: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "CROSSCHECK_LLM_"))}
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "ask", "--data", str(cwd / "kb"), "--q", QUESTION,
                           "--json", "--embed-model", "hashing:256", *extra],
                          cwd=cwd, env={**clean, "PYTHONPATH": str(ROOT), "CROSSCHECK_LLM_DEADLINE_S": "5", **env},
                          capture_output=True, text=True, timeout=300)


@pytest.mark.timeout(120)
def test_a_key_and_an_unreachable_server_answer_offline_with_one_warning(workdir: Path) -> None:
    url = refused_url()
    res = _ask(workdir, [], {"OPENAI_API_KEY": "sk-test", "OPENAI_BASE_URL": url})
    assert res.returncode == 0, res.stderr
    assert "Traceback" not in res.stderr
    lines = res.stderr.splitlines()
    assert len(lines) == 1, res.stderr
    assert re.fullmatch(rf"WARNING src\.llm: LLM gpt-4o-mini@{re.escape(url)} unreachable \(\[Errno 111\] "
                        r"Connection refused\); 2 failures in a row; using the offline claim extractor", lines[0])
    out = json.loads(res.stdout)
    assert out["method"] == "extractive" and out["llm"] == f"gpt-4o-mini@{url}"
    assert out["llm_status"]["name"] == f"gpt-4o-mini@{url}" and out["llm_status"]["used"] is False


@pytest.mark.timeout(120)
def test_the_model_comes_from_the_option_then_the_environment(workdir: Path) -> None:
    with FakeLLMServer([], default=("status", 500, {"error": "boom"})) as srv:
        env = {"OPENAI_API_KEY": "sk-test", "OPENAI_BASE_URL": srv.url, "CROSSCHECK_LLM_MODEL": "env-model"}
        by_env = _ask(workdir, [], env)
        by_option = _ask(workdir, ["--llm-model", "option-model"], env)
    assert by_env.returncode == 0 and by_option.returncode == 0, by_env.stderr + by_option.stderr
    assert {r["model"] for r in srv.requests} == {"env-model", "option-model"}
    assert json.loads(by_env.stdout)["llm"] == f"env-model@{srv.url}"
    assert json.loads(by_option.stdout)["llm_status"]["name"] == f"option-model@{srv.url}"
    assert "Traceback" not in by_env.stderr + by_option.stderr


@pytest.mark.parametrize(("extra", "env", "warning"), [
    (["--llm-model", "gpt-4o-mini"], {},
     "warning: the LLM model 'gpt-4o-mini' has no server: answering offline (set OPENAI_API_KEY for the OpenAI API, "
     "or --llm-base-url for another server)"),
    ([], {"OPENAI_BASE_URL": "http://127.0.0.1:1234/v1"},
     "warning: the LLM server http://127.0.0.1:1234/v1 has no model named: answering offline (pass --llm-model NAME "
     "or set CROSSCHECK_LLM_MODEL)"),
])
def test_llm_settings_naming_no_llm_answer_offline_with_one_line(workdir: Path, extra: list[str],
                                                                 env: dict[str, str], warning: str) -> None:
    res = _ask(workdir, extra, env)
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert (out["llm"], out["llm_status"], res.stderr) == (None, None, warning + "\n")
