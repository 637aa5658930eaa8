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


def test_astraml_batch_size_32_vs_64(astraml):
    key = _key_with(astraml, "32", "64")
    assert key.key == "batch size" and key.status == "contradiction"
    auth = _node(key, "32", {})
    assert auth.authoritative and "docs" in {s.source for s in auth.support}
    assert _node(key, "64").contradicts == (auth.id,)


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
