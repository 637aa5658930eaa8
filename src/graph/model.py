"""The claim graph result and its renderings: SPEC section 4 JSON, terminal text, GraphML."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import networkx as nx

from ..types import KeyStatus
from .analysis import ClaimNode, KeyResult


@dataclass(frozen=True)
class ClaimGraph:
    """``graph`` holds evidence/claim/key nodes; ``keys`` the per-key verdicts in report order.

    ``notices`` says when the LLM extractor fell back to the offline rules (also logged);
    ``fell_back`` is True then.
    """

    graph: nx.DiGraph
    keys: Sequence[KeyResult]
    notices: tuple[str, ...] = ()
    source_weights: dict[str, float] = field(default_factory=dict)

    @property
    def fell_back(self) -> bool:
        return bool(self.notices)

    def contradictions(self) -> list[KeyResult]:
        return [k for k in self.keys if k.status == KeyStatus.CONTRADICTION]

    def with_key_first(self, key: KeyResult) -> ClaimGraph:
        """This graph with ``key`` (the fact a question asks) as its first key, replacing a key of
        the same name; its claim nodes join the NetworkX graph. (The graph's own keys for the fact
        stay: they also hold its values in the scopes the question did not ask about.)"""
        g = self.graph.copy()
        old = next((k for k in self.keys if k.key == key.key), None)
        if old is not None:
            remove_key_nodes(g, old)
        add_key_nodes(g, key)
        return ClaimGraph(graph=g, keys=(key, *[k for k in self.keys if k.key != key.key]), notices=self.notices,
                          source_weights=dict(self.source_weights))

    def with_keys(self, keys: Sequence[KeyResult], added: Sequence[KeyResult] = ()) -> ClaimGraph:
        """This graph with its keys judged anew (``keys``, the same names; each changed key's nodes
        and edges replaced) and the keys ``added`` (another reader's, named apart from these)."""
        g = self.graph.copy()
        for old, new in zip(self.keys, keys, strict=True):
            if new is not old:
                remove_key_nodes(g, old)
                add_key_nodes(g, new)
        names = {k.key for k in keys}
        added = [k for k in added if k.key not in names]
        for k in added:
            add_key_nodes(g, k)
        ordered = sorted([*keys, *added], key=lambda k: (k.status != KeyStatus.CONTRADICTION, k.key))
        return ClaimGraph(graph=g, keys=tuple(ordered), notices=self.notices, source_weights=dict(self.source_weights))

    def key(self, name: str) -> KeyResult | None:
        """The result for a key by name or alias."""
        return next((k for k in self.keys if k.key == name or name in k.aliases), None)

    def to_json(self, html_path: str | Path | None = None) -> dict[str, Any]:
        """The SPEC section 4 ``graph`` object; ``notices`` is added only when there are some."""
        out: dict[str, Any] = {"keys": [key_json(k) for k in self.keys],
                               "html": str(html_path) if html_path is not None else None}
        if self.notices:
            out["notices"] = list(self.notices)
        return out

    def render_text(self) -> str:
        return render_text(self.keys)

    def write_graphml(self, path: str | Path) -> Path:
        """GraphML with non-scalar attributes (lists, dicts) stored as JSON strings."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        nx.write_graphml(graphml_safe(self.graph), path)
        return path

    def write_html(self, path: str | Path, question: str | None = None) -> Path:
        from .html import write_html  # pyvis's assets are read only for a page

        return write_html(self.keys, path, question=question)


def claim_json(node: ClaimNode, by_id: dict[str, ClaimNode]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "value": node.value,
        "normalized": node.normalized,
        "consensus": round(node.consensus, 3),
        "authoritative": node.authoritative,
        "support": [{"id": s.chunk_id, "source": s.source, "weight": round(s.weight, 3), "sentence": s.sentence}
                    for s in node.support],
        "contradicts": [by_id[o].value for o in node.contradicts],
    }
    if node.scope:
        out["scope"] = dict(node.scope)
    return out


def key_json(k: KeyResult) -> dict[str, Any]:
    by_id = {n.id: n for n in k.claims}
    return {"key": k.key, "aliases": list(k.aliases), "status": k.status,
            "claims": [claim_json(n, by_id) for n in k.claims], "explanation": k.explanation}


def render_text(keys: Sequence[KeyResult]) -> str:
    lines: list[str] = []
    for k in keys:
        extra = f" by {', '.join(k.scope_dims)}" if k.status == KeyStatus.SCOPED else ""
        lines.append(f"Key: {k.key}  [{k.status}{extra}]" + (f"  aliases: {', '.join(k.aliases)}" if k.aliases else ""))
        by_id = {n.id: n for n in k.claims}
        for n in k.claims:
            scope = " scope=" + ",".join(f"{a}:{b}" for a, b in n.scope.items()) if n.scope else ""
            flag = " [authoritative]" if n.authoritative else ""
            lines.append(f"- claim: {n.value} consensus={n.consensus:.2f}{scope}{flag}")
            for s in n.support:
                lines.append(f"    support: {s.source}:{s.chunk_id} w={s.weight:.3f}")
            for o in n.contradicts:
                lines.append(f"    contradict: {by_id[o].value} via {o}")
        lines.append(f"  => {k.explanation}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n" if lines else "No claims found.\n"


def graphml_safe(g: nx.DiGraph) -> nx.DiGraph:
    """A copy whose attributes are all GraphML scalars (str, int, float, bool); a ``KeyStatus``
    becomes its plain string."""
    def scalar(v: Any) -> Any:
        if isinstance(v, str):
            return str(v)
        return v if isinstance(v, (int, float, bool)) else json.dumps(v, sort_keys=True, ensure_ascii=False)

    def clean(attrs: dict[str, Any]) -> dict[str, Any]:
        return {k: scalar(v) for k, v in attrs.items() if v is not None}

    out = nx.DiGraph()
    out.add_nodes_from((n, clean(a)) for n, a in g.nodes(data=True))
    out.add_edges_from((u, v, clean(a)) for u, v, a in g.edges(data=True))
    return out


def remove_key_nodes(g: nx.DiGraph, k: KeyResult) -> None:
    """A key's node and its claims' nodes, with every edge they have."""
    g.remove_nodes_from([f"key::{k.key}", *(n.id for n in k.claims)])


def add_key_nodes(g: nx.DiGraph, k: KeyResult) -> None:
    """A key, its claims, and their about, supports and contradicts edges."""
    g.add_node(f"key::{k.key}", kind="key", label=k.key, status=k.status, aliases=list(k.aliases),
               explanation=k.explanation)
    for n in k.claims:
        g.add_node(n.id, kind="claim", key=k.key, label=n.value, value=n.value, normalized=n.normalized,
                   scope=dict(n.scope), consensus=n.consensus, authoritative=n.authoritative, status=k.status)
        g.add_edge(n.id, f"key::{k.key}", relation="about")
        for s in n.support:
            g.add_edge(f"evidence::{s.chunk_id}", n.id, relation="supports", weight=s.weight, sentence=s.sentence)
    for n in k.claims:
        for other in n.contradicts:
            g.add_edge(n.id, other, relation="contradicts")
