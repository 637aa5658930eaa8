"""Where each labelled value is lost on its way to `ask`'s answer, for realkb-format sets.

    python eval/loss_stages.py ../shared/datasets/realkb [SET ...] [--json FILE]

For every labelled case (``conflicts.jsonl`` with ``answers.jsonl``) the official value and the
other side's value are followed through the stages of `ask`:

- ``retrieved``: a chunk of the labelled document is among the chunks the claim graph reads
  (the top results and the sources' voices below the cut);
- ``written``: one of the value's spellings, or one of the strings ``conflicts.jsonl`` quotes
  from that side's document (its ``sides``), is written, as whole words, in those chunks' text
  (not: the value sits in another part of the document);
- ``typed``: a sentence of those chunks (prose, list item, table row) gives the value as a value
  of the question's type, found by its shape (not: the question's type or the reading of the
  shape misses it; for names and phrases, found by the tagger, this stage is the next one's);
- ``answering``: a sentence the extractor reads as answering the question gives it (not: the
  sentence shares too little of the question's words or meaning);
- ``picked``: the document's candidate (its best span) is the value;
- ``answered``: the answer set states it (the official value) or lists it (the other side's:
  contradicted for a contradiction, stated otherwise), as ``eval realkb`` scores it.

A value is lost at the stage after the furthest one it passed ("ok" when it is answered). Until
the thirtieth session ``written`` looked for ``answers.jsonl``'s wording alone, which a label may
paraphrase ("1440 minutes (24 hours)" for a thread's "defaults to 1440"): on the 39-set pool it
counted 171 other sides lost there, 30 with the quoted strings. The settings
reader answers some questions without the extractor; a value it answers shows as "ok" however the
earlier stages went. Beside the stages, ``official_read``: whether the settings reader
(``src.claims.reader``) reads the official value from any chunk of its document, read for the
question or not; an official value it reads but the answer lacks was lost in choosing the
setting, not in reading (on the 47-set pool, 189 of the 369 lost at ``typed``). Counts per set
and in all are printed; ``--json`` writes one line per case.
Nothing is tuned here: the script only reads, so a session can see which stage to work on
before it writes a rule (BENCHMARKS.md, "Twentieth session").
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from src.answer.service import AnswerService, AskOptions  # noqa: E402
from src.claims.reader import read_chunk  # noqa: E402
from src.claims.sentences import chunk_sentences  # noqa: E402
from src.config import load_settings  # noqa: E402
from src.evaluation.answers import same_value  # noqa: E402
from src.evaluation.gold import json_lines  # noqa: E402
from src.evaluation.realkb import Case, load_cases, products, score_answer  # noqa: E402
from src.graph.question import ENTITY_TYPES  # noqa: E402

STAGES = ("retrieved", "written", "typed", "answering", "picked", "answered")


@dataclass(frozen=True)
class CaseStages:
    case: Case
    official: str  # the first stage the official value fails, or "ok"
    other: str  # the same for the other side's value
    verdict_ok: bool
    atype: str = ""  # the answer type the question was read as asking
    official_read: bool = False  # the settings reader reads the official value from its document

    def to_json(self) -> dict[str, object]:
        return {"product": self.case.product, "q": self.case.q, "expect": self.case.expect,
                "atype": self.atype, "official": self.official, "other": self.other, "verdict_ok": self.verdict_ok,
                "official_read": self.official_read}


def _written(value: str, text: str) -> bool:
    words = " ".join(value.lower().split())
    return bool(words) and re.search(rf"(?<![\w.]){re.escape(words)}(?![\w])", " ".join(text.lower().split())) is not None


def _prefix(doc: str) -> str:
    """What the chunk ids of a labelled document start with: a tickets file's chunks are named by
    ticket (``data/tickets/<ticket id>#qa``), so every chunk under its folder is one of its tickets."""
    return doc.rpartition("/")[0] + "/" if doc.endswith(".json") else doc


def _lost(passed: dict[str, bool]) -> str:
    """The stage after the furthest one passed: a label worded as a paraphrase ("16 (one per
    logical CPU)") is written nowhere, yet a span "16" may still type and answer it."""
    furthest = max((i for i, stage in enumerate(STAGES) if passed[stage]), default=-1)
    return "ok" if furthest == len(STAGES) - 1 else STAGES[furthest + 1]


def case_stages(svc: AnswerService, case: Case, written: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())) -> CaseStages:
    """Follow the case's two labelled values through one `ask` (see the module docstring).
    ``written``: the verbatim strings ``conflicts.jsonl`` quotes from each side's document (its
    ``sides``), which ``written`` also looks for: ``answers.jsonl`` may word the value otherwise
    ("1440 minutes (24 hours)" for a thread's "defaults to 1440")."""
    options = AskOptions()
    answer, ret = svc.ask(case.q, options)
    score = score_answer(case, answer)
    chunks = list({s.id: s.chunk for s in ret.result.results[:options.graph_topn] + ret.beyond}.values())
    with svc.lock:
        q = svc.question_for(case.q, chunks)
        extractor = svc.answer_extractor()
        rows = extractor.span_rows(q, chunks)
        candidates = extractor.candidates(q, chunks)

    def follow(doc: str, values: tuple[str, ...], answered: bool, quoted: tuple[str, ...]) -> str:
        def holds(value: str, normalized: str = "") -> bool:
            return any(same_value(v, value, normalized) for v in values)
        doc = _prefix(doc)
        mine = [c for c in chunks if c.id.startswith(doc)]
        answering = any(holds(r.span.value, r.span.normalized) for ch, rs in rows if ch.id.startswith(doc) for r in rs)
        typed = answering or any(holds(value, normalized) for ch in mine for sentence in chunk_sentences(ch)
                                 for value, normalized, _ in extractor.typed_values(q, sentence, ch))
        if q.atype in ENTITY_TYPES:
            typed = answering  # names and phrases: the tagger finds them in answering sentences only
        return _lost({
            "retrieved": bool(mine),
            "written": any(_written(v, ch.text) for v in (*values, *quoted) for ch in mine),
            "typed": typed,
            "answering": answering,
            "picked": any(holds(c.value, c.normalized) for c in candidates if c.chunk_id.startswith(doc)),
            "answered": answered,
        })

    doc = _prefix(case.official_doc)  # every chunk of the official document, read or not
    official_read = any(same_value(o, c.value, c.normalized) for ch in svc.chunks if ch.id.startswith(doc)
                        for c in read_chunk(ch) for o in case.official)
    official_answered = any(same_value(o, s) for o in case.official for s in score.stated)
    pool = score.contradicted if case.other_status == "contradicted" else score.stated
    other_answered = any(same_value(case.other, v) for v in pool)
    return CaseStages(case, follow(case.official_doc, case.official, official_answered, written[0]),
                      follow(case.other_doc, (case.other,), other_answered, written[1]), score.verdict_ok, q.atype.value,
                      official_read)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sets", type=Path, nargs="+", help="realkb-format folders (or one product folder)")
    ap.add_argument("--json", type=Path, help="write one JSON line per case here")
    args = ap.parse_args()
    out = args.json.open("w") if args.json else None
    total: Counter[tuple[str, str]] = Counter()
    for root in args.sets:
        counts: Counter[tuple[str, str]] = Counter()
        for product in products(root):
            svc = AnswerService.open(load_settings(), data=product / "data")
            sides = [obj.get("sides") or [] for _, obj in json_lines(product / "conflicts.jsonl")]
            for case, side in zip(load_cases(product), sides, strict=True):
                quoted = tuple(tuple(str(v) for v in s[1]) if len(s) > 1 else () for s in side[:2])
                st = case_stages(svc, case, (quoted + ((), ()))[:2])
                counts[("official", st.official)] += 1
                counts[("other", st.other)] += 1
                counts[("read", st.official)] += st.official_read
                if out:
                    out.write(json.dumps(st.to_json()) + "\n")
        total.update(counts)
        _print(root.name, counts)
    if len(args.sets) > 1:
        _print("all", total)
    if out:
        out.close()


def _print(name: str, counts: Counter[tuple[str, str]]) -> None:
    for side in ("official", "other"):
        lost = ", ".join(f"{stage} {counts[(side, stage)]}" for stage in (*STAGES, "ok"))
        print(f"{name:>14} {side:>8}: lost at {lost}")
    read = ", ".join(f"{stage} {counts[('read', stage)]}" for stage in STAGES if counts[("read", stage)])
    if read:
        print(f"{name:>14} {'official':>8}: lost though the settings reader reads it from its document: {read}")


if __name__ == "__main__":
    main()
