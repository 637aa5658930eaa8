"""A self-contained HTML page of the conflicting claims (vis-network, as shipped with pyvis).

Works offline: the vis-network JS and CSS are read from pyvis's package folder and inlined;
the page references no external URL. Corpus text only reaches the page as JSON inside a
``<script type="application/json">`` block with ``<``, ``>`` and ``&`` written as ``\\u003c``,
``\\u003e``, ``\\u0026``, and visible text is ``html.escape``d; tooltips are set as text
(``title`` strings are rendered by vis-network as plain text), so a forum post holding
``<script>alert(1)</script>`` cannot run. The question, when given, heads the page (escaped).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..types import KeyStatus
from .analysis import KeyResult

VERDICT_COLOURS = {"authoritative": "#2e7d32", "contradicted": "#c62828", "scoped": "#f9a825", "agreed": "#1565c0"}
SOURCE_COLOURS = {"docs": "#6a1b9a", "forums": "#ef6c00", "tickets": "#00838f", "blogs": "#558b2f"}
KEY_COLOUR = "#455a64"
# a paged document's chunk: <path>.pdf#p<page>c<k> (src/pipelines/chunking.py), a long one's later pieces end in -<i>
_PDF_CHUNK = re.compile(r"\.pdf#p(\d+)c\d+(?:-\d+)?$", re.IGNORECASE)


def pdf_page(chunk_id: str) -> int | None:
    """The page of a PDF chunk (``manual.pdf#p25c1`` -> 25), None for any other chunk."""
    m = _PDF_CHUNK.search(chunk_id)
    return int(m.group(1)) if m else None


def chunk_label(chunk_id: str) -> str:
    """How a chunk is named to a reader: ``docs/manual.pdf, page 25`` for a PDF, else its id."""
    page = pdf_page(chunk_id)
    return f"{chunk_id.split('#', 1)[0]}, page {page}" if page is not None else chunk_id


def _vis_assets() -> tuple[str, str]:
    import pyvis

    lib = Path(pyvis.__file__).parent / "lib" / "vis-9.1.2"
    return (lib / "vis-network.min.js").read_text(encoding="utf-8"), (lib / "vis-network.css").read_text(encoding="utf-8")


def _safe_json(obj: Any) -> str:
    return (json.dumps(obj, ensure_ascii=False, sort_keys=True)
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


def _restates(a, b) -> bool:
    """``b`` says what ``a`` says: the same value, for the same scope or with no scope of its own."""
    return a.normalized == b.normalized and (not a.scope or not b.scope or a.scope == b.scope)


def _verdict(claim, key: KeyResult) -> str:
    """authoritative, contradicted, scoped (a value of its own scope: it differs from another
    claim of the key only because the two hold for different scopes, as 30 days for
    plan=business beside 14 days for plan=team, even in a key whose team claims contradict each
    other) or agreed (it restates another claim, or has no scope)."""
    if claim.authoritative:
        return "authoritative"
    if claim.contradicts:
        return "contradicted"
    if key.status == KeyStatus.SCOPED:
        return "scoped"
    others = [o for o in key.claims if o is not claim]
    if not claim.scope or any(_restates(claim, o) for o in others):
        return "agreed"
    return "scoped" if any(o.normalized != claim.normalized and o.scope != claim.scope for o in others) else "agreed"


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
            verdict = _verdict(c, k)
            scope = ", ".join(f"{a}={b}" for a, b in c.scope.items())
            nodes[c.id] = {"id": c.id, "label": c.value + (f"\n({scope})" if scope else ""), "shape": "ellipse",
                           "color": VERDICT_COLOURS[verdict],
                           "title": f"{c.value} [{verdict}] consensus={c.consensus:.2f}\n{c.id}"}
            edges.append({"from": c.id, "to": kid, "color": "#90a4ae"})
            for s in c.support:
                eid = f"evidence::{s.chunk_id}"
                nodes.setdefault(eid, {"id": eid, "label": chunk_label(s.chunk_id), "shape": "dot", "size": 10,
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
<meta name="generator" content="Crosscheck claim graph">
<title>{title}</title>
<style>{css}</style>
<style>body{{font-family:sans-serif;margin:0}} #graph{{width:100%;height:80vh;border-bottom:1px solid #ccc}}
#legend{{padding:6px 12px;font-size:13px}} .sw{{display:inline-block;width:12px;height:12px;margin:0 4px 0 12px}}
#info{{white-space:pre-wrap;padding:6px 12px;font-size:13px}}
#question{{margin:0;padding:8px 12px;font-size:17px;font-weight:600;border-bottom:1px solid #ccc}}
#question .label{{color:#667085;font-weight:400}}</style>
</head>
<body>
{heading}<div id="graph"></div>
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


def write_html(keys: Sequence[KeyResult], path: str | Path, question: str | None = None) -> Path:
    """Write the page of a claim graph's keys and return its path; ``question`` (the query the
    graph answers) becomes the page's title and heading."""
    js, css = _vis_assets()
    legend = "".join(f'<span class="sw" style="background:{c}"></span>{html.escape(name)}'
                     for name, c in [*VERDICT_COLOURS.items(), *SOURCE_COLOURS.items()])
    legend += '<span class="sw" style="background:#d50000"></span>contradicts'
    question = " ".join((question or "").split())
    title = f"Claim graph: {question}" if question else "Crosscheck claim graph"
    heading = (f'<h1 id="question"><span class="label">Question:</span> {html.escape(question)}</h1>\n'
               if question else "")
    page = PAGE.format(css=css.replace("</", "<\\/"), js=js.replace("</script", "<\\/script"),
                       data=_safe_json(graph_data(keys)), legend=legend, title=html.escape(title), heading=heading)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(page, encoding="utf-8")
    return path
