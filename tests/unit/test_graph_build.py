"""Verdicts, weighting and renderings of the claim graph on hand-written chunks."""

import json

import networkx as nx
import pytest

from src.graph import audit_corpus, build_claim_graph, evidence_weight
from src.types import Chunk, ScoredChunk

SW = {"docs": 1.2, "forums": 0.8, "tickets": 0.8, "blogs": 1.0}


def _graph(*items, lam=0.5):
    evidence = [ScoredChunk(Chunk(id=f"data/{src}/d{i}#c0", source=src, kind="document", text=text), score=score)
                for i, (src, text, score) in enumerate(items)]
    return build_claim_graph(evidence, source_weights=SW, lam=lam)


def _only_key(g):
    assert len(g.keys) == 1, [k.key for k in g.keys]
    return g.keys[0]


@pytest.mark.parametrize("docs,forum,value", [
    ("The session timeout is 60 minutes.", "The session timeout is 1 hour.", "60 minutes"),
    ("The upload limit is 1 GB.", "The upload limit is 1024 MB.", "1 GB"),
    ("The API rate limit is 600 requests per minute.", "The API rate limit is 10 requests per second.",
     "600 requests per minute"),
    ("Backups are kept for one week.", "Backups are kept for 7 days.", "one week"),
])
def test_restatements_are_consistent(docs, forum, value):
    key = _only_key(_graph(("docs", docs, 0.5), ("forums", forum, 0.9)))
    assert key.status == "consistent"
    assert [c.value for c in key.claims] == [value]
    assert sorted(s.source for s in key.claims[0].support) == ["docs", "forums"]


def test_range_contradicts_docs_value_and_docs_win_even_ranked_lower():
    g = _graph(("forums", "Basic keeps 31-40 days of version history.", 0.95),
               ("docs", "Basic keeps 30 days of version history.", 0.10))
    key = _only_key(g)
    assert key.status == "contradiction"
    assert [(c.value, c.normalized, c.authoritative) for c in key.claims] == [
        ("30 days", "P30D", True), ("31-40 days", "P31D..P40D", False)]
    assert key.claims[0].consensus > key.claims[1].consensus
    assert key.explanation == ("docs (authority 1.2, 1 chunk) says 30 days; forums (authority 0.8, 1 chunk) says "
                               "31-40 days; the best-supported value is 30 days.")
    assert [k.key for k in g.contradictions()] == ["version history"]


def test_copies_of_one_forum_answer_do_not_outvote_docs():
    answer = "Basic keeps 31-40 days of version history."
    items = [("forums", answer, 0.9)] * 1 + [("docs", "Basic keeps 30 days of version history.", 0.1)]
    items += [("forums", answer, 0.9 - i * 0.01) for i in range(1, 8)]
    key = _only_key(_graph(*items))
    assert key.claims[0].value == "30 days" and key.claims[0].authoritative


def test_a_value_inside_a_range_is_no_contradiction():
    g = _graph(("docs", "The compressor protection delay can be set to 2-10 minutes.", 0.9),
               ("blogs", "The compressor protection delay is five minutes.", 0.8))
    assert [k for k in g.keys if k.status == "contradiction"] == []


def test_per_plan_values_are_scoped_not_contradictions():
    key = _only_key(_graph(("docs", "On the Standard plan, backups are retained for 7 days.", 0.9),
                           ("forums", "On the Enterprise plan, backups are retained for 35 days.", 0.8)))
    assert key.status == "scoped" and key.scope_dims == ("plan",)
    assert [(c.value, c.scope) for c in key.claims] == [("7 days", {"plan": "standard"}),
                                                          ("35 days", {"plan": "enterprise"})]


def test_versions_are_scoped_naming_version():
    key = _only_key(_graph(("docs", "In v2, the request timeout is 30 s.", 0.9),
                           ("blogs", "In v3, the request timeout is 60 s.", 0.8)))
    assert key.status == "scoped" and key.scope_dims == ("version",)
    assert "values differ by version" in key.explanation


def test_different_dimensions_never_compare():
    g = _graph(("docs", "The upload limit is 30 days.", 0.9), ("forums", "The upload limit is 30 MB.", 0.8))
    assert {k.status for k in g.keys} == {"single"}
    assert len(g.keys) == 2


