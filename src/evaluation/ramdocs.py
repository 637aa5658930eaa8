"""RAMDocs (``../shared/datasets/ramdocs/RAMDocs_test.jsonl``): questions whose documents
disagree, some of them misinformation or noise, some naming different entities that share a
name. Each question is its own corpus; the labels (document type and answer) are never shown
to the system.

Scoring follows the MADAM-RAG paper: answers and gold are lower-cased, punctuation and the
articles a/an/the removed; a gold answer is found when it occurs, word for word, in one of the
system's answers. **Strict EM**: every gold answer found and no wrong answer found.

Splits: ``dev`` = 0-based even lines, ``test`` = odd lines, ``all``.
"""

from __future__ import annotations

import json
import re
import string
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..types import Chunk, VerdictStatus
from .gold import GoldFileError

SPLITS = ("dev", "test", "all")
SOURCE = "docs"


@dataclass(frozen=True)
class RamQuestion:
    line: int  # 0-based line in the file
    question: str
    documents: tuple[str, ...]
    doc_types: tuple[str, ...]  # correct | misinfo | noise (scoring only)
    gold: tuple[str, ...]
    wrong: tuple[str, ...]
    doc_answers: tuple[str, ...] = ()  # the answer each document gives (training the span model only)

    @property
    def has_misinfo(self) -> bool:
        return "misinfo" in self.doc_types

    def chunks(self) -> list[Chunk]:
        """One chunk per document, source ``docs``: ``ramdocs-<line>/docs/d<k>#c0``."""
        return [Chunk(id=f"ramdocs-{self.line}/{SOURCE}/d{k}#c0", source=SOURCE, kind="document", text=t,
                      metadata={}) for k, t in enumerate(self.documents)]


