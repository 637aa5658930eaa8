"""Try values of one fitted constant of the claim layer over a pool of realkb-format sets, in one process.

    python eval/sweep.py src.claims.answer:MIN_MEANING=0.45,0.4,0.5 SET [SET ...] [--json FILE]

Each product's corpus is opened once and each of its labelled questions asked once per value,
with the constant set to that value in every module of ``src`` that holds it under its name (a
constant imported by name, ``from .extractor import SEMANTIC_ALONE``, is a second name of the
same object). Printed per value after the first: ``eval/pool.py``'s table against the first value
(put the current value first), its per-set changes and the questions whose verdict moved; the
audit is not run (it asks no question), so its column reads 0/0. Three values over the 43 sets of
the thirty-first session took about 5 minutes on the 2-core development machine, against about
10 for one ``eval/pool.py`` run. ``--json`` keeps every value's per-set figures and verdicts.

Nothing is tuned here: a value is kept only as any change is, on the whole pool run by
``eval/pool.py`` with the dev halves, RAMDocs dev, the headline and data/'s audit (BENCHMARKS.md,
"Thirty-first session": the best verdict gain of a sweep came with fewer authoritative answers).
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "eval"))

import pool  # noqa: E402


def parse_spec(spec: str) -> tuple[str, str, list[Any]]:
    """``"src.claims.answer:MIN_MEANING=0.45,0.4"`` -> ("src.claims.answer", "MIN_MEANING", [0.45, 0.4])."""
    module, sep, rest = spec.partition(":")
    name, eq, values = rest.partition("=")
    if not (sep and eq and module and name and values):
        raise SystemExit(f"not MODULE:NAME=V1,V2,...: {spec!r}")
    try:
        return module, name, [ast.literal_eval(v.strip()) for v in values.split(",")]
    except (ValueError, SyntaxError) as e:
        raise SystemExit(f"{spec!r}: a value is no Python literal ({e})") from None


def holders(name: str, value: object, modules: Iterable[ModuleType]) -> list[ModuleType]:
    """The modules of ``src`` that hold ``value`` itself under ``name``."""
    return [m for m in modules if getattr(m, "__name__", "").split(".")[0] == "src" and getattr(m, name, None) is value]


def as_run(scores: list[Any]) -> dict[str, Any]:
    """Case scores (``src.evaluation.realkb.CaseScore``) as an ``eval realkb --json`` output that
    ``eval/pool.py`` reads, the audit empty."""
    from src.evaluation.realkb import summarize

    total = {**summarize(scores, None), "audit": {"reported": 0, "labelled": 0}}
    return {"total": total, "per_question": [s.to_json() for s in scores]}


def sweep(module: str, name: str, values: list[Any], sets: list[Path]) -> dict[str, dict[str, dict[str, Any]]]:
    """Per value (as written), per set: its ``as_run``."""
    from src.answer.service import AnswerService
    from src.config import load_settings
    from src.evaluation.realkb import load_cases, products, score_answer

    mod = importlib.import_module(module)
    if not hasattr(mod, name):
        raise SystemExit(f"{module} has no {name}")
    original = getattr(mod, name)
    where = holders(name, original, list(sys.modules.values())) or [mod]
    scores: dict[str, dict[str, list[Any]]] = {repr(v): {} for v in values}
    try:
        for root, set_name in zip(sets, pool.names(sets), strict=True):
            for product in products(root):
                svc = AnswerService.open(load_settings(), data=product / "data")
                cases = load_cases(product)
                for v in values:
                    for m in where:
                        setattr(m, name, v)
                    scores[repr(v)].setdefault(set_name, []).extend(score_answer(c, svc.ask(c.q)[0]) for c in cases)
                for m in where:
                    setattr(m, name, original)
    finally:
        for m in where:
            setattr(m, name, original)
    return {v: {s: as_run(sc) for s, sc in per.items()} for v, per in scores.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("spec", help="MODULE:NAME=V1,V2,... (Python literals; the current value first)")
    ap.add_argument("sets", type=Path, nargs="+", help="realkb-format folders")
    ap.add_argument("--json", type=Path, help="write every value's per-set figures and verdicts here")
    args = ap.parse_args()
    pool.folders(args.sets)
    module, name, values = parse_spec(args.spec)
    runs = sweep(module, name, values, args.sets)
    first = repr(values[0])
    for v in values[1:]:
        print(f"## {name} = {v!r} against {first}")
        print(pool.table(runs[repr(v)], runs[first]))
    if args.json:
        args.json.write_text(json.dumps(runs), encoding="utf-8")


if __name__ == "__main__":
    main()