def test_synonymous_keys_cluster_on_tokens():
    g = _graph(("docs", "- artifact_retention_days: 30", 0.9), ("forums", "artifacts=45 days", 0.8))
    key = _only_key(g)
    assert key.status == "contradiction" and key.key == "artifacts" and key.aliases == ("artifact retention",)


def test_lambda_is_configurable():
    items = (("docs", "The timeout is 30 s.", 0.9), ("forums", "The timeout is 60 s.", 0.8))
    c0 = {c.value: c.consensus for c in _only_key(_graph(*items, lam=0.0)).claims}
    c1 = {c.value: c.consensus for c in _only_key(_graph(*items, lam=1.0)).claims}
    assert c0["30 s"] - c1["30 s"] == pytest.approx(c0["60 s"])


def test_evidence_weight_favours_docs_over_any_single_forum_answer():
    assert evidence_weight(1.2, relevance=0.0, community=0.0, recency=0.0) > evidence_weight(0.8, 1.0, 1.0, 1.0)


def test_to_json_has_the_spec_shape():
    g = _graph(("docs", "Basic keeps 30 days of version history.", 0.9),
               ("forums", "Basic keeps 31-40 days of version history.", 0.8))
    out = g.to_json(html_path="artifacts/graphs/x.html")
    assert set(out) == {"keys", "html"} and out["html"] == "artifacts/graphs/x.html"
    key = out["keys"][0]
    assert set(key) == {"key", "aliases", "status", "claims", "explanation"}
    claim = key["claims"][0]
    assert set(claim) == {"value", "normalized", "consensus", "authoritative", "support", "contradicts"}
    assert claim["normalized"] == "P30D" and claim["contradicts"] == ["31-40 days"]
    assert set(claim["support"][0]) == {"id", "source", "weight", "sentence"}
    assert claim["support"][0]["sentence"] == "Basic keeps 30 days of version history."
    json.dumps(out)
    assert g.to_json()["html"] is None


def test_render_text_lines():
    g = _graph(("docs", "The timeout is 30 s.", 0.9), ("forums", "The timeout is 60 s.", 0.8))
    lines = g.render_text().splitlines()
    assert lines[0] == "Key: timeout  [contradiction]"
    assert lines[1].startswith("- claim: 30 s consensus=") and lines[1].endswith("[authoritative]")
    assert lines[2].startswith("    support: docs:data/docs/d0#c0 w=")
    assert lines[3].startswith("    contradict: 60 s via claim::")


def test_graph_nodes_edges_and_graphml_roundtrip(tmp_path):
    g = _graph(("docs", "On the Team plan, the timeout is 30 s.", 0.9), ("forums", "On the Team plan, the timeout is 60 s.", 0.8))
    kinds = sorted(a["kind"] for _, a in g.graph.nodes(data=True))
    assert kinds == ["claim", "claim", "evidence", "evidence", "key"]
    relations = sorted(a["relation"] for *_, a in g.graph.edges(data=True))
    assert relations == ["about", "about", "contradicts", "contradicts", "supports", "supports"]
    path = g.write_graphml(tmp_path / "g.graphml")
    back = nx.read_graphml(path)
    assert back.number_of_nodes() == 5 and back.number_of_edges() == 6
    claim = next(a for _, a in back.nodes(data=True) if a["kind"] == "claim")
    assert json.loads(claim["scope"]) == {"plan": "team"}


def test_audit_ranks_contradictions_by_severity():
    chunks = [Chunk(id="data/docs/a#c0", source="docs", kind="document",
                    text="The timeout is 30 s. The retention is 7 days. The page size is 50."),
              Chunk(id="data/forums/t1#qa", source="forums", kind="thread", text="The retention is 9 days."),
              Chunk(id="data/blogs/p#c0", source="blogs", kind="post", text="The timeout is 45 s."),
              Chunk(id="data/forums/t2#qa", source="forums", kind="thread", text="The timeout is 60 s.")]
    g = audit_corpus(chunks, source_weights=SW)
    assert [k.key for k in g.keys] == ["timeout", "retention"]
    assert g.keys[0].severity > g.keys[1].severity


