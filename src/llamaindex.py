"""Crosscheck inside a LlamaIndex pipeline (``crosscheck.llamaindex``; docs/llamaindex.md).

- ``open_service(data, llm=, embed_model=, vector_store=)``: a corpus opened with your
  LlamaIndex LLM, embedder and vector stores (an ``AnswerService``);
- ``CrosscheckRetriever``: its fused per-source dense + BM25 search, authority and priors,
  as a ``BaseRetriever``: one ``TextNode`` per chunk, the chunk id as node id;
- ``ClaimCheckPostprocessor``: the claim check of ``AnswerService.answer_set`` over any nodes,
  each node's metadata saying whether its value is the authoritative one, another scope's,
  supported or contradicted (and, asked to, contradicted nodes dropped);
- ``CrosscheckQueryEngine``: ``AnswerService.ask`` as a query engine, the verdict and the
  answer set in the ``Response``'s metadata;
- ``LlamaIndexLLM``: a LlamaIndex LLM as the chat model Crosscheck calls (``src/adapters.py``).

Every call takes the service's lock around its search and claim work, as every front end
does, so one service may serve several pipelines and threads.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from llama_index.core.base.response.schema import Response
from llama_index.core.bridge.pydantic import PrivateAttr
from llama_index.core.postprocessor.types import BaseNodePostprocessor
from llama_index.core.query_engine import CustomQueryEngine
from llama_index.core.retrievers import BaseRetriever
from llama_index.core.schema import (
    MetadataMode,
    NodeRelationship,
    NodeWithScore,
    QueryBundle,
    RelatedNodeInfo,
    TextNode,
)

from .adapters import LlamaIndexLLM
from .answer.service import AnswerService, AskOptions
from .config import Settings, load_settings
from .fusion.options import FusionConfig, clean_query
from .types import Chunk, ScoredChunk

__all__ = ["ClaimCheckPostprocessor", "CrosscheckQueryEngine", "CrosscheckRetriever", "LlamaIndexLLM",
           "claim_statuses", "open_service"]

# What Crosscheck adds to a node's metadata. Scores and the explanation are kept out of what an
# LLM or an embedder reads of a node; the source, title, claim status and verdict stay in.
SCORE_KEYS = ("authority", "fusion_score")
CLAIM_KEYS = ("claim_status", "claim_values", "verdict", "verdict_explanation")
HIDDEN = ["authority", "fusion_score", "verdict_explanation", "claim_values"]
NO_CLAIM = "none"  # a node that gives no value of the answer set
_RANK = {"authoritative": 0, "scoped": 1, "supported": 2, "contradicted": 3}


def open_service(data: str | Path | None = None, *, chunks: str | Path | None = None,
                 index_dir: str | Path | None = None, settings: Settings | None = None, llm: Any = None,
                 embed_model: Any = None, vector_store: Callable[[str], Any] | None = None,
                 progress: Callable[[int, int], None] | None = None) -> AnswerService:
    """The corpus in folder ``data`` (ingested into ``artifacts/`` and indexed beside it, as the
    CLI does) or chunks file ``chunks``, opened for retrieval and answers.

    ``llm``: a LlamaIndex LLM (or Crosscheck ``LLM``) for query rewriting, claims, typed answers
    and the answer text; ``embed_model``: a LlamaIndex ``BaseEmbedding`` with a ``model_name``
    (vectors are cached under it); ``vector_store``: ``factory(source name)`` returning one
    LlamaIndex vector store per source (``src/fusion/user_store.py`` says what it must do).
    What is not given comes from ``settings``, by default ``crosscheck.toml`` and the
    environment as for the CLI (no LLM unless one is configured there)."""
    return AnswerService.open(settings or load_settings(), data=Path(data) if data is not None else None,
                              chunks=Path(chunks) if chunks is not None else None,
                              index_dir=Path(index_dir) if index_dir is not None else None, progress=progress,
                              llm=llm, embed_model=embed_model, vector_store=vector_store)


def chunk_node(scored: ScoredChunk, authority: Mapping[str, float]) -> NodeWithScore:
    """A ranked chunk as a fresh node: text, the chunk's metadata, then ``source``, ``kind``,
    ``title``, ``authority`` and ``fusion_score`` (relevance before authority and priors); the
    node's score is Crosscheck's final one and its SOURCE relation the chunk's document."""
    c = scored.chunk
    metadata = {**c.metadata, "source": c.source, "kind": c.kind, "title": str(c.metadata.get("title") or ""),
                "authority": float(authority.get(c.source, 1.0)),
                "fusion_score": float(scored.scores.get("fusion", scored.score))}
    node = TextNode(id_=c.id, text=c.text, metadata=metadata, excluded_llm_metadata_keys=list(HIDDEN),
                    excluded_embed_metadata_keys=[*HIDDEN, "claim_status", "verdict"],
                    relationships={NodeRelationship.SOURCE: RelatedNodeInfo(node_id=c.doc_id)})
    return NodeWithScore(node=node, score=float(scored.score))


