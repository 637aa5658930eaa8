"""The LLM answer against a scripted local OpenAI-compatible server, and its pure validator."""

from __future__ import annotations

import json
import shutil
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from src.answer import AnswerService
from src.answer.generate import numbers, parse_answer_reply
from src.config import Settings
from src.embeddings import load_embed_model
from src.fusion.engine import SearchEngine
from src.llm import OpenAICompatibleLLM

FIXTURES = Path(__file__).parents[1] / "fixtures" / "server"
QUESTION = "How long does the Team plan keep events?"
GOOD = {"answer": "On the Team plan events are kept for 14 days [1]; a forum answer says 7 days [2].",
        "citations": [1, 2],
        "verdict": {"status": "contradiction", "explanation": "docs and forums disagree",
                    "authoritative_answer": "14 days (docs)"}}


def _completion(content: str) -> bytes:
    return json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": "fake",
                       "choices": [{"index": 0, "finish_reason": "stop",
                                    "message": {"role": "assistant", "content": content}}]}).encode()


class ScriptedLLMServer:
    """POST /v1/chat/completions answers from a script: a str body, or ("sleep", seconds)."""

    def __init__(self, script: list) -> None:
        self.script, self.requests = list(script), []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                outer.requests.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
                step = outer.script.pop(0) if outer.script else "{}"
                if isinstance(step, tuple):
                    time.sleep(step[1])
                    step = json.dumps(GOOD)
                body = _completion(step)
                try:
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> ScriptedLLMServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> SearchEngine:
    tmp = tmp_path_factory.mktemp("llm")
    shutil.copy(FIXTURES / "corpus.jsonl", tmp / "chunks.jsonl")
    return SearchEngine.open(tmp / "chunks.jsonl", Settings(), index_dir=tmp / "index",
                             embed_model=load_embed_model("hashing:256"))


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
    assert a.warnings[-1].kind == "llm_fallback" and "invalid twice" in a.warnings[-1].message


def test_wrong_verdict_status_is_rejected(engine: SearchEngine, good: dict) -> None:
    wrong = {**good, "verdict": {**good["verdict"], "status": "consistent"}}
    with ScriptedLLMServer([json.dumps(wrong), json.dumps(good)]) as srv:
        a = _ask(engine, srv.url)
    assert "contradiction" in srv.requests[1]["messages"][-1]["content"] and a.method == "llm"


def test_hanging_server_times_out_and_falls_back(engine: SearchEngine) -> None:
    with ScriptedLLMServer([("sleep", 2.0)]) as srv:
        t0 = time.perf_counter()
        a = _ask(engine, srv.url, timeout=0.3)
        elapsed = time.perf_counter() - t0
    assert a.method == "extractive" and a.verdict.status == "contradiction"
    assert a.warnings[-1].kind == "llm_fallback" and "unreachable" in a.warnings[-1].message
    assert elapsed < 1.8 and len(srv.requests) == 1


def test_refused_connection_falls_back(engine: SearchEngine) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    a = _ask(engine, f"http://127.0.0.1:{port}/v1", timeout=1.0)
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
