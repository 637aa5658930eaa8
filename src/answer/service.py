"""One corpus, answered: retrieval, the claim graph, the relevance rule, the verdict and the answer.

``AnswerService`` is shared by ``ask``, the HTTP server and the agent tool.

Thread safety: the search engine (its query-embedding cache, FAISS and BM25 scratch state),
the claim-graph builder and the relevance model (the shared Snowball stemmer) are not
thread-safe, so every call into them runs under ``self.lock``, one ``threading.Lock``:
concurrent requests are accepted, and retrieve and build graphs one at a time. No LLM call
(network-bound; the OpenAI client is thread-safe) ever runs under the lock: the LLM's query
variants and claims are fetched before it is taken, the answer after it is released, so a
slow or hanging LLM delays only the requests that use it.

LLM use: each question gets an ``LLMBudget`` (``models.llm_deadline_s``, and the service's
``CircuitBreaker`` shared by all requests, backing off ``models.llm_backoff_s`` after two
failures in a row); past it, the offline path answers and the answer's ``llm_status`` and
``llm_fallback`` warning say why.
"""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from src.answer.extractive import Citer, answer_from_chunks, answer_from_claims, answer_from_set
from src.answer.generate import ScopeCheck, build_messages, generate, parse_answer_reply
from src.answer.model import Answer, Citation, Verdict, Warning
from src.answer.relevance import Relevance, RelevanceModel, question_terms, terms
from src.answer.verdict import (
    answers_from_focus,
    focus_status,
    make_verdict,
    make_warnings,
    scope_label,
    select_keys,
    set_warnings,
    subject_named,
    verdict_from_set,
)
from src.config import Settings
from src.errors import ModelUnavailable
from src.fusion.options import FusionConfig, SearchResult
from src.fusion.output import result_json
from src.fusion.priors import query_versions
from src.fusion.rewrite import REWRITE_PROMPT, parse_variants
from src.graph.counter import DEFAULT_LIMIT as COUNTER_LIMIT
from src.graph.llm_extract import LLMClaimExtractor
from src.graph.values import parse_value
from src.llm import CircuitBreaker, LLMBudget
from src.types import ScoredChunk

_WORD = re.compile(r"[a-z0-9]+")
CITATION_CHARS = 240


@dataclass(frozen=True)
class AskOptions:
    config: FusionConfig = field(default_factory=lambda: FusionConfig(k=8))
    graph_topn: int = 8  # chunks the claim graph reads
    llm_evidence: int = 6  # chunks the LLM sees, numbered
    counter_evidence: int = COUNTER_LIMIT  # chunks the corpus audit adds to the graph (src/graph/counter.py)


@dataclass(frozen=True)
class Retrieval:
    result: SearchResult
    graph: Any  # ClaimGraph | None
    relevance: Relevance | None
    timings_ms: dict[str, float]
    counter: tuple[ScoredChunk, ...] = ()  # chunks the graph read beyond the results (counter-evidence)
    notices: tuple[str, ...] = ()  # the LLM's and the offline rules' claims disagree on a contradiction

    def to_json(self, graph_html: str | None = None) -> dict[str, Any]:
        """The SPEC section 4 (``fusion --json``) object."""
        graph = self.graph.to_json(html_path=graph_html) if self.graph is not None else None
        if graph is not None:
            graph["counter_evidence"] = [s.id for s in self.counter]
            if self.notices:
                graph["notices"] = [*graph.get("notices", []), *self.notices]
        return result_json(self.result, graph=graph, graph_on=self.graph is not None, timings_ms=self.timings_ms)


