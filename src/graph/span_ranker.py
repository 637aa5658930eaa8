"""Which span of a document's answering sentences is its answer: a linear model over general
features, its weights learned from labelled documents instead of set by hand.

Each candidate span gets the features below (how well its sentence answers the question, how
close the span sits to the question's words, whether a relation word leads to it, how close in
meaning it is to the noun asked about, how often the document repeats it, where it sits in its
sentence). ``SpanModel.score`` weighs them with one logistic-regression model per answer-type
group; a type no group covers (versions, yes/no, clock times...) keeps the hand-set score.

The shipped weights (``span_weights.json``) are fitted by ``eval/train_span_ranker.py`` on the
RAMDocs dev half (even lines) only: its documents say which answer each one gives. Nothing in a
feature names a word of one corpus; the weights say how much each general signal counts.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

WEIGHTS = Path(__file__).with_name("span_weights.json")

FEATURES = ("sentence", "rank", "closeness", "has_cue", "related", "fit", "type_fit", "index", "words", "repeats",
            "surname", "opens", "position", "after_by", "before_paren", "near_subject", "chunk_opening",
            "subject_named", "capital", "digit", "length")


@dataclass(frozen=True)
class SpanContext:
    """What a span's features are read from."""

    sentence: str
    chunk_text: str  # lower-cased
    sentence_score: float
    rank: int  # of the sentence among the chunk's answering sentences
    index: int  # of the span among its sentence's candidates
    closeness: float  # to the question's cue words, or to the subject when no cue word is there
    has_cue: bool
    related: bool  # a relation word leads from a cue word to the span ("directed by X")
    fit: float  # category fit (phrase questions), as the hand score counts it
    type_fit: float  # cosine of the span with the noun asked about (or the question)
    near_subject: float
    chunk_opening: float
    subject_named: bool


def span_features(value: str, start: int, end: int, ctx: SpanContext) -> dict[str, float]:
    low = value.lower()
    words = value.split()
    repeats = ctx.chunk_text.count(low)
    last = words[-1].lower() if words else ""
    alone = len(re.findall(rf"\b{re.escape(last)}\b", ctx.chunk_text)) if last else 0
    return {
        "sentence": ctx.sentence_score, "rank": float(ctx.rank), "closeness": ctx.closeness,
        "has_cue": float(ctx.has_cue), "related": float(ctx.related), "fit": ctx.fit, "type_fit": ctx.type_fit,
        "index": float(min(ctx.index, 5)), "words": float(len(words)), "repeats": math.log1p(repeats),
        "surname": math.log1p(max(0, alone - repeats)),  # "Forster" alone after "Marc Forster"
        "opens": float(start < 3), "position": start / max(len(ctx.sentence), 1),
        "after_by": float(ctx.sentence[max(0, start - 4):start].lower().endswith("by ")),
        "before_paren": float(ctx.sentence[end:end + 3].lstrip().startswith("(")),
        "near_subject": ctx.near_subject, "chunk_opening": ctx.chunk_opening,
        "subject_named": float(ctx.subject_named), "capital": float(value[:1].isupper()),
        "digit": float(any(ch.isdigit() for ch in value)), "length": min(len(value), 40) / 40,
    }


@dataclass(frozen=True)
class SpanModel:
    """Per answer-type group: the types it covers, a weight per feature, an intercept."""

    groups: Mapping[str, tuple[frozenset[str], dict[str, float], float]]

    def covers(self, atype: str) -> bool:
        return any(atype in types for types, _, _ in self.groups.values())

    def score(self, atype: str, features: Mapping[str, float]) -> float | None:
        """The logit that this span is the document's answer; None when no group covers ``atype``."""
        for types, weights, intercept in self.groups.values():
            if atype in types:
                return intercept + sum(w * features.get(name, 0.0) for name, w in weights.items())
        return None

    def to_json(self) -> dict:
        return {name: {"types": sorted(types), "intercept": round(b, 6),
                       "weights": {k: round(v, 6) for k, v in w.items()}}
                for name, (types, w, b) in self.groups.items()}


def model_from_json(data: Mapping) -> SpanModel:
    groups = {}
    for name, g in data["groups"].items():
        unknown = set(g["weights"]) - set(FEATURES)
        if unknown:
            raise ValueError(f"span weights: group {name!r} has unknown features {sorted(unknown)}")
        groups[name] = (frozenset(g["types"]), {k: float(v) for k, v in g["weights"].items()}, float(g["intercept"]))
    return SpanModel(groups)


@lru_cache(maxsize=4)
def load_span_model(path: Path = WEIGHTS) -> SpanModel:
    try:
        return model_from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"{path}: cannot read the span weights ({exc})") from exc
