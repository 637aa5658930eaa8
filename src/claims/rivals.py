"""Whether a contradicted value is a rival we can stand behind: a logistic model over general
features of the rival's sentences against the question and the authoritative answer's sentences,
its weights fitted on labelled realkb-format sets (``eval/train_rival_model.py``) instead of a
threshold set by hand.

A rival the model doubts is left out of the answer set, as ``said_alike`` leaves out a rival whose
sentence says another thing: the verdict then rests on what is left (a contradiction we cannot
stand behind is worse than none). Nothing in a feature names a word of one corpus: cosines of
meaning, shares of the corpus-weighted words, how far apart the two amounts are, whether the
values are of one kind, how many documents and how good a sentence give the rival, its scope and
whether the official source gives it.

Opt-in (``[models] rival_model = "learned"`` or a weights file; off by default): measured in
BENCHMARKS.md (twenty-sixth session), it raises the verdicts that stand on the development sets
but does not make the contradictions reported on unseen sets more trustworthy.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..errors import UsageError
from ..graph.values import parse_value
from ..text import stems
from .answer_set import AnswerValue, Embed, sentences_of, without
from .candidate import Candidate

WEIGHTS = Path(__file__).with_name("rival_weights.json")

FEATURES = ("q_cos", "a_cos", "q_words", "a_words", "magnitude", "no_magnitude", "same_kind", "votes",
            "score_share", "scoped", "official")

Weight = Callable[[str], float]


def _share(asked: set[str], said: set[str], weight: Weight) -> float:
    """The weighted share of ``asked``'s stems that ``said`` uses (digits are values, not words)."""
    words = {w for w in asked if not any(ch.isdigit() for ch in w)}
    total = sum(weight(w) for w in words)
    return sum(weight(w) for w in words & said) / total if total > 0 else 0.0


def _magnitude(a: AnswerValue, b: AnswerValue) -> float | None:
    """|log10| of the ratio of two amounts in their canonical unit (at most 4); None where either
    is no amount (a name, a version, a yes/no) or they are of different kinds."""
    x, y = parse_value(a.normalized), parse_value(b.normalized)
    if x is None or y is None or x.kind != y.kind or not x.lo or not y.lo or x.lo <= 0 or y.lo <= 0:
        return None
    return min(abs(math.log10(x.lo / y.lo)), 4.0)


def rival_features(question: str, first: AnswerValue, rival: AnswerValue, embed: Embed | None,
                   weight: Weight | None, official: Callable[[Candidate], bool]) -> dict[str, float]:
    """The features (``FEATURES``) of ``rival`` against the authoritative ``first``."""
    worth = weight or (lambda w: 1.0)
    mine, theirs, said = sentences_of(first), sentences_of(rival), sentences_of(rival, blank=False)
    q_cos = a_cos = 0.0
    if embed is not None and said:
        texts = list(dict.fromkeys([question, *mine, *theirs, *said]))
        rows = dict(zip(texts, embed(texts), strict=True))
        q_cos = max(float(rows[question] @ rows[s]) for s in said)
        a_cos = max((float(rows[m] @ rows[t]) for m in mine for t in theirs), default=0.0)
    words = set().union(*(stems(s) for s in said))
    mag = _magnitude(first, rival)
    top = max((c.score for c in first.candidates), default=0.0)
    best = max((c.score for c in rival.candidates), default=0.0)
    return {
        "q_cos": q_cos, "a_cos": a_cos,
        "q_words": _share(stems(question), words, worth),
        "a_words": _share(set().union(*(stems(s) for s in mine)), words, worth),
        "magnitude": mag or 0.0, "no_magnitude": float(mag is None),
        "same_kind": float(bool(first.candidates and rival.candidates)
                           and first.candidates[0].kind == rival.candidates[0].kind),
        "votes": math.log1p(rival.votes),
        "score_share": best / top if top > 0 else 0.0,
        "scoped": float(bool(rival.scope)),
        "official": float(any(official(c) for c in rival.candidates)),
    }


@dataclass(frozen=True)
class RivalModel:
    weights: dict[str, float]
    bias: float
    threshold: float

    def probability(self, features: dict[str, float]) -> float:
        z = self.bias + sum(self.weights.get(k, 0.0) * v for k, v in features.items())
        return 1.0 / (1.0 + math.exp(-z))


def load_rival_model(path: Path) -> RivalModel:
    """The weights ``eval/train_rival_model.py`` wrote; a file that holds none is a ``UsageError``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return RivalModel({k: float(data["weights"][k]) for k in FEATURES}, float(data["bias"]),
                          float(data["threshold"]))
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
        raise UsageError(f"{path}: not a rival model's weights ({type(exc).__name__}: {exc}); "
                         f"write one with eval/train_rival_model.py") from exc


@lru_cache(maxsize=4)
def rival_model(setting: str = "learned") -> RivalModel | None:
    """The model ``[models] rival_model`` names: "learned" (the shipped weights), "off" (None) or
    a weights file."""
    if setting == "off":
        return None
    return load_rival_model(WEIGHTS if setting == "learned" else Path(setting))


def stood_behind(question: str, answers: Sequence[AnswerValue], embed: Embed | None, weight: Weight | None,
                 official: Callable[[Candidate], bool], model: RivalModel | None) -> list[AnswerValue]:
    """The answers less each contradicted value the rival model doubts (probability under its
    threshold); the values it contradicted no longer list it."""
    first = next((a for a in answers if a.status == "authoritative"), None)
    rivals = [a for a in answers if a.status == "contradicted"]
    if model is None or first is None or not rivals:
        return list(answers)
    return without(answers, [a for a in rivals if model.probability(
        rival_features(question, first, a, embed, weight, official)) < model.threshold])
