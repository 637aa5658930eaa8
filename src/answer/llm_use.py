"""The application service's use of the LLM (``src.answer.service``): whether a corpus uses one,
each request's allowance (``budget``: the deadline and the circuit breaker all requests share),
the LLM claim extractor's replies and the LLM's query variants fetched before the engine lock is
taken, and the LLM status an answer reports.
"""

from __future__ import annotations

from typing import Any

from ..errors import ModelUnavailable
from ..fusion.options import FusionConfig
from ..fusion.rewrite import REWRITE_PROMPT, parse_variants
from ..graph.llm_extract import LLMClaimExtractor
from ..llm import LLMBudget


class LLMUse:
    """The ``AnswerService`` methods that call or report on the LLM, a mixin the service inherits.
    They use the service's ``llm`` (None: no LLM answers or rewrites), ``answer_llm``, ``extractor``
    (an ``LLMClaimExtractor``, or None: the offline rules), ``settings`` (``models.llm_deadline_s``),
    ``breaker`` and ``engine`` (its ``offline_rewriter``)."""

    @property
    def uses_llm(self) -> bool:
        return self.llm is not None or isinstance(self.extractor, LLMClaimExtractor) or self.answer_llm is not None

    def budget(self, *, deadline: bool = True) -> LLMBudget:
        """One request's LLM allowance: the configured deadline (none for a corpus audit) and
        the breaker this service's requests share."""
        llm = self.llm or self.answer_llm or getattr(self.extractor, "llm", None)
        return LLMBudget(self.settings.models.llm_deadline_s if deadline else None, breaker=self.breaker,
                         name=getattr(llm, "name", None))

    def _claims_extractor(self, chunks: list[Any], budget: LLMBudget) -> Any:
        """The extractor to build a graph with, under the lock: an LLM extractor's replies are
        fetched here, before the lock is taken."""
        if isinstance(self.extractor, LLMClaimExtractor):
            return self.extractor.bound(budget).prefetch(chunks)
        return self.extractor

    def _rewrite(self, query: str, config: FusionConfig, budget: LLMBudget) -> Any:
        """Query variants for ``num_queries`` > 1: the LLM's, fetched now, else the offline ones."""
        if config.num_queries <= 1:
            return None
        engine = self.engine

        def offline(q: str, n: int) -> list[str]:
            return engine.offline_rewriter()(q, n)  # runs under the lock, inside the search

        if self.llm is None:
            return offline
        from ..fusion.engine import clean_query

        q, n = clean_query(query), config.num_queries - 1

        def parse(reply: str) -> list[str]:
            found = parse_variants(reply, q, n)
            if not found:
                raise ValueError("no usable query variants")
            return found

        try:
            variants = budget.call(self.llm, [{"role": "user", "content": REWRITE_PROMPT.format(n=n, query=q)}],
                                   parse, temperature=0.3, max_tokens=256)
        except ModelUnavailable:
            budget.fallback("offline query rewriting")
            return offline
        return lambda _q, _n: variants

    def _llm_status(self, budget: LLMBudget) -> dict[str, Any] | None:
        return budget.report() if self.uses_llm else None
