"""Claim-text helpers shared by the extractors and the key clustering: key phrases from
identifiers and subjects, stop words, key tokens, narrative clauses. Sentences, words and
stems come from the text toolkit (``src/text.py``)."""

from __future__ import annotations

import re
from functools import lru_cache

from ..text import split_sentences, stem_words, words
from .values import resolve_unit

__all__ = ["split_sentences"]  # re-exported: the extractors take sentences from here

# English function words, auxiliaries and verbs that carry no subject matter.
STOP = frozenset(["a", "about", "above", "across", "after", "again", "against", "all", "also", "although", "am", "an", "and", "any", "are", "around", "as", "at", "be", "because", "been", "before", "being", "below", "between", "both", "but", "by", "can", "cannot", "could", "did", "do", "does", "doing", "done", "down", "during", "each", "either", "else", "even", "ever", "every", "few", "for", "from", "further", "get", "gets", "getting", "got", "had", "has", "have", "having", "he", "her", "here", "hers", "him", "his", "how", "however", "i", "if", "in", "into", "is", "it", "its", "itself", "just", "least", "less", "like", "likely", "may", "me", "might", "more", "most", "much", "must", "my", "no", "nor", "not", "now", "of", "off", "often", "on", "once", "one", "only", "or", "other", "our", "ours", "out", "over", "own", "per", "perhaps", "please", "quite", "rather", "really", "same", "say", "said", "says", "see", "seen", "saw", "seem", "seems", "she", "should", "since", "so", "some", "still", "such", "than", "that", "the", "their", "them", "then", "there", "these", "they", "this", "those", "though", "through", "thus", "to", "too", "under", "until", "up", "upon", "us", "use", "used", "uses", "using", "very", "via", "was", "we", "well", "were", "what", "when", "where", "whether", "which", "while", "who", "whom", "why", "will", "with", "within", "without", "would", "yes", "yet", "you", "your", "yours", "actually", "currently", "approximately", "roughly", "typically", "usually", "generally", "default", "defaults", "probably", "basically", "remember", "think", "know", "exactly", "always", "never", "sometimes", "instead", "already", "even", "docs", "doc", "documentation", "answer", "says", "told", "thing", "things", "stuff", "lot", "make", "makes", "many", "way", "case", "cases", "example", "despite", "consider", "practice", "e", "g", "i.e", "eg", "ie", "etc", "whatever", "anything", "something", "value", "values", "set", "sets"])
GENERIC_KEYS = frozenset({"", "default", "value", "limit", "setting", "number", "amount", "total",
                          "remains", "it", "that", "this"})
HEDGES = frozenset({"maximum", "max", "minimum", "min"})


# Narrative (one-off, past) clauses: "deliveries were delayed for 47 minutes", "we posted to the
# status page 19 minutes after ...". A clause with a past-tense finite verb and no present-tense
# one reports an event, not a standing policy or setting.
_PAST_AUX = re.compile(r"\b(?:was|were|had|did|wasn't|weren't|hadn't|didn't)\b", re.IGNORECASE)
_PRESENT = re.compile(r"\b(?:is|are|am|isn't|aren't|do|does|don't|doesn't|can|can't|cannot|will|won't|must|may|"
                      r"might|should|shall|has|have|hasn't|haven't|need|needs)\b|'re\b|'ll\b|\bnow\b", re.IGNORECASE)
_IRREGULAR_PAST = frozenset({"rose", "fell", "began", "took", "went", "came", "grew", "ran", "kept", "got", "sent",
                             "spent", "lost", "found", "saw", "became", "broke", "wrote", "hit", "left", "brought"})
_BE_HAVE = frozenset({"am", "is", "are", "be", "been", "being", "was", "were", "has", "have", "had", "get", "gets",
                      "got", "the", "a", "an", "of", "for", "to", "in", "on", "with", "by", "as", "and", "or"})
