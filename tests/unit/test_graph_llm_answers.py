"""Typed answers by the LLM (src/graph/llm_answers.py) with the scripted LLM object: one call per
question, parsing, the checks that drop answers one by one, the offline fallback, and the
service fetching them outside its lock."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

from src.answer import AnswerService
from src.claims.answer_set import same_value
from src.claims.extractor import AnswerExtractor, make_extractor
from src.claims.typed_judge import judge_answers
from src.errors import ModelUnavailable
from src.graph.llm_answers import (
    ANSWERS_SCHEMA,
    SYSTEM_PROMPT,
    LLMAnswerExtractor,
    answer_items,
    checked_candidates,
    clean_scope,
)
from src.graph.question import analyse_question
from src.llm import LLMBudget
from src.types import Chunk
from tests.conftest import Clock, ScriptedLLM

QUESTION = analyse_question("How long does the Team plan keep events?")
DOC = Chunk("kb/docs/retention.md#c0", "docs", "document",
            "Event retention\n\nOn the Team plan, events are retained for 14 days. "
            "On the Business plan, events are retained for 90 days.")
FORUM = Chunk("kb/forums/t001#qa", "forums", "thread",
              "How long does the Team plan keep events? On the Team plan, events are kept for fourteen days, "
              "after that they are purged.")
OTHER = Chunk("kb/forums/t001#a1", "forums", "thread", "Team keeps   events for 7 days.")
CHUNKS = [DOC, FORUM, OTHER]
SSO = Chunk("kb/docs/sso.md#c0", "docs", "document", "SSO\n\nSSO is not available on the Team plan.")


def item(chunk: int, value: str | None, sentence: str = "", type_: str = "duration", **scope: str) -> dict[str, Any]:
    return {"chunk": chunk, "value": value, "type": type_, "scope": scope, "entity": "event retention",
            "sentence": sentence}


TEAM_14 = item(1, "14 days", "On the Team plan, events are retained for 14 days.", plan="Team")
BUSINESS_90 = item(1, "90 days", "On the Business plan, events are retained for 90 days.", plan="the Business plan")
FORUM_14 = item(2, "fourteen days", "On the Team plan, events are kept for fourteen days, after that they are purged.",
                plan="team")
OTHER_7 = item(3, "7 days", "Team keeps events for 7 days.", plan="Team")


@pytest.fixture(scope="module")
def offline() -> AnswerExtractor:
    return make_extractor(None, None)


def rows(candidates: list[Any]) -> list[tuple[Any, ...]]:
    return [(c.chunk_id, c.value, c.normalized, c.kind, c.scope, c.sentence, c.score) for c in candidates]


def test_one_call_shows_every_chunk_numbered_and_its_answers_are_typed(offline: AnswerExtractor) -> None:
    reply = "```json\n" + json.dumps({"answers": [TEAM_14, BUSINESS_90, FORUM_14, OTHER_7]}) + "\n```"
    llm = ScriptedLLM([reply])
    found = LLMAnswerExtractor(llm, offline).candidates(QUESTION, CHUNKS)
    assert len(llm.calls) == 1
    system, user = llm.calls[0]["messages"]
    assert system == {"role": "system", "content": SYSTEM_PROMPT}
    assert user["content"] == (
        "Question: How long does the Team plan keep events?\nThe type its wording suggests: duration\n\nEvidence:\n"
        f"[1] source=docs id=kb/docs/retention.md#c0\n{DOC.text}\n\n"
        f"[2] source=forums id=kb/forums/t001#qa\n{FORUM.text}\n\n"
        f"[3] source=forums id=kb/forums/t001#a1\n{OTHER.text}")
    assert rows(found) == [
        ("kb/docs/retention.md#c0", "14 days", "P14D", "duration", {"plan": "team"},
         "On the Team plan, events are retained for 14 days.", 1.0),
        ("kb/docs/retention.md#c0", "90 days", "P90D", "duration", {"plan": "business"},
         "On the Business plan, events are retained for 90 days.", 1.0),
        ("kb/forums/t001#qa", "fourteen days", "P14D", "duration", {"plan": "team"},
         "On the Team plan, events are kept for fourteen days, after that they are purged.", 0.99),
        # the sentence as the chunk writes it (three spaces), not as the model copied it
        ("kb/forums/t001#a1", "7 days", "P7D", "duration", {"plan": "team"}, "Team keeps   events for 7 days.", 0.98),
    ]


def test_the_schema_is_sent_and_a_null_value_is_no_answer(offline: AnswerExtractor) -> None:
    llm = ScriptedLLM([json.dumps({"answers": [item(1, None), item(2, None), TEAM_14]})])
    extractor = LLMAnswerExtractor(llm, offline)
    assert [c.value for c in extractor.candidates(QUESTION, CHUNKS)] == ["14 days"]
    assert ANSWERS_SCHEMA["properties"]["answers"]["items"]["properties"]["type"]["enum"][:3] == [
        "quantity", "duration", "size"]
    assert extractor.budget.report()["used"] is True and extractor.budget.reason is None


def test_the_reply_must_be_a_list_of_answer_objects() -> None:
    assert answer_items('Sure! {"answers": [{"chunk": 1, "value": null}]} Hope that helps.') == [
        {"chunk": 1, "value": None}]
    assert answer_items('[{"chunk": 2, "value": "7 days"}]') == [{"chunk": 2, "value": "7 days"}]
    with pytest.raises(ValueError, match=r"^reply has no 'answers' list$"):
        answer_items('{"answers": "none"}')
    with pytest.raises(ValueError, match=r"^an answer is not an object$"):
        answer_items('{"answers": [1, 2]}')


def test_a_number_in_words_is_normalised_as_the_offline_candidates_are(offline: AnswerExtractor) -> None:
    llm_found = LLMAnswerExtractor(ScriptedLLM([json.dumps({"answers": [FORUM_14]})]), offline).candidates(
        QUESTION, CHUNKS)
    offline_doc = [c for c in offline.candidates(QUESTION, [DOC]) if c.scope == {"plan": "team"}]
    assert [(c.value, c.normalized) for c in llm_found] == [("fourteen days", "P14D")]
    assert [(c.value, c.normalized) for c in offline_doc] == [("14 days", "P14D")]
    assert same_value(llm_found[0], offline_doc[0])  # the two paths' values compare


def test_answers_that_fail_their_checks_are_dropped_one_by_one(offline: AnswerExtractor) -> None:
    items = [
        item(1, "30 days", "On the Team plan, events are retained for 14 days.", plan="Team"),  # not in the chunk
        item(1, "14 days", "On the Team plan, events are retained for 14 days.", "colour"),  # not an AnswerType
        item(1, "14 days", "On the Team plan, events are retained for 14 days.", "date"),  # 14 days is no date
        item(9, "14 days", "On the Team plan, events are retained for 14 days."),  # no chunk 9
        item(2, "14 days", "On the Team plan, events are retained for 14 days."),  # the sentence is chunk 1's
        item(1, "90 days", "On the Team plan, events are retained for 14 days."),  # in the chunk, not the sentence
        {"chunk": True, "value": "14 days"},  # a boolean is no chunk number
        TEAM_14,
    ]
    found, dropped = checked_candidates(QUESTION, items, CHUNKS, offline)
    assert rows(found) == [("kb/docs/retention.md#c0", "14 days", "P14D", "duration", {"plan": "team"},
                            "On the Team plan, events are retained for 14 days.", 1.0)]
    assert dropped == [
        "answer 1 (chunk 1): '30 days' is not in the chunk",
        "answer 2 (chunk 1): type 'colour' is not one of quantity, duration, size, rate, count, percentage, money, "
        "date, year, time, version, yesno, person, place, organisation, title, phrase",
        "answer 3 (chunk 1): '14 days' does not read as a date in its sentence",
        "answer 4 (chunk 9): there is no chunk 9 (the evidence is numbered 1 to 3)",
        "answer 5 (chunk 2): its sentence is not in the chunk",
        "answer 6 (chunk 1): '90 days' is not in its sentence",
        "answer 7 (chunk True): there is no chunk True (the evidence is numbered 1 to 3)",
    ]


def test_a_value_its_shape_alone_does_not_type_is_read_in_its_sentence(offline: AnswerExtractor) -> None:
    chunk = Chunk("kb/docs/retries.md#c0", "docs", "document",
                  "On the Team plan, failed deliveries are retried for up to 72 hours.")
    found, dropped = checked_candidates(QUESTION, [item(1, "72", chunk.text), item(1, "Team", chunk.text)],
                                        [chunk], offline)
    assert [(c.value, c.normalized, c.kind) for c in found] == [("up to 72 hours", "P3D", "duration")]
    assert dropped == ["answer 2 (chunk 1): 'Team' does not read as a duration in its sentence"]


def test_a_scope_is_kept_in_the_offline_form_when_its_chunk_names_it() -> None:
    text = "On the Business and Enterprise plans of Agent 4.x in the eu-central region, retries last 5 days."
    assert clean_scope({"plan": "Business and Enterprise plans", "version": "Agent 4.x", "region": "eu-central"},
                       text) == {"plan": "business,enterprise", "version": "4.x", "region": "eu-central"}
    assert clean_scope({"plan": "Pro", "version": "v5", "region": None}, text) == {}  # not named by the chunk
    assert clean_scope("team", text) == {}


def test_yes_no_is_read_from_the_sentence_and_its_polarity_checked(offline: AnswerExtractor) -> None:
    q = analyse_question("Is SSO available on the Team plan?")
    sentence = "SSO is not available on the Team plan."
    found, dropped = checked_candidates(q, [item(1, "not available", sentence, "yesno", plan="Team"),
                                            item(1, "available", sentence, "yesno", plan="Team")], [SSO], offline)
    assert [(c.value, c.normalized, c.kind, c.scope) for c in found] == [
        ("not available", "false", "bool", {"plan": "team"})]
    assert dropped == ["answer 2 (chunk 1): 'available' does not read as a yesno in its sentence"]


def test_the_llms_answers_are_judged_like_the_offline_ones(offline: AnswerExtractor) -> None:
    found = LLMAnswerExtractor(ScriptedLLM([json.dumps({"answers": [TEAM_14, BUSINESS_90, FORUM_14, OTHER_7]})]),
                               offline).candidates(QUESTION, CHUNKS)
    aset = judge_answers(QUESTION, found, {"docs": 1.2, "forums": 0.8})
    assert aset.status == "contradiction"
    assert [a.to_json() for a in aset.answers] == [
        {"value": "14 days", "normalized": "P14D", "scope": {"plan": "team"}, "status": "authoritative",
         "sources": ["kb/docs/retention.md#c0", "kb/forums/t001#qa"]},
        {"value": "7 days", "normalized": "P7D", "scope": {"plan": "team"}, "status": "contradicted",
         "sources": ["kb/forums/t001#a1"]}]


@pytest.mark.parametrize("script, reason", [
    (ModelUnavailable("LLM scripted@http://llm.test/v1 unreachable (Connection refused)"),
     "unreachable (Connection refused); 2 failures in a row"),
    ('{"claims": []}', "sent an unusable reply (reply has no 'answers' list); 2 failures in a row"),
    ("<html>busy</html>", "sent an unusable reply (reply is not JSON: '<html>busy</html>'); 2 failures in a row"),
], ids=["refused", "not-the-schema", "not-json"])
def test_a_failing_llm_leaves_the_answers_to_the_offline_extractor_with_one_warning(
        offline: AnswerExtractor, caplog: pytest.LogCaptureFixture, script: Any, reason: str) -> None:
    llm = ScriptedLLM(script)
    extractor = LLMAnswerExtractor(llm, offline)
    with caplog.at_level(logging.WARNING):
        found = extractor.candidates(QUESTION, CHUNKS)
    assert found == offline.candidates(QUESTION, CHUNKS) and rows(found)[0][1] == "14 days"
    assert len(llm.calls) == 2
    assert [r.getMessage() for r in caplog.records] == [
        f"LLM scripted@http://llm.test/v1 {reason}; using the offline answer extractor"]
    assert extractor.budget.reason == f"LLM scripted@http://llm.test/v1 {reason}"


def test_a_reply_whose_every_answer_fails_is_retried_with_the_reason(offline: AnswerExtractor) -> None:
    invented = json.dumps({"answers": [item(1, "30 days", "On the Team plan, events are retained for 30 days.")]})
    llm = ScriptedLLM([invented, json.dumps({"answers": [TEAM_14]})])
    found = LLMAnswerExtractor(llm, offline).candidates(QUESTION, CHUNKS)
    assert [c.value for c in found] == ["14 days"] and len(llm.calls) == 2
    assert llm.calls[1]["messages"][-2:] == [
        {"role": "assistant", "content": invented},
        {"role": "user", "content": "That reply is invalid: none of its 1 answers holds up: answer 1 (chunk 1): "
                                    "its sentence is not in the chunk. Reply again with JSON only, copying each "
                                    "value and sentence character for character from its chunk."}]


def test_no_call_once_the_deadline_has_passed(offline: AnswerExtractor) -> None:
    clock = Clock()
    budget = LLMBudget(5.0, clock=clock, name="scripted@http://llm.test/v1")
    clock.now += 6.0
    llm = ScriptedLLM([json.dumps({"answers": [TEAM_14]})])
    found = LLMAnswerExtractor(llm, offline, budget=budget).candidates(QUESTION, CHUNKS)
    assert llm.calls == [] and found == offline.candidates(QUESTION, CHUNKS)
    assert budget.reason == "LLM scripted@http://llm.test/v1: the request's 5 s LLM deadline passed"


class AnsweringLLM:
    """Answers the typed-answer prompt from ``by_id`` (chunk id -> answer item without its number),
    noting whether the service's engine lock was held at each call."""

    name = "answering@http://llm.test/v1"

    def __init__(self, by_id: dict[str, dict[str, Any]]) -> None:
        self.by_id = by_id
        self.service: AnswerService | None = None
        self.locked: list[bool] = []

    def chat(self, messages: list[dict[str, str]], **_: object) -> str:
        assert self.service is not None and messages[0]["content"] == SYSTEM_PROMPT
        self.locked.append(self.service.lock.locked())
        ids = [line.split(" id=")[1] for line in messages[1]["content"].splitlines() if line.startswith("[")]
        return json.dumps({"answers": [{**self.by_id[cid], "chunk": n} for n, cid in enumerate(ids, 1)
                                       if cid in self.by_id]})


