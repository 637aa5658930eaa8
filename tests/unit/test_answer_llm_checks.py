"""LLM replies checked like the offline path's answers (issue 25): the answer's validator refuses
markup and an answer stating none of the evidence's values; an empty typed-answer reply leaves
the offline extractor's answers in place."""

from __future__ import annotations

import json

import pytest

from src.answer.generate import ScopeCheck, parse_answer_reply
from src.claims.extractor import AnswerExtractor, make_extractor
from src.graph.llm_answers import LLMAnswerExtractor
from src.graph.question import analyse_question
from src.types import Chunk
from tests.conftest import ScriptedLLM

TEXTS = ["Event retention. On the Team plan, events are retained for 14 days.",
         "Team keeps events for 7 days, in my experience."]
ANY_SCOPE = ScopeCheck("", ("14 days", "7 days"))


def reply(answer: str, auth: str | None = "14 days", explanation: str = "docs and a forum disagree") -> str:
    return json.dumps({"answer": answer, "citations": [1], "verdict": {
        "status": "contradiction", "explanation": explanation, "authoritative_answer": auth}})


@pytest.mark.parametrize(("answer", "auth", "explanation", "problem"), [
    ("Events are kept <script>steal()</script> as docs say [1].", None, "x",
     "the answer contains markup (<script>): write plain text, without HTML tags"),
    ("Events are kept 14 days [1].", "<b>14 days</b>", "x",
     "the authoritative_answer contains markup (<b>): write plain text, without HTML tags"),
    ("Events are kept 14 days [1].", "14 days", "<img src=x onerror=alert(1)> disagree",
     "the verdict.explanation contains markup (<img src=x onerror=alert(1)>): write plain text, without HTML tags"),
    ("Events are kept <!-- hidden --> 14 days [1].", None, "x",
     "the answer contains markup (<!--): write plain text, without HTML tags"),
])
def test_markup_the_evidence_does_not_hold_is_refused(answer: str, auth: str | None, explanation: str,
                                                      problem: str) -> None:
    with pytest.raises(ValueError) as err:
        parse_answer_reply(reply(answer, auth, explanation), TEXTS, "contradiction", ANY_SCOPE)
    assert str(err.value) == problem


def test_markup_quoted_from_the_cited_evidence_is_kept() -> None:
    texts = ["Embed the widget: add <div id=\"crosscheck\"></div> to the page; sessions last 30 minutes."]
    parsed = parse_answer_reply(reply('Add <div id="crosscheck"></div> to the page [1]; sessions last 30 minutes.',
                                      "30 minutes"), texts)
    assert parsed.answer.startswith('Add <div id="crosscheck"></div>')


def test_less_than_signs_that_are_not_tags_are_plain_text() -> None:
    parsed = parse_answer_reply(reply("Events are kept 14 days [1] (<= the docs value, and < the limit)."), TEXTS, None,
                                ANY_SCOPE)
    assert parsed.cited == (1,)


@pytest.mark.parametrize(("scope", "problem"), [
    (ANY_SCOPE, "the answer states no value: the evidence gives 14 days, 7 days; state the one that answers the "
                "question"),
    (ScopeCheck("plan=team", ("14 days", "7 days")),
     "the answer states no value: for plan=team (the scope asked) the evidence gives 14 days, 7 days; state the one "
     "that answers the question"),
])
def test_an_answer_stating_none_of_the_evidences_values_is_refused(scope: ScopeCheck, problem: str) -> None:
    with pytest.raises(ValueError) as err:
        parse_answer_reply(reply("Events are kept as the docs say [1].", None), TEXTS, "contradiction", scope)
    assert str(err.value) == problem


def test_a_value_in_the_authoritative_answer_or_in_other_words_is_a_value() -> None:
    assert parse_answer_reply(reply("Events are kept as the docs say [1].", "14 days"), TEXTS, None, ANY_SCOPE)
    assert parse_answer_reply(reply("Events are kept for two weeks [1].", None), TEXTS, None, ANY_SCOPE)


def test_an_answer_without_a_value_passes_when_the_evidence_gives_no_measured_one() -> None:
    names = ScopeCheck("", ("ada lovelace",))
    assert parse_answer_reply(reply("The docs name the author [1].", None), TEXTS, None, names).cited == (1,)


QUESTION = analyse_question("How long does the Team plan keep events?")
CHUNKS = [Chunk("kb/docs/retention.md#c0", "docs", "document", TEXTS[0]),
          Chunk("kb/forums/t001#a1", "forums", "thread", TEXTS[1])]


@pytest.fixture(scope="module")
def offline() -> AnswerExtractor:
    return make_extractor(None, None)


@pytest.mark.parametrize("empty", ['{"answers": []}', '{"answers": [{"chunk": 1, "value": null}, '
                                                      '{"chunk": 2, "value": null}]}'])
def test_an_empty_typed_answer_reply_leaves_the_offline_answers(offline: AnswerExtractor, empty: str) -> None:
    expected = offline.candidates(QUESTION, CHUNKS)
    assert sorted(c.value for c in expected) == ["14 days", "7 days"]
    extractor = LLMAnswerExtractor(ScriptedLLM([empty]), offline)
    prefetched = extractor.prefetch(QUESTION, CHUNKS)
    assert prefetched.replied and prefetched.found == []
    assert prefetched.candidates(QUESTION, CHUNKS) == expected
    assert extractor.budget.reason is None  # a valid reply: no fallback warning
