"""report.html / report.md: table, inline charts, worst queries, escaping."""

import re
from pathlib import Path

from src.evaluation.conflicts import score_conflicts
from src.evaluation.gold import GoldQuery, MatchMode
from src.evaluation.report import write_report
from src.evaluation.runner import EvalReport, aggregate, score_query
from src.fusion.options import FusionConfig
from src.types import Chunk, ScoredChunk

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "eval"
NASTY = '<script>alert("x")</script> & <b>bold</b>'


def scored(chunk_id: str, text: str = "plain text") -> ScoredChunk:
    return ScoredChunk(Chunk(chunk_id, "docs", "document", text, {}), 1.0)


def make_report() -> EvalReport:
    queries = [GoldQuery(f"query {i}", {f"c/docs/d{i}#c0": 1}, f"q{i}") for i in range(12)]
    queries.append(GoldQuery(NASTY, {"c/docs/hit#c0": 1}, "nasty"))
    results = []
    for name, config, offset in (("default", FusionConfig(), 0), ("bm25", FusionConfig(use_dense=False), 1)):
        rows = []
        for n, gold in enumerate(queries):
            # query i finds its document at rank (i % 4) + 1 + offset; the nasty one misses
            ranking = [scored(f"c/docs/other{j}#c0", NASTY) for j in range(n % 4 + offset)]
            if gold.qid != "nasty":
                ranking.append(scored(next(iter(gold.relevant))))
            rows.append(score_query(name, gold, ranking, MatchMode.CHUNK, latency_ms=float(n + 1 + offset)))
        results.append(aggregate(name, config, rows))
    return EvalReport(match=MatchMode.CHUNK, results=tuple(results))


def test_report_files_hold_table_inline_images_and_worst_queries(tmp_path):
    conflicts = score_conflicts(FIXTURES / "conflicts.jsonl", FIXTURES / "graph.json")
    files = write_report(make_report(), tmp_path / "out", conflicts)
    page = files.html.read_text(encoding="utf-8")
    md = files.markdown.read_text(encoding="utf-8")

    assert files.html == tmp_path / "out" / "report.html" and files.markdown == tmp_path / "out" / "report.md"
    srcs = re.findall(r'src="([^"]*)"', page)
    assert len(srcs) == 7  # six metric bar charts and the latency histogram
    assert all(src.startswith("data:image/png;base64,") for src in srcs)
    assert not any("http" in src[:30] for src in srcs)
    assert "<link" not in page and "<script" not in page
    assert '<td class="best">0.2308*</td>' in page  # best hits@1: default, 3 of 13 at rank 1

    assert "| config | hits@1 | recall@5 |" in md
    assert "| default | 0.2308\\* |" in md
    assert "![bar-ndcg-at-10](plots/bar-ndcg-at-10.png)" in md
    assert len(list((tmp_path / "out" / "plots").glob("*.png"))) == 7

    for text in (page, md):
        assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in text
        assert "<b>bold</b>" not in text
        assert "c/docs/hit#c0" in text and "missed" in text
        assert "precision 0.667, recall 0.667, F1 0.667, authoritative accuracy 0.500, false alarms 1" in text


def test_worst_queries_are_the_ten_lowest_ndcg_of_the_first_config(tmp_path):
    md = write_report(make_report(), tmp_path).markdown.read_text(encoding="utf-8")
    worst = md.split("## Worst queries (default, lowest nDCG@10)")[1]
    listed = re.findall(r"^\d+\. \*\*(.+?)\*\* \(nDCG@10 ([0-9.]+)\)", worst, flags=re.M)
    assert len(listed) == 10
    assert listed[0][1] == "0.000"  # the query that missed comes first
    # then the queries found at rank 4 (nDCG 1/log2 5), then rank 3
    assert [q for q, _ in listed[1:4]] == ["query 3", "query 7", "query 11"]
    assert {v for _, v in listed[1:4]} == {"0.431"}
    assert [q for q, _ in listed[4:7]] == ["query 2", "query 6", "query 10"]


def test_a_query_with_nothing_retrieved_says_so(tmp_path):
    files = write_report(make_report(), tmp_path)
    md = files.markdown.read_text(encoding="utf-8")
    assert "    - relevant `c/docs/hit#c0`: missed\n    - nothing retrieved\n" in md
    assert "<li>nothing retrieved</li>" in files.html.read_text(encoding="utf-8")
