"""The application service: one corpus, opened once, answered by every front end.

``AnswerService.open`` resolves a corpus (settings, chunks file, index, models, with a progress
callback); the service owns the corpus's authority map, its audit and the counter-evidence the
audit gives, and builds every claim graph. ``fusion``, ``ask``, ``graph``, ``eval``, ``serve``,
``mcp``, the agent tool and the benchmarks all go through it.

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

import logging
import re
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..adapters import as_llm, check_embedder
from ..claims.names import asked_names, name_pattern, naming
from ..config import UNKNOWN_SOURCE, Settings
from ..errors import ModelUnavailable
from ..fusion.options import FusionConfig, SearchResult
from ..fusion.output import result_json
from ..fusion.priors import query_versions
from ..fusion.rewrite import REWRITE_PROMPT, parse_variants
from ..graph.counter import (
    AUDIT_DIR,
    AUTO_AUDIT_MAX_CHUNKS,
    contradiction_groups,
    counter_evidence,
    groups_of,
)
from ..graph.counter import DEFAULT_LIMIT as COUNTER_LIMIT
from ..graph.llm_extract import LLMClaimExtractor
from ..graph.question import MEASURED_TYPES, Question
from ..llm import CircuitBreaker, LLMBudget
from ..progname import prog_name
from ..text import tokens
from ..types import LLM, Chunk, Embedder, KeyStatus, ScoredChunk, VerdictStatus
from .compose import (
    focus_scope_check,
    lead,
    llm_warnings,
    question_json,
    renumber,
    scope_check,
    total_timings,
)
from .extractive import Citer, answer_from_chunks, answer_from_claims, answer_from_set
from .generate import build_messages, generate, parse_answer_reply
from .model import Answer, Citation, Verdict
from .relevance import Relevance, RelevanceModel, question_terms, terms
from .verdict import (
    Focus,
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
    from ..graph.answer_set import AnswerValue
    from ..graph.model import ClaimGraph

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class AskOptions:
    config: FusionConfig = field(default_factory=lambda: FusionConfig(k=8))
    graph_topn: int = 8  # chunks the claim graph reads
    llm_evidence: int = 6  # chunks the LLM sees, numbered
    counter_evidence: int = COUNTER_LIMIT  # chunks the corpus audit adds to the graph (src/graph/counter.py)


@dataclass(frozen=True)
class Retrieval:
    result: SearchResult
    graph: ClaimGraph | None
    relevance: Relevance | None
    timings_ms: dict[str, float]
    counter: tuple[ScoredChunk, ...] = ()  # chunks the graph read beyond the results (counter-evidence)
    notices: tuple[str, ...] = ()  # the LLM's and the offline rules' claims disagree on a contradiction
    voices: tuple[ScoredChunk, ...] = ()  # each source's best chunk the authority prior put below the cut

    @property
    def beyond(self) -> list[ScoredChunk]:
        """Chunks the graph read besides the top results: the sources' own voices, then counter-evidence."""
        return [*self.voices, *self.counter]

    def to_json(self, graph_html: str | None = None) -> dict[str, Any]:
        """The SPEC section 4 (``fusion --json``) object."""
        graph = self.graph.to_json(html_path=graph_html) if self.graph is not None else None
        if graph is not None:
            graph["counter_evidence"] = [s.id for s in self.counter]
            graph["source_evidence"] = [s.id for s in self.voices]
            if self.notices:
                graph["notices"] = [*graph.get("notices", []), *self.notices]
        return result_json(self.result, graph=graph, graph_on=self.graph is not None, timings_ms=self.timings_ms)


def source_voices(result: SearchResult, n: int) -> list[ScoredChunk]:
    """The best chunk of each source that has none among the top ``n`` results although its
    relevance (the fused score, before authority and priors) ranks among the top ``n``: the
    claim graph compares what every source says, and authority judges the answer, not whether a
    source is read at all (a forum reply giving another maintenance day, ranked 10th behind docs)."""
    def relevance(s: ScoredChunk) -> float:
        return s.scores.get("fusion", s.score)

    top = result.results[:n]
    sources = {s.source for s in top}
    ids = {s.id for s in top}
    ranked = sorted(result.pool, key=lambda s: (-relevance(s), s.id))[:n]
    out = []
    for s in ranked:
        if s.source not in sources and s.id not in ids:
            out.append(s)
            sources.add(s.source)
    return out


NAMED_LIMIT = 3  # chunks below the cut naming what the question names as code, read besides the results


