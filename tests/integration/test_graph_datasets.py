"""The claim graph on real corpora (read in place) with the packaged embedder."""

import json
from pathlib import Path

import pytest

from src.config import Settings
from src.graph import audit_corpus, measure_threshold
from src.graph.keys import KEY_THRESHOLD, TOKEN_THRESHOLD

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
DATASETS = ROOT.parent / "shared" / "datasets"
SW = {name: cfg.weight for name, cfg in Settings().sources.items()}


@pytest.fixture(scope="module")
def embedder():
    from src.embeddings import load_embed_model

    return load_embed_model()


def _chunks(folder: Path):
    from src.pipelines.ingest import ingest_corpus

    if not folder.is_dir():
        pytest.skip(f"{folder} not present")
    return ingest_corpus(folder, Settings()).chunks


def _key_with(graph, *values):
    """The key whose claims include all ``values`` (as written)."""
    for k in graph.keys:
        if set(values) <= {c.value for c in k.claims}:
            return k
    raise AssertionError(f"no key with values {values}: {[ (k.key, [c.value for c in k.claims]) for k in graph.keys]}")


def _node(key, value, scope=None):
    return next(c for c in key.claims if c.value == value and (scope is None or c.scope == scope))


@pytest.fixture(scope="module")
def astraml(embedder):
    return audit_corpus(_chunks(DATASETS / "astraml" / "data"), source_weights=SW, embed_model=embedder,
                        only_contradictions=False)


def test_astraml_a_batch_size_someone_found_better_is_no_contradiction_of_the_default(astraml):
    # docs: "batch_size: 32 (v2.1 default)"; a forum: "we saw batch_size=64 perform better": a value
    # someone set, not a statement of the default, so the audit reports no contradiction on it
    assert not [k.key for k in astraml.keys if k.status == "contradiction" and "64" in {c.value for c in k.claims}]
    assert not [k.key for k in astraml.keys if "batch" in k.key and k.status == "contradiction"]


def test_astraml_concurrency_2_vs_1_legacy_is_scoped(astraml):
    key = _key_with(astraml, "2", "1")
    assert key.key == "concurrency" and key.status == "scoped" and key.scope_dims == ("tenant",)
    assert _node(key, "2", {}).authoritative
    assert _node(key, "1", {"tenant": "legacy"})


def test_astraml_artifact_retention_30_vs_60_regulated(astraml):
    key = next(k for k in astraml.keys if "artifact retention" in (k.key, *k.aliases))
    assert key.status == "scoped" and key.scope_dims == ("environment",)
    auth = next(c for c in key.claims if c.authoritative)
    assert auth.normalized == "P30D" and auth.scope == {} and "docs" in {s.source for s in auth.support}
    assert {c.normalized for c in key.claims if c.scope == {"environment": "regulated"}} == {"P60D"}


def test_astraml_patience_5_vs_3_on_v1(astraml):
    key = next(k for k in astraml.keys if "patience" in (k.key, *k.aliases))
    assert key.status == "scoped" and "version" in key.scope_dims
    auth = next(c for c in key.claims if c.authoritative)
    assert auth.value == "5" and "docs" in {s.source for s in auth.support}
    assert _node(key, "3", {"tenant": "old", "version": "1.x"})


def test_nimbusnote_basic_version_history(embedder):
    graph = audit_corpus(_chunks(DATASETS / "nimbusnote" / "data"), source_weights=SW, embed_model=embedder)
    key = graph.keys[0]
    assert key.key == "version history" and key.status == "contradiction"
    auth = _node(key, "30 days", {"plan": "basic"})
    assert auth.authoritative and "docs" in {s.source for s in auth.support}
    forum = _node(key, "31-40 days", {"plan": "basic"})
    assert forum.normalized == "P31D..P40D" and forum.contradicts == (auth.id,)
    assert {s.source for s in forum.support} == {"forums"}
    assert key.explanation.startswith("docs (authority 1.2, 1 chunk) and forums (authority 0.8, 1 chunk) say 30 days")


def _squash(text):
    return " ".join(text.split()).lower()


def _nodes_for(graph, claim):
    """Claim nodes (with their key) supported by the planted claim's document and quote."""
    out = []
    for k in graph.keys:
        for c in k.claims:
            for s in c.support:
                if s.chunk_id.split("#")[0] == claim["doc_id"] and (
                        _squash(s.sentence) in _squash(claim["quote"]) or _squash(claim["quote"]) in _squash(s.sentence)):
                    out.append((k, c))
    return out


CONFLICTS = ROOT / "eval" / "conflicts.jsonl"


@pytest.fixture(scope="module")
def hooklane(embedder):
    if not CONFLICTS.is_file():
        pytest.skip("eval/conflicts.jsonl not present")
    return audit_corpus(_chunks(ROOT / "data"), source_weights=SW, embed_model=embedder, only_contradictions=False)


def _planted():
    if not CONFLICTS.is_file():
        return []
    return [json.loads(line) for line in CONFLICTS.read_text().splitlines() if line.strip()]


@pytest.mark.parametrize("item", [p for p in _planted() if p["type"] == "contradiction"], ids=lambda p: p["id"])
def test_hooklane_planted_contradiction_found(hooklane, item):
    auth_side = [c for c in item["claims"] if c["value"] == item["authoritative"]]
    other_side = [c for c in item["claims"] if c["value"] != item["authoritative"]]
    auth_nodes = [n for c in auth_side for n in _nodes_for(hooklane, c)]
    other_nodes = [n for c in other_side for n in _nodes_for(hooklane, c)]
    assert auth_nodes and other_nodes, "both sides must be extracted"
    pairs = [(ka, a, b) for ka, a in auth_nodes for kb, b in other_nodes if ka.key == kb.key and b.id in a.contradicts]
    assert pairs, "the two sides must contradict each other"
    key, auth, _ = pairs[0]
    assert key.status == "contradiction" and auth.authoritative