class CrosscheckRetriever(BaseRetriever):
    """The service's search (``AnswerService.retrieve`` without the claim graph) as a LlamaIndex
    retriever: the top ``top_k`` chunks (default: ``config.k``, 10), best first."""

    def __init__(self, service: AnswerService, *, top_k: int | None = None, config: FusionConfig | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        config = config or FusionConfig()
        self._config = replace(config, k=top_k) if top_k is not None else config
        self._config.validate()
        self._service = service

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        ret = self._service.retrieve(query_bundle.query_str, self._config, with_graph=False)
        return [chunk_node(s, self._service.authority) for s in ret.result.results]

    async def _aretrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        return await asyncio.to_thread(self._retrieve, query_bundle)


def claim_statuses(answers: Iterable[Mapping[str, Any]], verdict: str) -> dict[str, tuple[str, list[str]]]:
    """Chunk id -> (its claim status, the values it gives), from an answer set in the SPEC
    section 5 shape (``{"value", "status", "sources"}``). A ``supported`` value of a ``scoped``
    verdict is ``scoped``; a chunk giving several values takes the strongest status
    (authoritative, scoped, supported, contradicted)."""
    out: dict[str, tuple[str, list[str]]] = {}
    for a in answers:
        status = "scoped" if a["status"] == "supported" and verdict == "scoped" else str(a["status"])
        for cid in a["sources"]:
            was, values = out.get(cid, (status, []))
            out[cid] = (min(was, status, key=lambda s: _RANK.get(s, len(_RANK))), [*values, str(a["value"])])
    return out


def annotate(nodes: Sequence[NodeWithScore], statuses: Mapping[str, tuple[str, list[str]]], verdict: str,
             explanation: str) -> list[NodeWithScore]:
    """Copies of ``nodes`` (the caller's are never changed) with ``claim_status``, ``claim_values``,
    ``verdict`` and ``verdict_explanation`` in their metadata."""
    out = []
    for n in nodes:
        status, values = statuses.get(n.node.node_id, (NO_CLAIM, []))
        metadata = {**n.node.metadata, "claim_status": status, "claim_values": values, "verdict": verdict,
                    "verdict_explanation": explanation}
        hidden = list(dict.fromkeys([*n.node.excluded_llm_metadata_keys, *HIDDEN]))
        node = n.node.model_copy(update={"metadata": metadata, "excluded_llm_metadata_keys": hidden})
        out.append(NodeWithScore(node=node, score=n.score))
    return out


def node_chunk(node: Any, by_id: Mapping[str, Chunk]) -> Chunk:
    """The corpus's chunk of a node, else a chunk made of the node (its text; ``source``, ``kind``
    and the rest from its metadata; a source the corpus does not have weighs 1.0)."""
    known = by_id.get(node.node_id)
    if known is not None:
        return known
    metadata = {k: v for k, v in (node.metadata or {}).items() if k not in (*SCORE_KEYS, *CLAIM_KEYS)}
    return Chunk(node.node_id, str(metadata.pop("source", None) or "unknown"), str(metadata.pop("kind", None) or "post"),
                 node.get_content(metadata_mode=MetadataMode.NONE), metadata)


class ClaimCheckPostprocessor(BaseNodePostprocessor):
    """Crosscheck's claim check over the nodes a pipeline retrieved (from any retriever): the
    typed answers they give to the query, judged by source authority (``AnswerService.answer_set``,
    with the service's answer LLM when it has one). Every node comes back, in its order, with
    ``claim_status`` (authoritative, scoped, supported, contradicted, or none), ``claim_values``,
    ``verdict`` (consistent, contradiction, scoped, insufficient_data) and ``verdict_explanation``
    in its metadata; ``drop_contradicted=True`` leaves out the contradicted ones."""

    drop_contradicted: bool = False
    _service: Any = PrivateAttr()

    def __init__(self, service: AnswerService, drop_contradicted: bool = False, **kwargs: Any) -> None:
        super().__init__(drop_contradicted=drop_contradicted, **kwargs)
        self._service = service

    @classmethod
    def class_name(cls) -> str:
        return "ClaimCheckPostprocessor"

    def _postprocess_nodes(self, nodes: list[NodeWithScore],
                           query_bundle: QueryBundle | None = None) -> list[NodeWithScore]:
        if query_bundle is None:
            raise ValueError("ClaimCheckPostprocessor needs the question: pass query_bundle or query_str")
        if not nodes:
            return []
        service = self._service
        question = clean_query(query_bundle.query_str)
        chunks = [node_chunk(n.node, service.by_id) for n in nodes]
        # the answer LLM's typed answers are fetched before the lock, as ask() does
        typed = service._typed_answers(question, chunks, service.budget())
        with service.lock:
            aset = service.answer_set(question, chunks, typed)
        verdict = str(aset.status)
        out = annotate(nodes, claim_statuses(aset.to_json(), verdict), verdict, aset.explanation)
        if self.drop_contradicted:
            out = [n for n in out if n.node.metadata["claim_status"] != "contradicted"]
        return out


class CrosscheckQueryEngine(CustomQueryEngine):
    """``AnswerService.ask`` as a query engine: the ``Response`` text is the answer, its
    ``source_nodes`` the evidence read (annotated as by ``ClaimCheckPostprocessor``, cited
    chunks first), its metadata ``verdict``, ``answers`` (the answer set) and ``answer``
    (``Answer.to_json()``: citations, warnings, relevance, timings)."""

    service: Any
    options: Any = None  # AskOptions; None: the defaults

    def __init__(self, service: AnswerService, options: AskOptions | None = None, **kwargs: Any) -> None:
        super().__init__(service=service, options=options, **kwargs)

    def custom_query(self, query_str: str) -> Response:
        answer, ret = self.service.ask(query_str, self.options)
        evidence = {s.id: s for s in [*ret.result.results, *ret.beyond]}
        cited = [c.id for c in answer.citations]
        for cid in cited:  # a cited chunk read beyond the evidence (a setting's claims)
            if cid not in evidence and cid in self.service.by_id:
                evidence[cid] = ScoredChunk(self.service.by_id[cid], 0.0)
        order = [*dict.fromkeys([*[c for c in cited if c in evidence], *evidence])]
        nodes = [chunk_node(evidence[cid], self.service.authority) for cid in order]
        verdict = answer.verdict.status
        statuses = claim_statuses(answer.answers, str(verdict))
        payload = json.loads(json.dumps(answer.to_json()))  # plain JSON values (no enums)
        return Response(response=answer.answer,
                        source_nodes=annotate(nodes, statuses, str(verdict), answer.verdict.explanation),
                        metadata={"verdict": payload["verdict"], "answers": payload["answers"], "answer": payload})

    async def acustom_query(self, query_str: str) -> Response:
        return await asyncio.to_thread(self.custom_query, query_str)
