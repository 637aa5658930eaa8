"""The LLM answer against a scripted local OpenAI-compatible server, and its pure validator."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from src.answer import AnswerService
from src.answer.generate import ScopeCheck, invented_numbers, numbers, parse_answer_reply
from src.config import ModelsConfig, Settings
from src.fusion.engine import SearchEngine
from src.graph.llm_extract import LLMClaimExtractor
from src.llm import OpenAICompatibleLLM
from tests.fake_llm import FakeLLMServer as ScriptedLLMServer
from tests.fake_llm import by_prompt, refused_url

FIXTURES = Path(__file__).parents[1] / "fixtures" / "server"
QUESTION = "How long does the Team plan keep events?"
GOOD = {"answer": "On the Team plan events are kept for 14 days [1]; a forum answer says 7 days [2].",
        "citations": [1, 2],
        "verdict": {"status": "contradiction", "explanation": "docs and forums disagree",
                    "authoritative_answer": "14 days (docs)"}}


@pytest.fixture(scope="module")
def engine(tiny_engine: SearchEngine) -> SearchEngine:
    return tiny_engine


@pytest.fixture(scope="module")
def good(engine: SearchEngine) -> dict:
    """GOOD, citing the docs and forum chunks by their numbers in the evidence the model is shown."""
    from src.fusion.options import FusionConfig

    order = [s.id for s in engine.search(QUESTION, FusionConfig(k=8)).results[:6]]
    d, f = order.index("kb/docs/retention.md#c0") + 1, order.index("kb/forums/t001#qa") + 1
    return {**GOOD, "answer": f"On the Team plan events are kept for 14 days [{d}]; a forum answer says 7 days [{f}].",
            "citations": [d, f]}


def _ask(engine: SearchEngine, url: str, timeout: float = 5.0, question: str = QUESTION):
    llm = OpenAICompatibleLLM(url, "fake-model", timeout_s=timeout)
    return AnswerService(engine, Settings(), llm=llm).ask(question)[0]


def _service(engine: SearchEngine, url: str, deadline: float = 20.0) -> AnswerService:
    """The LLM answers and extracts the claims, as `ask --llm-base-url` wires it."""
    settings = Settings(models=ModelsConfig(llm_deadline_s=deadline))
    return AnswerService(engine, settings, llm=OpenAICompatibleLLM(url, "fake-model"),
                         extractor=LLMClaimExtractor(OpenAICompatibleLLM(url, "fake-model")))


def test_valid_reply_is_used_with_citations_renumbered(engine: SearchEngine, good: dict) -> None:
    with ScriptedLLMServer([json.dumps(good)]) as srv:
        a = _ask(engine, srv.url)
    assert a.method == "llm" and a.llm == f"fake-model@{srv.url}"
    assert a.verdict.status == "contradiction" and a.verdict.authoritative_answer == "14 days (docs)"
    assert [c.n for c in a.citations] == [1, 2]
    assert [c.id for c in a.citations] == ["kb/docs/retention.md#c0", "kb/forums/t001#qa"]
    assert a.answer == "On the Team plan events are kept for 14 days [1]; a forum answer says 7 days [2]."
    evidence = srv.requests[0]["messages"][1]["content"]
    assert "source=docs authority=1.2 id=kb/docs/retention.md#c0" in evidence and "Claim graph" in evidence and QUESTION in evidence
    assert "ONLY the numbered evidence" in srv.requests[0]["messages"][0]["content"]
    assert srv.requests[0]["response_format"]["type"] == "json_schema"
    assert [w.kind for w in a.warnings] == ["conflict"]


def test_malformed_json_is_retried_once_with_the_error(engine: SearchEngine, good: dict) -> None:
    with ScriptedLLMServer(["this is not json {", json.dumps(good)]) as srv:
        a = _ask(engine, srv.url)
    assert a.method == "llm" and len(srv.requests) == 2
    assert "invalid" in srv.requests[1]["messages"][-1]["content"]


def test_invented_number_twice_falls_back_to_extractive(engine: SearchEngine) -> None:
    bad = {**GOOD, "answer": "Events are kept for 30 days [1]."}
    with ScriptedLLMServer([json.dumps(bad), json.dumps(bad)]) as srv:
        a = _ask(engine, srv.url)
    assert len(srv.requests) == 2 and "30" in srv.requests[1]["messages"][-1]["content"]
    assert a.method == "extractive" and a.answer.startswith("On the Team plan, events are retained for 14 days. [1]")
    assert a.warnings[-1].kind == "llm_fallback"
    assert a.warnings[-1].message == (f"LLM fake-model@{srv.url} sent an unusable reply (the answer states 30, which no "
                                      "cited evidence contains); 2 failures in a row; this answer is extractive.")


def test_wrong_verdict_status_is_rejected(engine: SearchEngine, good: dict) -> None:
    wrong = {**good, "verdict": {**good["verdict"], "status": "consistent"}}
    with ScriptedLLMServer([json.dumps(wrong), json.dumps(good)]) as srv:
        a = _ask(engine, srv.url)
    assert "contradiction" in srv.requests[1]["messages"][-1]["content"] and a.method == "llm"


@pytest.mark.timeout(30)  # a hang guard, not a speed test
def test_hanging_server_times_out_twice_and_falls_back(engine: SearchEngine) -> None:
    with ScriptedLLMServer([("sleep", 2.0, json.dumps(GOOD)), ("sleep", 2.0, json.dumps(GOOD))]) as srv:
        a = _ask(engine, srv.url, timeout=0.3)
    assert a.method == "extractive" and a.verdict.status == "contradiction"
    assert a.warnings[-1].kind == "llm_fallback"
    assert a.warnings[-1].message == (f"LLM fake-model@{srv.url} timed out after 0.3 s; 2 failures in a row; "
                                      "this answer is extractive.")
    assert a.llm_status == {"name": f"fake-model@{srv.url}", "used": False, "calls": 2, "deadline_s": 20.0,
                            "reason": f"LLM fake-model@{srv.url} timed out after 0.3 s; 2 failures in a row"}
    assert len(srv.requests) == 2


def test_refused_connection_falls_back(engine: SearchEngine) -> None:
    a = _ask(engine, refused_url(), timeout=1.0)
    assert a.method == "extractive" and [c.id for c in a.citations][0] == "kb/docs/retention.md#c0"
    assert a.warnings[-1].kind == "llm_fallback"


def test_off_topic_never_calls_the_llm(engine: SearchEngine) -> None:
    with ScriptedLLMServer([json.dumps(GOOD)]) as srv:
        a = _ask(engine, srv.url, question="What is the capital of France?")
    assert a.verdict.status == "insufficient_data" and srv.requests == []


TEXTS = ["On the Team plan, events are retained for 14 days.", "Team plan keeps events for 7 days."]


@pytest.mark.parametrize("reply, message", [
    ("nope", "not JSON"),
    ("[1, 2]", "not a JSON object"),
    ('{"answer": "", "citations": [], "verdict": {}}', "'answer'"),
    (json.dumps({**GOOD, "verdict": {**GOOD["verdict"], "status": "maybe"}}), "verdict.status must be one of"),
    (json.dumps({**GOOD, "answer": "14 days [3]."}), "citation [3] does not exist"),
    (json.dumps({**GOOD, "answer": "14 days.", "citations": []}), "cites no evidence"),
    (json.dumps({**GOOD, "answer": "Kept 14 days [1], or 7 days.", "citations": [1]}), "states 7"),
    (json.dumps({**GOOD, "verdict": {**GOOD["verdict"], "authoritative_answer": "21 days"}}), "authoritative_answer states 21"),
    (json.dumps({**GOOD, "citations": "1"}), "'citations' must be a list"),
])
def test_validator_rejects(reply: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_answer_reply(reply, TEXTS, graph_status=None)


def test_validator_accepts_fenced_json_and_insufficient_data_without_citations() -> None:
    ok = parse_answer_reply("```json\n" + json.dumps(GOOD) + "\n```", TEXTS, "contradiction")
    assert ok.cited == (1, 2) and ok.verdict.status == "contradiction"
    none = {"answer": "The evidence does not say.", "citations": [],
            "verdict": {"status": "insufficient_data", "explanation": "no evidence", "authoritative_answer": None}}
    assert parse_answer_reply(json.dumps(none), TEXTS).cited == ()


def test_numbers() -> None:
    assert numbers("up to 1,000 events in 72 hours, v4.2, 0.5%") == {"1000", "72", "4.2", "0.5"}


def test_numbers_in_words_count() -> None:
    assert numbers("kept forty-five days, one forum answer, two hundred and ten users") == {"45", "210"}
    assert numbers("kept two weeks") == {"2"}
    texts = ["Events are retained for fourteen days.", "Team plan keeps events for 7 days."]
    assert invented_numbers("kept forty-five days", texts) == ["45"]
    assert invented_numbers("kept 14 days, or two weeks, as one forum answer says 7 days", texts) == []
    assert invented_numbers("kept 3 weeks", texts) == ["3"]


def test_a_spelled_out_invented_number_is_rejected() -> None:
    bad = {**GOOD, "answer": "Events are kept for forty-five days [1]."}
    with pytest.raises(ValueError, match="the answer states 45, which no cited evidence contains"):
        parse_answer_reply(json.dumps(bad), TEXTS)


SCOPED = ["On the Team plan, events are retained for 14 days. On the Free plan, events are retained for 3 days.",
          "Team plan keeps events for 7 days."]
TEAM = ScopeCheck("plan=team", ("14 days", "7 days"))


@pytest.mark.parametrize("answer, auth, message", [
    ("Team keeps events for 3 days [1].", "3 days", "the authoritative_answer gives 3 days, but for plan=team (the "
                                                    "scope asked) the evidence gives 14 days, 7 days"),
    ("Team keeps events for 3 days [1].", None, "the answer gives 3 days, but for plan=team"),
    ("Team keeps events for three days [1].", None, "the answer gives 3 days, but for plan=team"),
])
def test_the_value_of_another_scope_is_rejected(answer: str, auth: str | None, message: str) -> None:
    reply = {**GOOD, "answer": answer, "citations": [1], "verdict": {**GOOD["verdict"], "authoritative_answer": auth}}
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_answer_reply(json.dumps(reply), SCOPED, scope=TEAM)


def test_other_scopes_may_be_named_beside_the_one_asked() -> None:
    reply = {**GOOD, "answer": "Team keeps events for two weeks [1] (Free: 3 days [1]); a forum says 7 days [2].",
             "verdict": {**GOOD["verdict"], "authoritative_answer": "14 days (docs)"}}
    assert parse_answer_reply(json.dumps(reply), SCOPED, "contradiction", scope=TEAM).cited == (1, 2)


def test_the_business_plans_value_as_the_team_answer_is_retried_then_refused(engine: SearchEngine, good: dict) -> None:
    d = good["citations"][0]
    wrong = {**good, "answer": f"On the Team plan events are kept for 90 days [{d}].", "citations": [d],
             "verdict": {**good["verdict"], "authoritative_answer": "90 days"}}
    with ScriptedLLMServer([json.dumps(wrong), json.dumps(wrong)]) as srv:
        a = _ask(engine, srv.url)
    assert "for plan=team (the scope asked) the evidence gives 14 days, 7 days" in srv.requests[1]["messages"][-1]["content"]
    assert a.method == "extractive" and a.answers[0]["value"] == "14 days"
    assert a.warnings[-1].kind == "llm_fallback" and "gives 90 days, but for plan=team" in a.warnings[-1].message


def test_empty_llm_claims_are_flagged_not_trusted(engine: SearchEngine, good: dict) -> None:
    with ScriptedLLMServer([], default=by_prompt('{"claims": []}', json.dumps(good))) as srv:
        a, ret = _service(engine, srv.url).ask(QUESTION)
    assert a.method == "llm" and a.verdict.status == "contradiction"
    disagree = [w.message for w in a.warnings if w.kind == "claims_disagree"]
    assert disagree == ["The LLM's claims show no contradiction, but the offline rules find one on "
                        "'events retained'."]
    assert ret.to_json()["graph"]["notices"] == [disagree[0][0].lower() + disagree[0][1:-1]]
    assert a.llm_status is not None and a.llm_status["used"] is True and a.llm_status["reason"] is None


@pytest.mark.timeout(30)  # a hang guard, not a speed test
def test_a_hanging_llm_costs_one_deadline_then_everything_is_offline(engine: SearchEngine) -> None:
    with ScriptedLLMServer([], default=("hang",)) as srv:
        a, ret = _service(engine, srv.url, deadline=1.0).ask(QUESTION)
    assert len(srv.requests) == 1  # the first claim request; nothing after the deadline
    assert a.method == "extractive" and a.verdict.status == "contradiction"
    assert [(x["value"], x["status"]) for x in a.answers] == [("14 days", "authoritative"), ("7 days", "contradicted")]
    reason = a.llm_status["reason"]
    assert reason.startswith(f"LLM fake-model@{srv.url} timed out after ") and reason.endswith(
        "(the request's 1 s LLM deadline passed)")
    assert [w.message for w in a.warnings if w.kind == "llm_fallback"] == [f"{reason}; this answer is extractive."]
    # 8 results and the best chunk of a source none of them comes from (``source_voices``)
    assert ret.graph.notices == ("LLM claim extraction failed for 9 chunk(s); used the offline extractor",)


class LockWatchingLLM:
    """Answers every prompt, noting whether the service's engine lock was held at each call."""

    name = "watching@http://llm.test/v1"

    def __init__(self) -> None:
        self.service: AnswerService | None = None
        self.calls: list[tuple[str, bool]] = []

    def chat(self, messages: list[dict[str, str]], **_: object) -> str:
        text = messages[-1]["content"]
        kind = "rewrite" if text.startswith("Rewrite the support question") else \
            "claims" if messages[0]["content"].startswith("You extract") else "answer"
        assert self.service is not None
        self.calls.append((kind, self.service.lock.locked()))
        return {"rewrite": "team plan event retention days\nhow many days are events kept on team",
                "claims": '{"claims": []}', "answer": "{}"}[kind]


def test_no_llm_call_runs_under_the_engine_lock(engine: SearchEngine) -> None:
    from src.answer.service import AskOptions
    from src.fusion.options import FusionConfig

    llm = LockWatchingLLM()
    service = AnswerService(engine, Settings(), llm=llm, extractor=LLMClaimExtractor(llm))
    llm.service = service
    a, ret = service.ask(QUESTION, AskOptions(config=FusionConfig(k=8, num_queries=3)))
    assert ret.result.variants == [QUESTION, "team plan event retention days", "how many days are events kept on team"]
    kinds = [k for k, _ in llm.calls]
    assert kinds[0] == "rewrite" and kinds.count("claims") == 9 and kinds[-2:] == ["answer", "answer"]
    assert not any(locked for _, locked in llm.calls)
    assert a.method == "extractive" and a.llm_status["used"] is True
