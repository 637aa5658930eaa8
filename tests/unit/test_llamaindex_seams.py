"""crosscheck.llamaindex (src/llamaindex.py): the fused retriever, the claim-check postprocessor
and the query engine as LlamaIndex components, and a corpus opened with the caller's LlamaIndex
LLM, embedder and vector stores; the README's example run on a tiny corpus. The 9-chunk corpus
of tests/fixtures/server and the hashing embedder; no model, no network."""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from llama_index.core.base.llms.types import CompletionResponse, LLMMetadata
from llama_index.core.embeddings import MockEmbedding
from llama_index.core.llms import CustomLLM, MockLLM
from llama_index.core.llms.callbacks import llm_completion_callback
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode
from llama_index.core.vector_stores import SimpleVectorStore
from pydantic import PrivateAttr

import src
from src.adapters import LlamaIndexLLM
from src.answer import AnswerService
from src.answer.generate import SYSTEM_PROMPT as ANSWER_PROMPT
from src.config import Settings
from src.errors import UsageError
from src.graph.llm_answers import SYSTEM_PROMPT as TYPED_PROMPT
from src.graph.llm_extract import SYSTEM_PROMPT as CLAIMS_PROMPT
from src.llamaindex import (
    ClaimCheckPostprocessor,
    CrosscheckQueryEngine,
    CrosscheckRetriever,
    open_service,
)
from tests.unit.fusion_corpus import CountingEmbedding

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "fixtures" / "server" / "corpus.jsonl"
QUESTION = "How long does the Team plan keep events?"
DOCS, FORUM = "kb/docs/retention.md#c0", "kb/forums/t001#qa"
# The forum thread ranks first on relevance alone (fusion 0.843 against the docs' 0.571: it
# repeats the question's words), and stays first after the authority prior (0.8 x its accepted
# answer and votes = 0.976, docs 1.2 x recency = 1.224): 0.822 against 0.699.
TOP5 = [FORUM, DOCS, "kb/docs/retries.md#c0", "kb/docs/limits.md#c0", "kb/docs/retries-v3.md#c0"]


def corpus_copy(tmp_path: Path) -> Path:
    shutil.copy(CORPUS, tmp_path / "chunks.jsonl")
    return tmp_path / "chunks.jsonl"


class RecordingLLM(CustomLLM):
    """A LlamaIndex LLM of one's own: ``reply(prompt)`` answers, every prompt is recorded."""

    _prompts: list = PrivateAttr(default_factory=list)
    _reply: Any = PrivateAttr()

    def __init__(self, reply: Any) -> None:
        super().__init__()
        self._reply = reply

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(model_name="recording")

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        self._prompts.append(prompt)
        return CompletionResponse(text=self._reply(prompt))

    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> Any:
        raise NotImplementedError


class RecordingMockEmbedding(MockEmbedding):
    """LlamaIndex's MockEmbedding (one constant vector), recording what it embeds."""

    _texts: list = PrivateAttr(default_factory=list)
    _queries: list = PrivateAttr(default_factory=list)

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        self._texts.extend(texts)
        return [self._get_vector() for _ in texts]

    def _get_query_embedding(self, query: str) -> list[float]:
        self._queries.append(query)
        return self._get_vector()


@pytest.fixture(scope="module")
def service(tiny_engine: Any) -> AnswerService:
    return AnswerService(tiny_engine, Settings())


# -- the retriever -------------------------------------------------------------------------------
def test_the_retriever_gives_each_chunk_as_a_node_in_the_fused_order(service: AnswerService) -> None:
    hits = CrosscheckRetriever(service, top_k=5).retrieve(QUESTION)
    assert [h.node.node_id for h in hits] == TOP5
    assert all(isinstance(h, NodeWithScore) and isinstance(h.node, TextNode) for h in hits)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert hits[0].score == pytest.approx(0.8221, abs=1e-4) and hits[1].score == pytest.approx(0.6992, abs=1e-4)
    docs = hits[1].node
    assert docs.text == service.by_id[DOCS].text and docs.ref_doc_id == "kb/docs/retention.md"
    assert {k: docs.metadata[k] for k in ("source", "kind", "title", "authority", "version")} == {
        "source": "docs", "kind": "document", "title": "Event retention", "authority": 1.2, "version": "4.2"}
    assert docs.metadata["fusion_score"] == pytest.approx(0.5713, abs=1e-4)  # before authority and priors
    assert "authority" not in docs.get_content(metadata_mode="llm") and "Event retention" in docs.get_content("llm")


