"""Score a pool of realkb-format sets at once, and compare the pool with an earlier run of it.

    python eval/pool.py SET [SET ...] --out DIR [--jobs 2] [--against OLD_DIR]

Each set (a realkb-format folder: ``../shared/datasets/realkb``, ``eval/support_sets/support_k``,
a held-out set) is scored by ``main.py eval realkb SET --json`` in its own process, ``--jobs`` at
a time; the JSON goes to ``DIR/<set name>.json`` (a second set of the same name gets ``-2``).
Printed: one line per set and the totals of the sets other than realkb (the development yardstick
of BENCHMARKS.md): verdicts, verdicts standing, authoritative answers, answer sets, contradictions
standing of those reported, the audit's reported and labelled contradictions. ``--against``
(a ``--out`` folder of an earlier run) adds each figure's change and lists the questions whose
verdict changed, so a change to the claim layer is read set by set and question by question.
Last, the verdict confusion of the sets other than realkb: how many questions of each labelled
verdict got each verdict (a held-out set is read by its totals and this alone). ``DIR`` alone (no
SET) prints an earlier run again. Nothing is tuned here.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FIGURES = ("verdicts_right", "verdicts_standing", "authoritative_right", "answer_sets_right",
           "contradictions_standing", "contradictions_reported")
HEADERS = ("verdicts", "standing", "authoritative", "answer sets", "contradictions standing", "audit rep./lab.")


def figures(run: Mapping[str, Any]) -> dict[str, int]:
    """The figures of one ``eval realkb --json`` output (its ``total``), audit included."""
    total = run["total"]
    return {**{k: int(total[k]) for k in FIGURES}, "cases": int(total["cases"]),
            "contradictions": int(total["contradictions"]), "audit_reported": int(total["audit"]["reported"]),
            "audit_labelled": int(total["audit"]["labelled"])}


def _cell(now: dict[str, int], key: str, before: dict[str, int] | None, of: str = "") -> str:
    text = f"{now[key]}/{now[of]}" if of else str(now[key])
    if before is not None and before[key] != now[key]:
        text += f" ({now[key] - before[key]:+d})"
    return text


def row(name: str, now: dict[str, int], before: dict[str, int] | None = None) -> str:
    cells = [_cell(now, "verdicts_right", before, "cases"), _cell(now, "verdicts_standing", before),
             _cell(now, "authoritative_right", before, "contradictions"), _cell(now, "answer_sets_right", before),
             _cell(now, "contradictions_standing", before, "contradictions_reported"),
             f"{now['audit_reported']}/{now['audit_labelled']}"]
    return f"| {name} | " + " | ".join(cells) + " |"


def total(runs: Mapping[str, dict[str, int]]) -> dict[str, int]:
    """The sum over the sets other than realkb (every set's figures have the same keys)."""
    out: dict[str, int] = {}
    for name, figs in runs.items():
        if name != "realkb":
            for k, v in figs.items():
                out[k] = out.get(k, 0) + v
    return out


def changed(now: Mapping[str, Any], before: Mapping[str, Any]) -> list[str]:
    """The questions whose verdict differs between two runs of one set, with both verdicts."""
    was = {q["q"]: q for q in before.get("per_question", [])}
    return [f"{q['q']} [{q['expected']}]: {was[q['q']]['verdict']} -> {q['verdict']}"
            for q in now.get("per_question", []) if q["q"] in was and was[q["q"]]["verdict"] != q["verdict"]]


def table(runs: Mapping[str, Mapping[str, Any]], before: Mapping[str, Mapping[str, Any]] | None = None) -> str:
    before = before or {}
    figs = {name: figures(run) for name, run in runs.items()}
    old = {name: figures(run) for name, run in before.items() if name in runs}
    lines = ["| set | " + " | ".join(HEADERS) + " |", "|---" * (len(HEADERS) + 1) + "|"]
    lines += [row(name, figs[name], old.get(name)) for name in sorted(figs)]
    if any(name != "realkb" for name in figs):
        lines.append(row("**total** (all but realkb)", total(figs),
                         total(old) if old and set(old) == set(figs) else None))
    for name in sorted(runs):
        if name in before:
            lines += [f"  {name}: {line}" for line in changed(runs[name], before[name])]
    return "\n".join(lines)


def confusion(runs: Mapping[str, Mapping[str, Any]]) -> str:
    """Labelled verdict -> the verdict given, counted over the sets other than realkb, one line
    per labelled verdict, most frequent answer first."""
    counts: dict[str, Counter[str]] = {}
    for name, run in runs.items():
        if name != "realkb":
            for q in run.get("per_question", []):
                counts.setdefault(q["expected"], Counter())[q["verdict"]] += 1
    lines = []
    for label, got in sorted(counts.items()):
        given = sorted(got.items(), key=lambda kv: (-kv[1], kv[0]))
        lines.append(f"{label} ({sum(got.values())}): " + ", ".join(f"{v} {n}" for v, n in given))
    return "\n".join(lines)


def names(sets: list[Path]) -> list[str]:
    """Each set's file name in the output folder: its folder name, ``-2``, ``-3`` for a repeat."""
    out: list[str] = []
    for s in sets:
        name, k = s.resolve().name, 1
        while (name if k == 1 else f"{name}-{k}") in out:
            k += 1
        out.append(name if k == 1 else f"{name}-{k}")
    return out


def folders(sets: list[Path]) -> None:
    """Stop, naming it, at the first of ``sets`` that is no folder."""
    missing = [s for s in sets if not s.is_dir()]
    if missing:
        raise SystemExit(f"not a folder: {missing[0]}")


def score(root: Path, out: Path) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "eval", "realkb", str(root), "--json"],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or [""])[-1]
        raise SystemExit(f"{root}: eval realkb exited {done.returncode}: {last}")
    out.write_text(done.stdout, encoding="utf-8")


def read(folder: Path) -> dict[str, dict[str, Any]]:
    """The ``eval realkb`` outputs in ``folder`` (other JSON files there are passed over)."""
    runs = {}
    for f in sorted(folder.glob("*.json")):
        try:
            run = json.loads(f.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(run, dict) and isinstance(run.get("total"), dict) and "verdicts_standing" in run["total"]:
            runs[f.stem] = run
    return runs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sets", type=Path, nargs="*", help="realkb-format folders")
    ap.add_argument("--out", type=Path, required=True, help="folder for the JSON of each set")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--against", type=Path, help="the --out folder of an earlier run")
    args = ap.parse_args()
    folders(args.sets)
    args.out.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        list(pool.map(lambda s: score(s[0], args.out / f"{s[1]}.json"), zip(args.sets, names(args.sets), strict=True)))
    runs = read(args.out)
    print(table(runs, read(args.against) if args.against else None))
    if matrix := confusion(runs):
        print("\nverdict confusion (all but realkb), labelled (questions): given")
        print(matrix)


if __name__ == "__main__":
    main()
