"""Building the claim graph: extract, refine scopes, cluster keys, judge every key."""

from __future__ import annotations

import logging
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from itertools import combinations
from typing import TYPE_CHECKING

import networkx as nx

from ..types import Chunk, KeyStatus, ScoredChunk
from .analysis import STATUS_ORDER, KeyResult, analyse_key, norm_of
from .claims import Claim
from .extract import extract_claims
from .key_sims import KeySims
from .keys import cluster_keys, default_threshold
from .model import ClaimGraph, add_key_nodes
from .scope import learned_scope
from .text import key_tokens
from .value_compare import compare
from .weights import chunk_weights

if TYPE_CHECKING:
    from ..claims.model import ReadClaim

log = logging.getLogger(__name__)
VOCAB_DIMS = ("plan", "tier", "edition")
Extractor = Callable[[Chunk], list[Claim]]


def scope_vocabulary(claims: Sequence[Claim]) -> dict[str, str]:
    """Names the evidence itself introduced as plans/tiers/editions ("Team plan" -> team: plan)."""
    vocab: dict[str, str] = {}
    for c in claims:
        for dim in VOCAB_DIMS:
            for name in c.scope.get(dim, "").split(","):
                if name and " " not in name:
                    vocab.setdefault(name, dim)
    return dict(sorted(vocab.items()))


def refine_scopes(claims: Sequence[Claim], vocab: Mapping[str, str]) -> list[Claim]:
    """Add learned scopes ("On Team, ...") to claims that lack that dimension; new claims, same ids."""
    out = []
    for c in claims:
        extra = {k: v for k, v in learned_scope(c.sentence, vocab).items() if k not in c.scope}
        out.append(replace(c, scope=dict(sorted({**c.scope, **extra}.items()))) if extra and not
                   str(c.normalized).startswith("only:") else c)
    return out


def _count_noun(claim: Claim) -> str:
    """The stemmed noun a plain count counts: written after it ("5 endpoints" -> "endpoint") or
    named by its label ("Events per month | 10,000" -> "event"); "" for none."""
    if norm_of(str(claim.normalized)).kind != "number":
        return ""
    m = re.match(r"\s*[\d.,]+(?:\s?[kK])?\s+([A-Za-z][\w-]*)", claim.value) or \
        re.match(r"(?:.*\s)?([A-Za-z][\w-]*)\s+per\s+\w", claim.raw_key, re.IGNORECASE)
    return " ".join(sorted(key_tokens(m.group(1)))) if m else ""


def table_links(claims: Sequence[Claim]) -> set[tuple[str, str]]:
    """Key pairs one chunk gives different values for under one scope (a table's rows, a list's items)."""
    pairs: set[tuple[str, str]] = set()
    by_chunk: dict[str, list[Claim]] = defaultdict(list)
    for c in claims:
        by_chunk[c.chunk_id].append(c)
    for group in by_chunk.values():
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                if a.key != b.key and a.scope == b.scope and \
                        compare(norm_of(str(a.normalized)), norm_of(str(b.normalized))) == "differ":
                    pairs.add(tuple(sorted((a.key, b.key))))
    return pairs


def count_nouns(claims: Sequence[Claim]) -> dict[str, set[str]]:
    """Key -> the nouns its plain counts count; two keys whose sets do not meet count different things."""
    nouns: dict[str, set[str]] = defaultdict(set)
    for c in claims:
        if noun := _count_noun(c):
            nouns[c.key].add(noun)
    return dict(nouns)


def cannot_links(claims: Sequence[Claim]) -> set[tuple[str, str]]:
    """Key pairs that name different facts, whatever their similarity: two keys one chunk gives
    different values for under one scope (``table_links``), and two keys whose plain counts count
    different things ("128 characters" vs "5 endpoints"). Every such pair, for small inputs: the
    audit checks the counts per cluster pair instead (``keys.nouns_conflict``), as they are
    quadratic in the keys."""
    pairs = table_links(claims)
    nouns = count_nouns(claims)
    for a, b in combinations(sorted(nouns), 2):
        if not nouns[a] & nouns[b]:
            pairs.add((a, b))
    return pairs


