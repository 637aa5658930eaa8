"""What a question's retrieval gives (``Retrieval``: the ranked results, their claim graph, the
relevance rule's verdict, timings) and the options an answer reads them with (``AskOptions``), and
the chunks below the cut the claim graph reads besides the top results: each source's best chunk
(``source_voices``) and those naming what the question names as code (``named_voices``). Also the
code names a question writes that no chunk the search found writes (``unwritten_names``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..claims.names import asked_names, naming
from ..fusion.options import FusionConfig, SearchResult
from ..fusion.output import result_json
from ..graph.counter import DEFAULT_LIMIT as COUNTER_LIMIT
from ..types import ScoredChunk
from .relevance import Relevance, terms

if TYPE_CHECKING:
    from ..graph.model import ClaimGraph


@dataclass(frozen=True)
class AskOptions:
    config: FusionConfig = field(default_factory=lambda: FusionConfig(k=8))
    graph_topn: int = 8  # chunks the claim graph reads
    llm_evidence: int = 6  # chunks the LLM sees, numbered
    counter_evidence: int = COUNTER_LIMIT  # chunks the corpus audit adds to the graph (src/graph/counter.py)


@dataclass(frozen=True)
class Retrieval:
    result: SearchResult
    graph: ClaimGraph | None
    relevance: Relevance | None
    timings_ms: dict[str, float]
    counter: tuple[ScoredChunk, ...] = ()  # chunks the graph read beyond the results (counter-evidence)
    notices: tuple[str, ...] = ()  # the LLM's and the offline rules' claims disagree on a contradiction
    voices: tuple[ScoredChunk, ...] = ()  # each source's best chunk the authority prior put below the cut

    @property
    def beyond(self) -> list[ScoredChunk]:
        """Chunks the graph read besides the top results: the sources' own voices, then counter-evidence."""
        return [*self.voices, *self.counter]

    def to_json(self, graph_html: str | None = None) -> dict[str, Any]:
        """The SPEC section 4 (``fusion --json``) object."""
        graph = self.graph.to_json(html_path=graph_html) if self.graph is not None else None
        if graph is not None:
            graph["counter_evidence"] = [s.id for s in self.counter]
            graph["source_evidence"] = [s.id for s in self.voices]
            if self.notices:
                graph["notices"] = [*graph.get("notices", []), *self.notices]
        return result_json(self.result, graph=graph, graph_on=self.graph is not None, timings_ms=self.timings_ms)


def source_voices(result: SearchResult, n: int) -> list[ScoredChunk]:
    """The best chunk of each source that has none among the top ``n`` results although its
    relevance (the fused score, before authority and priors) ranks among the top ``n``: the
    claim graph compares what every source says, and authority judges the answer, not whether a
    source is read at all (a forum reply giving another maintenance day, ranked 10th behind docs)."""
    def relevance(s: ScoredChunk) -> float:
        return s.scores.get("fusion", s.score)

    top = result.results[:n]
    sources = {s.source for s in top}
    ids = {s.id for s in top}
    ranked = sorted(result.pool, key=lambda s: (-relevance(s), s.id))[:n]
    out = []
    for s in ranked:
        if s.source not in sources and s.id not in ids:
            out.append(s)
            sources.add(s.source)
    return out


NAMED_LIMIT = 3  # chunks below the cut naming what the question names as code, read besides the results


def named_voices(result: SearchResult, n: int, names: Sequence[str], taken: set[str],
                 rare: frozenset[str] = frozenset()) -> list[ScoredChunk]:
    """Up to ``NAMED_LIMIT`` chunks of the fused pool below the top ``n`` (and not in ``taken``)
    that name one of ``names`` (``AnswerService.asked_names``) or use one of the ``rare`` terms
    (``RelevanceModel.rare``), the most relevant first: the changelog entry adding an option the
    question names ("authselectmode", "Zstandard") may rank below a manual's pages that share the
    question's other words."""
    if not names and not rare:
        return []
    read = {s.id for s in result.results[:n]} | taken
    below = [s.chunk for s in result.pool if s.id not in read]
    named = (naming(below, names) if names else set()) | {c.id for c in below if rare & terms(c.text)}
    ranked = sorted((s for s in result.pool if s.id in named), key=lambda s: (-s.scores.get("fusion", s.score), s.id))
    return list({s.id: s for s in ranked}.values())[:NAMED_LIMIT]


def unwritten_names(question: str, result: SearchResult) -> list[str]:
    """The setting identifiers and options ``question`` writes as code (``checkpoint_segments``,
    ``--foo-bar``) that no chunk the search found writes: the knowledge base does not document
    them, so a value of a setting sharing their words ("checkpoint_completion_target") is none."""
    names = [n for n in asked_names(question) if "_" in n or "." in n or n.startswith("-")]
    if not names:
        return []
    written = naming([s.chunk for s in [*result.pool, *result.results]], names)
    return [] if written else names
