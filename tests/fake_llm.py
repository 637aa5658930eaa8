"""A scripted OpenAI-compatible server (POST /v1/chat/completions) on a free loopback port, for
tests of every way an LLM can answer or fail.

Each request takes the next step of the script (``default`` once it is used up); a step is

- a str: a 200 chat completion whose content is that text;
- ``("sleep", seconds, content)``: the same, after a pause;
- ``("hang",)``: no answer until the test calls ``release()`` (or the server closes), then
  the ``default`` step's (an empty object when that hangs too);
- ``("status", code, body)``: that HTTP status with a JSON body;
- ``("raw", body, content_type)``: a 200 whose body is ``body`` as it is (not a completion);
- a callable: called with the request's JSON, returns one of the above.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Step = Any


def completion(content: str) -> bytes:
    return json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": "fake",
                       "choices": [{"index": 0, "finish_reason": "stop",
                                    "message": {"role": "assistant", "content": content}}]}).encode()


class FakeLLMServer:
    def __init__(self, script: list[Step] | None = None, default: Step = "{}") -> None:
        self.script, self.default = list(script or []), default
        self.requests: list[dict[str, Any]] = []
        self.received = threading.Event()  # set at the first request
        self._release = threading.Event()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append(body)
                outer.received.set()
                step = outer.script.pop(0) if outer.script else outer.default
                if callable(step):
                    step = step(body)
                status, payload, ctype = outer._respond(step)
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", ctype)
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client timed out and left

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def _respond(self, step: Step) -> tuple[int, bytes, str]:
        if isinstance(step, str):
            return 200, completion(step), "application/json"
        kind = step[0]
        if kind == "sleep":
            time.sleep(step[1])
            return 200, completion(step[2]), "application/json"
        if kind == "hang":
            self._release.wait(120)
            hangs = not isinstance(self.default, str) and not callable(self.default) and self.default[0] == "hang"
            return self._respond("{}" if hangs else self.default)
        if kind == "status":
            return step[1], json.dumps(step[2]).encode(), "application/json"
        if kind == "raw":
            return 200, step[1], step[2]
        raise ValueError(f"unknown step {step!r}")

    def release(self) -> None:
        """Let every hanging request answer (with an empty object)."""
        self._release.set()

    def __enter__(self) -> FakeLLMServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
        self.httpd.shutdown()
        self.httpd.server_close()


def refused_url() -> str:
    """A loopback URL nothing listens on."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def by_prompt(claims: str, answer: str) -> Callable[[dict[str, Any]], str]:
    """A step answering claim-extraction requests with ``claims`` and the rest with ``answer``."""
    def step(request: dict[str, Any]) -> str:
        extracting = any(m["content"].startswith("You extract factual key/value claims") for m in request["messages"])
        return claims if extracting else answer

    return step