def test_the_retriever_answers_async_and_by_query_bundle(service: AnswerService) -> None:
    retriever = CrosscheckRetriever(service, top_k=3)
    assert [h.node.node_id for h in asyncio.run(retriever.aretrieve(QUESTION))] == TOP5[:3]
    assert [h.node.node_id for h in retriever.retrieve(QueryBundle(QUESTION))] == TOP5[:3]


# -- the claim check -----------------------------------------------------------------------------
def test_the_postprocessor_marks_the_contradicted_node_and_keeps_it(service: AnswerService) -> None:
    hits = CrosscheckRetriever(service, top_k=5).retrieve(QUESTION)
    checked = ClaimCheckPostprocessor(service).postprocess_nodes(hits, query_str=QUESTION)
    assert [(h.node.node_id, h.node.metadata["claim_status"]) for h in checked] == [
        (FORUM, "contradicted"), (DOCS, "authoritative"), *[(i, "none") for i in TOP5[2:]]]
    assert {h.node.metadata["verdict"] for h in checked} == {"contradiction"}
    assert checked[0].node.metadata["claim_values"] == ["7 days"] and checked[1].node.metadata["claim_values"] == ["14 days"]
    assert "says 7 days" in checked[0].node.metadata["verdict_explanation"]
    assert [h.score for h in checked] == [h.score for h in hits]
    assert "claim_status" not in hits[0].node.metadata  # the caller's nodes are left as they were


def test_the_postprocessor_drops_the_contradicted_node_when_asked(service: AnswerService) -> None:
    hits = CrosscheckRetriever(service, top_k=5).retrieve(QUESTION)
    kept = ClaimCheckPostprocessor(service, drop_contradicted=True).postprocess_nodes(hits, QueryBundle(QUESTION))
    assert [h.node.node_id for h in kept] == TOP5[1:]
    assert kept[0].node.metadata["claim_status"] == "authoritative"


def test_the_postprocessor_judges_nodes_of_another_retriever(service: AnswerService) -> None:
    """Nodes that are not chunks of the corpus: read from their text and metadata, weighed by the
    authority of the source their metadata names."""
    nodes = [NodeWithScore(node=TextNode(id_="mine/forum#1", text="On the Team plan, events are retained for 30 days.",
                                         metadata={"source": "forums"}), score=2.0),
             NodeWithScore(node=TextNode(id_="mine/docs#1", text="On the Team plan, events are retained for 14 days.",
                                         metadata={"source": "docs", "kind": "document"}), score=1.0)]
    checked = ClaimCheckPostprocessor(service).postprocess_nodes(nodes, query_str=QUESTION)
    assert [(h.node.node_id, h.node.metadata["claim_status"]) for h in checked] == [
        ("mine/forum#1", "contradicted"), ("mine/docs#1", "authoritative")]
    dropped = ClaimCheckPostprocessor(service, drop_contradicted=True).postprocess_nodes(nodes, query_str=QUESTION)
    assert [h.node.node_id for h in dropped] == ["mine/docs#1"]


def test_the_postprocessor_needs_the_question(service: AnswerService) -> None:
    with pytest.raises(ValueError, match="needs the question"):
        ClaimCheckPostprocessor(service).postprocess_nodes(CrosscheckRetriever(service, top_k=2).retrieve(QUESTION))
    assert ClaimCheckPostprocessor(service).postprocess_nodes([], query_str=QUESTION) == []