class AnswerService:
    def __init__(self, engine: Any, settings: Settings, *, llm: Any = None, extractor: Any = None,
                 answer_extractor: Any = None, breaker: CircuitBreaker | None = None) -> None:
        self.engine = engine
        self.settings = settings
        self.llm = llm
        self.extractor = extractor  # None: the offline claim extractor
        self.breaker = breaker or CircuitBreaker(backoff_s=settings.models.llm_backoff_s)
        self.lock = threading.Lock()
        self._audit_lock = threading.Lock()  # one corpus audit at a time, without holding the engine
        self._relevance: RelevanceModel | None = None
        # src.graph.candidates.AnswerExtractor; built on first use unless one is shared in
        self._extractor: Any = answer_extractor
        self._audit: Any = None
        self._groups: list[list[str]] | None = None

    @classmethod
    def open(cls, settings: Settings, *, data: Path | None = None, chunks: Path | None = None,
             index_dir: Path | None = None, llm_claims: bool = True) -> AnswerService:
        """Resolve the corpus, build or load its index, and wire the configured models."""
        from src.fusion.engine import SearchEngine
        from src.graph.llm_extract import make_extractor
        from src.llm import make_llm
        from src.pipelines.corpus import resolve_chunks

        llm = make_llm(settings.models)
        engine = SearchEngine.open(resolve_chunks(data, chunks, settings), settings, index_dir=index_dir, llm=llm)
        return cls(engine, settings, llm=llm, extractor=make_extractor(settings.models) if llm_claims else None)

    @property
    def authority(self) -> dict[str, float]:
        return {name: self.engine.authority(name) for name in self.engine.sources}

    def _relevance_model(self) -> RelevanceModel:
        if self._relevance is None:
            self._relevance = RelevanceModel(self.engine.chunks)
        return self._relevance

    # -- the LLM --------------------------------------------------------------------------
    @property
    def uses_llm(self) -> bool:
        return self.llm is not None or isinstance(self.extractor, LLMClaimExtractor)

    def budget(self, *, deadline: bool = True) -> LLMBudget:
        """One request's LLM allowance: the configured deadline (none for a corpus audit) and
        the breaker this service's requests share."""
        llm = self.llm if self.llm is not None else getattr(self.extractor, "llm", None)
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
        from src.fusion.engine import clean_query

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

    # -- retrieval ---------------------------------------------------------------------
    def retrieve(self, query: str, config: FusionConfig, *, graph_topn: int = 12, with_graph: bool = True,
                 assess: bool = False, counter_limit: int = COUNTER_LIMIT, budget: LLMBudget | None = None) -> Retrieval:
        from src.graph.counter import counter_evidence, engine_contradiction_groups
        from src.graph.llm_extract import checked_graph

        budget = budget or self.budget()
        rewrite = self._rewrite(query, config, budget)
        counter: list[ScoredChunk] = []
        with self.lock:
            result = self.engine.search(query, config, rewrite=rewrite)
            timings = dict(result.timings_ms)
            evidence = result.results[:graph_topn]
            if with_graph and counter_limit > 0:
                if self._groups is None:
                    self._groups = engine_contradiction_groups(self.engine)
                counter = counter_evidence(evidence, self._groups, self.engine.by_id, counter_limit)
        graph = relevance = None
        notices: tuple[str, ...] = ()
        if with_graph:
            t0 = time.perf_counter()
            extractor = self._claims_extractor([s.chunk for s in evidence + counter], budget)
            with self.lock:
                graph, note = checked_graph(evidence + counter, extractor, source_weights=self.authority,
                                            embed_model=self.engine.embed_model)
            notices = (note,) if note else ()
            timings["graph"] = (time.perf_counter() - t0) * 1000
            timings["total"] = timings.get("total", 0.0) + timings["graph"]
        if assess:
            keys = [(k.key, *k.aliases) for k in graph.keys] if graph is not None else []
            with self.lock:
                relevance = self._relevance_model().assess(result.query, result.results, keys)
        return Retrieval(result, graph, relevance, timings, tuple(counter), notices)

    def audit(self) -> Any:
        """The whole corpus's contradictions (``graph`` command), computed once. An LLM
        extractor's replies are fetched without the engine lock (no deadline; the breaker)."""
        from src.graph import audit_corpus
        from src.graph.counter import groups_of

        with self._audit_lock:
            if self._audit is None:
                extractor = self._claims_extractor(self.engine.chunks, self.budget(deadline=False))
                with self.lock:
                    self._audit = audit_corpus(self.engine.chunks, source_weights=self.authority,
                                               extractor=extractor, embed_model=self.engine.embed_model)
                    if self._groups is None:  # questions after it take their counter-evidence from it
                        self._groups = groups_of(self._audit)
            return self._audit

    def answer_extractor(self) -> Any:
        """The question-driven extractor: the corpus embedder (its cached query vectors) and the
        configured entity pipeline."""
        from src.graph.candidates import make_extractor

        if self._extractor is None:
            model = self.engine.embed_model
            self._extractor = make_extractor(self.settings.models.nlp, model,
                                             self.engine.embed_query if model is not None else None,
                                             span_ranker=self.settings.models.span_ranker)
        return self._extractor

    def answer_set(self, question: str, chunks: list[Any]) -> Any:
        """The typed answers the chunks give to the question, judged (``src.graph.answer_set``).
        Call under ``self.lock``."""
        from src.graph.answer_set import judge_answers, mentioned_by
        from src.graph.candidates import idf_weights
        from src.graph.question import analyse_question

        q = analyse_question(question)
        unique = list({c.id: c for c in chunks}.values())
        candidates = self.answer_extractor().candidates(q, unique)
        return judge_answers(q, candidates, self.authority, idf=idf_weights(unique), mentions=mentioned_by(unique))

    # -- answering ---------------------------------------------------------------------
    def ask(self, query: str, options: AskOptions | None = None) -> tuple[Answer, Retrieval]:
        options = options or AskOptions()
        t0 = time.perf_counter()
        budget = self.budget()
        ret = self.retrieve(query, options.config, graph_topn=options.graph_topn, assess=True,
                            counter_limit=options.counter_evidence, budget=budget)
        timings = dict(ret.timings_ms)
        rel = ret.relevance
        assert rel is not None
        question = ret.result.query
        graph_chunks = [s.chunk for s in ret.result.results[:options.graph_topn]] + [s.chunk for s in ret.counter]
        with self.lock:
            aset = self.answer_set(question, graph_chunks)
        if not rel.relevant and aset.answers and subject_named(aset):
            rel = rel.vouched(f"the evidence names {aset.question.subject!r} and gives a {aset.question.atype.value} "
                              f"for it ({aset.answers[0].value})")
        elif rel.relevant and not aset.answers and aset.question.named_subject:
            with self.lock:
                unnamed = self._relevance_model().unnamed(aset.question.subject_terms, ret.result.results)
            if unnamed:
                rel = rel.refuted(f"no evidence sentence gives a {aset.question.atype.value} for the question, and "
                                  f"the evidence never mentions {', '.join(unnamed)}")
        if not rel.relevant:
            answer = Answer(question, "The knowledge base has nothing that answers this question, so no answer is "
                                      f"given rather than a guess ({rel.reason}).", (),
                            Verdict("insufficient_data", rel.reason.capitalize() + ".", None),
                            tuple(_llm_warnings(budget, ret, "no answer is given")), method="none",
                            relevance=rel.to_json(), timings_ms=_total(timings, t0),
                            question=_question_json(aset), llm_status=self._llm_status(budget))
            return answer, ret
        evidence = list(ret.result.results) + list(ret.counter)
        authority = self.authority
        words = set(_WORD.findall(question.lower()))
        typed = bool(aset.answers)
        with self.lock:  # the stemmer behind key matching is shared
            q_terms = question_terms(question)
            focus = [] if typed else select_keys(q_terms, ret.graph.keys, self._relevance_model().idf, words)
            citer = Citer()
            if typed:
                text = answer_from_set(aset, authority, citer)
            else:
                text = answer_from_claims(focus, authority, citer) or answer_from_chunks(evidence, q_terms, terms, citer)
        first = citer.order[0] if citer.order else None
        if typed:
            verdict = verdict_from_set(aset, authority)
            answers = tuple(a.to_json() for a in aset.answers)
            ret = replace(ret, graph=ret.graph.with_key_first(aset.key)) if ret.graph is not None else ret
        else:
            verdict = make_verdict(focus, authority, citer.sentence.get(first) if first else None, len(evidence))
            answers = answers_from_focus(focus)
        by_id = {s.id: s for s in evidence}
        cited = [(cid, citer.sentence[cid]) for cid in citer.order]
        method, llm_name = "extractive", None
        if self.llm is not None:
            shown = evidence[:options.llm_evidence]
            graph_keys = ret.graph.to_json()["keys"] if ret.graph is not None else []
            messages = build_messages(question, shown, graph_keys, self.engine.authority)
            texts = [s.chunk.text for s in shown]
            expected = aset.status if typed else focus_status(focus) if focus else None
            scope = _scope_check(aset) if typed else _focus_scope_check(focus)
            t1 = time.perf_counter()
            reply, _ = generate(self.llm, messages, lambda r: parse_answer_reply(r, texts, expected, scope), budget)
            timings["llm"] = (time.perf_counter() - t1) * 1000
            llm_name = getattr(self.llm, "name", "llm")
            if reply is not None:
                method, text, verdict = "llm", reply.answer, reply.verdict
                cited = [(shown[n - 1].id, _lead(shown[n - 1].chunk.text)) for n in reply.cited]
                text = _renumber(text, {n: i for i, n in enumerate(reply.cited, 1)})
        warnings = (set_warnings(aset) if typed else []) + make_warnings(
            focus, [cid for cid, _ in cited], evidence, authority, query_versions(question)) + _llm_warnings(
            budget, ret, "this answer is extractive" if method != "llm" else "parts of it come from the offline path")
        citations = tuple(Citation(n, cid, by_id[cid].source, authority.get(by_id[cid].source, 1.0),
                                   str(by_id[cid].chunk.metadata.get("title") or ""), sentence)
                          for n, (cid, sentence) in enumerate(cited, 1))
        others = [k for k in (ret.graph.keys if ret.graph is not None else ())
                  if k.status == "contradiction" and not (typed and k.key == aset.key.key)]
        answer = Answer(question, text, citations, verdict, tuple(warnings), method=method, llm=llm_name,
                        relevance=rel.to_json(), timings_ms=_total(timings, t0), answers=answers,
                        question=_question_json(aset), llm_status=self._llm_status(budget),
                        other_conflicts=tuple({"key": k.key, "explanation": k.explanation} for k in others))
        return answer, ret

    def _llm_status(self, budget: LLMBudget) -> dict[str, Any] | None:
        return budget.report() if self.uses_llm else None


