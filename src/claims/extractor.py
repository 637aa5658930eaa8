"""Question-driven answer extraction: for each evidence chunk, the sentence that answers the
question and the candidate answer of the expected type in it (``AnswerExtractor``).

1. Every sentence of a chunk (``src.claims.sentences``) is scored by how much of the question
   it covers: the share of the subject's terms it mentions (the subject may also be named only
   in the chunk's title or first sentence, "He was born ..."), plus the share of the other terms.
2. In the best sentences, candidates of the expected type are found (``src.graph.question``):
   numbers with units through the value parser and pint, dates and years, clock times and
   weekday windows, versions (``src.claims.spans``), yes/no availability with its scope, named
   entities (spaCy or capitalisation, ``src.graph.nlp``) for persons, places and organisations,
   noun phrases for categories ("what sport" -> the phrase closest in meaning to "sport").
3. A candidate (``src.claims.candidate``) scores its sentence's score plus its closeness to the
   words of the question it answers ("born" ... "February 8, 1900"); each chunk gives its best
   candidate, and one per scope when one sentence gives values for several plans or versions
   (``src.claims.chunk_pick``).

Nothing here knows a product or a corpus: the cues are the question's own words.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from ..graph.nlp import Tagger
from ..graph.question import DATA_RATE_NOUNS, ENTITY_TYPES, AnswerType, Question
from ..graph.scope import DIMENSION_NOUNS
from ..graph.span_ranker import SpanContext, SpanModel, load_span_model, span_features
from ..graph.text import STOP, key_tokens, text_terms
from ..types import Chunk
from .blocks import DEFAULT_CUE
from .candidate import Candidate, SpanRow, _Answering, _names_scope, _with_learned_scopes
from .chunk_pick import _chunk_candidates, _explicit
from .echo import echoes
from .layout import FIRST_PERSON, is_reply, thread_answer
from .names import naming
from .phrases import (
    _REGION_CODE,
    _copular,
    _entity_spans,
    _key_values,
    _keyed,
    _named_as_asked,
    _phrase_spans,
    _polarity,
    _subject_names,
    _yesno_spans,
    asked_state,
)
from .sentences import (
    _asked_terms,
    _opening_share,
    _share,
    _terms_all,
    _word_spans,
    chunk_sentences,
    entity_key,
)
from .setting_candidates import AUTHORITY_ORDER
from .spans import (
    _date_ranges,
    _date_spans,
    _numeric_spans,
    _qualified,
    _release_of,
    _Span,
    _standing_values,
    _time_spans,
    _version_spans,
)

PRODUCT_ONLY = 0.1  # share of the question's weight (IDF) under which a sentence names only the product
_PER_UNIT = re.compile(r"\b(?:per|an?|each|every)\s+(?:second|sec|minute|min|hour|day|week|month)\b", re.IGNORECASE)
MIN_LEXICAL = 0.15  # a sentence sharing less of the question's terms is not read
MIN_SENTENCE_SCORE = 0.45  # lexical score + SEMANTIC_WEIGHT x cosine(question, sentence)
MIN_WORDS_ONLY = 0.25  # the same floor without an embedder (the lexical score alone)
SEMANTIC_WEIGHT = 1.0
MIN_FIT = 0.05  # a category phrase less close in meaning to the noun asked about is no answer
SEMANTIC_ALONE = 0.55  # a sentence this close in meaning answers even without the question's words
# ... and says yes or no to it: its polarity is all the answer, so it must say nearly what is asked
# (a paraphrase: 0.8; "It also includes X" about another plan, 0.63)
YESNO_ALONE = 0.7
VECTOR_CACHE = 50_000  # sentence and phrase vectors kept
LONG_SENTENCE = 45  # words; longer "sentences" score proportionally less
SUBJECT_SHARE = 0.6  # of a sentence's lexical score: the subject's terms; the rest, the other terms
SCOPE_BONUS = 0.6  # the sentence names the plan/version/region the question asks about
RELATION_BONUS = 0.4  # "directed by X", "the minister is X", "Father: X": the value follows its cue word
ANSWER_CONTEXT = 0.9  # share of the thread question's closeness to ours given to its accepted answer's first value
TOP_SENTENCES = 3  # sentences per chunk searched for candidates
_RELATION = re.compile(r"(?:\s*(?:\(|\)|,|:|-|–|\bby\b|\bis\b|\bwas\b|\bare\b|\bwere\b|\bof\b|\bin\b|\bon\b|"
                       r"\bas\b|\bthe\b|\bat\b|\bto\b|\bfrom\b|\bfor\b|\bbecame\b|\bnamed\b|\bcalled\b)\s*){1,4}",
                       re.IGNORECASE)
_PRESENT_WHEN = re.compile(r"\bwhen\s+(?:does|do|is|are|will|can|should)\b", re.IGNORECASE)
_BARE_NOUNS = {"code", "port", "number", "count", "limit", "maximum", "minimum", "max", "min", "threshold"}


# -- the extractor --------------------------------------------------------------------------
class AnswerExtractor:
    """``candidates(question, chunks)``: each chunk's best typed answers to the question.

    ``embed``: texts -> unit row vectors (the corpus embedder); ``embed_query``: the question
    -> its unit vector (the engine's cached query embedding). They rank answering sentences by
    closeness to the question and category phrases by closeness to the noun asked about;
    without them only the question's words count.
    """

    def __init__(self, tagger: Tagger, embed: Callable[[list[str]], np.ndarray] | None = None,
                 embed_query: Callable[[str], np.ndarray] | None = None, *,
                 span_model: SpanModel | None = None) -> None:
        self.tagger = tagger
        # Which span is a chunk's answer: a learned model (``src.graph.span_ranker``), or the
        # hand-set score with ``span_model=None``. Its weights were fitted with an embedder's
        # features, so without one the hand score decides.
        self.span_model = span_model if embed is not None else None
        self.embed = embed
        self.embed_query = embed_query
        self._vectors: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def _similarity(self, anchor: str, texts: list[str], *, query: bool = False) -> list[float]:
        """Cosine of each text with ``anchor`` (embedded as a query when ``query``); 0.0 each
        without an embedder. Text vectors are cached (LRU)."""
        if self.embed is None or not texts:
            return [0.0] * len(texts)
        with self._lock:
            wanted = list(dict.fromkeys(texts if query and self.embed_query else [anchor, *texts]))
            todo = [t for t in wanted if t not in self._vectors]
            if todo:
                for t, v in zip(todo, self.embed(todo)):
                    self._vectors[t] = v
            for t in wanted:
                self._vectors.move_to_end(t)
            while len(self._vectors) > VECTOR_CACHE:
                self._vectors.popitem(last=False)
            a = self.embed_query(anchor) if query and self.embed_query else self._vectors[anchor]
            return [float(self._vectors[t] @ a) for t in texts]

    def _lexical(self, question: Question, chunk: Chunk, sentences: list[str],
                 chunk_subject: float) -> list[tuple[float, str, bool]]:
        """(score, sentence, product only): the share of the subject's terms (or, for a sentence
        that does not name the subject, half the share ``chunk_subject`` its chunk's opening names)
        and of the other terms. *Product only*: the question asks a measure of a product it names
        ("the largest attachment a product named here accepts") and the sentence shares none of its
        other terms; naming the product ("CloudSync app v2.0.3, 64GB storage") says nothing of what
        is asked about it, unless the sentence's meaning does (``_answering_sentences``). A sentence
        sharing with the question only words nearly every chunk uses (under ``PRODUCT_ONLY`` of the
        question's IDF weight, the noun asked about aside) is not read at all, however close its
        meaning: "numtool version 1.3 was released on ..." says nothing of which version added a builtin;
        unless it states a default ("the default ban time is one hour" in a corpus all about bans),
        which its meaning may then admit."""
        named_anywhere = bool(text_terms(chunk.text) & question.subject_terms)
        product = question.names_product and bool(question.cue_terms)
        topic = (question.subject_terms | question.cue_terms) - key_tokens(question.type_noun or "")
        scored = []
        for s in sentences:
            t = text_terms(s)
            subj = max(_share(t, question.subject_terms), 0.5 * chunk_subject)
            cue = _share(t, question.cue_terms)
            if question.weights and t & topic and _share(t, topic, question.weights) < PRODUCT_ONLY \
                    and not DEFAULT_CUE.search(s):
                continue  # shares only words nearly every chunk uses (its product's name) with the question
            if question.subject_terms and not subj and not named_anywhere:
                scored.append((0.0, s, False))  # about something else, unless its meaning says otherwise
                continue
            if not question.subject_terms:
                score = cue
            elif not question.cue_terms:
                score = subj
            else:
                score = SUBJECT_SHARE * subj + (1 - SUBJECT_SHARE) * cue
            words = len(s.split())
            if words > LONG_SENTENCE:  # lists, tables flattened to text, navigation: no statement
                score *= LONG_SENTENCE / words
            scored.append((score, s, product and not cue))
        return scored

    def candidates(self, question: Question, chunks: Sequence[Chunk]) -> list[Candidate]:
        """Each chunk's best typed answers (see the module docstring)."""
        learned = self.span_model is not None and self.span_model.covers(question.atype.value)
        out: list[Candidate] = []
        for chunk, opening, ranked in self._answering_sentences(question, chunks):
            rows = self._span_rows(question, chunk, ranked, opening, features=learned)
            out.extend(_chunk_candidates(question, chunk, rows, opening, self.span_model))
        if question.names:  # what the question names as code: a chunk naming none of it is about another thing
            named = naming(chunks, question.names)
            if any(c.chunk_id in named for c in out):
                out = [c for c in out if c.chunk_id in named]
        levels = [_explicit(c.value, c.kind, c.sentence) for c in out] if question.atype is AnswerType.YESNO else []
        stated = [c.source for c, level in zip(out, levels) if level == 2]
        if stated:
            # a sentence stating the state ("the default is off") outweighs every "yes" or "available"
            # that only speaks of the thing ("Add a mouse feature so tmux can ..."), from a source no
            # more authoritative than one stating it (a thread's "off by default" leaves the docs'
            # word standing); a "no" stands
            best = max(AUTHORITY_ORDER.get(s, 0) for s in stated)
            out = [c for c, level in zip(out, levels) if level or AUTHORITY_ORDER.get(c.source, 0) > best]
        return _with_learned_scopes(out, chunks)

    def echoes(self, question: Question, chunks: Sequence[Chunk], found: Sequence[Candidate]) -> list[Candidate]:
        """Rivals in other words than the question's (``src.claims.echo``); [] without an embedder."""
        if self.embed is None:
            return []
        return echoes(question, chunks, found, similarity=self._similarity, spans=self._spans)

    def typed_values(self, question: Question, text: str, chunk: Chunk) -> list[tuple[str, str, str]]:
        """(value as written, normalized, kind) of each value of ``question.atype`` that ``text``
        (a sentence of ``chunk``, or a value taken from one) states by its shape: numbers with units,
        dates, clock windows, versions, availability; found and normalised as ``candidates`` does.
        [] for the entity types (found by the tagger; their normalized form is ``entity_key``), so
        it never touches the tagger or the embedder: safe from any thread (``src.graph.llm_answers``)."""
        if question.atype in ENTITY_TYPES:
            return []
        return [(sp.value, sp.normalized, sp.kind) for sp in self._spans(question, text, chunk)]

    def span_rows(self, question: Question, chunks: Sequence[Chunk]) -> list[tuple[Chunk, list[SpanRow]]]:
        """Every candidate span of each chunk's answering sentences with its features and hand
        score, before one is picked (``eval/train_span_ranker.py`` learns the pick from these)."""
        return [(chunk, self._span_rows(question, chunk, ranked, opening, features=True))
                for chunk, opening, ranked in self._answering_sentences(question, chunks)]

    def _answering_sentences(self, question: Question, chunks: Sequence[Chunk]
                             ) -> list[tuple[Chunk, float, list[_Answering]]]:
        """Per chunk: the share of the subject its opening names, and its best sentences
        (score, sentence, typed spans), best first."""
        entities = question.atype in ENTITY_TYPES
        # Sentences that share the question's words; for values found by their shape (numbers,
        # dates, versions) also the others, which their meaning alone (SEMANTIC_ALONE) or the plan
        # or version the question asks about may admit (a forum reply that never names the product).
        lexical = []
        for chunk in chunks:
            sentences = chunk_sentences(chunk)
            opening = _opening_share(question, chunk, sentences)
            lexical.append((chunk, opening, [row for row in self._lexical(question, chunk, sentences, opening)
                                             if row[0] >= MIN_LEXICAL or not entities]))
        if entities:  # one tagging batch for every chunk's sentences
            self.tagger.tag([s for _, _, scored in lexical for _, s, _ in scored])
        # A yes/no fact in other words than the question's ("keeps the precision" asked, "maintains
        # the precision" written): a sentence sharing some of its words is read by its meaning below.
        by_meaning = question.atype == AnswerType.YESNO and self.embed is not None \
            and not DIMENSION_NOUNS.get((question.type_noun or "").rstrip("s"))
        typed = []
        for chunk, opening, scored in lexical:
            rows = [(sc, s, product_only, spans) for sc, s, product_only in scored
                    if (spans := self._spans(question, s, chunk)) or (by_meaning and sc > 0)]
            typed.append((chunk, opening, rows))
        # Meaning is read against the whole question: its context sentences say what it is about.
        said = [[s for _, s, _, _ in rows] for _, _, rows in typed]
        sims = self._similarity(question.asked or question.text, [s for sentences in said for s in sentences],
                                query=True)
        # The first value an accepted answer states answers its thread's question ("Default is 15
        # minutes." under "How often does it poll?"): its sentence means at least ANSWER_CONTEXT of
        # what that question means to ours.
        openers = [_answer_opening(chunk, sentences) for (chunk, _, _), sentences in zip(typed, said, strict=True)]
        close = iter(self._similarity(question.asked or question.text, [o[0] for o in openers if o], query=True))
        lifted = [(o[1], ANSWER_CONTEXT * next(close)) if o else None for o in openers]
        rows_lifted = [(lift, s) for lift, sentences in zip(lifted, said, strict=True) for s in sentences]
        sims = [max(sim, lift[1]) if lift and s == lift[0] else sim
                for (lift, s), sim in zip(rows_lifted, sims, strict=True)]
        out = []
        meanings = iter(sims)  # one per row, in order
        for chunk, opening, rows in typed:
            ranked = []
            for sc, s, product_only, spans in rows:
                sim = next(meanings)
                if not spans:  # read by its meaning (by_meaning above)
                    if sim < YESNO_ALONE:
                        continue
                    spans = [_polarity(s, asked_state(question.text))]
                if product_only and sim < SEMANTIC_ALONE:  # "Hooklane's delivery timeout is 10 seconds" reads
                    sc = 0.0
                scoped = _names_scope(question, s)
                if sc >= MIN_LEXICAL or sim >= SEMANTIC_ALONE or scoped:
                    ranked.append(_Answering(sc + SEMANTIC_WEIGHT * sim + SCOPE_BONUS * scoped, s, spans, sim))
            floor = MIN_SENTENCE_SCORE if self.embed is not None else MIN_WORDS_ONLY
            out.append((chunk, opening, [r for r in sorted(ranked, key=lambda r: -r.score) if r.score >= floor][:TOP_SENTENCES]))
        return out

    def _spans(self, question: Question, sentence: str, chunk: Chunk) -> list[_Span]:
        spans = self._typed_spans(question, sentence, chunk)
        settings = _key_values(sentence)
        return _keyed(question, sentence, spans, settings, lambda text: self._typed_spans(question, text, chunk)) \
            if settings else spans

    def _typed_spans(self, question: Question, sentence: str, chunk: Chunk) -> list[_Span]:
        t = question.atype
        subject_words = set(entity_key(question.subject).split()) - STOP
        if t in (AnswerType.DATE, AnswerType.YEAR):
            dates = _date_ranges(sentence, _date_spans(sentence, t == AnswerType.YEAR), question.text)
            spans = _qualified(sentence, dates) or _time_spans(sentence)
            if not spans and t == AnswerType.DATE and _PRESENT_WHEN.search(question.text):
                # "When does a shared link stop working?": after a duration
                spans = _qualified(sentence, _numeric_spans(sentence, AnswerType.DURATION))
            # "When did X start allowing Y?" under a changelog's release heading: that release
            return spans or (_release_of(sentence, chunk) if t == AnswerType.DATE else [])
        if t == AnswerType.TIME:  # a clock time or window, else a day ("on 12 May"); a bare year is no time
            return _time_spans(sentence) or [sp for sp in _date_spans(sentence, False) if "-" in sp.normalized]
        if t == AnswerType.VERSION:
            return _version_spans(sentence) or _release_of(sentence, chunk)
        if t == AnswerType.YESNO:
            return _yesno_spans(sentence, chunk, question)
        if t in ENTITY_TYPES:
            tagged = self.tagger.tag([sentence])[0]
            if t == AnswerType.PHRASE:
                names = _subject_names(sentence, subject_words)
                spans = [sp for sp in _phrase_spans(tagged, subject_words)
                         if not any(a < sp.end and sp.start < b for a, b in names)]
                if not question.type_noun:  # "What is X?": only what the sentence says X is
                    spans = _copular(sentence, spans, question)
            else:
                spans = _entity_spans(tagged, t, subject_words)
                if t == AnswerType.PLACE:
                    spans += [_Span(m.start(), m.end(), m.group(0), m.group(0).lower(), "entity")
                              for m in _REGION_CODE.finditer(sentence)]
            # "sport" does not answer "What sport ...?": a value made of the question's words is no answer;
            # a phrase ending in a participle or an adverb ("accepted", "renowned", "mostly") is no noun.
            asked = _asked_terms(question)
            spans = [sp for sp in spans if not _terms_all(sp.value) <= asked
                     and not (t == AnswerType.PHRASE and re.search(r"(?:ed|ly)$", sp.value.lower()))]
            return _named_as_asked(sentence, spans, question, asked)
        bare_ok = t != AnswerType.QUANTITY or question.type_noun in _BARE_NOUNS
        codes = question.type_noun in _BARE_NOUNS  # "What HTTP status code ...?": a code is the answer
        spans = _qualified(sentence, _standing_values(sentence, _numeric_spans(sentence, t, bare_ok), codes=codes))
        if question.type_noun in DATA_RATE_NOUNS:
            return [sp for sp in spans if sp.kind == "data_rate"]
        if t == AnswerType.RATE and _PER_UNIT.search(question.text):
            # "how many calls per second?": an amount per unit of time, not an interval ("how often?")
            return [sp for sp in spans if sp.kind in ("rate", "data_rate")]
        return spans

    def _span_rows(self, question: Question, chunk: Chunk, ranked: list[_Answering],
                   opening: float, *, features: bool) -> list[SpanRow]:
        """Every span of the chunk's answering sentences with its hand score, and its features when
        ``features`` (the learned model reads them); ``opening``: the share of the subject its title
        and first sentences name."""
        rows: list[SpanRow] = []
        text = chunk.text.lower() if features else ""  # the features' repeat counts read it
        anchor = question.type_noun or question.text
        for rank, (sscore, sentence, spans, meaning) in enumerate(ranked):
            cues = _word_spans(sentence, question.cue_terms)
            where = [a for a, _ in cues]
            cue_ends = [b for _, b in cues]
            named = [a for a, _ in _word_spans(sentence, question.subject_terms)]
            values = [s.value for s in spans]
            fit = self._fit(question, values)
            type_fit = self._similarity(anchor, values) if features else [0.0] * len(values)
            for i, (span, f) in enumerate(zip(spans, fit)):
                near_subject = 1.0 / (1.0 + min((abs(span.start - p) for p in named), default=len(sentence)) / 24.0)
                if where:
                    dist = min(abs(span.start - p) for p in where) / 6.0  # ~ words
                    closeness = 1.0 / (1.0 + dist / 4.0)
                else:  # no cue word here ("founded" for "established"): near the subject, and first
                    closeness = 0.5 * near_subject + 0.5 / (1.0 + i)
                related = any(_RELATION.fullmatch(sentence[e:span.start]) for e in cue_ends if e <= span.start)
                hand = sscore + 0.5 * closeness + f + span.bonus + RELATION_BONUS * related - 0.05 * rank \
                    - 0.03 * min(i, 5)
                if not features:
                    rows.append(SpanRow(span, sentence, hand, {}, meaning))
                    continue
                ctx = SpanContext(sentence=sentence, chunk_text=text, sentence_score=sscore, rank=rank, index=i,
                                  closeness=closeness, has_cue=bool(where), related=related, fit=f,
                                  type_fit=type_fit[i], near_subject=near_subject, chunk_opening=opening,
                                  subject_named=bool(named))
                rows.append(SpanRow(span, sentence, hand, span_features(span.value, span.start, span.end, ctx), meaning))
        return rows

    def _fit(self, question: Question, values: list[str]) -> list[float]:
        """How well each value fits the noun asked about, categories only: 1.2 x cosine, or -1.0
        below MIN_FIT; 0.0 each for other types or without an embedder."""
        if question.atype != AnswerType.PHRASE or not values:
            return [0.0] * len(values)
        anchor = question.type_noun or question.text
        sims = self._similarity(anchor, values)
        if self.embed is None:
            return [0.0] * len(values)
        return [max(0.0, s) * 1.2 if s >= MIN_FIT else -1.0 for s in sims]


def _answer_opening(chunk: Chunk, sentences: list[str]) -> tuple[str, str] | None:
    """(the thread's question, the first of ``sentences`` its answer says) for the chunk of a
    thread's question with its accepted answer; None otherwise (a later reply's chunk carries the
    question only as context)."""
    found = thread_answer(chunk)
    if found is None or is_reply(chunk):
        return None
    asked, answer = found
    flat = " ".join(answer.split())
    opening = next((s for s in sentences if " ".join(s.split()) in flat), None)
    if opening is None or FIRST_PERSON.search(opening):
        return None  # "the delays we saw were 10-30 minutes": what the writer saw, not what holds
    return asked, opening


def make_extractor(nlp: str | None, embed_model: object | None,
                   embed_query: Callable[[str], np.ndarray] | None = None, *,
                   span_ranker: str = "hand") -> AnswerExtractor:
    """An extractor reading entities with the ``nlp`` pipeline (``[models] nlp``) and meaning with
    ``embed_model``; ``embed_query`` defaults to embedding the question as a query, uncached.
    ``span_ranker`` (``[models] span_ranker``): "hand", "learned" or a weights file."""
    from ..embeddings import embed_texts
    from ..graph.nlp import load_tagger

    if embed_model is None:
        return AnswerExtractor(load_tagger(nlp))
    model = None if span_ranker == "hand" else load_span_model() if span_ranker == "learned" \
        else load_span_model(Path(span_ranker))
    return AnswerExtractor(load_tagger(nlp), lambda texts: embed_texts(embed_model, texts),
                           embed_query or (lambda text: embed_texts(embed_model, [text], queries=True)[0]),
                           span_model=model)