# -- the query engine ----------------------------------------------------------------------------
def test_the_query_engine_answers_with_verdict_answer_set_and_sources(service: AnswerService) -> None:
    response = CrosscheckQueryEngine(service).query(QUESTION)
    expected, _ = service.ask(QUESTION)
    assert response.response == expected.answer and str(response).startswith("On the Team plan, events are retained")
    assert response.metadata["verdict"]["status"] == "contradiction"
    assert [(a["value"], a["status"]) for a in response.metadata["answers"]] == [
        ("14 days", "authoritative"), ("7 days", "contradicted")]
    assert [c["id"] for c in response.metadata["answer"]["citations"]] == [DOCS, FORUM]
    sources = [(n.node.node_id, n.node.metadata["claim_status"]) for n in response.source_nodes]
    assert sources[:2] == [(DOCS, "authoritative"), (FORUM, "contradicted")]  # the cited chunks first
    assert len(sources) == len({i for i, _ in sources}) >= 5
    assert asyncio.run(CrosscheckQueryEngine(service).aquery(QUESTION)).response == expected.answer


# -- the caller's embedder -----------------------------------------------------------------------
def test_open_service_embeds_with_the_mock_embedding_passed_in(tmp_path: Path) -> None:
    model = RecordingMockEmbedding(embed_dim=8, model_name="mock-8")
    svc = open_service(chunks=corpus_copy(tmp_path), index_dir=tmp_path / "index", settings=Settings(),
                       embed_model=model)
    assert svc.embed_model is model and len(model._texts) == 9  # every chunk of the corpus
    CrosscheckRetriever(svc, top_k=3).retrieve(QUESTION)
    assert model._queries == [QUESTION]
    params = json.loads((tmp_path / "index" / "params.json").read_text(encoding="utf-8"))
    assert (params["embed_model"], params["dim"]) == ("mock-8", 8)


def test_a_custom_embedder_ranks_as_the_one_it_wraps(tmp_path: Path) -> None:
    """A BaseEmbedding subclass of one's own (the hashing embedder, counting) gives the ranking
    the built-in hashing embedder gives."""
    model = CountingEmbedding(256)
    svc = open_service(chunks=corpus_copy(tmp_path), index_dir=tmp_path / "index", settings=Settings(),
                       embed_model=model)
    assert len(model.embedded_texts) == 9
    assert [h.node.node_id for h in CrosscheckRetriever(svc, top_k=5).retrieve(QUESTION)] == TOP5


def test_an_unnamed_embedder_is_refused_before_anything_is_built(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="no model_name.*model_name='mock-8'"):
        open_service(chunks=corpus_copy(tmp_path), index_dir=tmp_path / "index", settings=Settings(),
                     embed_model=MockEmbedding(embed_dim=8))
    with pytest.raises(UsageError, match="not an embedder"):
        open_service(chunks=corpus_copy(tmp_path), settings=Settings(), embed_model="hashing:256")
    assert not (tmp_path / "index").exists()


# -- the caller's LLM ----------------------------------------------------------------------------
def answer_reply(service: AnswerService) -> str:
    """A valid answer citing the docs and forum chunks by their numbers in the evidence shown."""
    from src.fusion.options import FusionConfig

    order = [s.id for s in service.engine.search(QUESTION, FusionConfig(k=8)).results[:6]]
    d, f = order.index(DOCS) + 1, order.index(FORUM) + 1
    return json.dumps({"answer": f"The Team plan keeps events for 14 days [{d}]; a forum answer says 7 days [{f}].",
                       "citations": [d, f],
                       "verdict": {"status": "contradiction", "explanation": "docs and forums disagree",
                                   "authoritative_answer": "14 days (docs)"}})


def test_a_llamaindex_llm_passed_in_writes_the_answer(tiny_engine: Any) -> None:
    llm = RecordingLLM(lambda prompt: reply)
    svc = AnswerService(tiny_engine, Settings(), llm=llm)
    reply = answer_reply(svc)
    assert isinstance(svc.llm, LlamaIndexLLM) and svc.llm.llm is llm
    answer, _ = svc.ask(QUESTION)
    assert len(llm._prompts) == 1 and ANSWER_PROMPT[:60] in llm._prompts[0] and QUESTION in llm._prompts[0]
    assert answer.method == "llm" and answer.llm == "recording@RecordingLLM"
    assert answer.answer.startswith("The Team plan keeps events for 14 days [1]")
    assert answer.llm_status["used"] and answer.llm_status["calls"] == 1


