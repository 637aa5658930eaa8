"""Crosscheck as a user installs it (issue 24): the wheel pip builds from the project, installed with
its console script into a fresh virtualenv, run outside the checkout.

Offline: the wheel is built from a copy of the files pyproject.toml names, with this environment's
setuptools (no build isolation); the fresh virtualenv sees this environment's packages through a
``.pth`` file instead of downloading them, and gets the wheel with ``--no-deps``.
"""

from __future__ import annotations

import ast
import email.parser
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.e2e.test_cli import write_corpus

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
FAST = ["--embed-model", "hashing:256"]
# requirements.in's tools for tests, lint and builds: an extra ("dev"), never what the package needs to run
DEV_TOOLS = {"pytest", "pytest-timeout", "ruff", "playwright", "reportlab", "setuptools"}
QUESTION = "How long does the Team plan keep event history?"


def version() -> str:
    tree = ast.parse((ROOT / "src" / "__init__.py").read_text(encoding="utf-8"))
    return next(node.value.value for node in tree.body if isinstance(node, ast.Assign)
                and any(getattr(t, "id", None) == "__version__" for t in node.targets))


def pip(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    res = subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", *map(str, args)], cwd=cwd,
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stdout + res.stderr
    return res


def copy_project(dest: Path) -> Path:
    """pyproject.toml and what it builds from (readme, the folders of package-dir), nothing else:
    no .venv, no artifacts, no build/ of an earlier run."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    dest.mkdir()
    names = ["pyproject.toml", config["project"]["readme"], *config["tool"]["setuptools"]["package-dir"].values()]
    for name in names:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(src, dest / name)
    return dest


def fresh_venv(path: Path) -> Path:
    """A virtualenv without pip whose interpreter also sees this environment's packages (appended
    to sys.path by a .pth file: the new environment's own site-packages come first)."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(path)], check=True, timeout=120)
    python = path / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    deps = dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"],
                          *(p for p in sys.path if Path(p).name in ("site-packages", "dist-packages"))])
    (Path(site) / "_crosscheck_test_deps.pth").write_text("\n".join(deps) + "\n", encoding="utf-8")
    return python


