"""The HTML page: offline (inlined JS, no external src) and every piece of corpus text escaped
(tests/e2e/test_graph_browser.py draws it in Chromium)."""

import re

from src.graph import build_claim_graph
from src.types import Chunk, ScoredChunk

EVIL = "<script>alert(1)</script>"


def _graph():
    docs = Chunk(id="data/docs/a.md#c0", source="docs", kind="document", text="The timeout is 30 s.")
    forum = Chunk(id="data/forums/t1#<b>x</b>", source="forums", kind="thread",
                  text=f"The timeout is 60 s. {EVIL}")
    return build_claim_graph([ScoredChunk(forum, 0.9), ScoredChunk(docs, 0.5)], source_weights={"docs": 1.2, "forums": 0.8})


def test_page_is_offline_and_escaped(tmp_path):
    path = _graph().write_html(tmp_path / "g.html")
    page = path.read_text(encoding="utf-8")
    assert "vis.Network" in page and "vis-network" in page.lower()
    assert not re.search(r"""(?:src|href)\s*=\s*["']?\s*(?:https?:)?//""", page, re.IGNORECASE)
    assert EVIL not in page and "<b>x</b>" not in page
    from src.graph.html import _vis_assets

    # data block, vis-network, page code (+ the literal inside vis-network itself); none from corpus
    assert page.count("<script") == 3 + _vis_assets()[0].count("<script")
    assert "\\u003cscript\\u003ealert(1)\\u003c/script\\u003e" in page


def _retention_key():
    """One fact whose team claims contradict, beside plan-scoped values and a restatement."""
    from src.graph.analysis import ClaimNode, KeyResult
    from src.graph.weights import Support
    from src.types import KeyStatus

    def node(cid, value, norm, scope, source, **kw):
        return ClaimNode(id=cid, key="events retained", value=value, normalized=norm, scope=scope,
                         support=(Support(f"kb/{source}/{cid}#c0", source, 0.5, f"{value}."),), support_total=0.5, **kw)

    claims = (node("c14", "14 days", "P14D", {"plan": "team"}, "docs", authoritative=True, contradicts=("c7",)),
              node("c7", "7 days", "P7D", {"plan": "team"}, "forums", contradicts=("c14",)),
              node("c30", "30 days", "P30D", {"plan": "business"}, "docs"),
              node("c2w", "two weeks", "P14D", {}, "blogs"),
              node("c14b", "14 days", "P14D", {"plan": "team"}, "tickets"))
    return KeyResult("events retained", (), KeyStatus.CONTRADICTION, claims, "machine explanation")


def test_plan_scoped_values_get_the_scoped_colour_and_restatements_stay_agreed():
    from src.graph.html import VERDICT_COLOURS, graph_data

    colour = {n["id"]: n["color"] for n in graph_data([_retention_key()])["nodes"]}
    assert VERDICT_COLOURS["scoped"] == "#f9a825"
    assert colour == {**colour, "c14": "#2e7d32", "c7": "#c62828", "c30": "#f9a825", "c2w": "#1565c0", "c14b": "#1565c0"}


def test_a_scoped_key_colours_every_claim_but_the_authoritative_one_scoped():
    from dataclasses import replace

    from src.graph.html import graph_data
    from src.types import KeyStatus

    key = _retention_key()
    key = replace(key, status=KeyStatus.SCOPED, claims=tuple(replace(c, contradicts=()) for c in key.claims))
    colour = {n["id"]: n["color"] for n in graph_data([key], only_conflicts=False)["nodes"]}
    assert [colour[c] for c in ("c14", "c7", "c30", "c2w")] == ["#2e7d32", "#f9a825", "#f9a825", "#f9a825"]


def test_the_question_heads_the_page_escaped(tmp_path):
    from src.graph.html import write_html

    page = write_html([_retention_key()], tmp_path / "g.html",
                      question="  How long is <b>Team</b>\n history kept?").read_text(encoding="utf-8")
    assert "<title>Claim graph: How long is &lt;b&gt;Team&lt;/b&gt; history kept?</title>" in page
    assert ('<h1 id="question"><span class="label">Question:</span> '
            "How long is &lt;b&gt;Team&lt;/b&gt; history kept?</h1>") in page
    assert "<b>Team</b>" not in page
    plain = write_html([_retention_key()], tmp_path / "h.html").read_text(encoding="utf-8")
    assert "<title>Crosscheck claim graph</title>" in plain and 'id="question"' not in plain


def test_a_pdf_evidence_node_is_named_by_its_page():
    from dataclasses import replace

    from src.graph.html import chunk_label, graph_data, pdf_page
    from src.graph.weights import Support

    key = _retention_key()
    pdf = replace(key.claims[0], support=(Support("kb/docs/manual.pdf#p25c1", "docs", 0.5, "14 days."),))
    nodes = {n["id"]: n for n in graph_data([replace(key, claims=(pdf, *key.claims[1:]))])["nodes"]}
    assert nodes["evidence::kb/docs/manual.pdf#p25c1"]["label"] == "kb/docs/manual.pdf, page 25"
    assert nodes["evidence::kb/forums/c7#c0"]["label"] == "kb/forums/c7#c0"
    assert [pdf_page("a/b.PDF#p3c0-2"), pdf_page("a/b.md#c0"), pdf_page("kb/forums/x.pdf-thread#p2c0")] == [3, None, None]
    assert chunk_label("a/b.md#c0") == "a/b.md#c0"