def _cluster(claims: Sequence[Claim], embed_model, threshold: float) -> dict[tuple[str, str], tuple[str, tuple[str, ...]]]:
    """(key, value dim) -> (cluster name, aliases). Keys only cluster within one value dimension."""
    by_dim: dict[str, Counter] = defaultdict(Counter)
    for c in claims:
        by_dim[norm_of(str(c.normalized)).dim][c.key] += 1
    all_keys = sorted({k for counts in by_dim.values() for k in counts})
    index = {k: i for i, k in enumerate(all_keys)}
    from ..embeddings import embed_texts

    # Every key embedded once, in one call, as before; similarities are computed per dimension by blocks.
    vectors = embed_texts(embed_model, all_keys) if embed_model is not None and all_keys else None
    links, nouns = table_links(claims), count_nouns(claims)
    out: dict[tuple[str, str], tuple[str, tuple[str, ...]]] = {}
    names: Counter = Counter()
    for dim in sorted(by_dim):
        keys = sorted(by_dim[dim])
        rows = None if vectors is None else vectors[[index[k] for k in keys]]
        dim_sims = KeySims(keys, rows, hub_threshold=threshold)
        for cl in cluster_keys(keys, by_dim[dim], threshold=threshold, sims=dim_sims, cannot_link=links,
                               nouns=nouns):
            names[cl.name] += 1
            for member in cl.members:
                out[(member, dim)] = (cl.name, cl.aliases)
    # A name used in two dimensions gets the dimension appended, so key names stay unique.
    return {k: ((name if names[name] == 1 else f"{name} ({k[1]})"), aliases) for k, (name, aliases) in out.items()}


def _extract_all(chunks: Sequence[Chunk], extractor: Extractor | None,
                 progress: Callable[[int, int], None] | None = None) -> tuple[list[Claim], list[str]]:
    extractor = extractor or extract_claims
    before = int(getattr(extractor, "fallbacks", 0))
    claims: list[Claim] = []
    for i, chunk in enumerate(chunks, 1):
        claims.extend(extractor(chunk))
        if progress is not None and (i % 200 == 0 or i == len(chunks)):
            progress(i, len(chunks))
    fell = int(getattr(extractor, "fallbacks", 0)) - before
    notices = [f"LLM claim extraction failed for {fell} chunk(s); used the offline extractor"] if fell else []
    return claims, notices


def judge(claims: Sequence[Claim], weights: Mapping[str, float], source_weights: Mapping[str, float], *,
          embed_model=None, lam: float = 0.5, threshold: float | None = None) -> list[KeyResult]:
    """Every key's verdict, contradictions first, then by key."""
    claims = refine_scopes(claims, scope_vocabulary(claims))
    threshold = default_threshold(embed_model) if threshold is None else threshold
    clusters = _cluster(claims, embed_model, threshold)
    grouped: dict[str, list[Claim]] = defaultdict(list)
    aliases: dict[str, set[str]] = defaultdict(set)
    for c in claims:
        name, als = clusters[(c.key, norm_of(str(c.normalized)).dim)]
        grouped[name].append(replace(c, key=name))
        aliases[name].update(a for a in als if a != name)
        if c.key != name:
            aliases[name].add(c.key)
    results = [analyse_key(name, sorted(aliases[name]), grouped[name], weights, source_weights, lam)
               for name in sorted(grouped)]
    return sorted(results, key=lambda r: (STATUS_ORDER[r.status] != 0, r.key))