def test_open_service_gives_the_llm_every_role(tmp_path: Path) -> None:
    """Claims, typed answers and the answer text all come from the one LLM passed in."""
    def reply(prompt: str) -> str:
        if CLAIMS_PROMPT[:60] in prompt:
            return '{"claims": []}'
        if TYPED_PROMPT[:60] in prompt:
            return '{"answers": []}'
        return "not JSON"

    llm = RecordingLLM(reply)
    svc = open_service(chunks=corpus_copy(tmp_path), index_dir=tmp_path / "index", settings=Settings(),
                       embed_model=CountingEmbedding(256), llm=llm)
    assert svc.llm.llm is llm and svc.answer_llm.llm is llm and svc.extractor.llm.llm is llm
    answer, _ = svc.ask(QUESTION)
    roles = [CLAIMS_PROMPT[:60] in p for p in llm._prompts], [TYPED_PROMPT[:60] in p for p in llm._prompts]
    assert any(roles[0]) and any(roles[1])
    assert answer.llm_status["calls"] == len(llm._prompts)


def test_a_mock_llm_is_called_and_its_echo_falls_back_to_the_offline_answer(tiny_engine: Any) -> None:
    """LlamaIndex's MockLLM echoes the prompt: no valid answer, so the offline one, saying why."""
    calls: list[Any] = []

    class CountingMockLLM(MockLLM):
        def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
            calls.append(prompt)
            return super().complete(prompt, formatted=formatted, **kwargs)

    answer, _ = AnswerService(tiny_engine, Settings(), llm=CountingMockLLM()).ask(QUESTION)
    assert len(calls) == 2  # the answer, then once more with the problem named; then the offline path
    assert answer.method == "extractive" and answer.llm_status["calls"] == 2
    assert "MockLLM" in answer.llm_status["reason"] and not answer.llm_status["used"]


# -- the caller's vector stores ------------------------------------------------------------------
def test_a_simple_vector_store_per_source_holds_the_vectors(tmp_path: Path) -> None:
    stores: dict[str, SimpleVectorStore] = {}
    chunks = corpus_copy(tmp_path)
    svc = open_service(chunks=chunks, index_dir=tmp_path / "index", settings=Settings(),
                       embed_model=CountingEmbedding(256), vector_store=lambda s: stores.setdefault(s, SimpleVectorStore()))
    assert {s: len(v.data.embedding_dict) for s, v in stores.items()} == {"blogs": 1, "docs": 5, "forums": 2, "tickets": 1}
    assert [h.node.node_id for h in CrosscheckRetriever(svc, top_k=5).retrieve(QUESTION)] == TOP5
    assert svc.engine.index_report.params["vector_store"] == "llamaindex:<lambda>"
    # an in-memory store cannot show what it holds: opened again, it is refilled from the cache
    model, fresh = CountingEmbedding(256), {}
    again = open_service(chunks=chunks, index_dir=tmp_path / "index", settings=Settings(), embed_model=model,
                         vector_store=lambda s: fresh.setdefault(s, SimpleVectorStore()))
    assert again.engine.index_report.rebuilt == ["blogs", "docs", "forums", "tickets"] and model.embedded_texts == []
    assert len(fresh["docs"].data.embedding_dict) == 5


def test_a_qdrant_store_that_holds_the_vectors_is_reused(tmp_path: Path) -> None:
    from llama_index.vector_stores.qdrant import QdrantVectorStore
    from qdrant_client import QdrantClient

    client = QdrantClient(location=":memory:")

    def factory(source: str) -> QdrantVectorStore:
        return QdrantVectorStore(collection_name=f"kb-{source}", client=client)

    chunks = corpus_copy(tmp_path)
    first = open_service(chunks=chunks, index_dir=tmp_path / "index", settings=Settings(),
                         embed_model=CountingEmbedding(256), vector_store=factory)
    assert first.engine.index_report.rebuilt == ["blogs", "docs", "forums", "tickets"]
    assert [h.node.node_id for h in CrosscheckRetriever(first, top_k=5).retrieve(QUESTION)] == TOP5
    again = open_service(chunks=chunks, index_dir=tmp_path / "index", settings=Settings(),
                         embed_model=CountingEmbedding(256), vector_store=factory)
    assert again.engine.index_report.reused == ["blogs", "docs", "forums", "tickets"]
    assert again.engine.index_report.params["vector_store"] == "llamaindex:factory"