def load_ramdocs(path: Path, split: str = "all") -> list[RamQuestion]:
    if split not in SPLITS:
        raise GoldFileError(path, f"unknown split {split!r}; valid splits: {', '.join(SPLITS)}")
    if not path.is_file():
        raise GoldFileError(path, "RAMDocs file not found")
    out = []
    with path.open(encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if not line.strip():
                continue
            if split == "dev" and i % 2 or split == "test" and not i % 2:
                continue
            try:
                obj = json.loads(line)
                docs = obj["documents"]
                out.append(RamQuestion(i, str(obj["question"]), tuple(str(d["text"]) for d in docs),
                                       tuple(str(d.get("type", "")) for d in docs),
                                       tuple(str(a) for a in obj.get("gold_answers") or ()),
                                       tuple(str(a) for a in obj.get("wrong_answers") or ()),
                                       tuple(str(d.get("answer") or "") for d in docs)))
            except (ValueError, KeyError, TypeError) as exc:
                raise GoldFileError(path, f"line {i + 1}: not a RAMDocs record ({exc})") from None
    return out


_ARTICLES = re.compile(r"\b(a|an|the)\b")
_PUNCT = str.maketrans("", "", string.punctuation + "‘’“”–—")


def normalize_answer(text: str) -> str:
    """Lower case, no punctuation, no articles, single spaces (the SQuAD/MADAM-RAG normalisation)."""
    return " ".join(_ARTICLES.sub(" ", text.lower().translate(_PUNCT)).split())


def found(answer: str, predictions: Iterable[str]) -> bool:
    """``answer`` occurs word for word in one of the predictions."""
    a = normalize_answer(answer)
    if not a:
        return False
    return any(re.search(rf"(?<!\S){re.escape(a)}(?!\S)", normalize_answer(p)) for p in predictions)


@dataclass(frozen=True)
class Scored:
    strict: bool
    any_right: bool
    wrong: bool
    flagged: bool  # verdict contradiction
    insufficient: bool


def score_one(q: RamQuestion, answers: Sequence[str], verdict: str) -> Scored:
    gold_hits = [found(g, answers) for g in q.gold]
    wrong = any(found(w, answers) for w in q.wrong if not any(found(w, [g]) for g in q.gold))
    return Scored(strict=bool(gold_hits) and all(gold_hits) and not wrong, any_right=any(gold_hits), wrong=wrong,
                  flagged=verdict == VerdictStatus.CONTRADICTION, insufficient=verdict == VerdictStatus.INSUFFICIENT_DATA)


def summarize(questions: Sequence[RamQuestion], scored: Sequence[Scored]) -> dict[str, Any]:
    n = len(scored)
    mis = [s for q, s in zip(questions, scored) if q.has_misinfo]
    clean = [s for q, s in zip(questions, scored) if not q.has_misinfo]

    def rate(xs: Sequence[Scored], attr: str) -> float:
        return round(sum(getattr(s, attr) for s in xs) / len(xs), 4) if xs else 0.0

    return {"questions": n, "strict_em": rate(scored, "strict"), "at_least_one_right": rate(scored, "any_right"),
            "wrong_answer_rate": rate(scored, "wrong"),
            "flagged_with_misinfo": rate(mis, "flagged"), "flagged_without_misinfo": rate(clean, "flagged"),
            "insufficient_data": rate(scored, "insufficient"),
            "with_misinfo": len(mis), "without_misinfo": len(clean)}


@dataclass(frozen=True)
class RamAnswer:
    question: RamQuestion
    answers: tuple[str, ...]  # the values the system asserts (authoritative and supported)
    verdict: str
    scored: Scored
    method: str = "offline"  # who answered: offline, llm, "llm+offline" (a call fell back), none

    def to_json(self) -> dict[str, Any]:
        """The ``--out`` line: what the system said, never the labels."""
        return {"question": self.question.question, "answers": list(self.answers), "verdict": self.verdict}


def run_ramdocs(questions: Sequence[RamQuestion], settings: Any, embed_model: Any, workdir: Path, *,
                progress: bool = False) -> list[RamAnswer]:
    """Ask every question over its own documents, as ``ask`` does (retrieval, counter-evidence,
    the typed answer set; with an LLM configured, its typed answers, as ``ask --llm-base-url``).
    Models are loaded once; each corpus is indexed under ``workdir/<line>/`` (embeddings cached
    there: a second run embeds nothing)."""
    from tqdm import tqdm

    from ..answer import AnswerService
    from ..answer.service import AskOptions
    from ..claims.extractor import make_extractor
    from ..graph.llm_extract import LLMClaimExtractor
    from ..llm import CircuitBreaker, make_llm

    # one vector cache for every question; one LLM (when configured) and one breaker for all of them
    shared = make_extractor(settings.models.nlp, embed_model, span_ranker=settings.models.span_ranker)
    llm = make_llm(settings.models)
    llm_claims = LLMClaimExtractor(llm) if llm is not None else None
    breaker = CircuitBreaker(backoff_s=settings.models.llm_backoff_s)
    out = []
    for q in tqdm(questions, desc="ramdocs", unit="q", disable=not progress, file=sys.stderr):
        chunks = q.chunks()
        if not chunks:
            out.append(RamAnswer(q, (), "insufficient_data", score_one(q, (), "insufficient_data"), "none"))
            continue
        service = AnswerService.from_chunks(chunks, settings, index_dir=workdir / str(q.line), embed_model=embed_model,
                                            answer_extractor=shared, llm=llm, extractor=llm_claims, breaker=breaker)
        answer, _ = service.ask(q.question, AskOptions())
        stated = tuple(a["value"] for a in answer.answers if a["status"] != "contradicted")
        out.append(RamAnswer(q, stated, answer.verdict.status, score_one(q, stated, answer.verdict.status),
                             answered_by(answer.llm_status)))
    return out


def answered_by(llm_status: dict[str, Any] | None) -> str:
    """``offline`` (no LLM configured, or none of its replies used), ``llm`` (every LLM step of
    the question answered), ``llm+offline`` (a reply used, another step fell back)."""
    if not llm_status or not llm_status["used"]:
        return "offline"
    return "llm+offline" if llm_status["reason"] else "llm"
