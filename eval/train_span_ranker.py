"""Fit the span model's weights (``src/graph/span_weights.json``) on the RAMDocs dev half.

    python eval/train_span_ranker.py ../shared/datasets/ramdocs/RAMDocs_test.jsonl [--out FILE]

Every RAMDocs document says which answer it gives (``answer``; misinformation documents give
their wrong one, which is still the span that document states). For each document that is not
noise, every candidate span of its answering sentences is a row: its features
(``src.graph.span_ranker.FEATURES``) and whether it is that answer. One logistic regression per
answer-type group learns how much each feature counts. Only the dev half (even lines) is read;
the test half stays for measuring. Prints top-1 accuracy per group, learned against hand-set,
on the dev documents (the figures on test come from ``main.py eval ramdocs FILE --split test``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from datetime import date
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402

from src.claims.extractor import make_extractor  # noqa: E402
from src.evaluation.ramdocs import found, load_ramdocs  # noqa: E402
from src.graph.question import analyse_question  # noqa: E402
from src.graph.span_ranker import FEATURES, WEIGHTS, SpanModel  # noqa: E402

GROUPS = {"entity": ("person", "organisation", "place", "title"), "phrase": ("phrase",),
          "date": ("date", "year")}  # numbers keep the hand score: on dev the learned one was no better



def rows_of(path: Path) -> list[tuple[str, list[dict[str, float]], list[int], list[float]]]:
    """(answer type, features, labels, hand scores per span) for each non-noise dev document."""
    from src.embeddings import load_embed_model
    extractor = make_extractor(None, load_embed_model())  # the hand score picks; span_rows gives every span
    out = []
    for q in load_ramdocs(path, "dev"):
        question = analyse_question(q.question)
        chunks = q.chunks()
        docs = {c.id: (kind, answer) for c, kind, answer in zip(chunks, q.doc_types, q.doc_answers)}
        for chunk, rows in extractor.span_rows(question, chunks):
            kind, answer = docs[chunk.id]
            if kind == "noise" or not answer:
                continue
            out.append((question.atype.value, [r.features for r in rows],
                        [int(found(answer, [r.span.value])) for r in rows], [r.hand for r in rows]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ramdocs", type=Path, help="RAMDocs_test.jsonl (only its dev half, even lines, is read)")
    ap.add_argument("--out", type=Path, default=WEIGHTS, help=f"weights file to write (default {WEIGHTS})")
    args = ap.parse_args()
    docs = rows_of(args.ramdocs)
    groups = {}
    report = Counter()
    for name, types in GROUPS.items():
        mine = [d for d in docs if d[0] in types]
        x = np.array([[f[k] for k in FEATURES] for _, feats, _, _ in mine for f in feats])
        y = np.array([label for _, _, labels, _ in mine for label in labels])
        fit = LogisticRegression(C=1.0, max_iter=5000).fit(x, y)
        groups[name] = (frozenset(types), dict(zip(FEATURES, map(float, fit.coef_[0]))), float(fit.intercept_[0]))
        for _, feats, labels, hand in mine:
            report[name, "docs"] += 1
            if feats:
                learned = fit.decision_function(np.array([[f[k] for k in FEATURES] for f in feats]))
                report[name, "learned"] += labels[int(np.argmax(learned))]
                report[name, "hand"] += labels[int(np.argmax(hand))]
        print(f"{name:7} {len(mine):4} documents, {len(y):5} spans: top-1 learned "
              f"{report[name, 'learned'] / len(mine):.3f}, hand {report[name, 'hand'] / len(mine):.3f}")
    data = {"trained_on": f"RAMDocs dev half (even lines) of {args.ramdocs.name}, {len(docs)} documents",
            "trained": date.today().isoformat(), "script": "eval/train_span_ranker.py",
            "groups": SpanModel(groups).to_json()}
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
