"""Per-key verdicts: claim nodes, contradictions, consensus, status and explanation.

Pure functions over claims that already share one key cluster.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ..types import KeyStatus
from .claims import Claim, short_hash
from .scope import compatible, differing_dims
from .value_compare import compare, within
from .values import Norm, parse_value
from .weights import Support, aggregate_support

STATUS_ORDER = {KeyStatus.CONTRADICTION: 0, KeyStatus.SCOPED: 1, KeyStatus.CONSISTENT: 2, KeyStatus.SINGLE: 3}


@dataclass(frozen=True)
class ClaimNode:
    """One distinct (value, scope) of a key with every chunk that supports it."""

    id: str
    key: str
    value: str
    normalized: str
    scope: dict[str, str]
    support: tuple[Support, ...]
    support_total: float
    consensus: float = 0.0
    authoritative: bool = False
    contradicts: tuple[str, ...] = ()


@dataclass(frozen=True)
class KeyResult:
    key: str
    aliases: tuple[str, ...]
    status: KeyStatus
    claims: tuple[ClaimNode, ...]
    explanation: str
    scope_dims: tuple[str, ...] = ()
    severity: float = 0.0


def norm_of(normalized: str) -> Norm:
    return parse_value(normalized) or Norm("enum", normalized)


def _scope_sig(scope: Mapping[str, str]) -> tuple:
    return tuple(sorted(scope.items()))


def claim_nodes(key: str, claims: Sequence[Claim], weights: Mapping[str, float]) -> list[ClaimNode]:
    """Group claims by (normalised value, scope); the value shown is the best-supported wording."""
    groups: dict[tuple, list[Claim]] = defaultdict(list)
    for c in claims:
        groups[(str(c.normalized), _scope_sig(c.scope))].append(c)
    nodes = []
    for (normalized, sig), members in sorted(groups.items()):
        supports = sorted({(c.chunk_id, c.source, weights.get(c.chunk_id, 1.0), c.sentence) for c in members},
                          key=lambda s: (-s[2], s[0], s[3]))
        support = tuple(Support(*s) for s in supports)
        best = max(members, key=lambda c: (weights.get(c.chunk_id, 1.0), -len(c.value), c.chunk_id))
        nodes.append(ClaimNode(id="claim::" + short_hash(key, normalized, sig), key=key, value=best.value,
                               normalized=normalized, scope=dict(sig), support=support,
                               support_total=round(aggregate_support(support), 4)))
    return nodes


def _only_conflict(scope: Mapping[str, str], names: set[str], says_true: bool) -> bool:
    """Does a boolean claim under ``scope`` contradict "only on ``names``"?"""
    values = {v for vals in scope.values() for v in vals.split(",") if v}
    if not values:
        return False
    return bool(values - names) if says_true else bool(values & names)


def contradicts(a: ClaimNode, b: ClaimNode) -> bool:
    """Same key (caller's job), compatible scopes, comparable values that differ.

    Values asserted together by one chunk never contradict. An "only on S" claim contradicts a boolean claim scoped inside S that says false, or
    outside S that says true, and another "only" claim naming a different set.
    """
    if {s.chunk_id for s in a.support} & {s.chunk_id for s in b.support}:
        return False  # one chunk asserting both values is stating a scope we did not parse
    na, nb = norm_of(a.normalized), norm_of(b.normalized)
    if "only" in (na.kind, nb.kind):
        if na.kind == nb.kind == "only":
            return na.canonical != nb.canonical
        only, other, other_node = (na, nb, b) if na.kind == "only" else (nb, na, a)
        if other.kind != "bool":
            return False
        return _only_conflict(other_node.scope, set(only.canonical[5:].split(",")), other.canonical == "true")
    if not compatible(a.scope, b.scope):
        return False
    return compare(na, nb) == "differ" and not within(na, nb)


def _authority(node: ClaimNode, source_weights: Mapping[str, float]) -> float:
    return max((source_weights.get(s.source, 1.0) for s in node.support), default=0.0)


def score_nodes(nodes: Sequence[ClaimNode], lam: float, source_weights: Mapping[str, float]) -> list[ClaimNode]:
    """Contradiction links, consensus = support - lam x support of contradicting claims, and
    the authoritative node (highest consensus, then authority, then value)."""
    links = {n.id: tuple(sorted(m.id for m in nodes if m.id != n.id and contradicts(n, m))) for n in nodes}
    by_id = {n.id: n for n in nodes}
    scored = [replace(n, contradicts=links[n.id],
                      consensus=round(n.support_total - lam * sum(by_id[m].support_total for m in links[n.id]), 4))
              for n in nodes]
    for group in _components(scored):
        best = max(group, key=lambda n: (n.consensus, _authority(n, source_weights), n.support_total, n.normalized))
        scored = [replace(n, authoritative=True) if n.id == best.id else n for n in scored]
    return sorted(scored, key=lambda n: (not n.authoritative, not n.contradicts, -n.consensus, n.normalized, n.id))


def _components(nodes: Sequence[ClaimNode]) -> list[list[ClaimNode]]:
    """Groups that each get one authoritative claim: every set of mutually contradicting
    claims (connected by contradiction links); without contradictions, the least-scoped claims."""
    by_id = {n.id: n for n in nodes}
    linked = [n for n in nodes if n.contradicts]
    if not linked:
        # No disagreement: the general statement (fewest scope qualifiers) is the reference value.
        fewest = min((len(n.scope) for n in nodes), default=0)
        return [[n for n in nodes if len(n.scope) == fewest]] if nodes else []
    seen: set[str] = set()
    groups = []
    for n in linked:
        if n.id in seen:
            continue
        stack, group = [n.id], []
        while stack:
            cur = stack.pop()
            if cur in seen:
                continue
            seen.add(cur)
            group.append(by_id[cur])
            stack.extend(by_id[cur].contradicts)
        groups.append(group)
    return groups


def status_of(nodes: Sequence[ClaimNode]) -> tuple[KeyStatus, tuple[str, ...]]:
    """(status, scope dimensions that separate the values)."""
    if any(n.contradicts for n in nodes):
        return KeyStatus.CONTRADICTION, ()
    if len(nodes) == 1:
        return (KeyStatus.CONSISTENT if len({s.chunk_id for s in nodes[0].support}) > 1 else KeyStatus.SINGLE), ()
    if len({norm_of(n.normalized).canonical for n in nodes}) == 1:
        return KeyStatus.CONSISTENT, ()
    return KeyStatus.SCOPED, tuple(differing_dims(n.scope for n in nodes)) or ("scope",)


def contradiction_sides(involved: Sequence[ClaimNode]) -> list[list[ClaimNode]]:
    """Contradicting claims grouped into sides: claims that do not contradict each other and
    oppose the same claims say the same thing ("only enterprise" and "not available for
    plan=business" against "available for plan=business,enterprise"). Side of the
    authoritative claim first, then by support; within a side, best supported first."""
    out: list[list[ClaimNode]] = []
    for n in involved:
        side = next((g for g in out if set(g[0].contradicts) == set(n.contradicts)
                     and not any(m.id in n.contradicts for m in g)), None)
        if side is None:
            out.append([n])
        else:
            side.append(n)
    for g in out:
        g.sort(key=lambda n: (not n.authoritative, -n.support_total, n.normalized))
    return sorted(out, key=lambda g: (not any(n.authoritative for n in g), -sum(n.support_total for n in g)))


def _side_phrase(side: Sequence[ClaimNode], source_weights: Mapping[str, float]) -> str:
    who, plural = _sources_phrase([s for n in side for s in n.support], source_weights)
    also = "; ".join(f"{n.value}{_scope_text(n.scope)}" for n in side[1:])
    return f"{who} {'say' if plural else 'says'} {side[0].value}{_scope_text(side[0].scope)}" + \
        (f" (also as {also})" if also else "")


def _sources_phrase(support: Sequence[Support] | ClaimNode, source_weights: Mapping[str, float]) -> tuple[str, bool]:
    chunks: dict[str, set[str]] = defaultdict(set)
    for s in (support.support if isinstance(support, ClaimNode) else support):
        chunks[s.source].add(s.chunk_id)
    order = sorted(chunks, key=lambda src: (-source_weights.get(src, 1.0), src))
    parts = [f"{src} (authority {source_weights.get(src, 1.0):g}, {len(chunks[src])} chunk"
             f"{'s' if len(chunks[src]) > 1 else ''})" for src in order]
    plural = len(order) > 1 or len(chunks[order[0]]) > 1 if order else False
    return " and ".join(parts), plural


def _scope_text(scope: Mapping[str, str]) -> str:
    return " for " + ", ".join(f"{k}={v}" for k, v in scope.items()) if scope else ""


def explain(status: KeyStatus, nodes: Sequence[ClaimNode], dims: Sequence[str], source_weights: Mapping[str, float]) -> str:
    """One sentence naming the sources on each side."""
    shown = list(nodes[:4])
    more = f"; and {len(nodes) - 4} more values" if len(nodes) > 4 else ""
    sides = []
    for n in shown:
        who, plural = _sources_phrase(n, source_weights)
        sides.append(f"{who} {'say' if plural else 'says'} {n.value}{_scope_text(n.scope)}")
    if status == KeyStatus.CONTRADICTION:
        groups = contradiction_sides([n for n in nodes if n.contradicts])
        shown_sides = [_side_phrase(g, source_weights) for g in groups[:4]]
        more = f"; and {len(groups) - 4} more sides" if len(groups) > 4 else ""
        best = ", ".join(n.value for g in groups for n in g if n.authoritative)
        return "; ".join(shown_sides) + more + f"; the best-supported value is {best}."
    if status == KeyStatus.SCOPED:
        return f"values differ by {', '.join(dims)}: " + "; ".join(sides) + more + "."
    if status == KeyStatus.CONSISTENT:
        who = sorted({s.source for n in nodes for s in n.support}, key=lambda src: (-source_weights.get(src, 1.0), src))
        chunks = len({s.chunk_id for n in nodes for s in n.support})
        return f"{' and '.join(who)} agree on {nodes[0].value} ({chunks} chunks)."
    return sides[0] + "." if sides else ""


def severity(nodes: Sequence[ClaimNode], source_weights: Mapping[str, float]) -> float:
    """Authority of the disagreeing sides x number of distinct disagreeing values."""
    involved = [n for n in nodes if n.contradicts]
    return round(sum(_authority(n, source_weights) for n in involved) * len({n.normalized for n in involved}), 4)


def analyse_key(key: str, aliases: Sequence[str], claims: Sequence[Claim], weights: Mapping[str, float],
                source_weights: Mapping[str, float], lam: float) -> KeyResult:
    nodes = score_nodes(claim_nodes(key, claims, weights), lam, source_weights)
    status, dims = status_of(nodes)
    return KeyResult(key=key, aliases=tuple(aliases), status=status, claims=tuple(nodes),
                     explanation=explain(status, nodes, dims, source_weights), scope_dims=dims,
                     severity=severity(nodes, source_weights))
