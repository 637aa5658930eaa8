"""An OpenAI-compatible chat client, configured explicitly and never implied, and the budget
that keeps one request's LLM calls bounded.

Works with OpenAI, LM Studio, Ollama (``/v1``), vLLM and ``llama_cpp.server``. There is
no global default: ``make_llm`` returns None when no LLM is configured (``config.llm_endpoint``:
a base URL and a model, or an ``OPENAI_API_KEY``, which names the OpenAI API and gpt-4o-mini
unless a base URL or model says otherwise), and callers then take their offline path. Nothing
here calls a paid API unless a key for it was given.

Every way a call can fail (refused connection, timeout, an HTTP error status, a body that is
not a chat completion, a reply the caller cannot parse) ends in one of the errors below,
all ``ModelUnavailable``, so callers fall back to their offline path. ``LLMBudget`` is one
request's allowance: a deadline (each call's timeout is the time left), no calls after
``MAX_FAILURES`` consecutive failures, none while the shared ``CircuitBreaker`` backs off,
and one logged warning, naming the server, when the request falls back.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .config import ModelsConfig, llm_endpoint
from .errors import ModelUnavailable
from .types import LLM

log = logging.getLogger(__name__)
T = TypeVar("T")
MAX_FAILURES = 2  # consecutive failed calls after which a request stops calling the LLM
MIN_CALL_S = 0.05  # a call with less time left than this is not started: the deadline has passed


class InvalidReply(ModelUnavailable):
    """The LLM answered, but the reply failed the caller's parser or checks."""

    def __init__(self, message: str, problem: str, reply: str) -> None:
        super().__init__(message)
        self.problem, self.reply = problem, reply


class LLMSkipped(ModelUnavailable):
    """The request no longer calls the LLM: its deadline passed, it failed too often, or the
    server's breaker is backing off."""


@dataclass
class OpenAICompatibleLLM:
    """Chat completions against ``base_url``; one attempt per call (``LLMBudget`` retries)."""

    base_url: str
    model: str
    api_key: str | None = None
    timeout_s: float = 30.0

    def __post_init__(self) -> None:
        from openai import OpenAI

        self.name = f"{self.model}@{self.base_url}"
        # Local servers ignore the key, but the client insists on one. Retries are ours.
        self._client = OpenAI(base_url=self.base_url, api_key=self.api_key or "not-needed",
                              timeout=self.timeout_s, max_retries=0)
        self._schema_supported: bool | None = None

    def chat(self, messages: list[dict[str, str]], *, json_schema: dict[str, Any] | None = None,
             temperature: float = 0.0, max_tokens: int = 1024, timeout: float | None = None) -> str:
        """The reply's text. ``timeout`` (seconds, at most ``timeout_s``) bounds each wait on the
        server. Raises ModelUnavailable, naming the server, whatever goes wrong."""
        limit = min(self.timeout_s, timeout) if timeout is not None else self.timeout_s
        end = time.monotonic() + limit
        kwargs: dict[str, Any] = {"model": self.model, "messages": messages,
                                  "temperature": temperature, "max_tokens": max_tokens}
        if json_schema is not None and self._schema_supported is not False:
            kwargs["response_format"] = {"type": "json_schema",
                                         "json_schema": {"name": "answer", "schema": json_schema}}
        resp = self._create(kwargs, limit)
        if resp is None:  # the server does not do structured output: ask again with the schema in the prompt
            self._schema_supported = False
            kwargs.pop("response_format")
            kwargs["messages"] = _with_schema_hint(messages, json_schema)
            resp = self._create(kwargs, max(0.05, end - time.monotonic()))
            if resp is None:
                raise ModelUnavailable(f"LLM {self.name} rejected the request (HTTP 400)")
        elif json_schema is not None:
            self._schema_supported = True
        return _content(resp, self.name)

    def _create(self, kwargs: dict[str, Any], timeout: float) -> Any:
        """The raw completion; None for an HTTP 400 to a request with ``response_format``."""
        import openai

        try:
            return self._client.chat.completions.create(**kwargs, timeout=timeout)
        except openai.BadRequestError as exc:
            if "response_format" in kwargs:
                return None
            raise ModelUnavailable(f"LLM {self.name} rejected the request (HTTP 400: {_first_line(exc)})") from None
        except openai.APITimeoutError:
            raise ModelUnavailable(f"LLM {self.name} timed out after {timeout:.3g} s") from None
        except openai.APIConnectionError as exc:
            cause = exc.__cause__ or exc
            raise ModelUnavailable(f"LLM {self.name} unreachable ({_first_line(cause)})") from None
        except openai.APIStatusError as exc:
            raise ModelUnavailable(f"LLM {self.name} answered HTTP {exc.status_code} ({_first_line(exc)})") from None
        except openai.APIError as exc:
            raise ModelUnavailable(f"LLM {self.name} failed: {_first_line(exc)}") from None
        except Exception as exc:  # noqa: BLE001 - e.g. a 200 whose body is not JSON: the client's own error
            raise ModelUnavailable(f"LLM {self.name} sent a body that is not a chat completion "
                                   f"({exc.__class__.__name__}: {_first_line(exc)})") from None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return (text.splitlines()[0] if text else exc.__class__.__name__)[:200]


