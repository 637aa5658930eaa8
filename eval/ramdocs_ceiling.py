"""How far the offline reader can take RAMDocs: per-document reading accuracy, and the strict EM a
perfect judge would reach with what the reader extracts.

    python eval/ramdocs_ceiling.py ../shared/datasets/ramdocs/RAMDocs_test.jsonl [--split dev|test|all]

For every document that states an answer (not noise), it prints, per answer type and in all:

- ``in text``: the document's answer occurs in its text (what a perfect reader could copy);
- ``in spans``: it is among the candidate spans of the document's answering sentences;
- ``picked``: it is among the values the extractor gives for that document (its best span,
  widened to its fullest wording, and one per scope), what the judge of ``ask`` chooses from.

Then the **ceilings**: the share of questions whose every gold answer is a picked value of some
document (a judge that keeps exactly the right values and drops every wrong one could reach no
more), the same with each document's two best spans by the hand score, and with any of its
spans; and the share of the questions with misinformation where some document's picked value is
a wrong answer and another's a gold one (the contradictions a perfect judge could flag on
evidence). The documents' labels are read only here, for scoring; the extractor never sees them.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from src.claims.extractor import make_extractor  # noqa: E402
from src.embeddings import load_embed_model  # noqa: E402
from src.evaluation.ramdocs import SPLITS, found, load_ramdocs  # noqa: E402
from src.graph.question import analyse_question  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ramdocs", type=Path, help="RAMDocs_test.jsonl")
    ap.add_argument("--split", choices=SPLITS, default="dev", help="dev (even lines, default), test or all")
    args = ap.parse_args()
    extractor = make_extractor(None, load_embed_model())
    docs: Counter = Counter()
    ceiling: Counter = Counter()
    questions = load_ramdocs(args.ramdocs, args.split)
    for q in questions:
        question = analyse_question(q.question)
        chunks = q.chunks()
        rows = {chunk.id: sorted(found_rows, key=lambda r: -r.hand)
                for chunk, found_rows in extractor.span_rows(question, chunks)}
        chosen: dict[str, list[str]] = {}
        for c in extractor.candidates(question, chunks):
            chosen.setdefault(c.chunk_id, []).append(c.value)
        picked: dict[str, list[str]] = {"picked": [], "top-2": [], "any span": []}
        for chunk, kind, answer in zip(chunks, q.doc_types, q.doc_answers):
            spans = [r.span.value for r in rows.get(chunk.id, [])]
            values = chosen.get(chunk.id, [])
            picked["picked"] += values
            picked["top-2"] += spans[:2]
            picked["any span"] += spans
            if kind == "noise" or not answer:
                continue
            t = question.atype.value
            for name, hit in (("docs", True), ("in text", found(answer, [chunk.text])),
                              ("in spans", found(answer, spans)), ("picked", found(answer, values))):
                docs[t, name] += hit
                docs["all", name] += hit
        for name, values in picked.items():
            ceiling[name] += bool(q.gold) and all(found(g, values) for g in q.gold)
        if q.has_misinfo:
            wrong = [w for w in q.wrong if not any(found(w, [g]) for g in q.gold)]
            ceiling["misinfo"] += 1
            ceiling["flag"] += any(found(w, picked["picked"]) for w in wrong) and \
                any(found(g, picked["picked"]) for g in q.gold)
    print(f"RAMDocs {args.split}: {len(questions)} questions, {docs['all', 'docs']} documents stating an answer")
    print(f"{'answer type':14}{'docs':>6}{'in text':>9}{'in spans':>10}{'picked':>8}")
    for t in sorted({t for t, _ in docs}, key=lambda t: (t == "all", -docs[t, "docs"])):
        n = docs[t, "docs"]
        print(f"{t:14}{n:6d}" + "".join(f"{docs[t, k] / n:{w}.3f}" for k, w in (("in text", 9), ("in spans", 10),
                                                                               ("picked", 8))))
    print("strict EM a perfect judge could reach (every gold answer among the values, nothing wrong):")
    for name, label in (("picked", "picked values"), ("top-2", "two best spans"), ("any span", "spans")):
        print(f"  with each document's {label:14} {ceiling[name] / len(questions):.3f}")
    if ceiling["misinfo"]:
        print(f"contradictions a perfect judge could flag on the picked values: {ceiling['flag'] / ceiling['misinfo']:.3f} "
              f"of {ceiling['misinfo']} questions with misinformation")


if __name__ == "__main__":
    main()
