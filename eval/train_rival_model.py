"""Fit the rival model (``src/claims/rival_weights.json``) on labelled realkb-format sets.

    python eval/train_rival_model.py SET [SET ...] [--rows FILE] [--threshold T] [--out FILE]
                                     [--loso-dir DIR]

For every labelled case of every set, ``ask`` runs with the model switched off
(``CROSSCHECK_RIVAL_MODEL=off``); each value its answer set lists as contradicted is a row: its
features (``src.claims.rivals.FEATURES``) against the authoritative value, and whether it is the
labelled other side's value (a labelled contradiction whose ``answers.jsonl`` second value it
matches). A logistic regression (balanced classes) learns how much each feature counts.

Printed: leave-one-set-out AUC, and for each threshold what leaving out the rivals under it
would do to the verdicts that stand (``eval realkb``'s "verdicts standing": a case whose every
rival goes is counted as consistent), per set. ``--loso-dir`` writes one weights file per set,
fitted without it, so the sets can be measured honestly with ``CROSSCHECK_RIVAL_MODEL=FILE``.
``--rows`` keeps the rows (JSON lines) and reads them back on the next run instead of asking again.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter, defaultdict
from datetime import date
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ["CROSSCHECK_RIVAL_MODEL"] = "off"
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.metrics import roc_auc_score  # noqa: E402

from src.answer.service import AnswerService, AskOptions  # noqa: E402
from src.claims.candidate import officially  # noqa: E402
from src.claims.rivals import FEATURES, WEIGHTS, rival_features  # noqa: E402
from src.config import load_settings  # noqa: E402
from src.evaluation.answers import same_value  # noqa: E402
from src.evaluation.realkb import load_cases, products  # noqa: E402


def collect(sets: list[Path]) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for root in sets:
        for product in products(root):
            svc = AnswerService.open(load_settings(), data=product / "data")
            judged: list[object] = []
            answer_set = svc.answer_set

            def keep(*args: object, _inner=answer_set, _judged=judged, **kwargs: object) -> object:
                _judged.append(_inner(*args, **kwargs))
                return _judged[-1]

            svc.answer_set = keep  # type: ignore[method-assign]
            for case in load_cases(product):
                judged.clear()
                answer, _ = svc.ask(case.q, AskOptions())
                aset = judged[-1] if judged else None
                first = next((a for a in aset.answers if a.status == "authoritative"), None) if aset else None
                if aset is None or first is None:
                    continue
                rivals = [a for a in aset.answers if a.status == "contradicted"]
                with svc.lock:
                    for r in rivals:
                        f = rival_features(aset.question.text, first, r, svc._meaning(), svc.word_weight(),
                                           officially(svc.authority))
                        rows.append({"set": root.name, "product": product.name, "q": case.q, "expect": case.expect,
                                     "verdict": answer.verdict.status, "value": r.value,
                                     "label": case.expect == "contradiction"
                                     and same_value(case.other, r.value, r.normalized),
                                     "features": f})
            print(f"{root.name}/{product.name}: {sum(r['set'] == root.name for r in rows)} rivals", file=sys.stderr)
    return rows


def fit(rows: list[dict[str, object]]) -> LogisticRegression:
    x = np.array([[r["features"][k] for k in FEATURES] for r in rows])  # type: ignore[index]
    y = np.array([bool(r["label"]) for r in rows], dtype=int)
    return LogisticRegression(C=1.0, max_iter=1000, class_weight="balanced").fit(x, y)


def weights_json(model: LogisticRegression, threshold: float, sets: list[str], rows: int, positives: int) -> str:
    return json.dumps({"weights": dict(zip(FEATURES, (round(float(w), 6) for w in model.coef_[0]), strict=True)),
                       "bias": round(float(model.intercept_[0]), 6), "threshold": threshold,
                       "trained_on": sets, "rows": rows, "positives": positives,
                       "fitted": date.today().isoformat(), "by": "eval/train_rival_model.py"}, indent=2) + "\n"


def standing_change(rows: list[dict[str, object]], p: np.ndarray, t: float) -> Counter[str]:
    """Per set, verdicts standing gained (+) or lost (-) by leaving out the rivals under ``t``."""
    cases: dict[tuple[str, str], list[tuple[dict[str, object], float]]] = defaultdict(list)
    for r, pr in zip(rows, p, strict=True):
        cases[(str(r["set"]), str(r["q"]))].append((r, float(pr)))
    out: Counter[str] = Counter()
    for (name, _), found in cases.items():
        first = found[0][0]
        if first["verdict"] != "contradiction":
            continue
        kept = [r for r, pr in found if pr >= t]
        stood = any(r["label"] for r, _ in found)
        now = any(r["label"] for r in kept) if kept else first["expect"] == "consistent"
        out[name] += int(now) - int(stood)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sets", type=Path, nargs="+")
    ap.add_argument("--rows", type=Path, help="rows file (JSON lines): read if present, else written")
    ap.add_argument("--threshold", type=float, default=0.45)
    ap.add_argument("--out", type=Path, default=WEIGHTS)
    ap.add_argument("--loso-dir", type=Path)
    args = ap.parse_args()
    if args.rows and args.rows.exists():
        rows = [json.loads(line) for line in args.rows.read_text().splitlines() if line.strip()]
    else:
        rows = collect(args.sets)
        if args.rows:
            args.rows.write_text("".join(json.dumps(r) + "\n" for r in rows))
    names = sorted({str(r["set"]) for r in rows})
    y = np.array([bool(r["label"]) for r in rows], dtype=int)
    p = np.zeros(len(rows))
    for name in names:
        held = np.array([r["set"] == name for r in rows])
        model = fit([r for r, h in zip(rows, held, strict=True) if not h])
        x = np.array([[r["features"][k] for k in FEATURES] for r, h in zip(rows, held, strict=True) if h])
        p[held] = model.predict_proba(x)[:, 1]
        if args.loso_dir:
            args.loso_dir.mkdir(parents=True, exist_ok=True)
            (args.loso_dir / f"{name}.json").write_text(weights_json(model, args.threshold, [n for n in names if n != name],
                                                                       int((~held).sum()), int(y[~held].sum())))
    print(f"{len(rows)} rivals, {int(y.sum())} the labelled other side; leave-one-set-out AUC {roc_auc_score(y, p):.3f}")
    for t in (0.3, 0.35, 0.4, 0.45, 0.5):
        change = standing_change(rows, p, t)
        print(f"threshold {t:.2f}: verdicts standing {sum(change.values()):+d}, "
              + ", ".join(f"{k} {v:+d}" for k, v in sorted(change.items()) if v))
    model = fit(rows)
    args.out.write_text(weights_json(model, args.threshold, names, len(rows), int(y.sum())))
    print(f"wrote {args.out} (threshold {args.threshold})")


if __name__ == "__main__":
    main()