def _content(resp: Any, name: str) -> str:
    """The first choice's text; ModelUnavailable when ``resp`` is not a chat completion (the
    client returns a body served with another content type as a plain string)."""
    choices = getattr(resp, "choices", None)
    if not isinstance(choices, list) or not choices:
        shown = resp[:80] if isinstance(resp, str) else type(resp).__name__
        raise ModelUnavailable(f"LLM {name} sent a body that is not a chat completion ({shown!r})")
    message = getattr(choices[0], "message", None)
    content = getattr(message, "content", None)
    if content is not None and not isinstance(content, str):
        raise ModelUnavailable(f"LLM {name} sent a chat completion whose content is not text")
    return content or ""


def _with_schema_hint(messages: list[dict[str, str]], schema: dict[str, Any] | None) -> list[dict[str, str]]:
    hint = "Reply with JSON only, matching this JSON schema:\n" + json.dumps(schema)
    return [{"role": "system", "content": hint}, *messages]


def make_llm(models: ModelsConfig) -> LLM | None:
    """The configured LLM (``config.llm_endpoint``), or None when none is configured."""
    endpoint = llm_endpoint(models)
    if endpoint is None:
        return None
    base_url, model = endpoint
    return OpenAICompatibleLLM(base_url, model, models.llm_api_key, models.llm_timeout_s)


def incomplete_llm(models: ModelsConfig) -> str | None:
    """Why LLM settings that were given name no LLM (a model without a server or key, a server
    without a model), so that the offline answer is not a surprise; None when they name one or
    none was given."""
    if llm_endpoint(models) is not None:
        return None
    if models.llm_model:
        return (f"the LLM model {models.llm_model!r} has no server: answering offline (set OPENAI_API_KEY for "
                "the OpenAI API, or --llm-base-url for another server)")
    if models.llm_base_url:
        return (f"the LLM server {models.llm_base_url} has no model named: answering offline (pass --llm-model "
                "NAME or set CROSSCHECK_LLM_MODEL)")
    return None