def test_stores_that_cannot_serve_a_source_are_refused(tmp_path: Path) -> None:
    from llama_index.vector_stores.faiss import FaissVectorStore

    one = SimpleVectorStore()
    with pytest.raises(UsageError, match="one store for sources 'blogs' and 'docs'"):
        open_service(chunks=corpus_copy(tmp_path), index_dir=tmp_path / "a", settings=Settings(),
                     embed_model=CountingEmbedding(256), vector_store=lambda s: one)

    def faiss_store(source: str) -> FaissVectorStore:
        import faiss

        return FaissVectorStore(faiss_index=faiss.IndexFlatIP(256))

    with pytest.raises(UsageError, match="FaissVectorStore cannot be cleared"):
        open_service(chunks=corpus_copy(tmp_path), index_dir=tmp_path / "b", settings=Settings(),
                     embed_model=CountingEmbedding(256), vector_store=faiss_store)

    class ClearedFaiss(FaissVectorStore):
        def clear(self) -> None:
            self.client.reset()

    def row_numbers(source: str) -> FaissVectorStore:  # answers with row numbers, not the ids it was given
        import faiss

        return ClearedFaiss(faiss_index=faiss.IndexFlatIP(256))

    with pytest.raises(UsageError, match=r"ClearedFaiss answered a query with ids \['0'\], not the ids it was given"):
        open_service(chunks=corpus_copy(tmp_path), index_dir=tmp_path / "c", settings=Settings(),
                     embed_model=CountingEmbedding(256), vector_store=row_numbers)


# -- the README ----------------------------------------------------------------------------------
FORUM_THREAD = {"thread_id": "t001", "title": "Team retention", "created_at": "2025-01-05",
                "question": "How long does the Team plan keep events?",
                "answers": [{"id": "a1", "text": "On the Team plan, events are retained for 7 days, after that they are "
                                                 "purged.", "accepted": True, "upvotes": 3}]}


def test_the_readme_example_runs_on_a_tiny_corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## From LlamaIndex"):]
    code = re.search(r"```python\n(.*?)```", section, flags=re.S).group(1)
    assert len(code.splitlines()) <= 15
    (tmp_path / "mykb" / "docs").mkdir(parents=True)
    (tmp_path / "mykb" / "forums").mkdir()
    (tmp_path / "mykb" / "docs" / "retention.md").write_text(
        "# Event retention\n\nOn the Team plan, events are retained for 14 days. On the Business plan, events are "
        "retained for 90 days.\n", encoding="utf-8")
    (tmp_path / "mykb" / "forums" / "t001.json").write_text(json.dumps(FORUM_THREAD), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CROSSCHECK_EMBED_MODEL", "hashing:256")  # what the example leaves to the settings
    monkeypatch.setitem(sys.modules, "crosscheck", src)  # the installed name of src/
    monkeypatch.setitem(sys.modules, "crosscheck.llamaindex", sys.modules["src.llamaindex"])
    exec(compile(code, "README.md", "exec"), {})
    out = capsys.readouterr().out.splitlines()
    statuses = {line.split()[0].split("/")[-2]: line.split()[1:] for line in out if line.startswith("mykb/")}
    assert statuses["docs"] == ["authoritative", "contradiction"] and statuses["forums"] == ["contradicted", "contradiction"]
    assert any("14 days" in line for line in out)  # MockLLM's reply: the prompt, holding the evidence
    assert out[-1].startswith("{'status': 'contradiction', 'explanation': 'docs (authority 1.2, 1 chunk) says 14 days")