def named_voices(result: SearchResult, n: int, names: Sequence[str], taken: set[str],
                 rare: frozenset[str] = frozenset()) -> list[ScoredChunk]:
    """Up to ``NAMED_LIMIT`` chunks of the fused pool below the top ``n`` (and not in ``taken``)
    that name one of ``names`` (``AnswerService.asked_names``) or use one of the ``rare`` terms
    (``RelevanceModel.rare``), the most relevant first: the changelog entry adding an option the
    question names ("authselectmode", "Zstandard") may rank below a manual's pages that share the
    question's other words."""
    if not names and not rare:
        return []
    read = {s.id for s in result.results[:n]} | taken
    below = [s.chunk for s in result.pool if s.id not in read]
    named = (naming(below, names) if names else set()) | {c.id for c in below if rare & terms(c.text)}
    ranked = sorted((s for s in result.pool if s.id in named), key=lambda s: (-s.scores.get("fusion", s.score), s.id))
    return list({s.id: s for s in ranked}.values())[:NAMED_LIMIT]


def _opens_entry(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` opens a line of a few words that is no wrapped sentence: a man page's
    entry ("authselectmode mode") or a directive ("#maxpoll 10"), not "username and password."."""
    before, after = text[:start].rpartition("\n")[2], text[end:].partition("\n")[0].rstrip()
    sentence_end = len(after) > 1 and after[-1] in ".,;:!?" and after[-2].islower()
    return not before.strip(" \t#") and len(after.split()) <= 3 and not sentence_end


def unwritten_names(question: str, result: SearchResult) -> list[str]:
    """The setting identifiers and options ``question`` writes as code (``checkpoint_segments``,
    ``--foo-bar``) that no chunk the search found writes: the knowledge base does not document
    them, so a value of a setting sharing their words ("checkpoint_completion_target") is none."""
    names = [n for n in asked_names(question) if "_" in n or "." in n or n.startswith("-")]
    if not names:
        return []
    written = naming([s.chunk for s in [*result.pool, *result.results]], names)
    return [] if written else names


@dataclass(frozen=True)
class ChunksOnly:
    """A corpus opened without its search indexes (``open(..., search=False)``): what the corpus
    audit reads. A ``SearchEngine`` has the same three attributes."""

    chunks: Sequence[Chunk]
    embed_model: Embedder | None
    index_dir: Path | None


class AnswerService:
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

    # -- the LLM --------------------------------------------------------------------------
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

    def contradiction_groups(self) -> list[list[str]]:
        """Chunk ids on the sides of each contradiction of the corpus audit, computed once: this
        service's audit, else the one saved beside the index, else a fresh offline audit.

        The audit costs seconds (2,000 SciFact chunks: 7.4 s here, 5,183: 20 s), too long for a
        question to wait unannounced, so a corpus of more than ``AUTO_AUDIT_MAX_CHUNKS`` is
        audited only by the ``graph`` command, which saves the result; until then questions get
        no counter-evidence, and say so. A corpus audit running meanwhile does not hold it up."""
        if self._groups is not None:
            return self._groups
        with self._groups_lock:
            if self._groups is None:
                cache_dir = self.index_dir / AUDIT_DIR if self.index_dir is not None else None
                with self.lock:  # a fresh audit builds a claim graph
                    groups = contradiction_groups(self.chunks, source_weights=self.authority, embed_model=self.embed_model,
                                                  cache_dir=cache_dir,
                                                  compute=len(self.chunks) <= AUTO_AUDIT_MAX_CHUNKS)
                if groups is None:
                    log.warning("no counter-evidence: %d chunks are too many to audit for one question; run "
                                "`%s graph` once on this corpus and later questions use its saved audit",
                                len(self.chunks), prog_name())
                self._groups = groups or []
            return self._groups

    def audit(self, *, every_key: bool = False, save: bool = False,
              progress: Callable[[int, int], None] | None = None) -> Any:
        """The whole corpus's contradictions, most severe first (``every_key``: every key), computed
        once. ``save`` keeps its contradiction groups beside the index, where later questions on the
        corpus find their counter-evidence. An LLM extractor's replies are fetched without the
        engine lock (no deadline; the breaker). ``progress(done, total)`` while claims are extracted."""
        from ..graph import audit_corpus
        from ..graph.counter import save_audit

        with self._audit_lock:
            if every_key not in self._audits:
                extractor = self._claims_extractor(self.chunks, self.budget(deadline=False))
                with self.lock:
                    self._audits[every_key] = audit_corpus(self.chunks, source_weights=self.authority,
                                                           extractor=extractor, embed_model=self.embed_model,
                                                           only_contradictions=not every_key, progress=progress,
                                                           settings=self.setting_claims())
                if self._groups is None:  # questions after it take their counter-evidence from it
                    self._groups = groups_of(self._audits[every_key])
            audit = self._audits[every_key]
        if save and self.index_dir is not None:
            save_audit(audit, self.chunks, source_weights=self.authority, embed_model=self.embed_model,
                       cache_dir=self.index_dir / AUDIT_DIR)
        return audit

    def audit_json(self) -> dict[str, Any]:
        """The corpus audit's contradictions as the ``graph --json`` object."""
        return self.audit().to_json()

    def answer_extractor(self) -> Any:
        """The question-driven extractor: the corpus embedder (its cached query vectors) and the
        configured entity pipeline."""
        from ..claims.extractor import make_extractor

        if self._extractor is None:
            with self._once:  # built once, whichever request comes first
                if self._extractor is None:
                    model = self.embed_model
                    self._extractor = make_extractor(self.settings.models.nlp, model,
                                                     self.engine.embed_query if model is not None else None,
                                                     span_ranker=self.settings.models.span_ranker)
        return self._extractor

    def entry_names(self) -> re.Pattern[str] | None:
        """The corpus's names that no shape marks as settings (``src.claims.layout.entry_names``), found once."""
        if not self._entry_names_found:
            from ..claims.layout import entry_names

            self._entry_names, self._entry_names_found = entry_names(self.chunks), True
        return self._entry_names

    def setting_claims(self) -> dict[str, list[Any]] | None:
        """Every chunk's claims by the setting they give a value to (``src/claims``), read once;
        None for a corpus too large to read for one question (its evidence alone is read)."""
        if self._setting_claims is None and len(self.chunks) <= AUTO_AUDIT_MAX_CHUNKS:
            from ..claims.answer import by_setting
            from ..claims.corpus_reading import read_corpus

            self._setting_claims = by_setting(read_corpus(self.chunks, settings_only=True, by_id=self.by_id,
                                                          known=self.entry_names()))
        return self._setting_claims

    def word_weight(self) -> Callable[[str], float] | None:
        """What sharing a word says in this corpus (``src.claims.setting_candidates.word_weights``),
        counted once, when first asked; None where the corpus is too large to read for one question."""
        if self._word_weight is None and len(self.chunks) <= AUTO_AUDIT_MAX_CHUNKS:
            from ..claims.setting_candidates import word_weights

            self._word_weight = word_weights(ch.text for ch in self.chunks)
        return self._word_weight

    def _similarity(self) -> Callable[[str, list[str]], Any] | None:
        """Cosines of a question with texts by the corpus embedder (text vectors cached, ``_embed_texts``)."""
        embed = self._embed_texts()
        embed_query = getattr(self.engine, "embed_query", None)
        if embed is None or embed_query is None:
            return None
        import numpy as np

        def similarity(question: str, texts: list[str]) -> Any:
            rows = embed(texts)
            q = embed_query(question)
            return np.array([float(r @ q) for r in rows])

        return similarity

    def _meaning(self) -> Callable[[list[str]], Any] | None:
        """``_embed_texts`` where the embedder measures meaning; None for the hashing one (tests,
        machines with no model), whose cosines count shared words: "Team keeps events for 7 days"
        is 0.34 from "The Team plan keeps event history for 14 days" there."""
        from ..embeddings import backend_name

        return None if self.embed_model is None or backend_name(self.embed_model) == "hashing" else self._embed_texts()

    def _embed_texts(self) -> Callable[[list[str]], Any] | None:
        """Unit vectors of texts by the corpus embedder, the last 20,000 kept; None without one.
        Call under ``self.lock`` (the cache is shared)."""
        model = self.embed_model
        if model is None:
            return None
        import numpy as np

        from ..embeddings import embed_texts

        cache = self._vectors

        def embed(texts: list[str]) -> Any:
            missing = [t for t in dict.fromkeys(texts) if t not in cache]
            if missing:
                for t, v in zip(missing, embed_texts(model, missing), strict=True):
                    cache[t] = v
            rows = [cache[t] for t in texts]
            while len(cache) > 20_000:
                cache.pop(next(iter(cache)))
            return np.stack(rows) if rows else np.zeros((0, 0), dtype=np.float32)

        return embed

    def _typed_answers(self, question: str, chunks: list[Any], budget: LLMBudget) -> Any:
        """With an answer LLM: its typed answers to ``question`` from ``chunks``, fetched and checked
        now, before the lock is taken (``PrefetchedAnswers``); None: the offline extractor's."""
        if self.answer_llm is None:
            return None
        from ..graph.llm_answers import LLMAnswerExtractor
        from ..graph.question import analyse_question

        extractor = LLMAnswerExtractor(self.answer_llm, self.answer_extractor(), budget=budget)
        return extractor.prefetch(analyse_question(question), chunks)

    def question_for(self, question: str, chunks: Sequence[Chunk]) -> Question:
        """The question analysed as the answer set reads it over ``chunks``: its terms weighed by
        what they say in this corpus (a feature's name more than the product's), the names it
        writes as code, and the plans the evidence introduces for a plan it names bare."""
        from ..claims.candidate import with_corpus_scope
        from ..graph.question import analyse_question

        q = analyse_question(question)
        q = replace(q, weights=self._relevance_model().weights(q.subject_terms | q.cue_terms))
        return with_corpus_scope(replace(q, names=self.asked_names(question, chunks)), chunks)

    def answer_set(self, question: str, chunks: list[Any], extractor: Any = None, graph: Any = None) -> Any:
        """The typed answers the chunks give to the question (by ``extractor``, by default the
        offline one), judged (``src.graph.answer_set``); with ``graph`` (the chunks' claim graph),
        only the values of the fact the best answer states. Call under ``self.lock``."""
        from ..claims.answer import (
            answering_setting,
            closer_sentence,
            extracted_rivals,
            releases_only,
            setting_answer,
        )
        from ..claims.judge import judge_setting
        from ..claims.sentences import idf_weights
        from ..claims.typed_judge import GraphFacts, judge_answers, mentioned_by

        unique = list({c.id: c for c in chunks}.values())
        q = self.question_for(question, unique)
        doubt = self._doubt(q.text) if extractor is None else None
        setting = setting_answer(q, unique, self._similarity(), self.setting_claims(), self.word_weight()) \
            if extractor is None else None
        extracted = None  # the offline typed answers, read where they are used
        if setting is not None:
            if setting.rivals_by_meaning:
                extracted = self.answer_extractor().candidates(q, unique)
            # a setting chosen by meaning yields to a docs sentence closer to the question; one named
            # by words or chosen by meaning takes its rivals from the typed answers
            if extracted is None or not closer_sentence(setting, extracted):
                rivals = extracted_rivals(setting, extracted or [], self._setting_of())
                return judge_setting(q, setting.setting, (*setting.candidates, *rivals), self.authority, doubt)
        candidates = extracted if extracted is not None else (extractor or self.answer_extractor()).candidates(q, unique)
        candidates = releases_only(q, candidates, self.setting_claims() or {}, self._setting_of())
        if extractor is None and candidates and self.setting_claims() and not q.names:
            best = max(candidates, key=lambda c: c.score)
            setting = answering_setting(q, best, unique, self.setting_claims() or {})
            if setting is not None:
                return judge_setting(q, setting.setting, setting.candidates, self.authority, doubt)
        return judge_answers(q, candidates, self.authority, idf=idf_weights(unique), mentions=mentioned_by(unique),
                             facts=GraphFacts(graph.keys, self._similarity()) if graph is not None else None,
                             setting_of=self._setting_of(), embed=self._meaning(), doubt=doubt)

    def _doubt(self, question: str) -> Callable[[list[AnswerValue]], list[AnswerValue]] | None:
        """The answers less the rivals the rival model doubts (``src.claims.rivals``); None without a
        model or an embedder that measures meaning (its features are cosines of meaning)."""
        from ..claims.candidate import officially
        from ..claims.rivals import rival_model, stood_behind

        model, embed = rival_model(self.settings.models.rival_model), self._meaning()
        if model is None or embed is None:
            return None
        weight, official = self.word_weight(), officially(self.authority)
        return lambda answers: stood_behind(question, answers, embed, weight, official, model)

    def asked_names(self, question: str, chunks: Sequence[Chunk]) -> tuple[str, ...]:
        """The names ``question`` writes as code (``src.claims.names.asked_names``; a lower-case word
        counts when one of ``chunks`` writes it in backticks or opens a line with it, as a manual's
        entry or a configuration file's directive does) that few of the corpus's chunks use."""
        def as_code(word: str) -> bool:
            pattern = name_pattern(word)
            return any(c.text[m.start() - 1:m.start()] == "`" or _opens_entry(c.text, m.start(), m.end())
                       for c in chunks for m in pattern.finditer(c.text))

        names = asked_names(question, as_code)
        return self._relevance_model().distinctive(names) if names else ()

    def _setting_of(self) -> Callable[[Candidate], str | None] | None:
        """``src.claims.answer.setting_of`` over the corpus's settings, indexed once; None where the
        corpus is too large to read for one question."""
        if not self._setting_index_built:
            from ..claims.answer import setting_of

            corpus = self.setting_claims()
            self._setting_index, self._setting_index_built = setting_of(corpus) if corpus else None, True
        return self._setting_index

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

    def _states_type(self, question: Question, focus: Focus) -> bool:
        """A claim of the focused key has a value of the type the question asks for, read as the
        answer extractor reads values by their shape."""
        extractor = self.answer_extractor()
        return any(extractor.typed_values(question, c.value, self.by_id[c.support[0].chunk_id])
                   for c in focus.claims if c.support and c.support[0].chunk_id in self.by_id)

    def _llm_status(self, budget: LLMBudget) -> dict[str, Any] | None:
        return budget.report() if self.uses_llm else None
