"""An OpenAI-compatible chat client, configured explicitly and never implied.

Works with OpenAI, LM Studio, Ollama (``/v1``), vLLM and ``llama_cpp.server``. There is
no global default: ``make_llm`` returns None when no base URL or model is configured,
and callers then take their offline path. Nothing here calls a paid API by accident.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any, Protocol

from src.config import ModelsConfig
from src.errors import ModelUnavailable

log = logging.getLogger(__name__)


class LLM(Protocol):
    name: str

    def chat(self, messages: list[dict[str, str]], *, json_schema: dict[str, Any] | None = None,
             temperature: float = 0.0, max_tokens: int = 1024) -> str: ...


@dataclass
class OpenAICompatibleLLM:
    """Chat completions against ``base_url``; one attempt per call (callers retry)."""

    base_url: str
    model: str
    api_key: str | None = None
    timeout_s: float = 30.0

    def __post_init__(self) -> None:
        from openai import OpenAI

        self.name = f"{self.model}@{self.base_url}"
        # Local servers ignore the key, but the client insists on one.
        self._client = OpenAI(base_url=self.base_url, api_key=self.api_key or "not-needed",
                              timeout=self.timeout_s, max_retries=0)
        self._schema_supported: bool | None = None

    def chat(self, messages: list[dict[str, str]], *, json_schema: dict[str, Any] | None = None,
             temperature: float = 0.0, max_tokens: int = 1024) -> str:
        import openai

        kwargs: dict[str, Any] = {"model": self.model, "messages": messages,
                                  "temperature": temperature, "max_tokens": max_tokens}
        if json_schema is not None and self._schema_supported is not False:
            kwargs["response_format"] = {"type": "json_schema",
                                         "json_schema": {"name": "answer", "schema": json_schema}}
        try:
            resp = self._client.chat.completions.create(**kwargs)
        except openai.BadRequestError:
            if "response_format" not in kwargs:
                raise ModelUnavailable(f"LLM {self.name} rejected the request") from None
            # The server does not do structured output: ask again with the schema in the prompt.
            self._schema_supported = False
            return self.chat(_with_schema_hint(messages, json_schema), temperature=temperature,
                             max_tokens=max_tokens)
        except (openai.APIConnectionError, openai.APITimeoutError) as exc:
            raise ModelUnavailable(f"LLM {self.name} unreachable: {exc.__class__.__name__}") from None
        except openai.APIError as exc:
            raise ModelUnavailable(f"LLM {self.name} failed: {str(exc).splitlines()[0]}") from None
        if json_schema is not None:
            self._schema_supported = True
        content = resp.choices[0].message.content if resp.choices else None
        return content or ""


def _with_schema_hint(messages: list[dict[str, str]], schema: dict[str, Any] | None) -> list[dict[str, str]]:
    hint = "Reply with JSON only, matching this JSON schema:\n" + json.dumps(schema)
    return [{"role": "system", "content": hint}, *messages]


def make_llm(models: ModelsConfig) -> LLM | None:
    """The configured LLM, or None when none is configured."""
    if not models.llm_base_url or not models.llm_model:
        return None
    return OpenAICompatibleLLM(models.llm_base_url, models.llm_model, models.llm_api_key, models.llm_timeout_s)


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