_SUBJECT_PRONOUNS = frozenset({"we", "i", "they", "he", "she", "it", "you"})


def is_narrative(clause: str) -> bool:
    """A past-tense report ("deliveries were delayed", "median delay rose", "we posted ...")."""
    if _PRESENT.search(clause):
        return False
    if _PAST_AUX.search(clause):
        return True
    tokens = re.findall(r"[A-Za-z][\w.'-]*|\d[\w.]*", clause)
    for i, raw in enumerate(tokens[1:], start=1):
        w, prev = raw.lower(), tokens[i - 1].lower()
        if "-" in w or prev in _BE_HAVE:
            continue
        nxt = tokens[i + 1].lower() if i + 1 < len(tokens) else ""
        # A regular "-ed" word is a finite past verb after a subject pronoun ("we posted") or
        # right before an amount ("deliveries waited 41 minutes"); elsewhere it may be an
        # adjective or a participle ("failed deliveries", "artifacts retained for 30 days").
        if w in _IRREGULAR_PAST or (w.endswith("ed") and len(w) > 4 and (
                prev in _SUBJECT_PRONOUNS or (nxt[:1].isdigit() and prev not in _SUBJECT_PRONOUNS | {"a", "an"}))):
            return True
    return False


def split_identifier(name: str) -> list[str]:
    """'artifact_retention_days' / 'maxRetries' / 'early_stopping.patience' -> words."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    return [w.lower() for w in re.split(r"[\s_.\-/:]+", spaced) if w]


def is_unit_word(word: str) -> bool:
    return len(word) <= 1 or resolve_unit(word) is not None


_CONTRACTION = re.compile(r"(?:'re|'m|'ve|'ll|'d|'s|n't)$")
_IRREGULAR_NEGATION = {"can't": "can", "won't": "will", "shan't": "shall"}


def content_words(text: str) -> list[str]:
    """Lower-case words of ``text`` that may name a subject (no stop words, numbers or units)."""
    out = []
    for raw in words(text):
        w = raw.lower().replace("\u2019", "'")
        base = _IRREGULAR_NEGATION.get(w, _CONTRACTION.sub("", w))  # "they're", "don't": function words too
        if w in STOP or base in STOP or w.isdigit() or is_unit_word(w) or re.fullmatch(r"v?\d[\w.]*", w):
            continue
        out.append(w)
    return out


def key_from_words(words: list[str], limit: int = 4) -> str:
    """A key phrase: the last ``limit`` subject words, hyphens kept."""
    return " ".join(words[-limit:])


def key_from_identifier(name: str) -> str:
    words = [w for w in split_identifier(name) if w not in STOP and not is_unit_word(w)]
    return " ".join(words) or " ".join(split_identifier(name))


@lru_cache(maxsize=16384)
def key_tokens(key: str) -> frozenset[str]:
    """Normalised tokens of a key: identifiers split, stop words and units dropped, stemmed."""
    words: list[str] = []
    for part in re.split(r"\s+", key.strip()):
        words.extend(split_identifier(part))
    words = [w for w in words if w not in STOP and not is_unit_word(w) and w not in HEDGES]
    parts = [p for w in words for p in w.split("-") if p]
    return frozenset(stem_words(parts))


_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.DOTALL)
_FENCE = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)


def prose(text: str) -> str:
    """Chunk text without its YAML front matter and code fences (they assert no facts)."""
    return _FENCE.sub("\n", _FRONT_MATTER.sub("", text))


def text_terms(text: str) -> frozenset[str]:
    """Stemmed content terms of free text (uncached: chunk texts would flood key_tokens' cache)."""
    return key_tokens.__wrapped__(" ".join(content_words(text)))


def mask_spans(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with the characters of ``spans`` replaced by spaces (offsets stay valid)."""
    chars = list(text)
    for s, e in spans:
        for k in range(max(s, 0), min(e, len(chars))):
            chars[k] = " "
    return "".join(chars)
