"""The LLM client's failure mapping, one request's budget (deadline, two failures in a row,
one warning) and the breaker shared by a server's requests."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

from src.config import load_settings
from src.errors import ModelUnavailable, UsageError
from src.llm import CircuitBreaker, InvalidReply, LLMBudget, LLMSkipped, OpenAICompatibleLLM
from tests.conftest import Clock, ScriptedLLM
from tests.fake_llm import FakeLLMServer, refused_url

MSG = [{"role": "user", "content": "hi"}]


def _call(budget: LLMBudget, llm: ScriptedLLM) -> Any:
    return budget.call(llm, MSG, json.loads)


def test_two_failures_in_a_row_stop_the_request_and_a_success_between_resets() -> None:
    llm = ScriptedLLM([ModelUnavailable("LLM x down"), '{"a": 1}', ModelUnavailable("LLM x down"),
                       ModelUnavailable("LLM x down again"), '{"never": 1}'])
    budget = LLMBudget()
    with pytest.raises(ModelUnavailable):
        _call(budget, llm)
    assert _call(budget, llm) == {"a": 1}
    for _ in range(2):
        with pytest.raises(ModelUnavailable):
            _call(budget, llm)
    with pytest.raises(LLMSkipped, match="^LLM x down again; 2 failures in a row$"):
        _call(budget, llm)
    assert llm.script == ['{"never": 1}'] and budget.calls == 4 and budget.successes == 1


def test_each_call_waits_at_most_the_time_left_and_none_starts_after_the_deadline() -> None:
    clock = Clock()
    llm = ScriptedLLM(['{"a": 1}', ModelUnavailable("LLM x timed out after 6 s"), '{"never": 1}'], clock=clock, cost=6.0)
    budget = LLMBudget(10.0, clock=clock)
    _call(budget, llm)
    with pytest.raises(ModelUnavailable):
        _call(budget, llm)
    with pytest.raises(LLMSkipped) as exc:
        _call(budget, llm)
    assert llm.timeouts == [10.0, 4.0]
    assert str(exc.value) == "LLM x timed out after 6 s (the request's 10 s LLM deadline passed)"


def test_a_reply_the_parser_rejects_is_a_failure_that_keeps_the_reply() -> None:
    llm = ScriptedLLM(["<html>", "nope"])
    budget = LLMBudget()
    with pytest.raises(InvalidReply) as exc:
        _call(budget, llm)
    assert exc.value.reply == "<html>" and exc.value.problem.startswith("Expecting value")
    assert str(exc.value).startswith("LLM scripted@http://llm.test/v1 sent an unusable reply (Expecting value")
    with pytest.raises(InvalidReply):
        _call(budget, llm)
    assert budget.stopped is not None and budget.stopped.endswith("; 2 failures in a row")


def test_any_exception_of_the_client_is_a_failure_naming_the_server() -> None:
    budget = LLMBudget()
    with pytest.raises(ModelUnavailable, match=r"^LLM scripted@http://llm\.test/v1 failed \(KeyError: 'choices'\)$"):
        _call(budget, ScriptedLLM([KeyError("choices")]))


def test_one_warning_per_request_naming_the_server(caplog: pytest.LogCaptureFixture) -> None:
    llm = ScriptedLLM([ModelUnavailable("LLM scripted@http://llm.test/v1 unreachable (refused)")] * 2)
    budget = LLMBudget()
    with caplog.at_level(logging.INFO, logger="src.llm"):
        for what in ("the offline claim extractor", "the offline claim extractor", "the extractive answer"):
            for _ in range(2):
                with pytest.raises(ModelUnavailable):
                    _call(budget, llm)
            budget.fallback(what)
    assert [(r.levelname, r.getMessage()) for r in caplog.records if r.levelno >= logging.INFO] == [
        ("WARNING", "LLM scripted@http://llm.test/v1 unreachable (refused); 2 failures in a row; "
                    "using the offline claim extractor")]
    assert budget.report() == {"name": "scripted@http://llm.test/v1", "used": False, "calls": 2, "deadline_s": None,
                               "reason": "LLM scripted@http://llm.test/v1 unreachable (refused); 2 failures in a row"}


def test_a_retry_that_succeeds_is_no_fallback() -> None:
    budget = LLMBudget()
    llm = ScriptedLLM([ModelUnavailable("LLM x down"), '{"a": 1}'])
    with pytest.raises(ModelUnavailable):
        _call(budget, llm)
    _call(budget, llm)
    assert budget.reason is None and budget.report()["used"] is True and not budget.fell_back


def test_the_breaker_backs_off_after_two_failures_then_tries_again() -> None:
    clock = Clock()
    breaker = CircuitBreaker(backoff_s=60.0, clock=clock)
    first = LLMBudget(breaker=breaker, clock=clock)
    llm = ScriptedLLM([ModelUnavailable("LLM x down")] * 3 + ['{"ok": 1}'])
    with pytest.raises(ModelUnavailable):
        _call(first, llm)
    assert breaker.blocked() is None
    second = LLMBudget(breaker=breaker, clock=clock)  # another request: failures in a row add up
    with pytest.raises(ModelUnavailable):
        _call(second, llm)
    assert breaker.blocked() == "LLM x down (after 2 failures in a row; skipped for 60 s more)"
    third = LLMBudget(breaker=breaker, clock=clock)
    with pytest.raises(LLMSkipped, match="skipped for 60 s more"):
        _call(third, llm)
    assert len(llm.script) == 2  # no call was made
    clock.now += 61
    with pytest.raises(ModelUnavailable):  # tried again after the back-off, failed: backs off again
        _call(LLMBudget(breaker=breaker, clock=clock), llm)
    assert breaker.blocked() is not None
    clock.now += 61
    assert _call(LLMBudget(breaker=breaker, clock=clock), llm) == {"ok": 1}
    assert breaker.blocked() is None


def test_replies_that_fail_a_questions_checks_do_not_back_the_server_off() -> None:
    breaker = CircuitBreaker(backoff_s=60.0)
    llm = ScriptedLLM(["not json"] * 4 + ['{"ok": 1}'])
    for _ in range(2):
        budget = LLMBudget(breaker=breaker)
        for _ in range(2):
            with pytest.raises(InvalidReply):
                _call(budget, llm)
        assert budget.stopped is not None  # this question stops calling the LLM ...
    assert breaker.blocked() is None  # ... but the server answered: the next question tries it
    assert _call(LLMBudget(breaker=breaker), llm) == {"ok": 1}


def test_a_request_skipped_by_the_back_off_logs_nothing(caplog: pytest.LogCaptureFixture) -> None:
    breaker = CircuitBreaker(backoff_s=60.0)
    breaker.failure("LLM x down")
    breaker.failure("LLM x down")
    budget = LLMBudget(breaker=breaker)
    with caplog.at_level(logging.WARNING, logger="src.llm"), pytest.raises(LLMSkipped):
        _call(budget, ScriptedLLM([]))
    budget.fallback("the extractive answer")
    assert caplog.records == [] and budget.reason is not None and budget.reason.startswith("LLM x down (after 2")


# -- the client against a real HTTP server --------------------------------------------------

def _client_error(url: str, timeout: float = 5.0) -> str:
    with pytest.raises(ModelUnavailable) as exc:
        OpenAICompatibleLLM(url, "fake-model", timeout_s=timeout).chat(MSG)
    return str(exc.value)


@pytest.mark.parametrize("step, message", [
    (("raw", b"<html>oops</html>", "application/json"),
     "sent a body that is not a chat completion (JSONDecodeError: Expecting value: line 1 column 1 (char 0))"),
    (("raw", b"<html>oops</html>", "text/html"), "sent a body that is not a chat completion ('<html>oops</html>')"),
    (("raw", b'{"object": "error"}', "application/json"), "sent a body that is not a chat completion ("),
    (("status", 500, {"error": "boom"}), "answered HTTP 500 (Error code: 500 - {'error': 'boom'})"),
    (("status", 404, {"error": "no such model"}), "answered HTTP 404"),
    (("status", 401, {"error": "bad key"}), "answered HTTP 401"),
])
def test_every_bad_response_is_model_unavailable_naming_the_server(step: Any, message: str) -> None:
    with FakeLLMServer([step]) as srv:
        text = _client_error(srv.url)
    assert text.startswith(f"LLM fake-model@{srv.url} {message}")


def test_refused_and_timed_out() -> None:
    url = refused_url()
    assert _client_error(url).startswith(f"LLM fake-model@{url} unreachable (")
    with FakeLLMServer([("hang",)]) as srv:
        assert _client_error(srv.url, timeout=0.3) == f"LLM fake-model@{srv.url} timed out after 0.3 s"


def test_the_call_timeout_is_the_smaller_of_the_call_limit_and_the_time_left() -> None:
    with FakeLLMServer([("hang",)]) as srv, pytest.raises(ModelUnavailable, match=r"timed out after 0\.2 s$"):
        OpenAICompatibleLLM(srv.url, "fake-model", timeout_s=30).chat(MSG, timeout=0.2)


# -- settings -------------------------------------------------------------------------------

def test_deadline_timeout_and_back_off_from_env_and_toml(tmp_path: Any) -> None:
    models = load_settings(env={"CROSSCHECK_LLM_DEADLINE_S": "1.5", "CROSSCHECK_LLM_BACKOFF_S": "5"}).models
    assert (models.llm_deadline_s, models.llm_backoff_s, models.llm_timeout_s) == (1.5, 5.0, 30.0)
    cfg = tmp_path / "c.toml"
    cfg.write_text("[models]\nllm_deadline_s = 8\nllm_timeout_s = 4\n")
    models = load_settings(cfg, env={}).models
    assert (models.llm_deadline_s, models.llm_timeout_s) == (8.0, 4.0)
    with pytest.raises(UsageError, match=r"^CROSSCHECK_LLM_DEADLINE_S: expected a positive number of seconds, not 'soon'$"):
        load_settings(env={"CROSSCHECK_LLM_DEADLINE_S": "soon"})
    cfg.write_text("[models]\nllm_deadline_s = -1\n")
    with pytest.raises(UsageError, match=r"c\.toml: models\.llm_deadline_s: expected a positive number"):
        load_settings(cfg, env={})
