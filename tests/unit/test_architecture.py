"""The import rules of the house (docs/architecture.md), read from the source with ``ast``:
only the ``src/cli/`` package (the command line) imports click and nothing in ``src/`` imports ``main``, graph and fusion do not import each other, and no
two modules of ``src/`` import each other, even lazily inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[2]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, package: str = "") -> set[str]:
    """Every module ``path`` imports, at the top or inside a function (``from a import b`` counts
    ``a`` and, when it is a module, ``a.b``); a relative import is resolved against ``package``,
    the dotted name of the package ``path`` is in."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            if not module:
                continue
            out.add(module)
            out.update(f"{module}.{a.name}" for a in node.names)
    return out


def src_graph() -> nx.DiGraph:
    files = {module_name(p): p for p in (ROOT / "src").rglob("*.py")}
    g = nx.DiGraph()
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        deps = imports(path, package)
        g.add_node(name, imports=deps)
        for dep in deps:
            # a package's __init__ re-exports its modules: an import of the package is an import of them
            if dep in files and dep != name and not (name.startswith(dep + ".") and files[dep].name == "__init__.py"):
                g.add_edge(name, dep)
    return g


def test_only_the_command_line_imports_click_and_nothing_imports_main() -> None:
    offenders = sorted(n for n, d in src_graph().nodes(data=True)
                       if any((m == "click" or m.startswith("click.")) and not (n == "src.cli" or n.startswith("src.cli."))
                              or m == "main"
                              for m in d["imports"]))
    assert offenders == []


def test_graph_and_fusion_do_not_import_each_other() -> None:
    g = src_graph()
    crossing = sorted((a, b) for a, b in g.edges
                      if {a.split(".")[1], b.split(".")[1]} == {"graph", "fusion"})
    assert crossing == []


def test_src_has_no_import_circle() -> None:
    g = src_graph()
    circles = sorted(sorted(c) for c in nx.simple_cycles(g.subgraph(
        [n for n in g if g.nodes[n] and not n.endswith("__init__")])) if len(c) > 1)
    assert circles == []


def test_the_checker_sees_a_circle_and_a_crossing(tmp_path: Path) -> None:
    """The rules above can fail: the same reading finds a planted lazy circle."""
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text("def f():\n    from ..graph.x import y\n", encoding="utf-8")
    b.write_text("import click\nfrom . import store\n", encoding="utf-8")
    assert imports(a, "src.fusion") == {"src.graph.x", "src.graph.x.y"}
    assert imports(b, "src.fusion") == {"click", "src.fusion", "src.fusion.store"}
