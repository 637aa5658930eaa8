"""Which of src/'s regular expressions real text exercises, corpus by corpus.

    python eval/rule_coverage.py run NAME -- eval realkb ../shared/datasets/realkb   # one corpus
    python eval/rule_coverage.py report                                             # all runs so far

``run`` executes one ``main.py`` command in this process with every regular expression that
src/ compiles or calls counted by its call site (``file:line``): a site is *exercised* when it
matches something (a search or match that finds, a finditer or findall that yields, a sub that
replaces, a split that splits). The counts go to ``artifacts/rule_coverage/NAME.json``.
``report`` lists every regular-expression site the census counts (``../shared/tools/rule_census.py``)
with the corpora that exercised it, the unexercised ones first: a rule no text of any author
exercises has not earned its place (#23); one that only a single corpus exercises is fitted to it.
Never run it on a test half (a test half is measured once).
"""

from __future__ import annotations

import ast
import json
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
OUT = ROOT / "artifacts" / "rule_coverage"
RE_FUNCS = ("compile", "search", "match", "fullmatch", "findall", "finditer", "sub", "subn", "split")

hits: dict[str, int] = {}
seen: set[str] = set()


def _site(depth: int = 2) -> str | None:
    frame = sys._getframe(depth)
    name = frame.f_code.co_filename
    if not name.startswith(str(SRC)):
        return None
    return f"{Path(name).relative_to(ROOT)}:{frame.f_lineno}"


def _hit(site: str | None, found: bool) -> None:
    if site is not None:
        seen.add(site)
        if found:
            hits[site] = hits.get(site, 0) + 1


class Counted:
    """A compiled pattern that counts its matches under the site that compiled it."""

    def __init__(self, pattern: re.Pattern[str], site: str) -> None:
        self._p, self._site = pattern, site
        seen.add(site)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._p, name)

    def search(self, *a: Any, **k: Any) -> Any:
        m = self._p.search(*a, **k)
        _hit(self._site, m is not None)
        return m

    def match(self, *a: Any, **k: Any) -> Any:
        m = self._p.match(*a, **k)
        _hit(self._site, m is not None)
        return m

    def fullmatch(self, *a: Any, **k: Any) -> Any:
        m = self._p.fullmatch(*a, **k)
        _hit(self._site, m is not None)
        return m

    def findall(self, *a: Any, **k: Any) -> Any:
        out = self._p.findall(*a, **k)
        _hit(self._site, bool(out))
        return out

    def finditer(self, *a: Any, **k: Any) -> Iterator[Any]:
        return _counted_iter(self._p.finditer(*a, **k), self._site)

    def sub(self, *a: Any, **k: Any) -> Any:
        out, n = self._p.subn(*a, **k)
        _hit(self._site, n > 0)
        return out

    def subn(self, *a: Any, **k: Any) -> Any:
        out = self._p.subn(*a, **k)
        _hit(self._site, out[1] > 0)
        return out

    def split(self, *a: Any, **k: Any) -> Any:
        out = self._p.split(*a, **k)
        _hit(self._site, len(out) > 1)
        return out

    def __hash__(self) -> int:
        return hash(self._p)

    def __eq__(self, other: object) -> bool:
        return self._p == (other._p if isinstance(other, Counted) else other)


def _counted_iter(it: Iterator[Any], site: str | None) -> Iterator[Any]:
    first = True
    for m in it:
        if first:
            _hit(site, True)
            first = False
        yield m
    if first:
        _hit(site, False)


def _plain(p: Any) -> Any:
    return p._p if isinstance(p, Counted) else p


def install() -> None:
    """Count every regular expression src/ compiles or calls from now on."""
    real = {name: getattr(re, name) for name in RE_FUNCS}

    def compile_(pattern: Any, flags: int = 0) -> Any:
        compiled = real["compile"](_plain(pattern), flags)
        site = _site()
        return Counted(compiled, site) if site is not None else compiled

    def wrap(name: str) -> Callable[..., Any]:
        fn = real[name]

        def call(pattern: Any, *a: Any, **k: Any) -> Any:
            site = _site()
            if site is None:
                return fn(_plain(pattern), *a, **k)
            if name == "sub":
                out, n = real["subn"](_plain(pattern), *a, **k)
                _hit(site, n > 0)
                return out
            out = fn(_plain(pattern), *a, **k)
            if name == "finditer":
                return _counted_iter(out, site)
            found = {"findall": lambda o: bool(o), "subn": lambda o: o[1] > 0,
                     "split": lambda o: len(o) > 1}.get(name, lambda o: o is not None)(out)
            _hit(site, found)
            return out
        return call

    re.compile = compile_  # type: ignore[assignment]
    for name in RE_FUNCS[1:]:
        setattr(re, name, wrap(name))


def census_sites() -> list[str]:
    """Every regular-expression literal call in src/ (what rule_census.py counts), as file:line."""
    out = []
    for f in sorted(SRC.rglob("*.py")):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for n in ast.walk(tree):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in RE_FUNCS \
                    and isinstance(n.func.value, ast.Name) and n.func.value.id in ("re", "regex") \
                    and n.args and isinstance(n.args[0], (ast.Constant, ast.JoinedStr)):
                out.append(f"{f.relative_to(ROOT)}:{n.lineno}")
    return out


def run(name: str, argv: list[str]) -> None:
    install()
    sys.path.insert(0, str(ROOT))
    from src.cli import cli  # imported after install(): module-level patterns are counted

    try:
        cli.main(args=argv, prog_name="python main.py", standalone_mode=False)
    finally:
        OUT.mkdir(parents=True, exist_ok=True)
        (OUT / f"{name}.json").write_text(json.dumps({"argv": argv, "hits": hits, "seen": sorted(seen)}, indent=1))


def report() -> None:
    runs = {p.stem: json.loads(p.read_text()) for p in sorted(OUT.glob("*.json"))}
    if not runs:
        sys.exit(f"no runs in {OUT}: python eval/rule_coverage.py run NAME -- <main.py arguments>")
    sites = census_sites()
    by_site = {s: sorted(n for n, r in runs.items() if s in r["hits"]) for s in sites}
    never = [s for s in sites if not by_site[s]]
    once = [s for s in sites if len(by_site[s]) == 1]
    print(f"{len(sites)} regular-expression sites; {len(runs)} corpora: {', '.join(runs)}")
    print(f"exercised by no corpus: {len(never)}; by one corpus only: {len(once)}")
    for s in never:
        print(f"  none  {s}")
    for s in once:
        print(f"  one   {s}  ({by_site[s][0]})")


def main() -> None:
    if sys.argv[1:2] == ["run"] and len(sys.argv) > 3 and sys.argv[3] == "--":
        run(sys.argv[2], sys.argv[4:])
    elif sys.argv[1:2] == ["report"]:
        report()
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
