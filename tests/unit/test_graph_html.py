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
