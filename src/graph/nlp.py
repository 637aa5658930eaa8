"""Named entities and noun phrases of short texts: spaCy when its English pipeline is
installed, else a shape rule (runs of capitalised words), so the claim layer always works.

``load_tagger(name)`` returns a ``Tagger``: ``tag(texts)`` -> one ``Tagged`` per text with
its entity spans (start, end, label) and noun-phrase spans. spaCy labels are kept (PERSON,
ORG, GPE, LOC, FAC, NORP, WORK_OF_ART, DATE, ...); the shape rule labels every run
``PROPER``. Results are cached by text: the same evidence sentence is tagged once per process.
"""

from __future__ import annotations

import logging
import re
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

log = logging.getLogger(__name__)

CACHE_SIZE = 50_000
_PROPER = re.compile(r"(?<![\w'])(?:[A-Z][\w'.&-]*[\w&]|[A-Z])(?:\s+(?:(?:of|the|de|la|von|van|and|du|del|da|&)\s+)*"
                     r"(?:[A-Z][\w'.&-]*[\w&]|[A-Z]|\d+))*")
_DEMONYM = re.compile(r"(?:an|ian|ese|ish|ic|i)$")
_NP = re.compile(r"(?<![\w'])[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,3}")


@dataclass(frozen=True)
class Tagged:
    text: str
    entities: tuple[tuple[int, int, str], ...]  # (start, end, label) character spans
    phrases: tuple[tuple[int, int], ...]  # noun-phrase character spans


class Tagger:
    """Entity and noun-phrase spans of texts, cached. Thread-safe.

    ``pipeline``: a spaCy pipeline name or folder, loaded on first use (questions that need
    no entities never pay for it); None: the shape rule."""

    def __init__(self, pipeline: str | None = None, *, nlp: Any | None = None) -> None:
        self.pipeline = pipeline
        self._nlp = nlp
        self._loaded = nlp is not None or not pipeline
        self._cache: OrderedDict[str, Tagged] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def nlp(self) -> Any | None:
        if not self._loaded:
            self._nlp = _load_spacy(self.pipeline)
            self._loaded = True
        return self._nlp

    @property
    def name(self) -> str:
        nlp = self.nlp
        return f"spacy:{nlp.meta.get('lang', '?')}_{nlp.meta.get('name', '?')}" if nlp is not None else "shape-rule"

    def tag(self, texts: Sequence[str]) -> list[Tagged]:
        with self._lock:
            todo = list(dict.fromkeys(t for t in texts if t not in self._cache))
            if todo:
                for text, tagged in zip(todo, self._run(todo)):
                    self._cache[text] = tagged
                while len(self._cache) > CACHE_SIZE:
                    self._cache.popitem(last=False)
            return [self._cache[t] for t in texts]

    def _run(self, texts: list[str]) -> list[Tagged]:
        if self.nlp is None:
            return [_shape_tags(t) for t in texts]
        out = []
        for doc in self.nlp.pipe(texts, batch_size=64):
            ents = [(e.start_char, e.end_char, e.label_) for e in doc.ents]
            # Names the model missed ("Needtobreathe", "Boys Like Girls") still count, by their shape.
            ents += [(a, b, label) for a, b, label in _shape_tags(doc.text).entities
                     if not any(a < e and s < b for s, e, _ in ents)]
            phrases = tuple((c.start_char, c.end_char) for c in doc.noun_chunks)
            out.append(Tagged(doc.text, tuple(sorted(ents)), phrases))
        return out


def _shape_tags(text: str) -> Tagged:
    ents = []
    for m in _PROPER.finditer(text):
        start = m.start()
        # The first word of a sentence is capitalised anyway: keep it only when the run goes on.
        if (start == 0 or text[:start].rstrip().endswith((".", "!", "?"))) and " " not in m.group(0):
            continue
        # "American rock band", "Italian painter": a demonym before a noun describes, it names nothing.
        if " " not in m.group(0) and _DEMONYM.search(m.group(0)) and re.match(r"\s+[a-z]", text[m.end():]):
            continue
        ents.append((start, m.end(), "PROPER"))
    phrases = tuple((m.start(), m.end()) for m in _NP.finditer(text))
    return Tagged(text, tuple(ents), phrases)


@lru_cache(maxsize=4)
def load_tagger(name: str | None) -> Tagger:
    """One shared tagger per pipeline name (loaded on first use); the shape rule for None/"none"."""
    if not name or name.lower() in ("none", "off", "shape"):
        return Tagger(None)
    return Tagger(name)


def _load_spacy(name: str | None) -> Any | None:
    """The spaCy pipeline ``name`` (a package or a folder) without its lemmatizer; None, said
    once in the log, when it cannot be loaded."""
    try:
        import spacy

        return spacy.load(name, exclude=["lemmatizer"])
    except (ImportError, OSError) as exc:
        log.warning("spaCy pipeline %s is not available (%s): entities are found by capitalisation only",
                    name, str(exc).splitlines()[0][:160])
        return None
