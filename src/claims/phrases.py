"""Spans found by words rather than by shape: named entities and noun phrases (from the
tagger, ``src.graph.nlp``) with the names the question asks for, cloud region codes, yes/no and
availability with its polarity, and the values of the settings a sentence lists (``key: value``,
``key=value``) under the key the question asks about; and ``_fullest``, a chunk's most precise
wording of its best value.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..graph.extract import availability_claims
from ..graph.mentions import find_mentions
from ..graph.question import ENTITY_TYPES, NUMERIC_TYPES, AnswerType, Question
from ..graph.scope import DIMENSION_NOUNS, find_scope, scope_values
from ..graph.text import STOP, is_unit_word, key_tokens, text_terms
from ..graph.values import TRUE_WORDS
from ..types import Chunk
from .sentences import _asked_terms, _share, _stems, entity_key
from .spans import _Span

KEY_VALUE_WORDS = 6  # a longer "value" after a label is prose, not a setting
KEY_MATCH = 0.5  # share of a setting's key terms the question must use for its value to answer
KEY_BONUS = 0.5  # the value of the setting the question asks about ("batch_size=32")
NAMED_AS_ASKED_BONUS = 0.3  # an entity named with the noun asked about ("Lake County" for "which county")
_NEGATION = re.compile(r"\b(?:not|no|never|cannot|can't|isn't|aren't|doesn't|don't|won't|unavailable|unsupported|"
                       r"without)\b", re.IGNORECASE)
# a dependent clause: its negation is its own ("preserves X when they are not modified")
_DEPENDENT = re.compile(r"\b(?:when|whenever|if|unless|until|while|because|although|though|whereas|once)\b",
                        re.IGNORECASE)
_LABELS = {AnswerType.PERSON: {"PERSON", "ORG", "PROPER"}, AnswerType.ORG: {"ORG", "NORP", "PERSON", "PROPER"},
           AnswerType.PLACE: {"GPE", "LOC", "FAC", "PROPER"}, AnswerType.TITLE: {"WORK_OF_ART", "PROPER", "ORG"}}
_BEST_LABEL = {AnswerType.PERSON: "PERSON", AnswerType.ORG: "ORG", AnswerType.PLACE: "GPE",
               AnswerType.TITLE: "WORK_OF_ART"}
LABEL_BONUS = 0.1


def _overlaps_subject(text: str, subject_words: set[str]) -> bool:
    words = set(entity_key(text).split()) - STOP
    return bool(words) and len(words & subject_words) / len(words) >= 0.5


def _entity_spans(tagged, atype: AnswerType, subject_words: set[str]) -> list[_Span]:
    labels = _LABELS.get(atype, {"PERSON", "ORG", "GPE", "LOC", "FAC", "NORP", "WORK_OF_ART", "PROPER", "PRODUCT",
                                 "EVENT", "LANGUAGE"})
    out = []
    ents = list(tagged.entities)
    merged: list[tuple[int, int, str]] = []
    for a, b, label in ents:  # "Cloutierville, Louisiana": one place
        if merged and atype == AnswerType.PLACE and label in ("GPE", "LOC", "PROPER") and \
                merged[-1][2] in ("GPE", "LOC", "PROPER") and \
                re.fullmatch(r",\s*", tagged.text[merged[-1][1]:a]):
            merged[-1] = (merged[-1][0], b, merged[-1][2])
        else:
            merged.append((a, b, label))
    for a, b, label in merged:
        text = tagged.text[a:b].strip(" ,.;:'\"()")
        if label not in labels or not text or not entity_key(text):
            continue
        if _overlaps_subject(text, subject_words):
            # "Van Horn, Texas" asked about Van Horn: the part after the comma may be the answer.
            parts = [p.strip() for p in text.split(",")]
            rest = [p for p in parts if p and not _overlaps_subject(p, subject_words)]
            if len(parts) < 2 or not rest:
                continue
            text = ", ".join(rest)
            a = tagged.text.index(text, a) if text in tagged.text[a:b] else a
        bonus = LABEL_BONUS if label == _BEST_LABEL.get(atype) or (atype == AnswerType.PLACE and label == "LOC") else 0.0
        out.append(_Span(a, a + len(text), text, entity_key(text), "entity", bonus))
    return out


def _phrase_spans(tagged, subject_words: set[str]) -> list[_Span]:
    """Noun phrases and entities without determiners or the subject, and their head-final
    sub-phrases ("a former American football linebacker" -> "American football", "football"...)."""
    out: dict[str, _Span] = {}
    spans = list(tagged.phrases) + [(a, b) for a, b, label in tagged.entities
                                    if label not in ("DATE", "CARDINAL", "ORDINAL", "QUANTITY", "PERCENT", "MONEY",
                                                     "TIME")]
    for a, b in spans:
        words = [(m.start() + a, m.end() + a, m.group(0)) for m in re.finditer(r"[\w'-]+", tagged.text[a:b])]
        while words and words[0][2].lower() in STOP | {"former", "current", "later", "early", "other", "first"}:
            words = words[1:]
        for i in range(len(words)):
            for j in range(i + 1, min(len(words), i + 3) + 1):
                sub = words[i:j]
                text = tagged.text[sub[0][0]:sub[-1][1]]
                if sub[-1][2].lower() in STOP or sub[0][2].lower() in STOP or any(w[2].isdigit() for w in sub):
                    continue
                if _overlaps_subject(text, subject_words) or len(text) < 3:
                    continue
                out.setdefault(text.lower(), _Span(sub[0][0], sub[-1][1], text, entity_key(text), "entity"))
    return list(out.values())


# cloud regions: eu-central, us-east-1, ap-southeast-2, us-gov-west-1 (not "note-taking", "bert-base")
_REGION_CODE = re.compile(r"(?<![\w-])[a-z]{2}-(?:[a-z]+-)?(?:north|south|east|west|central)[a-z]*(?:-\d)?(?![\w-])")
_NAME_RUN = re.compile(r"[A-Z][\w'-]*(?:\s+(?:(?:de|la|von|van|der|di|da|of)\s+)?[A-Z][\w'-]*)*")


def _named_as_asked(sentence: str, spans: list[_Span], question: Question, asked: frozenset[str]) -> list[_Span]:
    """``spans`` and, for each capitalised one followed by the noun asked about (after no other
    words but the question's, ``asked``), that name with its noun, with a bonus: "the SLI Compliance
    Certification Body" for "Which certification body ...?", "Lake County" for "Which county ...?"."""
    if not question.type_noun:
        return spans
    noun = _stems(question.type_noun)
    out = list(spans)
    for sp in spans:
        if not sp.value[:1].isupper():
            continue
        run = re.match(r"(?:\s+[\w-]+){1,3}", sentence[sp.end:])  # the next words, up to a punctuation mark
        for m in re.finditer(r"\s+([\w-]+)", run.group(0) if run else ""):
            stems = _stems(m.group(1))
            if stems and stems <= noun:
                end = sp.end + m.end()
                out.append(_Span(sp.start, end, sentence[sp.start:end], entity_key(sentence[sp.start:end]), sp.kind,
                                 sp.bonus + NAMED_AS_ASKED_BONUS))
                break
            if not stems or not stems <= asked:
                break
    return out


def _subject_names(sentence: str, subject_words: set[str]) -> list[tuple[int, int]]:
    """Spans of the capitalised names in ``sentence`` that hold a word of the subject's name:
    "Pier Paolo Crescenzi" asked about "Pier Crescenzi" -- "Paolo" is part of the name, no answer."""
    return [m.span() for m in _NAME_RUN.finditer(sentence)
            if set(entity_key(m.group(0)).split()) & subject_words]


def _copular(sentence: str, spans: list[_Span], question: Question) -> list[_Span]:
    """Phrases right after "<subject> is/was a/an/the": what the sentence says the subject is."""
    out = []
    for m in re.finditer(r"\b(?:is|was|are|were)\s+(?:(?:a|an|the|one of the)\s+)", sentence):
        before = text_terms(sentence[:m.start()])
        if question.subject_terms and not before & question.subject_terms:
            continue
        out += [sp for sp in spans if m.end() <= sp.start <= m.end() + 40]
    return out


def _yesno_spans(sentence: str, chunk: Chunk, question: Question) -> list[_Span]:
    """Availability ("X is (not) available on S", "only on S", "X requires S"); for a question
    asking which plans/tiers/editions, the names a sentence gives ("available on the Business
    and Enterprise plans" -> only business, enterprise); else yes/no by negation."""
    dim = DIMENSION_NOUNS.get((question.type_noun or "").rstrip("s"))
    out = []
    scope = find_scope(sentence)[0]
    for c in availability_claims(sentence, scope, sentence, chunk):
        kind = "only" if str(c.normalized).startswith("only:") else "bool"
        names = sorted(scope_values(c.scope, dim)) if dim else []
        if dim and kind == "bool" and c.normalized == "true" and names:
            out.append(_Span(0, len(sentence), "only " + ", ".join(names), "only:" + ",".join(names), "only"))
        else:
            out.append(_Span(0, len(sentence), c.value, str(c.normalized), kind))
    if out or dim:
        return out
    cue = question.cue_terms - {"avail", "support", "includ"}
    if cue and not text_terms(sentence) & cue:
        return []
    if _share(text_terms(sentence), question.subject_terms) >= 0.5:
        return [_polarity(sentence, asked_state(question.text))]
    # a state the sentence states of what the question asks ("Automatic updates: Default: On"), on a
    # page about the subject (the product its title or opening names)
    opening = f"{chunk.metadata.get('title') or ''} {chunk.text[:300]}"
    if stated_state(sentence) is None or not cue or _share(text_terms(opening), question.subject_terms) < 0.5:
        return []
    return [_polarity(sentence, asked_state(question.text))]


# a state stated as a value: after a default cue ("Default: On", "the default is off", "defaults to
# disabled"), before one ("off by default", "on (the default)"), or after a copula ("is disabled",
# "are turned off"; "on" and "no" only at a clause's end, never "is on the Basic plan")
_STATE = re.compile(
    r"\bdefaults?(?:\s+(?:value|setting|state))?(?:\s+(?:is|to|of)|\s*[:=])\s*[*_`\"'“]*(?P<a>on|off|enabled|disabled|true|false|yes|no)\b(?!-)"
    r"|(?<!-)\b(?P<b>on|off|enabled|disabled|true|false|yes|no)\s+(?:by\s+default|\((?:the\s+)?default\))"
    r"|\b(?:is|are|was|were|be|been|stays?|remains?|comes?|ships?)\s+(?:\w+ly\s+)?(?:turned\s+|switched\s+|set\s+to\s+)?"
    r"(?P<c>enabled|disabled|off|(?:on|no)(?=\s*(?:[.,;:)]|$)))", re.IGNORECASE)


def stated_state(sentence: str) -> _Span | None:
    """The on/off state a sentence states as a value (``_STATE``), as written, true or false."""
    m = _STATE.search(sentence)
    if not m:
        return None
    group = next(g for g in ("a", "b", "c") if m.group(g))
    word = m.group(group)
    return _Span(m.start(group), m.end(group), word, "true" if word.lower() in TRUE_WORDS else "false", "bool")


# the state a question asks about: "is it turned off?", "on by default?", "is X disabled?"
_ASKED_STATE = re.compile(r"\b(?:turned|switched|set|left)\s+(on|off)\b|\b(on|off)\s+(?:by\s+default|out\s+of\s+the\s+box)\b"
                          r"|\b(enabled|disabled)\b", re.IGNORECASE)


def asked_state(question: str) -> bool | None:
    """True when the question asks whether something is on (enabled), False whether it is off, None
    when it names no state."""
    m = _ASKED_STATE.search(question)
    return None if m is None else next(g for g in m.groups() if g).lower() in TRUE_WORDS


def _polarity(sentence: str, asked: bool | None = None) -> _Span:
    """The state the sentence states ("Default: On", "off by default"), answered as yes or no to
    the state the question asks about when it names one ("Is SMB1 switched off?": "yes (off)"),
    else yes, or no when the main clause (before a dependent one) is negated."""
    state = stated_state(sentence)
    if state is not None and asked is not None:
        yes = (state.normalized == "true") == asked
        return _Span(state.start, state.end, f"{'yes' if yes else 'no'} ({state.value})", "true" if yes else "false", "bool")
    if state is not None:
        return state
    dependent = _DEPENDENT.search(sentence)
    main = sentence[:dependent.start()] if dependent and dependent.start() > 0 else sentence
    neg = bool(_NEGATION.search(main))
    return _Span(0, len(sentence), "no" if neg else "yes", "false" if neg else "true", "bool")


def _fullest(best: _Span, spans: Sequence[_Span]) -> _Span:
    """The chunk's most precise wording of its best value: "13 January 1891" where the best
    sentence says "born 1891", "Zoltán Korda" where it says "Korda"."""
    for sp in spans:
        if sp.kind != best.kind or sp is best:
            continue
        if best.kind == "date" and "/" not in best.normalized + sp.normalized and \
                sp.normalized.startswith(best.normalized + "-") and len(sp.normalized) > len(best.normalized):
            best = _Span(best.start, best.end, sp.value, sp.normalized, best.kind, best.bonus)
        elif best.kind == "entity":
            words, longer = best.normalized.split(), sp.normalized.split()
            if len(words) < len(longer) <= len(words) + 2 and words in (longer[-len(words):], longer[:len(words)]):
                best = _Span(best.start, best.end, sp.value, sp.normalized, best.kind, best.bonus)
    return best


_KEY_VALUE = re.compile(r"(?:(?<![\w.-])(?P<ident>[A-Za-z][\w.-]*)\s*=|(?:^|(?<=[;,(]))\s*(?P<label>[A-Za-z][\w.-]*"
                        r"(?:[ _][A-Za-z][\w.-]*){0,3}):)\s*(?P<value>(?:[^;,=()\n]|(?<=\d),(?=\d{3}))*[^;,=()\n\s.])")

_NUMBER = re.compile(r"\d[\d,.]*")  # a number as a value writes it: "5", "10,000", "1.5"


@dataclass(frozen=True)
class _Setting:
    """A ``key: value`` / ``key=value`` setting of a sentence: its key, the key's terms, where its
    value is, and whether the value belongs to the key alone."""

    key: str
    terms: frozenset[str]
    start: int
    end: int
    owned: bool  # "x=1", "epochs: 5"; not a longer text after a label, which may answer other questions

    def holds(self, span: _Span) -> bool:
        return self.start <= span.start < self.end


def _key_values(sentence: str) -> list[_Setting]:
    """The settings a sentence lists ("batch_size=32; patience=5", "epochs: 5"): each value
    belongs to its own key."""
    out = []
    for m in _KEY_VALUE.finditer(sentence):
        key = m.group("ident") or m.group("label")
        value = m.group("value")
        terms = key_tokens(key)
        if value.startswith("//") or not re.search(r"[^\W_]", value) or not terms or \
                len(value.split()) > KEY_VALUE_WORDS:
            continue  # "https://...", "**Selective Sync:**", "Note: the limit is ...": no setting
        # ("Rate limits: 1000 requests/hour for free accounts" is a label's longer text, not owned)
        out.append(_Setting(key, terms, m.start("value"), m.end("value"),
                            owned=bool(m.group("ident")) or len(value.split()) <= 2))
    return out


def _keyed(question: Question, sentence: str, spans: list[_Span], settings: list[_Setting],
           typed: Callable[[str], list[_Span]]) -> list[_Span]:
    """Spans of a sentence that lists settings: a value under a key the question does not ask
    about is no answer ("storage=5TB" to "What batch size ...?"); the value under the key it asks
    about is, whatever its type ("batch_size=32" to a question typed as a size, with the unit a
    key names: "storage_quota_tb: 5" -> "5 tb"). ``typed(text)``: the typed spans of a text."""
    asked = _asked_terms(question)
    out = [sp for sp in spans if not any(st.holds(sp) for st in settings)]
    share = [len(st.terms & asked) / len(st.terms) for st in settings]
    best = max(share)  # "storage" answers "what storage size", not "batch_size" beside it
    for st, match in zip(settings, share):
        inside = [sp for sp in spans if st.holds(sp)]
        if match < max(KEY_MATCH, best):
            out += [] if st.owned else inside
            continue
        a, b = st.start, st.end
        value = sentence[a:b]
        unit = re.split(r"[_\s.-]+", st.key.strip())[-1]
        number, words = (value.split() or [""])[0], st.key.split()
        if len(words) >= 3 and words[-2].lower() == "per" and _NUMBER.fullmatch(number):
            # "Events per month: 10,000 on the Free plan": the key is the number's unit, a rate
            end = a + len(number)
            inside = [_Span(a, end, sp.value, sp.normalized, sp.kind) for sp in typed(f"{number} {st.key}")] or inside
        elif _NUMBER.fullmatch(value) and is_unit_word(unit) and len(unit) > 1:
            inside = [_Span(a, b, sp.value, sp.normalized, sp.kind) for sp in typed(f"{value} {unit}")] or inside
        if not inside and len(value.split()) <= 4 and not re.search(r"\s", st.key.strip()):
            # an identifier's value of another shape than the type expected: a number for a
            # measure, anything for a name; a title "hooklane replay: unknown command" is no setting
            mention = next(iter(find_mentions(value)), None)
            whole = mention is not None and mention.start == 0 and mention.end == len(value)
            if whole and question.atype in NUMERIC_TYPES:
                inside = [_Span(a, b, value, mention.norm.canonical, mention.norm.kind)]
            elif not whole and question.atype in ENTITY_TYPES:
                inside = [_Span(a, b, value, entity_key(value), "entity")]
        out += [replace(sp, bonus=sp.bonus + KEY_BONUS) for sp in inside]
    return sorted(out, key=lambda sp: sp.start)
