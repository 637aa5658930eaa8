"""Score ``ask`` and the corpus audit on a realkb folder (real docs against real threads and
blogs), reading its label files as they are.

A realkb folder holds one folder per product, each with ``data/`` (the corpus),
``conflicts.jsonl`` (``q``, ``expect``: ``contradiction`` | ``consistent`` | ``version_scoped``,
``sides``: ``[[doc id, [verbatim value strings]], ...]`` with the official doc first,
``authoritative``: accepted spellings of the official value) and ``answers.jsonl`` (the same
questions in the same order: ``verdict`` and ``answers[{value, status, source}]``).

Per question:

- **verdict right**: ``ask``'s verdict is the label's (``version_scoped`` is ``scoped``);
- **authoritative right** (contradictions only): the answer's authoritative value, or its
  verdict's authoritative answer, matches one of the label's spellings;
- **answer set right**: the verdict is right, the official value is stated (authoritative or
  supported), and the other side's value is stated as the label says: ``contradicted`` for a
  contradiction or a scoped case, stated for a consistent one (the same value);
- **contradiction standing** (of the contradictions ``ask`` reports): the case is a labelled
  contradiction and the other side's value is among the contradicted values. A contradiction
  verdict on another value is right as a verdict but stands on a value no source contests
  (precision first: one we cannot stand behind is worse than none); **verdicts standing** counts
  the right verdicts less those contradictions.

The audit (the ``graph`` command's contradictions) is split into **labelled** contradictions
(a reported key one of whose claims is supported by the official doc with the official value
and another by the other side's document with its value) and **others**; a labelled case is
**reported** when some key covers it that way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .answers import same_value
from .gold import GoldFileError, doc_id_of, json_lines

EXPECT_TO_VERDICT = {"contradiction": "contradiction", "consistent": "consistent", "version_scoped": "scoped"}


@dataclass(frozen=True)
class Case:
    product: str
    q: str
    expect: str  # the ask verdict the label means
    official_doc: str
    official: tuple[str, ...]  # accepted spellings of the official value
    other_doc: str
    other: str  # the other side's value (answers.jsonl)
    other_status: str  # contradicted | supported


@dataclass(frozen=True)
class CaseScore:
    case: Case
    verdict: str
    authoritative: str | None
    stated: tuple[str, ...]
    contradicted: tuple[str, ...]

    @property
    def verdict_ok(self) -> bool:
        return self.verdict == self.case.expect

    @property
    def authoritative_ok(self) -> bool:
        return self.authoritative is not None and any(same_value(o, self.authoritative) for o in self.case.official)

    @property
    def answer_set_ok(self) -> bool:
        official = any(same_value(o, s) for o in self.case.official for s in self.stated)
        pool = self.contradicted if self.case.other_status == "contradicted" else self.stated
        return self.verdict_ok and official and any(same_value(self.case.other, v) for v in pool)

    @property
    def contradiction_stands(self) -> bool:
        return self.verdict == "contradiction" and self.case.expect == "contradiction" \
            and any(same_value(self.case.other, v) for v in self.contradicted)

    def to_json(self) -> dict[str, Any]:
        return {"product": self.case.product, "q": self.case.q, "expected": self.case.expect,
                "verdict": self.verdict, "authoritative": self.authoritative, "stated": list(self.stated),
                "contradicted": list(self.contradicted), "official": list(self.case.official),
                "other": self.case.other, "verdict_ok": self.verdict_ok,
                "authoritative_ok": self.authoritative_ok, "answer_set_ok": self.answer_set_ok,
                "contradiction_stands": self.contradiction_stands}


def products(root: Path) -> list[Path]:
    """The product folders of a realkb folder (each with ``data/`` and ``conflicts.jsonl``), or
    ``root`` itself when it is one."""
    if (root / "conflicts.jsonl").is_file():
        return [root]
    found = sorted(p for p in root.iterdir() if (p / "conflicts.jsonl").is_file() and (p / "data").is_dir()) \
        if root.is_dir() else []
    if not found:
        raise GoldFileError(root, "no product folder with data/ and conflicts.jsonl")
    return found


def load_cases(product: Path) -> list[Case]:
    conflicts = [obj for _, obj in json_lines(product / "conflicts.jsonl")]
    answers = [obj for _, obj in json_lines(product / "answers.jsonl")]
    if len(answers) != len(conflicts):
        raise GoldFileError(product / "answers.jsonl", f"{len(answers)} lines for {len(conflicts)} in conflicts.jsonl")
    out = []
    for lineno, (c, a) in enumerate(zip(conflicts, answers, strict=True), start=1):
        try:
            expect = EXPECT_TO_VERDICT[c["expect"]]
            (official_doc, _), (other_doc, _) = c["sides"][:2]
            first, second = a["answers"][:2]
            out.append(Case(product.name, str(c["q"]), expect, str(official_doc),
                            tuple(str(v) for v in c.get("authoritative") or [first["value"]]),
                            str(other_doc), str(second["value"]), str(second["status"])))
        except (KeyError, ValueError, TypeError) as exc:
            raise GoldFileError(product / "conflicts.jsonl", f"line {lineno}: not a realkb case ({exc})") from exc
    return out


def score_answer(case: Case, answer: Any) -> CaseScore:
    """``answer``: an ``Answer`` (``AnswerService.ask(...)[0]``)."""
    rows = list(answer.answers)
    auth = next((a["value"] for a in rows if a.get("status") == "authoritative"), None) \
        or answer.verdict.authoritative_answer
    stated = tuple(a["value"] for a in rows if a.get("status") != "contradicted")
    contradicted = tuple(a["value"] for a in rows if a.get("status") == "contradicted")
    return CaseScore(case, answer.verdict.status, auth, stated, contradicted)


@dataclass(frozen=True)
class AuditScore:
    reported: int  # contradiction keys in the audit
    labelled: int  # of which cover a labelled contradiction
    found: tuple[str, ...]  # labelled contradiction questions some key covers
    cases: int  # labelled contradictions
    others: tuple[str, ...]  # the other keys' names

    def to_json(self) -> dict[str, Any]:
        return {"reported": self.reported, "labelled": self.labelled, "found": len(self.found), "cases": self.cases,
                "others": list(self.others)}


def _claim_docs(claim: dict[str, Any]) -> set[str]:
    """The documents behind a claim of the graph JSON (a support's chunk ``id``)."""
    return {doc_id_of(str(s["id"])) for s in claim.get("support", ()) if "id" in s}


def _covers(key: dict[str, Any], case: Case) -> bool:
    claims = key.get("claims", [])

    def side(doc: str, values: Iterable[str]) -> set[int]:
        vals = list(values)
        return {i for i, c in enumerate(claims) if doc in _claim_docs(c)
                and any(same_value(v, c.get("value", ""), str(c.get("normalized") or "")) for v in vals)}

    a, b = side(case.official_doc, case.official), side(case.other_doc, [case.other])
    return bool(a and b and (len(a | b) > 1))


def score_audit(cases: Sequence[Case], graph_json: dict[str, Any]) -> AuditScore:
    """The audit's contradiction keys against the labelled contradictions of ``cases``."""
    keys = [k for k in graph_json.get("keys", []) if k.get("status") == "contradiction"]
    labelled = [c for c in cases if c.expect == "contradiction"]
    found = tuple(c.q for c in labelled if any(_covers(k, c) for k in keys))
    hits = [k for k in keys if any(_covers(k, c) for c in labelled)]
    others = tuple(str(k.get("key")) for k in keys if k not in hits)
    return AuditScore(len(keys), len(hits), found, len(labelled), others)


def summarize(scores: Sequence[CaseScore], audit: AuditScore | None) -> dict[str, Any]:
    contradictions = [s for s in scores if s.case.expect == "contradiction"]
    out: dict[str, Any] = {
        "cases": len(scores),
        "verdicts_right": sum(s.verdict_ok for s in scores),
        "contradictions": len(contradictions),
        "authoritative_right": sum(s.authoritative_ok for s in contradictions),
        "answer_sets_right": sum(s.answer_set_ok for s in scores),
        "verdicts_standing": sum(s.verdict_ok and (s.case.expect != "contradiction" or s.contradiction_stands)
                                 for s in scores),
        "contradictions_reported": sum(s.verdict == "contradiction" for s in scores),
        "contradictions_standing": sum(s.contradiction_stands for s in scores),
    }
    if audit is not None:
        out["audit"] = audit.to_json()
    return out


def run_product(product: Path, ask: Callable[[str], Any], audit: Callable[[], dict[str, Any]] | None
                ) -> tuple[list[CaseScore], AuditScore | None]:
    """``ask(question) -> Answer``; ``audit() -> graph JSON`` (None: no audit)."""
    cases = load_cases(product)
    scores = [score_answer(c, ask(c.q)) for c in cases]
    return scores, score_audit(cases, audit()) if audit is not None else None

