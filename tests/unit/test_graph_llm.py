"""The LLM extractor against a scripted, local OpenAI-compatible HTTP server."""

import json
import logging
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from src.graph import LLMClaimExtractor, build_claim_graph
from src.graph.llm_extract import parse_claims_reply
from src.llm import OpenAICompatibleLLM
from src.types import Chunk, ScoredChunk

CHUNK = Chunk(id="data/docs/r.md#c0", source="docs", kind="document",
              text="Retention\n\nOn the Team plan, events are retained for 14 days. Exports run nightly.")
GOOD = {"claims": [{"key": "event retention", "scope": {"plan": "Team"}, "value": "14 days", "unit": "",
                    "sentence": "On the Team plan, events are retained for 14 days."}]}
INVENTED = {"claims": [GOOD["claims"][0], {"key": "event retention", "scope": {}, "value": "90 days", "unit": "",
                                            "sentence": "On the Team plan, events are retained for 14 days."}]}


def _completion(content: str) -> bytes:
    return json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": "fake",
                       "choices": [{"index": 0, "finish_reason": "stop",
                                    "message": {"role": "assistant", "content": content}}]}).encode()


class FakeServer:
    """Serves POST /v1/chat/completions with scripted replies: a str body, or ("sleep", seconds)."""

    def __init__(self, script):
        self.script = list(script)
        self.requests = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append(body)
                step = outer.script.pop(0) if outer.script else "{}"
                if isinstance(step, tuple):
                    time.sleep(step[1])
                    step = json.dumps(GOOD)
                payload = _completion(step)
                try:
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client timed out and left

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()


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
    assert "offline extractor" in caplog.text


def test_timeout_falls_back():
    with FakeServer([("sleep", 1.5), ("sleep", 1.5)]) as srv:
        ex = _extractor(srv.url, timeout=0.3)
        claims = ex(CHUNK)
    assert ex.fallbacks == 1 and [c.value for c in claims] == ["14 days"]


def test_refused_connection_falls_back_and_graph_says_so():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    ex = _extractor(f"http://127.0.0.1:{port}/v1", timeout=1.0)
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
