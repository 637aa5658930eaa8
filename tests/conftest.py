"""Fakes shared by every tier, so that no test module builds its own.

- unit tier: ``ScriptedLLM`` (an object with the ``LLM`` Protocol's ``chat``: scripted replies and
  errors, every call recorded), ``hashing_embedder`` (the deterministic hashing embedder), and
  ``tiny_engine`` / ``tiny_service`` (the 11-chunk corpus of ``tests/fixtures/server``, indexed
  once per session with that embedder);
- e2e tier: ``fake_llm_server``, the one scripted OpenAI-compatible HTTP server
  (``tests/fake_llm.py``), for the CLI and the server as a subprocess;
- unit and e2e tiers: ``deny_index_lock()`` makes taking an index's lock fail as in a read-only
  folder (``PermissionError``), from the moment it is called;
- every tier: ``in_fresh_process`` runs Python code in a new interpreter with a chosen
  ``PYTHONHASHSEED``, for determinism across processes; no test sees an ``OPENAI_API_KEY`` or
  ``OPENAI_BASE_URL`` from the developer's environment.
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.fake_llm import FakeLLMServer

ROOT = Path(__file__).resolve().parents[1]
TINY_CORPUS = ROOT / "tests" / "fixtures" / "server" / "corpus.jsonl"


class _DeniedLock:
    """``filelock.FileLock`` in a folder nobody may write: acquiring raises ``PermissionError``."""

    def __init__(self, path: Any, *args: Any, **kwargs: Any) -> None:
        self.path = path

    def acquire(self, *args: Any, **kwargs: Any) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(self.path))


@pytest.fixture()
def deny_index_lock(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Call it to make every index lock taken from then on fail with ``Permission denied``."""
    return lambda: monkeypatch.setattr("src.fusion.index_lock.FileLock", _DeniedLock)


class Clock:
    """A clock that moves only when told (``now += ...``)."""

    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class ScriptedLLM:
    """An LLM object for the unit tier. ``script``: a list of steps taken in turn (a str is the
    reply, an exception is raised), or one str/exception answered to every call. Each call is
    recorded in ``calls`` (messages, temperature, max_tokens) and ``timeouts``, and moves
    ``clock`` by ``cost`` seconds."""

    def __init__(self, script: list[Any] | str | Exception, *, name: str = "scripted@http://llm.test/v1",
                 clock: Clock | None = None, cost: float = 0.0) -> None:
        self.name = name
        self.script = list(script) if isinstance(script, list) else None  # the steps not taken yet
        self._always = None if isinstance(script, list) else script
        self.clock, self.cost = clock, cost
        self.calls: list[dict[str, Any]] = []
        self.timeouts: list[float | None] = []

    def chat(self, messages: list[dict[str, str]], *, json_schema: dict[str, Any] | None = None,
             temperature: float = 0.0, max_tokens: int = 1024, timeout: float | None = None) -> str:
        self.calls.append({"messages": messages, "temperature": temperature, "max_tokens": max_tokens})
        self.timeouts.append(timeout)
        if self.clock is not None:
            self.clock.now += self.cost
        step = self._always if self.script is None else self.script.pop(0)
        if isinstance(step, Exception):
            raise step
        return step


@pytest.fixture(autouse=True)
def _no_openai_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """An OPENAI_API_KEY in the developer's shell names the OpenAI API (``src.config.llm_endpoint``):
    no test, nor the commands it runs as subprocesses, may call it."""
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="session")
def hashing_embedder() -> Any:
    """The deterministic hashing embedder (256 dimensions): no model file, the same vectors everywhere."""
    from src.embeddings import load_embed_model

    return load_embed_model("hashing:256")


@pytest.fixture(scope="session")
def tiny_engine(tmp_path_factory: pytest.TempPathFactory, hashing_embedder: Any) -> Any:
    """The 11-chunk corpus of tests/fixtures/server (kb/docs, kb/forums, ...), indexed once.
    Shared: build an ``AnswerService`` of your own over it (``tiny_service``), never change it."""
    from src.config import Settings
    from src.fusion.engine import SearchEngine

    tmp = tmp_path_factory.mktemp("tiny")
    shutil.copy(TINY_CORPUS, tmp / "chunks.jsonl")
    return SearchEngine.open(tmp / "chunks.jsonl", Settings(), index_dir=tmp / "index", embed_model=hashing_embedder)


@pytest.fixture()
def tiny_service(tiny_engine: Any) -> Callable[..., Any]:
    """``tiny_service(**kwargs)``: a fresh ``AnswerService`` over ``tiny_engine`` (kwargs: llm,
    extractor, settings, ...)."""
    from src.answer import AnswerService
    from src.config import Settings

    def make(settings: Any = None, **kwargs: Any) -> Any:
        return AnswerService(tiny_engine, settings or Settings(), **kwargs)

    return make


@pytest.fixture()
def fake_llm_server() -> type[FakeLLMServer]:
    """The scripted OpenAI-compatible HTTP server class: ``with fake_llm_server([...]) as srv``."""
    return FakeLLMServer


def run_fresh(code: str, seed: int) -> str:
    """stdout of ``code`` run by a new interpreter in the repository, with ``PYTHONHASHSEED=seed``."""
    env = {**os.environ, "PYTHONHASHSEED": str(seed), "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"}
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    return res.stdout


@pytest.fixture()
def in_fresh_process() -> Callable[[str, int], str]:
    """``in_fresh_process(code, seed)``: what ``code`` prints in a new process hashing with ``seed``."""
    return run_fresh
