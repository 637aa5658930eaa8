"""A self-contained HTML page of the conflicting claims (vis-network, as shipped with pyvis).

Works offline: the vis-network JS and CSS are read from pyvis's package folder and inlined;
the page references no external URL. Corpus text only reaches the page as JSON inside a
``<script type="application/json">`` block with ``<``, ``>`` and ``&`` written as ``\\u003c``,
``\\u003e``, ``\\u0026``, and visible text is ``html.escape``d; tooltips are set as text
(``title`` strings are rendered by vis-network as plain text), so a forum post holding
``<script>alert(1)</script>`` cannot run.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..types import KeyStatus
from .analysis import KeyResult

VERDICT_COLOURS = {"authoritative": "#2e7d32", "contradicted": "#c62828", "scoped": "#f9a825", "agreed": "#1565c0"}
SOURCE_COLOURS = {"docs": "#6a1b9a", "forums": "#ef6c00", "tickets": "#00838f", "blogs": "#558b2f"}
KEY_COLOUR = "#455a64"


def _vis_assets() -> tuple[str, str]:
    import pyvis

    lib = Path(pyvis.__file__).parent / "lib" / "vis-9.1.2"
    return (lib / "vis-network.min.js").read_text(encoding="utf-8"), (lib / "vis-network.css").read_text(encoding="utf-8")


def _safe_json(obj: Any) -> str:
    return (json.dumps(obj, ensure_ascii=False, sort_keys=True)
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


def _verdict(claim, status: str) -> str:
    if claim.authoritative:
        return "authoritative"
    if claim.contradicts:
        return "contradicted"
    return "scoped" if status == KeyStatus.SCOPED else "agreed"


def graph_data(all_keys: Sequence[KeyResult], only_conflicts: bool = True) -> dict[str, list[dict[str, Any]]]:
    """vis-network nodes and edges for the keys with a contradiction (all keys when none has one)."""
    keys = [k for k in all_keys if k.status == KeyStatus.CONTRADICTION] if only_conflicts else list(all_keys)
    keys = keys or list(all_keys)
    nodes: dict[str, dict[str, Any]] = {}
    edges: list[dict[str, Any]] = []
    for k in keys:
        kid = f"key::{k.key}"
        nodes[kid] = {"id": kid, "label": k.key, "shape": "box", "color": KEY_COLOUR,
                      "font": {"color": "#ffffff"}, "title": f"{k.key} [{k.status}]\n{k.explanation}"}
        for c in k.claims:
            verdict = _verdict(c, k.status)
            scope = ", ".join(f"{a}={b}" for a, b in c.scope.items())
            nodes[c.id] = {"id": c.id, "label": c.value + (f"\n({scope})" if scope else ""), "shape": "ellipse",
                           "color": VERDICT_COLOURS[verdict],
                           "title": f"{c.value} [{verdict}] consensus={c.consensus:.2f}\n{c.id}"}
            edges.append({"from": c.id, "to": kid, "color": "#90a4ae"})
            for s in c.support:
                eid = f"evidence::{s.chunk_id}"
                nodes.setdefault(eid, {"id": eid, "label": s.chunk_id, "shape": "dot", "size": 10,
                                       "color": SOURCE_COLOURS.get(s.source, "#757575"), "title": f"{s.source}: {s.chunk_id}"})
                edges.append({"from": eid, "to": c.id, "color": "#b0bec5", "width": 1 + 2 * s.weight,
                              "title": f"{s.chunk_id} w={s.weight:.3f}\n{s.sentence}"})
            for other in c.contradicts:
                if c.id < other:
                    edges.append({"from": c.id, "to": other, "color": "#d50000", "width": 3, "dashes": True,
                                  "title": "contradicts"})
    return {"nodes": [nodes[n] for n in sorted(nodes)], "edges": edges}


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Crosscheck claim graph</title>
<style>{css}</style>
<style>body{{font-family:sans-serif;margin:0}} #graph{{width:100%;height:85vh;border-bottom:1px solid #ccc}}
#legend{{padding:6px 12px;font-size:13px}} .sw{{display:inline-block;width:12px;height:12px;margin:0 4px 0 12px}}
#info{{white-space:pre-wrap;padding:6px 12px;font-size:13px}}</style>
</head>
<body>
<div id="graph"></div>
<div id="legend">{legend}</div>
<div id="info"></div>
<script type="application/json" id="graph-data">{data}</script>
<script>{js}</script>
<script>
(function () {{
  var data = JSON.parse(document.getElementById("graph-data").textContent);
  var nodes = new vis.DataSet(data.nodes), edges = new vis.DataSet(data.edges);
  var network = new vis.Network(document.getElementById("graph"), {{nodes: nodes, edges: edges}},
    {{physics: {{stabilization: {{iterations: 150}}}}, interaction: {{hover: true}}}});
  network.on("click", function (p) {{
    var id = p.nodes[0] || p.edges[0];
    var item = nodes.get(id) || edges.get(id);
    document.getElementById("info").textContent = item ? (item.title || "") : "";
  }});
}})();
</script>
</body>
</html>
"""


def write_html(keys: Sequence[KeyResult], path: str | Path) -> Path:
    """Write the page of a claim graph's keys and return its path."""
    js, css = _vis_assets()
    legend = "".join(f'<span class="sw" style="background:{c}"></span>{html.escape(name)}'
                     for name, c in [*VERDICT_COLOURS.items(), *SOURCE_COLOURS.items()])
    legend += '<span class="sw" style="background:#d50000"></span>contradicts'
    page = PAGE.format(css=css.replace("</", "<\\/"), js=js.replace("</script", "<\\/script"),
                       data=_safe_json(graph_data(keys)), legend=legend)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(page, encoding="utf-8")
    return path