def _llm_warnings(budget: LLMBudget, ret: Retrieval, outcome: str) -> list[Warning]:
    """The LLM fell back (once, whatever failed) and the LLM's and the offline claims disagree."""
    out = [Warning("claims_disagree", note[0].upper() + note[1:] + ".") for note in ret.notices]
    if budget.fell_back:
        out.append(Warning("llm_fallback", f"{budget.reason}; {outcome}."))
    return out


def _scope_check(aset: Any) -> ScopeCheck | None:
    """The question names a scope: the answer set's values (all of that scope)."""
    if not aset.question.scope or not aset.answers:
        return None
    return ScopeCheck(scope_label(aset.question.scope),
                      tuple(a.value if parse_value(a.value) else a.normalized for a in aset.answers))


def _focus_scope_check(focus: list[Any]) -> ScopeCheck | None:
    """The question's words narrowed every key to its scope: the values of those claims."""
    if not focus or any(len(f.claims) == len(f.key.claims) for f in focus):
        return None
    claims = [c for f in focus for c in f.claims]
    return ScopeCheck(" or ".join(dict.fromkeys(scope_label(c.scope) for c in claims if c.scope)) or "the scope asked",
                      tuple(c.value for c in claims))


def _question_json(aset: Any) -> dict[str, Any]:
    q = aset.question
    return {"type": q.atype.value, "subject": q.subject, "key": q.key, "scope": dict(q.scope)}


def _lead(text: str) -> str:
    s = " ".join(text.split())
    return s if len(s) <= CITATION_CHARS else s[:CITATION_CHARS].rsplit(" ", 1)[0] + " ..."


def _renumber(text: str, mapping: dict[int, int]) -> str:
    """The model cites evidence numbers; citations are numbered 1.. in order of first use."""
    return re.sub(r"\[(\d+)\]", lambda m: f"[{mapping.get(int(m.group(1)), int(m.group(1)))}]", text)


def _total(timings: dict[str, float], t0: float) -> dict[str, float]:
    return {**timings, "answer_total": (time.perf_counter() - t0) * 1000}
