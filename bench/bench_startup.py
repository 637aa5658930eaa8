"""Start-up benchmark: whole processes, timed as a user meets them (issue #24).

    .venv/bin/python bench/bench_startup.py                   # 5 runs of each, on the sample corpus data/
    .venv/bin/python bench/bench_startup.py --runs 9 --data samples/lumenvault --q "How long is the bin kept?"
    .venv/bin/python bench/bench_startup.py --quick           # one run of each

Each run is a new interpreter (``HF_HUB_OFFLINE=1``, ``TOKENIZERS_PARALLELISM=false``), timed by
the wall clock from its start to its exit:

1. ``main.py --help``;
2. ``main.py --version``;
3. ``main.py ask --data DIR --q Q``, cold: one process per question, after one warm-up run (not
   timed) that ingests the corpus and builds or updates its index, so each timed run opens an
   indexed corpus, as a user's second question does.

Prints min / median / max of each, the load average before and after (the machine is shared:
compare figures taken together), and which heavy libraries each command imported (one more run
under ``-X importtime``, not timed). Prints figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUESTION = "How long does the Team plan keep event history?"
# Libraries a command should import only when it needs them (issue #24).
HEAVY = ("torch", "transformers", "sentence_transformers", "llama_index", "faiss", "bm25s", "networkx", "pyvis",
         "fastapi", "uvicorn", "mcp", "pint", "numpy", "scipy", "onnxruntime", "openai")


def child_env(embed_model: str | None = None) -> dict[str, str]:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    if embed_model:
        env["CROSSCHECK_EMBED_MODEL"] = embed_model
    return env


def run_once(args: list[str], env: dict[str, str], cwd: Path) -> float:
    """Seconds one ``main.py ARGS`` process took, start to exit; a failure stops the benchmark."""
    t0 = time.perf_counter()
    res = subprocess.run([sys.executable, str(ROOT / "main.py"), *args], env=env, cwd=cwd, capture_output=True,
                         text=True)
    wall = time.perf_counter() - t0
    if res.returncode != 0:
        raise SystemExit(f"main.py {' '.join(args)} exited {res.returncode}:\n{res.stderr[-2000:]}")
    return wall


def heavy_imports(args: list[str], env: dict[str, str], cwd: Path) -> list[str]:
    """The ``HEAVY`` libraries ``main.py ARGS`` imports (read from ``-X importtime``)."""
    res = subprocess.run([sys.executable, "-X", "importtime", str(ROOT / "main.py"), *args], env=env, cwd=cwd,
                         capture_output=True, text=True)
    loaded = {line.rsplit("|", 1)[-1].strip().split(".")[0] for line in res.stderr.splitlines()
              if line.startswith("import time:")}
    return [name for name in HEAVY if name in loaded]


def summary(times: list[float]) -> str:
    return (f"min {min(times):.2f} s, median {statistics.median(times):.2f} s, max {max(times):.2f} s "
            f"({len(times)} run{'s' if len(times) > 1 else ''})")


def main(argv: list[str] | None = None) -> dict[str, list[float]]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="data", help="the corpus folder ask reads (default data/, the sample corpus)")
    ap.add_argument("--q", "--question", dest="question", default=QUESTION, help="the question ask is timed on")
    ap.add_argument("--runs", type=int, default=5, help="timed runs of each command (default 5)")
    ap.add_argument("--quick", action="store_true", help="one run of each")
    ap.add_argument("--cwd", type=Path, default=ROOT,
                    help="where the commands run (artifacts/ is written there; default the repository)")
    ap.add_argument("--embed-model", default=None, help="CROSSCHECK_EMBED_MODEL for the commands (default: theirs)")
    args = ap.parse_args(argv)
    runs = 1 if args.quick else max(1, args.runs)
    env = child_env(args.embed_model)
    commands = {"--help": ["--help"], "--version": ["--version"],
                "ask (cold, indexed corpus)": ["ask", "--data", args.data, "--q", args.question]}
    print(f"machine: {os.cpu_count()} CPUs (shared with other jobs: timings are noisy), Python "
          f"{sys.version.split()[0]}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    t0 = time.perf_counter()
    run_once(commands["ask (cold, indexed corpus)"], env, args.cwd)  # ingests and indexes: not timed
    print(f"warm-up ask (ingest and index when needed): {time.perf_counter() - t0:.1f} s")
    load = os.getloadavg()[0]
    results: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):  # interleaved, so that a busy spell falls on every command alike
        for name, cmd in commands.items():
            results[name].append(run_once(cmd, env, args.cwd))
    print(f"load average {load:.2f} before, {os.getloadavg()[0]:.2f} after")
    for name, cmd in commands.items():
        heavy = heavy_imports(cmd, env, args.cwd)
        print(f"{name}: {summary(results[name])}; imports {', '.join(heavy) or 'none of the heavy libraries'}")
    return results


if __name__ == "__main__":
    main()
