"""The application service: one corpus, opened once, answered by every front end.

``AnswerService.open`` resolves a corpus (settings, chunks file, index, models, with a progress
callback); the service owns the corpus's authority map, its audit and the counter-evidence the
audit gives, and builds every claim graph. ``fusion``, ``ask``, ``graph``, ``eval``, ``serve``,
``mcp``, the agent tool and the benchmarks all go through it. Its claim reading and answer set
(``src.answer.claim_reading``), its corpus audit (``src.answer.corpus_audit``) and its LLM calls
(``src.answer.llm_use``) are mixins it inherits; a retrieval's record and the chunks read beyond
its top results are in ``src.answer.retrieval``.

Thread safety: the search engine (its query-embedding cache, FAISS and BM25 scratch state)
and the claim-graph and answer-set builders (the embedder and its vector caches) are not
thread-safe, so every call into them runs under ``self.lock``, one ``threading.Lock``:
concurrent requests are accepted, and retrieve and build graphs one at a time. Pure code (the
relevance rule, key matching, the extractive answer) runs outside it: the text toolkit
(``src/text.py``) gives every call its own stemmer. The service has no module-level state. No LLM call
(network-bound; the OpenAI client is thread-safe) ever runs under the lock: the LLM's query
variants, claims and typed answers are fetched before it is taken, the answer after it is
released, so a slow or hanging LLM delays only the requests that use it.

LLM use: each question gets an ``LLMBudget`` (``models.llm_deadline_s``, and the service's
``CircuitBreaker`` shared by all requests, backing off ``models.llm_backoff_s`` after two
failures in a row); past it, the offline path answers and the answer's ``llm_status`` and
``llm_fallback`` warning say why.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..adapters import as_llm, check_embedder
from ..config import UNKNOWN_SOURCE, Settings
from ..fusion.options import FusionConfig
from ..fusion.priors import query_versions
from ..graph.counter import DEFAULT_LIMIT as COUNTER_LIMIT
from ..graph.counter import counter_evidence
from ..graph.llm_extract import LLMClaimExtractor
from ..graph.question import MEASURED_TYPES
from ..llm import CircuitBreaker, LLMBudget
from ..text import tokens
from ..types import LLM, Chunk, Embedder, KeyStatus, ScoredChunk, VerdictStatus
from .claim_reading import ClaimReading
from .compose import (
    focus_scope_check,
    lead,
    llm_warnings,
    question_json,
    renumber,
    scope_check,
    total_timings,
)
from .corpus_audit import CorpusAudit
from .extractive import Citer, answer_from_chunks, answer_from_claims, answer_from_set
from .generate import build_messages, generate, parse_answer_reply
from .llm_use import LLMUse
from .model import Answer, Citation, Verdict
from .relevance import RelevanceModel, question_terms, terms
from .retrieval import AskOptions, Retrieval, named_voices, source_voices, unwritten_names
from .verdict import (
    answer_meant,
    answers_from_focus,
    focus_status,
    make_verdict,
    make_warnings,
    select_keys,
    set_warnings,
    subject_named,
    verdict_from_set,
)

if TYPE_CHECKING:
    from ..claims.candidate import Candidate
    from ..fusion.engine import SearchEngine


@dataclass(frozen=True)
class ChunksOnly:
    """A corpus opened without its search indexes (``open(..., search=False)``): what the corpus
    audit reads. A ``SearchEngine`` has the same three attributes."""

    chunks: Sequence[Chunk]
    embed_model: Embedder | None
    index_dir: Path | None


class AnswerService(ClaimReading, CorpusAudit, LLMUse):
    """One corpus and its models. ``engine`` is a ``SearchEngine`` (or, for a corpus audit alone,
    a ``ChunksOnly``); ``extractor`` the LLM claim extractor (None: the offline rules);
    ``answer_llm`` the LLM that gives the typed answers (None: the offline answer extractor)."""

    def __init__(self, engine: SearchEngine | ChunksOnly, settings: Settings, *, llm: LLM | None = None,
                 extractor: LLMClaimExtractor | None = None,
                 answer_extractor: Any = None, breaker: CircuitBreaker | None = None,
                 chunks_path: Path | None = None, answer_llm: LLM | None = None) -> None:
        self.engine = engine
        self.settings = settings
        self.llm = as_llm(llm)  # a LlamaIndex LLM is wrapped (src/adapters.py)
        self.extractor = extractor  # None: the offline claim extractor
        self.answer_llm = as_llm(answer_llm)  # None: the offline answer extractor (src/graph/llm_answers.py)
        self.chunks_path = chunks_path
        self.chunks: list[Chunk] = list(engine.chunks)
        self.by_id = {c.id: c for c in self.chunks}
        self.embed_model = engine.embed_model
        self.index_dir: Path | None = getattr(engine, "index_dir", None)
        # source -> authority weight, for every source of the corpus: the one map graphs, answers
        # and the audit weigh with (read-only, so requests share it)
        self.authority: Mapping[str, float] = MappingProxyType(
            {name: (settings.source(name) or UNKNOWN_SOURCE).weight for name in sorted({c.source for c in self.chunks})})
        self.breaker = breaker or CircuitBreaker(backoff_s=settings.models.llm_backoff_s)
        self.lock = threading.Lock()  # the engine's search and the claim-graph builder are not thread-safe
        self._audit_lock = threading.Lock()  # one corpus audit at a time, without holding the engine
        self._groups_lock = threading.Lock()  # computes the counter-evidence groups once
        self._once = threading.Lock()  # builds the relevance model once
        self._relevance: RelevanceModel | None = None
        # src.claims.extractor.AnswerExtractor; built on first use unless one is shared in
        self._extractor: Any = answer_extractor
        self._audits: dict[bool, Any] = {}  # every_key -> the corpus audit (a ClaimGraph)
        self._groups: list[list[str]] | None = None
        self._setting_claims: dict[str, list[Any]] | None = None
        self._setting_index: Callable[[Candidate], str | None] | None = None  # ``_setting_of``, built once
        self._setting_index_built = False
        self._entry_names: re.Pattern[str] | None = None
        self._entry_names_found = False
        self._word_weight: Callable[[str], float] | None = None
        self._vectors: dict[str, Any] = {}  # text vectors: setting descriptions, claims' sentences (_embed_texts)

    @classmethod
    def open(cls, settings: Settings, *, data: Path | None = None, chunks: Path | None = None,
             index_dir: Path | None = None, progress: Callable[[int, int], None] | None = None,
             on_warning: Callable[[Any], None] | None = None, search: bool = True,
             llm_claims: bool = True, rebuild: bool = False, llm: Any = None, embed_model: Any = None,
             vector_store: Callable[[str], Any] | None = None) -> AnswerService:
        """Resolve the corpus (``--data``/``--chunks``, re-ingesting a changed folder), build or
        update its index (``progress(done, total)`` while embedding) and load it with the configured
        embedder, LLM and claim extractor. ``search=False`` skips the indexes: the corpus audit
        needs only the chunks and the embedder.

        Objects given replace the configured ones (docs/llamaindex.md): ``llm`` (a LlamaIndex LLM,
        or an ``LLM``) rewrites, extracts claims, gives typed answers and writes the answer;
        ``embed_model`` (a LlamaIndex ``BaseEmbedding`` with a ``model_name``) embeds; ``vector_store``,
        ``factory(source) -> BasePydanticVectorStore``, holds each source's vectors."""
        from ..fusion.engine import SearchEngine, default_index_dir
        from ..fusion.user_store import StoreFactoryBackend
        from ..graph.llm_extract import make_extractor
        from ..llm import make_llm
        from ..pipelines.corpus import resolve_chunks

        llm = as_llm(llm)
        embed_model = check_embedder(embed_model) if embed_model is not None else None
        chunks_path = resolve_chunks(data, chunks, settings, on_warning=on_warning)
        extractor = (LLMClaimExtractor(llm) if llm is not None else make_extractor(settings.models)) \
            if llm_claims else None
        if not search:
            from ..embeddings import embed_model_from
            from ..pipelines.chunks_io import read_chunks

            corpus = ChunksOnly(read_chunks(chunks_path), embed_model or embed_model_from(settings.models),
                                index_dir or default_index_dir(chunks_path))
            return cls(corpus, settings, extractor=extractor, chunks_path=chunks_path)
        llm = llm or make_llm(settings.models)
        backend = StoreFactoryBackend(vector_store) if vector_store is not None else None
        engine = SearchEngine.open(chunks_path, settings, index_dir=index_dir, llm=llm, progress=progress,
                                   rebuild=rebuild, embed_model=embed_model, backend=backend)
        return cls(engine, settings, llm=llm, extractor=extractor, chunks_path=chunks_path, answer_llm=llm)

    @classmethod
    def from_chunks(cls, chunks: Sequence[Chunk], settings: Settings, *, index_dir: Path, embed_model: Any,
                    answer_extractor: Any = None, llm: LLM | None = None, extractor: LLMClaimExtractor | None = None,
                    breaker: CircuitBreaker | None = None) -> AnswerService:
        """A corpus given as chunks (a RAMDocs question's documents), indexed in ``index_dir`` with
        the models loaded once for many such corpora: the embedder, the answer extractor and, when
        one is configured, the LLM (``make_llm``), its claim extractor and its circuit breaker, so
        a dead server costs two calls in all, not two per corpus."""
        from ..fusion.engine import SearchEngine

        engine = SearchEngine.from_chunks(chunks, settings, index_dir=index_dir, embed_model=embed_model, llm=llm)
        return cls(engine, settings, llm=llm, extractor=extractor, answer_extractor=answer_extractor, breaker=breaker,
                   answer_llm=llm)

    def _relevance_model(self) -> RelevanceModel:
        """The corpus's term statistics, counted on first use (once, whichever request comes first)."""
        if self._relevance is None:
            with self._once:
                if self._relevance is None:
                    self._relevance = RelevanceModel(self.chunks)
        return self._relevance

    # -- retrieval and graphs ----------------------------------------------------------
    def retrieve(self, query: str, config: FusionConfig, *, graph_topn: int = 12, with_graph: bool = True,
                 assess: bool = False, counter_limit: int = COUNTER_LIMIT, budget: LLMBudget | None = None) -> Retrieval:
        """Search, then (``with_graph``) the claim graph of the top ``graph_topn`` results and the
        counter-evidence the corpus audit adds to them; ``assess``: the relevance rule's verdict."""
        budget = budget or self.budget()
        rewrite = self._rewrite(query, config, budget)
        with self.lock:
            result = self.engine.search(query, config, rewrite=rewrite)
        timings = dict(result.timings_ms)
        graph = relevance = None
        counter: list[ScoredChunk] = []
        notices: tuple[str, ...] = ()
        voices = source_voices(result, graph_topn) if with_graph else []
        if with_graph:
            voices += named_voices(result, graph_topn, self.asked_names(result.query, [s.chunk for s in result.pool]),
                                   {s.id for s in voices}, self._relevance_model().rare(result.query))
            t0 = time.perf_counter()
            graph, counter, voices, notices = self.claim_graph(result.results[:graph_topn], budget=budget,
                                                               counter_limit=counter_limit, voices=voices)
            timings["graph"] = (time.perf_counter() - t0) * 1000
            timings["total"] = timings.get("total", 0.0) + timings["graph"]
        if assess:
            keys = [(k.key, *k.aliases) for k in graph.keys] if graph is not None else []
            relevance = self._relevance_model().assess(result.query, result.results, keys)
        return Retrieval(result, graph, relevance, timings, tuple(counter), notices, tuple(voices))

    def claim_graph(self, evidence: list[ScoredChunk], *, budget: LLMBudget | None = None,
                    counter_limit: int = COUNTER_LIMIT, voices: Sequence[ScoredChunk] = ()
                    ) -> tuple[Any, list[ScoredChunk], list[ScoredChunk], tuple[str, ...]]:
        """The claim graph of ``evidence`` and ``voices`` (``source_voices``) plus up to
        ``counter_limit`` chunks of counter-evidence to ``evidence``: (graph, the counter-evidence,
        the voices read besides it, notices when the LLM's and the offline claims disagree)."""
        from ..claims.answer import by_setting
        from ..claims.audit import older_documents, question_keys, setting_keys
        from ..claims.corpus_reading import read_corpus
        from ..graph.llm_extract import checked_graph

        counter = (counter_evidence(evidence, self.contradiction_groups(), self.by_id, counter_limit)
                   if counter_limit > 0 else [])
        countered = {c.id for c in counter}
        voices = [s for s in voices if s.id not in countered]  # read once, as counter-evidence
        evidence = [*evidence, *voices]
        extractor = self._claims_extractor([s.chunk for s in evidence + counter], budget or self.budget())
        read = [s.chunk for s in evidence + counter]
        settings = by_setting(read_corpus(read, settings_only=True, by_id=self.by_id, known=self.entry_names()))
        with self.lock:
            graph, note = checked_graph(evidence + counter, extractor, source_weights=self.authority,
                                        embed_model=self.embed_model, settings=settings)
            judged = question_keys(graph.keys, self.authority, older_documents(read), self._embed_texts())
        own = setting_keys(settings, self.authority, contradictions_only=False)  # the reader's settings
        if own or any(new is not old for new, old in zip(judged, graph.keys, strict=True)):
            graph = graph.with_keys(judged, added=own)
        return graph, counter, voices, (note,) if note else ()

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
        graph_chunks = [s.chunk for s in ret.result.results[:options.graph_topn] + ret.beyond]
        typed_answers = self._typed_answers(question, graph_chunks, budget)  # the LLM's, outside the lock
        with self.lock:
            aset = self.answer_set(question, graph_chunks, typed_answers, ret.graph)
        if not rel.relevant and aset.answers and subject_named(aset):
            rel = rel.vouched(f"the evidence names {aset.question.subject!r} and gives a {aset.question.atype.value} "
                              f"for it ({aset.answers[0].value})")
        elif not rel.relevant and answer_meant(aset):
            rel = rel.vouched(f"an evidence sentence close in meaning to the question gives a "
                              f"{aset.question.atype.value} ({aset.stated[0].value})")
        elif rel.relevant and not aset.answers and (absent := unwritten_names(question, ret.result)):
            rel = rel.refuted(f"no evidence sentence gives a {aset.question.atype.value} for the question, and "
                              f"the knowledge base never writes {', '.join(absent)}")
        elif rel.relevant and not aset.answers and aset.question.named_subject:
            unnamed = self._relevance_model().unnamed(aset.question.subject_terms, ret.result.results)
            if unnamed:
                rel = rel.refuted(f"no evidence sentence gives a {aset.question.atype.value} for the question, and "
                                  f"the evidence never mentions {', '.join(unnamed)}")
        typed = bool(aset.answers)
        q_terms = question_terms(question)
        focus = [] if typed or not rel.relevant else \
            select_keys(q_terms, ret.graph.keys, self._relevance_model().idf, tokens(question))
        if rel.relevant and not typed and aset.question.atype in MEASURED_TYPES:
            # "How much is the Gold tier?": a fact of another type ("sync: 10 seconds") is no answer
            focus = [f for f in focus if self._states_type(aset.question, f)]
            if not focus:
                rel = rel.refuted(f"no evidence sentence or claim gives a {aset.question.atype.value} for the question")
        if not rel.relevant:
            answer = Answer(question, "The knowledge base has nothing that answers this question, so no answer is "
                                      f"given rather than a guess ({rel.reason}).", (),
                            Verdict(VerdictStatus.INSUFFICIENT_DATA, rel.reason.capitalize() + ".", None),
                            tuple(llm_warnings(budget, ret.notices, "no answer is given")), method="none",
                            relevance=rel.to_json(), timings_ms=total_timings(timings, t0),
                            question=question_json(aset), llm_status=self._llm_status(budget))
            return answer, ret
        evidence = list({s.id: s for s in [*ret.result.results, *ret.beyond]}.values())
        authority = self.authority
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
        for cid in citer.order:  # a setting's claims read beyond the evidence (src/claims/answer.py)
            if cid not in by_id and cid in self.by_id:
                by_id[cid] = ScoredChunk(self.by_id[cid], 0.0)
        cited = [(cid, citer.sentence[cid]) for cid in citer.order]
        method, llm_name = "extractive", None
        if self.llm is not None:
            shown = evidence[:options.llm_evidence]
            graph_keys = ret.graph.to_json()["keys"] if ret.graph is not None else []
            messages = build_messages(question, shown, graph_keys, self.engine.authority)
            texts = [s.chunk.text for s in shown]
            expected = aset.status if typed else focus_status(focus) if focus else None
            scope = scope_check(aset) if typed else focus_scope_check(focus)
            t1 = time.perf_counter()
            reply, _ = generate(self.llm, messages, lambda r: parse_answer_reply(r, texts, expected, scope), budget)
            timings["llm"] = (time.perf_counter() - t1) * 1000
            llm_name = getattr(self.llm, "name", "llm")
            if reply is not None:
                method, text, verdict = "llm", reply.answer, reply.verdict
                cited = [(shown[n - 1].id, lead(shown[n - 1].chunk.text)) for n in reply.cited]
                text = renumber(text, {n: i for i, n in enumerate(reply.cited, 1)})
        warnings = (set_warnings(aset) if typed else []) + make_warnings(
            focus, [cid for cid, _ in cited], evidence, authority, query_versions(question)) + llm_warnings(
            budget, ret.notices, "this answer is extractive" if method != "llm" else "parts of it come from the offline path")
        citations = tuple(Citation(n, cid, by_id[cid].source, authority.get(by_id[cid].source, 1.0),
                                   str(by_id[cid].chunk.metadata.get("title") or ""), sentence)
                          for n, (cid, sentence) in enumerate(cited, 1))
        others = [k for k in (ret.graph.keys if ret.graph is not None else ())
                  if k.status == KeyStatus.CONTRADICTION and not (typed and k.key in (aset.key.key, *aset.facts))]
        answer = Answer(question, text, citations, verdict, tuple(warnings), method=method, llm=llm_name,
                        relevance=rel.to_json(), timings_ms=total_timings(timings, t0), answers=answers,
                        question=question_json(aset), llm_status=self._llm_status(budget),
                        other_conflicts=tuple({"key": k.key, "explanation": k.explanation} for k in others))
        return answer, ret
