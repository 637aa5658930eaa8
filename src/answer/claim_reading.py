"""The claim side of the application service (``src.answer.service``): the typed answers the
evidence gives to a question, judged into its answer set (``answer_set``); the question as the
answer set reads it (``question_for``, the names it writes as code: ``asked_names``); and what
answers are read with, each built once per corpus: the answer extractor, the settings every chunk
gives values to and the names no shape marks as settings, what sharing a word says, and the
embedder's text vectors.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..claims.names import asked_names, name_pattern
from ..graph.counter import AUTO_AUDIT_MAX_CHUNKS
from ..graph.question import Question
from ..llm import LLMBudget
from ..types import Chunk
from .verdict import Focus

if TYPE_CHECKING:
    from ..claims.answer_set import AnswerValue
    from ..claims.candidate import Candidate


def _opens_entry(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` opens a line of a few words that is no wrapped sentence: a man page's
    entry ("authselectmode mode") or a directive ("#maxpoll 10"), not "username and password."."""
    before, after = text[:start].rpartition("\n")[2], text[end:].partition("\n")[0].rstrip()
    sentence_end = len(after) > 1 and after[-1] in ".,;:!?" and after[-2].islower()
    return not before.strip(" \t#") and len(after.split()) <= 3 and not sentence_end


class ClaimReading:
    """The ``AnswerService`` methods that read claims and typed answers, a mixin the service
    inherits. They use the service's ``settings``, ``engine`` (its ``embed_query``), ``chunks``,
    ``by_id``, ``authority``, ``embed_model``, ``answer_llm``, ``lock`` (the caller holds it where
    a method says so) and ``_relevance_model()``, and the caches its ``__init__`` sets up: ``_once``
    (a lock), ``_extractor``, ``_setting_claims``, ``_setting_index``, ``_setting_index_built``,
    ``_entry_names``, ``_entry_names_found``, ``_word_weight`` and ``_vectors``."""

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
        offline one), judged (``src.claims.answer_set``); with ``graph`` (the chunks' claim graph),
        only the values of the fact the best answer states. Call under ``self.lock``."""
        from ..claims.answer import (
            answering_setting,
            closer_sentence,
            extracted_rivals,
            others_values,
            releases_only,
            setting_answer,
        )
        from ..claims.judge import judge_setting
        from ..claims.sentences import idf_weights
        from ..claims.typed_judge import GraphFacts, judge_answers, mentioned_by

        unique = list({c.id: c for c in chunks}.values())
        q = self.question_for(question, unique)
        if extractor is None:
            q = self._typed_by_docs(q, unique)
        doubt = self._doubt(q.text) if extractor is None else None
        setting = setting_answer(q, unique, self._similarity(), self.setting_claims(), self.word_weight()) \
            if extractor is None else None
        extracted = None  # the offline typed answers, read where they are used
        if setting is not None:
            extracted = self.answer_extractor().candidates(q, unique)
            # a setting chosen by meaning yields to a docs sentence closer to the question; every
            # setting takes its rivals from the typed answers
            if not closer_sentence(setting, extracted):
                rivals = extracted_rivals(setting, extracted, self._setting_of())
                found = others_values(setting, (*setting.candidates, *rivals), self.setting_claims() or {}, unique)
                return judge_setting(q, setting.setting, found, self.authority, doubt)
        candidates = extracted if extracted is not None else (extractor or self.answer_extractor()).candidates(q, unique)
        candidates = releases_only(q, candidates, self.setting_claims() or {}, self._setting_of())
        if extractor is None:  # a chunk's sentence meaning what the docs' answer means gives its value
            echoed = self.answer_extractor().echoes(q, unique, candidates)
            moved = {c.chunk_id for c in echoed}
            candidates = [*(c for c in candidates if c.chunk_id not in moved), *echoed]
        if extractor is None and candidates and self.setting_claims() and not q.names:
            best = max(candidates, key=lambda c: c.score)
            setting = answering_setting(q, best, unique, self.setting_claims() or {})
            if setting is not None:
                return judge_setting(q, setting.setting, setting.candidates, self.authority, doubt)
        return judge_answers(q, candidates, self.authority, idf=idf_weights(unique), mentions=mentioned_by(unique),
                             facts=GraphFacts(graph.keys, self._similarity()) if graph is not None else None,
                             setting_of=self._setting_of(), embed=self._meaning(), doubt=doubt)

    def _typed_by_docs(self, q: Question, chunks: list[Any]) -> Question:
        """The question asking for the kind of amount the official docs among ``chunks`` answer it
        with, where the type its words set finds nothing there (``src.claims.retype.docs_type``)."""
        from ..claims.candidate import officially
        from ..claims.retype import docs_type

        similarity = self._similarity() if self._meaning() is not None else None
        official = officially(self.authority)
        docs = [c for c in chunks if official(c)]
        if similarity is None or not docs:
            return q  # no embedder measuring meaning, or no official source among the chunks
        return docs_type(q, docs, similarity, self.answer_extractor())

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

    def _states_type(self, question: Question, focus: Focus) -> bool:
        """A claim of the focused key has a value of the type the question asks for, read as the
        answer extractor reads values by their shape."""
        extractor = self.answer_extractor()
        return any(extractor.typed_values(question, c.value, self.by_id[c.support[0].chunk_id])
                   for c in focus.claims if c.support and c.support[0].chunk_id in self.by_id)