def test_build_is_the_same_in_every_process(in_fresh_process):
    """Claim ids, key order and JSON do not depend on the interpreter's hash seed (set and dict order)."""
    code = ("import json\nfrom tests.unit.test_graph_build import _graph\n"
            "items = (('docs', 'The timeout is 30 s.', 0.9), ('forums', 'The timeout is 60 s.', 0.8),\n"
            "         ('blogs', 'Retries stop after 5 attempts.', 0.7), ('forums', 'It retries 3 times.', 0.6))\n"
            "print(json.dumps(_graph(*items).to_json(), sort_keys=True))\n")
    first = in_fresh_process(code, 0)
    assert in_fresh_process(code, 4242) == first
    assert [(k["key"], k["status"]) for k in json.loads(first)["keys"]] == [
        ("timeout", "contradiction"), ("retries stop", "single")]


def test_qualified_head_does_not_merge_with_the_bare_head():
    """'dead-letter' qualifies 'events' in two keys; the general retention key lacks it."""
    g = _graph(("docs", "On the Team plan, events are retained for 14 days.", 0.9),
               ("forums", "Team plan keeps events for 7 days.", 0.8),
               ("docs", "Events in the dead-letter queue are kept for 30 days.", 0.7),
               ("forums", "In practice dead-lettered events stick around for 31-40 days.", 0.6),
               ("blogs", "With two weeks of events you can replay a bad deploy.", 0.5))
    by_values = {frozenset(c.value for c in k.claims): k for k in g.keys}
    assert set(by_values) == {frozenset({"14 days", "7 days", "two weeks"}), frozenset({"30 days", "31-40 days"})}
    assert all(k.status == "contradiction" for k in g.keys)


def test_qualifier_conflict_and_hubs():
    from src.graph.keys import discount_hubs, qualifier_conflict, similarity_matrix

    assert qualifier_conflict(["events dead-letter queue kept", "dead-lettered events stick"], ["events retained"])
    assert not qualifier_conflict(["maximum payload size", "current maximum payload size"], ["maximum payload size event"])
    assert not qualifier_conflict(["events dead-letter queue kept"], ["events retained"])  # one key is no usage
    keys = ["event type name", "events", "events retained"]
    sims = similarity_matrix(keys)
    assert sims[1, 2] == pytest.approx(0.875)
    assert discount_hubs(keys, sims, 0.45)[1, 2] == pytest.approx(0.5)  # "events" sits in two unlike keys
    assert discount_hubs(keys[1:], similarity_matrix(keys[1:]), 0.45)[0, 1] == pytest.approx(0.875)


def test_rows_of_one_table_and_counts_of_different_things_never_merge():
    from src.graph.build import cannot_links
    from src.graph.extract import extract_claims

    table = Chunk(id="data/docs/limits.md#c0", source="docs", kind="document",
                  text="| Item | Limit |\n|---|---|\n| Event type name | 128 characters |\n| Event types per workspace | 1,000 |\n")
    forum = Chunk(id="data/forums/t1#a1", source="forums", kind="document",
                  text="One event fanned out to 5 endpoints still counts once.")
    claims = extract_claims(table) + extract_claims(forum)
    assert cannot_links(claims) == {("event type name", "event types workspace"), ("event fanned", "event type name"),
                                    ("event fanned", "event types workspace")}
    g = audit_corpus([table, forum], source_weights=SW, only_contradictions=False)
    assert [k.status for k in g.keys] == ["single"] * 3


def test_contradiction_explanation_merges_equivalent_sides():
    g = _graph(("docs", "Static egress IPs are available on Enterprise only.", 0.9),
               ("docs", "# Plans\n\n| | Business | Enterprise |\n|---|---|---|\n| Static egress IPs | — | yes |\n", 0.8),
               ("blogs", "Static egress IPs are available on the Business and Enterprise plans.", 0.7))
    key = _only_key(g)
    assert key.status == "contradiction"
    assert key.explanation == ("docs (authority 1.2, 2 chunks) say only enterprise (also as not available for "
                               "plan=business); blogs (authority 1, 1 chunk) says available for "
                               "plan=business,enterprise; the best-supported value is only enterprise.")