@pytest.mark.parametrize("item", [p for p in _planted() if p["type"] != "contradiction"], ids=lambda p: p["id"])
def test_hooklane_planted_restatement_or_scope_is_not_a_contradiction(hooklane, item):
    sides = [_nodes_for(hooklane, c) for c in item["claims"]]
    if item["type"] == "restatement":
        assert all(sides), "every side of a restatement must be extracted"
    for _ka, a in sides[0]:
        for _kb, b in sides[1]:
            assert b.id not in a.contradicts


def test_key_threshold_measurement(embedder):
    """Re-measures the clustering thresholds recorded in src/graph/keys.py."""
    rows = [json.loads(line) for line in (ROOT / "tests/fixtures/graph/key_pairs.jsonl").read_text().splitlines()]
    pairs = [(r["a"], r["b"], r["same"]) for r in rows]
    with_model = {r["threshold"]: r for r in measure_threshold(pairs, embedder)}
    tokens = {r["threshold"]: r for r in measure_threshold(pairs, None)}
    assert max(with_model.values(), key=lambda r: (r["f1"], r["precision"]))["threshold"] == KEY_THRESHOLD
    assert max(tokens.values(), key=lambda r: (r["f1"], r["precision"]))["threshold"] == TOKEN_THRESHOLD
    assert with_model[KEY_THRESHOLD]["precision"] >= 0.8 and with_model[KEY_THRESHOLD]["recall"] >= 0.85


# Precision of the whole-corpus audit of data/. tests/fixtures/graph/hooklane_facts.jsonl labels
# sentences of data/ with the fact they state (planted facts and the look-alike facts that were
# once merged with them); a value pins the label to one value of a sentence that states two.
FACTS = ROOT / "tests" / "fixtures" / "graph" / "hooklane_facts.jsonl"
MAX_FALSE_CONTRADICTIONS = 0
MAX_OVER_MERGED_KEYS = 0


def _fact_labels():
    rows = [json.loads(line) for line in FACTS.read_text().splitlines() if line.strip()]
    return [r for r in rows if "quote" in r], {r["planted"]: r["fact"] for r in rows if "planted" in r}


def _fact_of(node, support, labels):
    from src.graph import normalize

    for r in labels:
        if support.chunk_id.split("#")[0] == r["doc_id"] and _squash(r["quote"]) in _squash(support.sentence) and (
                "value" not in r or normalize(r["value"]) == node.normalized):
            return r["fact"]
    return None


def _planted_keys(graph):
    """Planted contradiction id -> the key in which its two sides contradict each other."""
    out = {}
    for item in _planted():
        if item["type"] != "contradiction":
            continue
        auth = [n for c in item["claims"] if c["value"] == item["authoritative"] for n in _nodes_for(graph, c)]
        other = [n for c in item["claims"] if c["value"] != item["authoritative"] for n in _nodes_for(graph, c)]
        keys = [ka.key for ka, a in auth for kb, b in other if ka.key == kb.key and b.id in a.contradicts]
        if keys:
            out[item["id"]] = keys[0]
    return out


def audit_precision(graph) -> dict:
    """Reported contradiction keys labelled true (a planted contradiction's sides contradict in
    it) or false, and the keys that hold claims of two or more labelled facts (over-merged)."""
    labels, _ = _fact_labels()
    planted = _planted_keys(graph)
    reported = [k.key for k in graph.keys if k.status == "contradiction"]
    true_keys = sorted(set(reported) & set(planted.values()))
    over = {}
    for k in graph.keys:
        facts = {f for n in k.claims for s in n.support if (f := _fact_of(n, s, labels))}
        if len(facts) > 1:
            over[k.key] = sorted(facts)
    return {"reported": len(reported), "true": true_keys, "false": sorted(set(reported) - set(planted.values())),
            "planted_found": sorted(planted), "precision": round(len(true_keys) / max(len(reported), 1), 3),
            "over_merged": over}


def test_hooklane_audit_reports_only_the_planted_contradictions(hooklane):
    report = audit_precision(hooklane)
    assert report["planted_found"] == [p["id"] for p in _planted() if p["type"] == "contradiction"]
    assert len(report["false"]) <= MAX_FALSE_CONTRADICTIONS, report["false"]
    assert len(set(_planted_keys(hooklane).values())) == len(report["planted_found"]), "one key per planted fact"


def test_hooklane_keys_hold_one_fact(hooklane):
    assert len(audit_precision(hooklane)["over_merged"]) <= MAX_OVER_MERGED_KEYS, audit_precision(hooklane)["over_merged"]


@pytest.mark.parametrize("item", [p for p in _planted() if p["type"] == "contradiction"], ids=lambda p: p["id"])
def test_hooklane_planted_contradiction_key_holds_only_its_fact(hooklane, item):
    labels, planted_fact = _fact_labels()
    key = hooklane.key(_planted_keys(hooklane)[item["id"]])
    facts = [(_fact_of(n, s, labels), n.value, s.sentence) for n in key.claims for s in n.support]
    assert all(f == planted_fact[item["id"]] for f, _, _ in facts), facts
