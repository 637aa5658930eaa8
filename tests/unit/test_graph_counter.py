"""Counter-evidence: which chunks the audit adds to a question's evidence, and the saved audit."""

from __future__ import annotations

from pathlib import Path

from src.answer.service import AnswerService, ChunksOnly
from src.config import Settings
from src.graph import counter
from src.graph.counter import contradiction_groups, counter_evidence
from src.types import Chunk, ScoredChunk


def chunk(cid: str, text: str = "text", source: str = "docs") -> Chunk:
    return Chunk(cid, source, "document", text)


CHUNKS = {c.id: c for c in [chunk("a"), chunk("b"), chunk("c"), chunk("x", source="forums"),
                            chunk("y", source="tickets"), chunk("z", source="blogs")]}
EVIDENCE = [ScoredChunk(CHUNKS["a"], 0.9), ScoredChunk(CHUNKS["b"], 0.6), ScoredChunk(CHUNKS["c"], 0.3)]


def test_other_sides_of_contradictions_the_evidence_takes_part_in() -> None:
    # "b" (rank 2) shares a contradiction with "x"; "a" (rank 1) with "y" and "z"; nothing links "q".
    groups = [["b", "x"], ["a", "y", "z"], ["q", "r"]]
    added = counter_evidence(EVIDENCE, groups, CHUNKS)
    assert [s.id for s in added] == ["y", "z", "x"]  # linked to a better-ranked chunk first
    assert all(s.score < 0.3 for s in added) and [s.score for s in added] == sorted(
        (s.score for s in added), reverse=True)
    assert all(s.scores == {"counter_evidence": 1.0} for s in added)


def test_limit_duplicates_and_unknown_ids() -> None:
    groups = [["a", "y"], ["b", "y", "gone"], ["c", "z"], ["a", "x"]]
    assert [s.id for s in counter_evidence(EVIDENCE, groups, CHUNKS, limit=2)] == ["y", "x"]
    assert [s.id for s in counter_evidence(EVIDENCE, groups, CHUNKS)] == ["y", "x", "z"]
    assert counter_evidence(EVIDENCE, groups, CHUNKS, limit=0) == []
    assert counter_evidence([], groups, CHUNKS) == []
    assert counter_evidence(EVIDENCE, [["a", "b"]], CHUNKS) == []  # both sides already retrieved


CORPUS = [
    Chunk("kb/docs/retention.md#c0", "docs", "document", "On the Team plan, events are retained for 14 days."),
    Chunk("kb/forums/t1#a1", "forums", "thread", "On the Team plan, events are retained for 7 days."),
    Chunk("kb/docs/limits.md#c0", "docs", "document", "The maximum payload size is 512 KB."),
]
WEIGHTS = {"docs": 1.2, "forums": 0.8}


def test_the_audit_is_saved_and_reused_until_the_corpus_changes(tmp_path: Path, monkeypatch) -> None:
    calls = []
    real = __import__("src.graph.build", fromlist=["audit_corpus"]).audit_corpus

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr("src.graph.build.audit_corpus", counting)
    groups = contradiction_groups(CORPUS, source_weights=WEIGHTS, cache_dir=tmp_path / ".audit")
    assert groups == [["kb/docs/retention.md#c0", "kb/forums/t1#a1"]]
    assert contradiction_groups(CORPUS, source_weights=WEIGHTS, cache_dir=tmp_path / ".audit") == groups
    assert len(calls) == 1
    changed = CORPUS[:1] + [Chunk("kb/forums/t1#a1", "forums", "thread", "Team keeps them for a while.")] + CORPUS[2:]
    assert contradiction_groups(changed, source_weights=WEIGHTS, cache_dir=tmp_path / ".audit") == []
    assert len(calls) == 2
    assert len(list((tmp_path / ".audit").glob("*.json"))) == 1  # the stale audit went
    contradiction_groups(CORPUS, source_weights={"docs": 1.0, "forums": 1.0}, cache_dir=tmp_path / ".audit")
    assert len(calls) == 3  # other weights, another audit


def test_an_unreadable_saved_audit_is_recomputed(tmp_path: Path, caplog) -> None:
    folder = tmp_path / ".audit"
    folder.mkdir()
    path = folder / f"{counter.audit_fingerprint(CORPUS, WEIGHTS, 'tokens')}.json"
    path.write_text("{not json")
    with caplog.at_level("WARNING"):
        groups = contradiction_groups(CORPUS, source_weights=WEIGHTS, cache_dir=folder)
    assert groups == [["kb/docs/retention.md#c0", "kb/forums/t1#a1"]]
    assert f"audit cache {path} is unreadable" in caplog.text


def corpus_service(chunks: list[Chunk], index_dir: Path) -> AnswerService:
    """The application service over a corpus without search indexes (what the audit reads)."""
    service = AnswerService(ChunksOnly(chunks, None, index_dir), Settings())
    assert dict(service.authority) == {s: WEIGHTS[s] for s in service.authority}
    return service


def test_a_large_corpus_is_not_audited_per_question_until_the_graph_command_saved_it(
        tmp_path: Path, monkeypatch, caplog) -> None:
    from src.answer import corpus_audit
    from src.graph.build import audit_corpus
    from src.graph.counter import AUDIT_DIR, save_audit

    monkeypatch.setattr(corpus_audit, "AUTO_AUDIT_MAX_CHUNKS", 2)
    with caplog.at_level("WARNING"):
        assert corpus_service(CORPUS, tmp_path / "index").contradiction_groups() == []
    assert "no counter-evidence: 3 chunks are too many to audit for one question" in caplog.text
    assert "python main.py graph" in caplog.text
    assert not (tmp_path / "index" / AUDIT_DIR).exists()
    # What the graph command does after its audit:
    save_audit(audit_corpus(CORPUS, source_weights=WEIGHTS), CORPUS, source_weights=WEIGHTS, embed_model=None,
               cache_dir=tmp_path / "index" / AUDIT_DIR)
    assert corpus_service(CORPUS, tmp_path / "index").contradiction_groups() == [
        ["kb/docs/retention.md#c0", "kb/forums/t1#a1"]]
    monkeypatch.setattr(corpus_audit, "AUTO_AUDIT_MAX_CHUNKS", 1000)
    small = corpus_service(CORPUS[:2], tmp_path / "small")
    assert small.contradiction_groups() == [["kb/docs/retention.md#c0", "kb/forums/t1#a1"]]
    assert len(list((tmp_path / "small" / AUDIT_DIR).glob("*.json"))) == 1


def test_nothing_saved_and_no_compute_is_none(tmp_path: Path) -> None:
    assert contradiction_groups(CORPUS, source_weights=WEIGHTS, cache_dir=tmp_path, compute=False) is None