@dataclass
class CircuitBreaker:
    """Consecutive calls that got no chat completion back (refused, timed out, HTTP error, a body
    that is not a completion), across requests: a server's requests share one. After
    ``threshold`` of them, no request calls the LLM for ``backoff_s`` seconds; then one call
    is tried again, and its failure starts another back-off. A completion whose content a
    question's checks reject says nothing about the server's health and is not counted here.
    Thread-safe."""

    threshold: int = MAX_FAILURES
    backoff_s: float = 60.0
    clock: Callable[[], float] = time.monotonic
    _failures: int = field(default=0, init=False)
    _open_until: float = field(default=float("-inf"), init=False)
    _reason: str = field(default="", init=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    def blocked(self) -> str | None:
        """Why calls are held back now, or None."""
        with self._lock:
            left = self._open_until - self.clock()
            if left <= 0:
                return None
            return f"{self._reason} (after {self._failures} failures in a row; skipped for {left:.0f} s more)"

    def success(self) -> None:
        with self._lock:
            self._failures, self._open_until = 0, float("-inf")

    def failure(self, reason: str) -> None:
        with self._lock:
            self._failures += 1
            self._reason = reason
            if self._failures >= self.threshold and self.backoff_s > 0:
                self._open_until = self.clock() + self.backoff_s


class LLMBudget:
    """One request's LLM allowance (not shared between threads).

    ``deadline_s`` (None: none) bounds all of the request's calls together: each call's
    timeout is the time left. After ``MAX_FAILURES`` consecutive failures (of the call, or of
    the caller's checks of its reply), or once the deadline has passed, or while ``breaker``
    backs off, ``call`` raises LLMSkipped at once.
    Callers that give up on the LLM call ``fallback``: the first one logs the request's only
    warning (when the request itself called the LLM; a request skipped by the breaker's
    back-off stays quiet, its ``report`` still says why).
    """

    def __init__(self, deadline_s: float | None = None, *, breaker: CircuitBreaker | None = None,
                 name: str | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.deadline_s = deadline_s
        self.clock = clock
        self.breaker = breaker
        self._end = clock() + deadline_s if deadline_s is not None else None
        self.name = name
        self.calls = self.successes = self.failures = 0  # failures: consecutive
        self.last_failure: str | None = None
        self.stopped: str | None = None  # why the request stopped calling the LLM
        self.fell_back = False
        self._warned = False

    def left(self) -> float | None:
        """Seconds until the deadline (None without one)."""
        return None if self._end is None else self._end - self.clock()

    def _closed(self, name: str) -> str | None:
        if self.stopped is None:
            left = self.left()
            if left is not None and left < MIN_CALL_S:
                passed = f"the request's {self.deadline_s:g} s LLM deadline passed"
                self.stopped = f"{self.last_failure} ({passed})" if self.last_failure else f"LLM {name}: {passed}"
            elif self.breaker is not None and (held := self.breaker.blocked()) is not None:
                self.stopped = held
        return self.stopped

    def call(self, llm: LLM, messages: list[dict[str, str]], parse: Callable[[str], T], *,
             json_schema: dict[str, Any] | None = None, temperature: float = 0.0, max_tokens: int = 1024) -> T:
        """``parse(reply)`` of one call. Raises LLMSkipped without calling, InvalidReply when
        ``parse`` raises ValueError, ModelUnavailable for any failure of the call itself."""
        self.name = llm.name
        closed = self._closed(llm.name)
        if closed is not None:
            raise LLMSkipped(closed)
        self.calls += 1
        try:
            reply = llm.chat(messages, json_schema=json_schema, temperature=temperature, max_tokens=max_tokens,
                             timeout=self.left())
        except Exception as exc:  # noqa: BLE001 - whatever the client raised, the call failed
            reason = str(exc) if isinstance(exc, ModelUnavailable) else \
                f"LLM {llm.name} failed ({exc.__class__.__name__}: {_first_line(exc)})"
            self._failed(reason)
            if self.breaker is not None:
                self.breaker.failure(reason)
            raise ModelUnavailable(reason) from None
        if self.breaker is not None:
            self.breaker.success()
        try:
            out = parse(reply)
        except ValueError as exc:
            reason = f"LLM {llm.name} sent an unusable reply ({_first_line(exc)})"
            self._failed(reason)
            raise InvalidReply(reason, str(exc), reply) from None
        self.successes += 1
        self.failures = 0
        return out

    def _failed(self, reason: str) -> None:
        log.debug("%s", reason)
        self.failures += 1
        self.last_failure = reason
        if self.failures >= MAX_FAILURES and self.stopped is None:
            self.stopped = f"{reason}; {self.failures} failures in a row"

    @property
    def reason(self) -> str | None:
        """Why the request used the offline path, or None when it never had to."""
        if not self.fell_back:
            return None
        return self.stopped or self.last_failure

    def fallback(self, what: str) -> None:
        """A caller gave up on the LLM and uses ``what`` ("the extractive answer") instead."""
        self.fell_back = True
        if self._warned:
            return
        self._warned = True
        if self.calls:
            log.warning("%s; using %s", self.reason or f"LLM {self.name} unavailable", what)
        else:
            log.info("%s; using %s", self.reason or f"LLM {self.name} unavailable", what)

    def report(self) -> dict[str, Any]:
        """The JSON ``llm_status`` of an answer: ``used`` when any reply was used."""
        return {"name": self.name, "used": self.successes > 0, "calls": self.calls, "reason": self.reason,
                "deadline_s": self.deadline_s}


def parse_json_reply(text: str) -> Any:
    """Parse a model's JSON reply, tolerating ```json fences and prose around one object/array.

    Raises ValueError when no JSON value can be recovered.
    """
    s = text.strip()
    if s.startswith("```"):
        s = s.split("\n", 1)[1] if "\n" in s else ""
        s = s.rsplit("```", 1)[0]
    try:
        return json.loads(s)
    except json.JSONDecodeError:
        pass
    starts = [i for i in (s.find("{"), s.find("[")) if i >= 0]
    if starts:
        start = min(starts)
        closer = "}" if s[start] == "{" else "]"
        end = s.rfind(closer)
        if end > start:
            try:
                return json.loads(s[start:end + 1])
            except json.JSONDecodeError:
                pass
    raise ValueError(f"reply is not JSON: {text[:80]!r}")


def reply_items(text: str, key: str, item: str) -> list[dict[str, Any]]:
    """The objects of a model's ``{key: [...]}`` (or bare list) JSON reply. Raises ValueError
    when the reply is not that shape: "reply has no '<key>' list", "<item> is not an object"."""
    data = parse_json_reply(text)
    items = data.get(key) if isinstance(data, dict) else data if isinstance(data, list) else None
    if not isinstance(items, list):
        raise ValueError(f"reply has no {key!r} list")
    if not all(isinstance(i, dict) for i in items):
        raise ValueError(f"{item} is not an object")
    return items