def test_the_service_fetches_the_llms_answers_outside_its_lock(tiny_service: Any) -> None:
    llm = AnsweringLLM({
        "kb/docs/retention.md#c0": item(0, "14 days", "On the Team plan, events are retained for 14 days.", plan="Team"),
        "kb/forums/t001#qa": item(0, "7 days", "On the Team plan, events are retained for 7 days, after that they "
                                               "are purged.", plan="Team")})
    service = tiny_service(answer_llm=llm)
    llm.service = service
    answer, _ = service.ask("How long does the Team plan keep events?")
    assert llm.locked == [False]
    assert [(a["value"], a["status"], a["sources"]) for a in answer.answers] == [
        ("14 days", "authoritative", ["kb/docs/retention.md#c0"]), ("7 days", "contradicted", ["kb/forums/t001#qa"])]
    assert answer.verdict.status == "contradiction" and answer.method == "extractive"
    assert answer.llm_status == {"name": "answering@http://llm.test/v1", "used": True, "calls": 1, "reason": None,
                                 "deadline_s": 20.0}
    assert [w.kind for w in answer.warnings] == ["conflict"]


def test_the_service_answers_offline_when_the_llms_answers_fail(tiny_service: Any) -> None:
    llm = ScriptedLLM("not json", name="broken@http://llm.test/v1")
    answer, _ = tiny_service(answer_llm=llm).ask("How long does the Team plan keep events?")
    offline, _ = tiny_service().ask("How long does the Team plan keep events?")
    assert answer.answers == offline.answers and answer.verdict == offline.verdict
    assert [(a["value"], a["status"]) for a in answer.answers] == [("14 days", "authoritative"),
                                                                   ("7 days", "contradicted")]
    reason = "LLM broken@http://llm.test/v1 sent an unusable reply (reply is not JSON: 'not json'); 2 failures in a row"
    assert answer.llm_status == {"name": "broken@http://llm.test/v1", "used": False, "calls": 2, "reason": reason,
                                 "deadline_s": 20.0}
    assert [w.message for w in answer.warnings if w.kind == "llm_fallback"] == [f"{reason}; this answer is extractive."]


def test_the_answer_set_is_the_llms_not_the_offline_one(tiny_service: Any) -> None:
    # the forum's 7 days, which the offline extractor finds, is no answer by this LLM: no contradiction
    llm = AnsweringLLM({"kb/docs/retention.md#c0": item(0, "14 days", "On the Team plan, events are retained for "
                                                                      "14 days.", plan="Team")})
    service = tiny_service(answer_llm=llm)
    llm.service = service
    answer, _ = service.ask("How long does the Team plan keep events?")
    offline, _ = tiny_service().ask("How long does the Team plan keep events?")
    assert [(a["value"], a["status"]) for a in offline.answers] == [("14 days", "authoritative"),
                                                                    ("7 days", "contradicted")]
    assert [(a["value"], a["status"], a["sources"]) for a in answer.answers] == [
        ("14 days", "authoritative", ["kb/docs/retention.md#c0"])]
    assert answer.verdict.status == "consistent"