def user_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return {**env, "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("build")
    project = copy_project(tmp / "project")
    pip("wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", tmp / "dist", project)
    (built,) = (tmp / "dist").glob("*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fresh virtualenv's bin/ with the wheel installed (this environment's pip, aimed at it)."""
    python = fresh_venv(tmp_path_factory.mktemp("venv") / "venv")
    pip("--python", python, "install", "--no-deps", "--no-index", wheel)
    return python.parent


def run(bin_dir: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(bin_dir / args[0]), *args[1:]], cwd=cwd, env=user_env(), capture_output=True,
                          text=True, timeout=300)


def test_wheel_holds_the_package_only(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert {n.split("/")[0] for n in names} == {"crosscheck", f"crosscheck-{version()}.dist-info"}
    # every module of src/, under its installed name: a subpackage missing from pyproject's list fails here
    modules = {"crosscheck/" + p.relative_to(ROOT / "src").as_posix() for p in (ROOT / "src").rglob("*.py")}
    assert {n for n in names if n.endswith(".py")} == modules
    data = {n for n in names if not n.endswith(".py") and not n.startswith("crosscheck-")}
    expected = {"crosscheck/graph/span_weights.json", "crosscheck/claims/rival_weights.json"}
    for folder, packaged in ((ROOT / "src/server/static", "crosscheck/server/static"),
                             (ROOT / "data", "crosscheck/sample_data")):
        expected |= {f"{packaged}/{p.relative_to(folder).as_posix()}" for p in folder.rglob("*") if p.is_file()}
    assert data == expected
    assert {"crosscheck/sample_data/docs/retention.md", "crosscheck/sample_data/forums/threads.jsonl",
            "crosscheck/sample_data/tickets/tickets.json", "crosscheck/server/static/index.html"} <= data


def test_wheel_metadata_requires_what_requirements_in_names(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        meta = email.parser.Parser().parsestr(z.read(f"crosscheck-{version()}.dist-info/METADATA").decode())
        entry_points = z.read(f"crosscheck-{version()}.dist-info/entry_points.txt").decode()
    assert meta["Name"] == "crosscheck" and meta["Version"] == version()
    assert re.search(r"^crosscheck = crosscheck\.cli:main$", entry_points, re.M)
    requires = [Requirement(r) for r in meta.get_all("Requires-Dist")]
    runtime = {canonicalize_name(r.name) for r in requires if r.marker is None}
    dev = {canonicalize_name(r.name) for r in requires if r.marker is not None and r.marker.evaluate({"extra": "dev"})}
    direct = {canonicalize_name(line.split("#")[0].split(">")[0].split("=")[0].strip())
              for line in (ROOT / "requirements.in").read_text(encoding="utf-8").splitlines()
              if line.split("#")[0].strip()}
    assert runtime | dev == direct
    assert runtime == direct - DEV_TOOLS
    # the lock, which `make` installs, satisfies every range
    locked = dict(line.split("==") for line in (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines()
                  if "==" in line and not line.startswith("#"))
    locked = {canonicalize_name(k): v.strip() for k, v in locked.items()}
    unmet = [str(r) for r in requires if not r.specifier.contains(locked[canonicalize_name(r.name)])]
    assert unmet == []


def test_installed_console_script_answers_outside_the_checkout(installed: Path, tmp_path: Path) -> None:
    version_run = run(installed, "crosscheck", "--version", cwd=tmp_path)
    assert version_run.returncode == 0, version_run.stderr
    assert version_run.stdout == f"crosscheck {version()}\n"

    where = subprocess.run([str(installed / "python"), "-c",
                            "import crosscheck, importlib.util; print(crosscheck.__file__); "
                            "print(importlib.util.find_spec('src'), importlib.util.find_spec('main'))"],
                           cwd=tmp_path, env=user_env(), capture_output=True, text=True, check=True).stdout.split("\n")
    assert Path(where[0]).is_relative_to(installed.parent)  # the wheel's copy, not the checkout
    assert where[1] == "None None"

    write_corpus(tmp_path)
    ask = run(installed, "crosscheck", "ask", "--data", "kb", "--q", QUESTION, "--json", *FAST, cwd=tmp_path)
    assert ask.returncode == 0, ask.stderr
    answer = json.loads(ask.stdout)
    assert answer["answers"][0]["value"] == "14 days"
    assert "kb/docs/retention.md#c0" in [c["id"] for c in answer["citations"]]


def test_installed_messages_name_crosscheck(installed: Path, tmp_path: Path) -> None:
    help_run = run(installed, "crosscheck", "ingest", "--help", cwd=tmp_path)
    assert help_run.returncode == 0, help_run.stderr
    assert help_run.stdout.startswith("Usage: crosscheck ingest [OPTIONS]")
    assert "  crosscheck ingest --strict" in help_run.stdout and "main.py" not in help_run.stdout
    missing = run(installed, "crosscheck", "fusion", "--chunks", "missing.jsonl", "--q", "x", *FAST, cwd=tmp_path)
    assert missing.returncode == 2
    assert missing.stderr.strip() == ("Error: chunks file not found: missing.jsonl (run `crosscheck ingest --out "
                                      "missing.jsonl` first, or pass --data DIR)")


def test_installed_sample_corpus_ingests(installed: Path, tmp_path: Path) -> None:
    """The sample corpus ships in the wheel: crosscheck.sample_corpus() finds it, ingest reads it."""
    sample = subprocess.run([str(installed / "python"), "-c", "import crosscheck; print(crosscheck.sample_corpus())"],
                            cwd=tmp_path, env=user_env(), capture_output=True, text=True, check=True).stdout.strip()
    assert Path(sample).is_relative_to(installed.parent) and Path(sample).name == "sample_data"
    res = run(installed, "crosscheck", "ingest", "--data", sample, "--out", "chunks.jsonl", "--json", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    summary = json.loads(res.stdout)
    assert sorted(s["source"] for s in summary["sources"]) == ["blogs", "docs", "forums", "tickets"]
    assert sum(s["files"] for s in summary["sources"]) == sum(1 for p in (ROOT / "data").rglob("*") if p.is_file())
    assert summary["warnings"] == [] and summary["chunks"] > 0


def test_editable_install_runs_the_checkout(tmp_path: Path) -> None:
    """``pip install -e .``: the console script runs the project's src/, the sample corpus is its data/."""
    project = copy_project(tmp_path / "project")
    python = fresh_venv(tmp_path / "venv")
    pip("--python", python, "install", "--no-deps", "--no-index", "--no-build-isolation", "-e", project)
    res = run(python.parent, "crosscheck", "--version", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert res.stdout == f"crosscheck {version()}\n"
    paths = subprocess.run([str(python), "-c", "import crosscheck; print(crosscheck.__file__); "
                            "print(crosscheck.sample_corpus())"], cwd=tmp_path, env=user_env(),
                           capture_output=True, text=True, check=True).stdout.split("\n")
    assert paths[:2] == [str(project / "src" / "__init__.py"), str(project / "data")]
