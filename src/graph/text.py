"""Text helpers shared by the extractors and the key clustering: sentence splitting, key
phrases from identifiers and subjects, stop words and stemming."""

from __future__ import annotations

import re
from functools import lru_cache

from src.graph.values import resolve_unit

# English function words, auxiliaries and verbs that carry no subject matter.
STOP = frozenset(["a", "about", "above", "across", "after", "again", "against", "all", "also", "although", "am", "an", "and", "any", "are", "around", "as", "at", "be", "because", "been", "before", "being", "below", "between", "both", "but", "by", "can", "cannot", "could", "did", "do", "does", "doing", "done", "down", "during", "each", "either", "else", "even", "ever", "every", "few", "for", "from", "further", "get", "gets", "getting", "got", "had", "has", "have", "having", "he", "her", "here", "hers", "him", "his", "how", "however", "i", "if", "in", "into", "is", "it", "its", "itself", "just", "least", "less", "like", "likely", "may", "me", "might", "more", "most", "much", "must", "my", "no", "nor", "not", "now", "of", "off", "often", "on", "once", "one", "only", "or", "other", "our", "ours", "out", "over", "own", "per", "perhaps", "please", "quite", "rather", "really", "same", "say", "said", "says", "see", "seen", "saw", "seem", "seems", "she", "should", "since", "so", "some", "still", "such", "than", "that", "the", "their", "them", "then", "there", "these", "they", "this", "those", "though", "through", "thus", "to", "too", "under", "until", "up", "upon", "us", "use", "used", "uses", "using", "very", "via", "was", "we", "well", "were", "what", "when", "where", "whether", "which", "while", "who", "whom", "why", "will", "with", "within", "without", "would", "yes", "yet", "you", "your", "yours", "actually", "currently", "approximately", "roughly", "typically", "usually", "generally", "default", "defaults", "probably", "basically", "remember", "think", "know", "exactly", "always", "never", "sometimes", "instead", "already", "even", "docs", "doc", "documentation", "answer", "says", "told", "thing", "things", "stuff", "lot", "make", "makes", "way", "case", "cases", "example", "despite", "consider", "practice", "e", "g", "i.e", "eg", "ie", "etc", "whatever", "anything", "something", "value", "values", "set", "sets"])
GENERIC_KEYS = frozenset({"", "default", "value", "limit", "setting", "number", "amount", "total",
                          "remains", "it", "that", "this"})
HEDGES = frozenset({"maximum", "max", "minimum", "min"})
_SENT = re.compile(r"(?<=[.!?])\s+(?=[A-Z`\"'(\[*_])")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-'][A-Za-z0-9]+)*")


def split_sentences(text: str) -> list[str]:
    """Sentences of a paragraph (abbreviations like 'e.g.' are kept whole)."""
    protected = re.sub(r"\b(e\.g|i\.e|etc|vs|approx)\.", lambda m: m.group(0).replace(".", "\x00"), text)
    return [s.replace("\x00", ".").strip() for s in _SENT.split(protected) if s.strip()]


def split_identifier(name: str) -> list[str]:
    """'artifact_retention_days' / 'maxRetries' / 'early_stopping.patience' -> words."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    return [w.lower() for w in re.split(r"[\s_.\-/:]+", spaced) if w]


def is_unit_word(word: str) -> bool:
    return len(word) <= 1 or resolve_unit(word) is not None


def content_words(text: str) -> list[str]:
    """Lower-case words of ``text`` that may name a subject (no stop words, numbers or units)."""
    out = []
    for raw in _WORD.findall(text):
        w = raw.lower()
        if w in STOP or w.isdigit() or is_unit_word(w) or re.fullmatch(r"v?\d[\w.]*", w):
            continue
        out.append(w)
    return out


def key_from_words(words: list[str], limit: int = 4) -> str:
    """A key phrase: the last ``limit`` subject words, hyphens kept."""
    return " ".join(words[-limit:])


def key_from_identifier(name: str) -> str:
    words = [w for w in split_identifier(name) if w not in STOP and not is_unit_word(w)]
    return " ".join(words) or " ".join(split_identifier(name))


@lru_cache(maxsize=1)
def _stemmer():
    import Stemmer

    return Stemmer.Stemmer("english")


@lru_cache(maxsize=16384)
def key_tokens(key: str) -> frozenset[str]:
    """Normalised tokens of a key: identifiers split, stop words and units dropped, stemmed."""
    words: list[str] = []
    for part in re.split(r"\s+", key.strip()):
        words.extend(split_identifier(part))
    words = [w for w in words if w not in STOP and not is_unit_word(w) and w not in HEDGES]
    parts = [p for w in words for p in w.split("-") if p]
    return frozenset(_stemmer().stemWords(parts))