def build_claim_graph(evidence: Sequence[ScoredChunk], *, source_weights: Mapping[str, float],
                      extractor: Extractor | None = None, embed_model=None, lam: float = 0.5,
                      threshold: float | None = None,
                      progress: Callable[[int, int], None] | None = None,
                      settings: Mapping[str, list[ReadClaim]] | None = None) -> ClaimGraph:
    """The claim graph of ranked evidence (see ``src.graph.weights`` for the weighting);
    ``progress(done, total)`` hears of the chunks whose claims are extracted. ``settings``: the
    settings reader's claims of the same chunks by setting (``src.claims.answer.by_setting``);
    the values it gave a setting are left to it (``src.claims.audit.without_read``)."""
    weights = chunk_weights(evidence, source_weights)
    chunks = list({e.chunk.id: e.chunk for e in evidence}.values())
    claims, notices = _extract_all(chunks, extractor, progress)
    if settings:
        from ..claims.audit import without_read

        claims = without_read(claims, settings)
    for n in notices:
        log.info(n)  # the LLM budget logs the request's one warning (src/llm.py)
    keys = judge(claims, weights, source_weights, embed_model=embed_model, lam=lam, threshold=threshold)
    return ClaimGraph(graph=to_networkx(chunks, weights, keys), keys=keys, notices=tuple(notices),
                      source_weights=dict(source_weights))


def audit_corpus(chunks: Sequence[Chunk], *, source_weights: Mapping[str, float], extractor: Extractor | None = None,
                 embed_model=None, lam: float = 0.5, threshold: float | None = None,
                 only_contradictions: bool = True, progress: Callable[[int, int], None] | None = None,
                 settings: Mapping[str, list[ReadClaim]] | None = None) -> ClaimGraph:
    """Every key with a contradiction across a whole corpus, most severe first (severity =
    authority of the disagreeing sides x number of distinct values): the settings the reader
    finds contradicted, and the extractor's keys where an official claim is contradicted
    (``src.claims.audit``). ``settings``: the chunks' claims by setting when already read
    (``src.claims.answer.by_setting``). No retrieval scores: 1.0."""
    from ..claims.answer import by_setting
    from ..claims.audit import audit_keys, older_documents, setting_keys
    from ..claims.corpus_reading import read_corpus
    from ..claims.layout import entry_names
    from ..embeddings import embed_texts

    evidence = [ScoredChunk(chunk=c, score=1.0) for c in chunks]
    if settings is None:
        settings = by_setting(read_corpus(chunks, settings_only=True, known=entry_names(chunks)))
    full = build_claim_graph(evidence, source_weights=source_weights, extractor=extractor,
                             embed_model=embed_model, lam=lam, threshold=threshold, progress=progress,
                             settings=settings)
    embed = (lambda texts: embed_texts(embed_model, texts)) if embed_model is not None else None
    contradictions = audit_keys(full.keys, settings, source_weights, older_documents(chunks), embed)
    reported = {k.key for k in contradictions}
    agreed = [k for k in setting_keys(settings, source_weights, contradictions_only=False)
              if k.key not in reported and k.status != KeyStatus.CONTRADICTION]  # the reader's other settings
    every = sorted([*contradictions, *agreed, *(k for k in full.keys if k.status != KeyStatus.CONTRADICTION)],
                   key=lambda k: (STATUS_ORDER[k.status] != 0, -k.severity, k.key))
    # the graph holds every key judged (the extractor's contradictions the audit cannot stand behind
    # are left out of both); the list, with only_contradictions, the contradictions
    keys = contradictions if only_contradictions else every
    return replace(full, keys=keys, graph=to_networkx(list(chunks), chunk_weights(evidence, source_weights), every))


def to_networkx(chunks: Sequence[Chunk], weights: Mapping[str, float], keys: Sequence[KeyResult]) -> nx.DiGraph:
    """Evidence, claim and key nodes; supports (evidence->claim), about (claim->key) and
    contradicts (claim<->claim, both directions) edges. Built in a stable order."""
    g = nx.DiGraph()
    for c in sorted(chunks, key=lambda c: c.id):
        g.add_node(f"evidence::{c.id}", kind="evidence", source=c.source, weight=weights.get(c.id, 1.0),
                   label=c.id)
    for k in keys:
        add_key_nodes(g, k)
    return g
