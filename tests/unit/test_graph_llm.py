"""The LLM extractor against a scripted, local OpenAI-compatible HTTP server."""

import json
import logging

import pytest

from src.graph import LLMClaimExtractor, build_claim_graph
from src.graph.llm_extract import parse_claims_reply
from src.llm import OpenAICompatibleLLM
from src.types import Chunk, ScoredChunk
from tests.fake_llm import FakeLLMServer as FakeServer
from tests.fake_llm import refused_url

CHUNK = Chunk(id="data/docs/r.md#c0", source="docs", kind="document",
              text="Retention\n\nOn the Team plan, events are retained for 14 days. Exports run nightly.")
GOOD = {"claims": [{"key": "event retention", "scope": {"plan": "Team"}, "value": "14 days", "unit": "",
                    "sentence": "On the Team plan, events are retained for 14 days."}]}
INVENTED = {"claims": [GOOD["claims"][0], {"key": "event retention", "scope": {}, "value": "90 days", "unit": "",
                                            "sentence": "On the Team plan, events are retained for 14 days."}]}


def _extractor(url, timeout=5.0):
    return LLMClaimExtractor(OpenAICompatibleLLM(url, "fake-model", timeout_s=timeout))


def test_valid_reply():
    with FakeServer([json.dumps(GOOD)]) as srv:
        ex = _extractor(srv.url)
        claims = ex(CHUNK)
    assert [(c.key, c.scope, c.value, c.normalized) for c in claims] == [
        ("event retention", {"plan": "team"}, "14 days", "P14D")]
    assert ex.fallbacks == 0 and not ex.fell_back
    assert srv.requests[0]["response_format"]["type"] == "json_schema"


def test_malformed_json_then_valid_on_retry():
    with FakeServer(["this is not json {", json.dumps(GOOD)]) as srv:
        ex = _extractor(srv.url)
        claims = ex(CHUNK)
    assert [c.value for c in claims] == ["14 days"] and len(srv.requests) == 2 and ex.fallbacks == 0


def test_value_not_in_chunk_is_dropped():
    with FakeServer([json.dumps(INVENTED)]) as srv:
        claims = _extractor(srv.url)(CHUNK)
    assert [c.value for c in claims] == ["14 days"]


def test_malformed_twice_falls_back_to_offline(caplog):
    with FakeServer(["nope", '{"claims": "nope"}']) as srv, caplog.at_level(logging.WARNING):
        ex = _extractor(srv.url)
        claims = ex(CHUNK)
    assert ex.fallbacks == 1 and ex.fell_back
    assert [(c.key, c.value) for c in claims] == [("events retained", "14 days")]
    assert [r.getMessage() for r in caplog.records] == [
        f"LLM fake-model@{srv.url} sent an unusable reply (reply has no 'claims' list); 2 failures in a row; "
        "using the offline claim extractor"]


def test_timeout_falls_back():
    with FakeServer([("sleep", 1.5, json.dumps(GOOD)), ("sleep", 1.5, json.dumps(GOOD))]) as srv:
        ex = _extractor(srv.url, timeout=0.3)
        claims = ex(CHUNK)
    assert ex.fallbacks == 1 and [c.value for c in claims] == ["14 days"]


def test_refused_connection_falls_back_and_graph_says_so():
    ex = _extractor(refused_url(), timeout=1.0)
    g = build_claim_graph([ScoredChunk(CHUNK, 1.0)], source_weights={"docs": 1.2}, extractor=ex)
    assert ex.fallbacks == 1
    assert g.fell_back and g.to_json()["notices"] == ["LLM claim extraction failed for 1 chunk(s); used the offline extractor"]
    assert [c.value for k in g.keys for c in k.claims] == ["14 days"]


@pytest.mark.parametrize("reply", ["[]", '{"claims": []}', '```json\n{"claims": []}\n```'])
def test_parse_empty_replies(reply):
    assert parse_claims_reply(reply, CHUNK) == []


def test_parse_rejects_wrong_shape():
    with pytest.raises(ValueError):
        parse_claims_reply('{"answer": 1}', CHUNK)


FORUM = Chunk(id="data/forums/t1#qa", source="forums", kind="thread",
              text="Team retention\n\nOn the Team plan, events are retained for 7 days.")
OTHER = Chunk(id="data/docs/x.md#c0", source="docs", kind="document", text="Exports\n\nExports run nightly at 02:00 UTC.")
WEIGHTS = {"docs": 1.2, "forums": 0.8}


def test_after_two_failures_in_a_row_the_other_chunks_skip_the_llm():
    with FakeServer([], default=("status", 500, {"error": "boom"})) as srv:
        ex = _extractor(srv.url)
        claims = [c.value for chunk in (CHUNK, FORUM, OTHER) for c in ex(chunk)]
    assert len(srv.requests) == 2 and ex.fallbacks == 3 and ex.replied == 0
    assert claims[:2] == ["14 days", "7 days"]  # the offline rules


def test_prefetched_replies_build_the_same_claims_without_calling_again():
    reply = json.dumps(GOOD)
    with FakeServer([reply, "nope", "nope"]) as srv:
        pre = _extractor(srv.url).prefetch([CHUNK, FORUM, CHUNK])
        assert len(srv.requests) == 3  # CHUNK once, FORUM twice
        direct = parse_claims_reply(reply, CHUNK)
        assert pre(CHUNK) == direct and [c.value for c in pre(FORUM)] == ["7 days"]
    assert (pre.replied, pre.fallbacks) == (1, 1) and len(srv.requests) == 3


def test_empty_llm_claims_do_not_erase_a_contradiction_silently():
    from src.graph.llm_extract import checked_graph

    evidence = [ScoredChunk(CHUNK, 1.0), ScoredChunk(FORUM, 0.9)]
    offline = build_claim_graph(evidence, source_weights=WEIGHTS)
    assert [k.status for k in offline.keys] == ["contradiction"]
    with FakeServer([], default='{"claims": []}') as srv:
        graph, notice = checked_graph(evidence, _extractor(srv.url), source_weights=WEIGHTS)
    assert graph.keys == [] and notice == (
        f"the LLM's claims show no contradiction, but the offline rules find one on {offline.keys[0].key!r}")
    with FakeServer([], default=json.dumps(GOOD)) as srv:  # both say 14 days: no contradiction either way
        _, notice = checked_graph([ScoredChunk(CHUNK, 1.0)], _extractor(srv.url), source_weights=WEIGHTS)
    assert notice is None
