"""Scope qualifiers (plan, tier, version, region, platform, tenant class, ...) found in text,
and the rule that decides whether two scopes describe the same situation.

Scopes are detected by general phrase shapes ("on the X and Y plans", "v1.x", "API version
2023-06", "in regulated environments", "legacy tenants", "in the eu-central region",
"on desktop"), never by a list of one corpus's names. ``learned_scope`` then reuses names
that a corpus itself introduced with such a shape ("Team plan") where they appear bare
("On Team, ...").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

DIMENSION_NOUNS = {"plan": "plan", "tier": "tier", "edition": "edition", "subscription": "plan",
                   "license": "plan"}
CLASS_NOUNS = {"tenant": "tenant", "cluster": "tenant", "environment": "environment",
               "project": "environment", "account": "tenant", "deployment": "environment"}
PLATFORMS = ("desktop", "mobile", "web", "browser", "ios", "android", "windows", "macos", "linux")
_NOT_QUALIFIERS = {"the", "a", "an", "all", "any", "some", "every", "each", "your", "our", "their",
                   "my", "this", "that", "these", "those", "other", "same", "different", "many",
                   "most", "more", "few", "lower", "higher", "paid", "current", "new", "which", "what",
                   "per", "of", "and", "or", "on", "in", "for", "to", "with", "its", "his", "her",
                   "one", "two", "three", "single", "multiple", "several", "both", "another"}
_NAME = r"[A-Z][\w+-]*"
_NAMES = rf"{_NAME}(?:\s*(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s*&\s*|\s*/\s*)(?:the\s+)?{_NAME})*"
_PLAN = re.compile(rf"\b(?:the\s+)?({_NAMES})(?:\s+|-)(plans?|tiers?|editions?|subscriptions?|licen[cs]es?)\b")
# "for annual plans", "on the free plan": a plan named in lower case, after its preposition
_PLAN_LOWER = re.compile(r"\b(?:[Ff]or|[Oo]n|[Ww]ith|[Ii]n|[Uu]nder)\s+(?:the\s+|a\s+|an\s+)?([a-z][a-z-]+)\s+(plans?|tiers?|editions?)\b")
_VERSION = re.compile(r"(?<![\w.])(?:(?:api\s+)?versions?\s+|v)(\d+(?:\.(?:\d+|x))*|\d{4}-\d{2}(?:-\d{2})?)"
                      r"(?:\s*(?:and|or)\s+(?:later|newer|above|earlier|older|below))?(?![\w-])", re.IGNORECASE)
_NAMED_VERSION = re.compile(r"\b(?:[A-Z][\w-]*|app|agent|client|server|sdk|cli)\s+(\d+\.(?:\d+|x)(?:\.(?:\d+|x))*)"
                            r"(?![\w.])")
_MIN_VERSION_AFTER = re.compile(r"\s*(?:\+|or\s+(?:later|newer|above|higher)|and\s+(?:later|up|above|newer))",
                                re.IGNORECASE)
_NEEDS_BEFORE = re.compile(r"\b(?:requires?|required|needs?|needed|minimum|at\s+least|upgrade\s+to|install)\b[^.;:]{0,30}$",
                           re.IGNORECASE)
_CLASS = re.compile(r"\b([a-z][\w-]+)\s+(tenants?|clusters?|environments?|projects?|accounts?|deployments?)\b",
                    re.IGNORECASE)
_REGION = re.compile(r"\b(?:in|for|from|to)\s+(?:the\s+)?([a-z]{2}-[a-z]+(?:-\d)?)\b(?:\s+region)?"
                     r"|\b([a-z]{2}-[a-z]+(?:-\d)?)\s+region\b")
_PLATFORM = re.compile(r"\b(?:on|in|for|from)\s+(?:the\s+)?((?:" + "|".join(PLATFORMS) + r")s?"
                       r"(?:\s*(?:,|and|or)\s*(?:" + "|".join(PLATFORMS) + r")s?)*)(?:\s+apps?)?\b", re.IGNORECASE)
_DIGITS = frozenset("0123456789")


def _split_names(text: str) -> list[str]:
    parts = re.split(r"\s*(?:,|\band\b|\bor\b|&|/)\s*", text)
    return [p.strip().lower() for p in parts if p.strip()]


def _singular(word: str) -> str:
    w = word.lower()
    return w[:-1] if w.endswith("s") and not w.endswith("ss") else w


def _merge(out: dict[str, set[str]], dim: str, values: Iterable[str]) -> None:
    vals = {v for v in values if v and v not in _NOT_QUALIFIERS}
    if vals:
        out.setdefault(dim, set()).update(vals)


def version_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` names the version its statement holds for ("PgBouncer 1.7 changes the
    default ...", "Agent 4.0 halves that", "since version 2.3"): the spans of the versions
    ``find_scope`` reads as the scope. A number there is the scope, never a setting's value."""
    return [span for dim, span in _scope_spans(text)[1] if dim == "version"]


def find_scope(text: str) -> tuple[dict[str, str], list[tuple[int, int]]]:
    """Scope qualifiers in ``text`` and the character spans they occupy.

    Values of one dimension are joined with "," in sorted order: ``{"plan": "business,enterprise"}``.
    """
    found, spans = _scope_spans(text)
    return found, [span for _, span in spans]


def _scope_spans(text: str) -> tuple[dict[str, str], list[tuple[str, tuple[int, int]]]]:
    """``find_scope`` with the dimension each span names."""
    found: dict[str, set[str]] = {}
    spans: list[tuple[str, tuple[int, int]]] = []
    low = text.lower()  # each shape below needs one of these words: text without them is not searched
    plans = any(noun[:5] in low for noun in DIMENSION_NOUNS)  # "licen": licence and license
    versions = not _DIGITS.isdisjoint(text)
    for m in _PLAN.finditer(text) if plans else ():
        names = [n for n in _split_names(m.group(1)) if n not in _NOT_QUALIFIERS]
        if names:
            dim = DIMENSION_NOUNS[_singular(m.group(2)).replace("licence", "license")]
            _merge(found, dim, names)
            spans.append((dim, m.span()))
    for m in _PLAN_LOWER.finditer(text) if plans else ():
        if m.group(1) not in _NOT_QUALIFIERS and not any(a <= m.start(1) < b for _, (a, b) in spans):
            dim = DIMENSION_NOUNS[_singular(m.group(2))]
            _merge(found, dim, [m.group(1)])
            spans.append((dim, m.span()))
    for m in _VERSION.finditer(text) if versions else ():
        _merge(found, "version", [m.group(1).lower()])
        spans.append(("version", m.span()))
    for m in _NAMED_VERSION.finditer(text) if versions else ():  # "In Agent 4.x, ...": what a product's version does
        if _MIN_VERSION_AFTER.match(text, m.end()) or _NEEDS_BEFORE.search(text[:m.start()]):
            continue  # "requires Agent 3.4 or later": the version is the value, not a scope
        if not any(a <= m.start(1) < b for _, (a, b) in spans):
            _merge(found, "version", [m.group(1).lower()])
            spans.append(("version", m.span(1)))
    for m in _CLASS.finditer(text) if any(noun in low for noun in CLASS_NOUNS) else ():
        adj = m.group(1).lower()
        if adj not in _NOT_QUALIFIERS and not adj.isdigit():
            dim = CLASS_NOUNS[_singular(m.group(2))]
            _merge(found, dim, [adj])
            spans.append((dim, m.span()))
    for m in _REGION.finditer(text):
        _merge(found, "region", [(m.group(1) or m.group(2)).lower()])
        spans.append(("region", m.span()))
    for m in _PLATFORM.finditer(text) if any(w in low for w in PLATFORMS) else ():
        _merge(found, "platform", [_singular(p) for p in _split_names(m.group(1))])
        spans.append(("platform", m.span()))
    return {k: ",".join(sorted(v)) for k, v in sorted(found.items())}, spans


_LEAD = r"\b(?:[Oo]n|[Ff]or|[Ii]n|[Ww]ith|[Rr]equires)\s+"
_NAMED_AFTER = re.compile(rf"{_LEAD}(?:the\s+)?({_NAMES})")
_ASKED_AFTER = re.compile(rf"{_LEAD}(?:(?:the|our|my|your)\s+)?({_NAMES})")
# a question's "a Team workspace", "our Business account": the kind of thing the asker has
_ASKED_KIND = re.compile(rf"\b(?:a|an|the|our|my|your)\s+({_NAME})(?=\s+[a-z])")


def learned_scope(sentence: str, vocab: Mapping[str, str], *, asked: bool = False) -> dict[str, str]:
    """Scope from bare names a corpus introduced elsewhere ("On Team, ..." after "Team plan").

    ``vocab`` maps a lower-case name to its dimension; only capitalised mentions right after
    on/for/in/with (and "the") count, so ordinary words are not mistaken for plan names. A
    question (``asked``) also names its asker's plan after "our", "my", "your" ("on our Team org"),
    and before the noun it qualifies ("a Team workspace", "our Business account"); a thread's "in
    my Solo library" is a story, not the scope of its claim.
    """
    found: dict[str, set[str]] = {}
    for rx in (_ASKED_AFTER, _ASKED_KIND) if asked else (_NAMED_AFTER,):
        for m in rx.finditer(sentence):
            for name in _split_names(m.group(1)):
                if name in vocab:
                    found.setdefault(vocab[name], set()).add(name)
    return {k: ",".join(sorted(v)) for k, v in sorted(found.items())}


def scope_values(scope: Mapping[str, str], dim: str) -> set[str]:
    return {v for v in scope.get(dim, "").split(",") if v}


def compatible(a: Mapping[str, str], b: Mapping[str, str]) -> bool:
    """Two scopes describe the same situation: the same dimensions, overlapping values on each.

    A claim qualified by a dimension the other lacks ("2, legacy tenants may observe 1")
    states an exception to the general value, so the pair is *scoped*, not contradictory.
    """
    if set(a) != set(b):
        return False
    return all(scope_values(a, d) & scope_values(b, d) for d in a)


def conflicting(a: Mapping[str, str], b: Mapping[str, str]) -> bool:
    """Two scopes exclude each other: a dimension both name with no value in common ("plan=basic"
    and "plan=pro"). A dimension only one names is no conflict."""
    return any(not scope_values(a, d) & scope_values(b, d) for d in set(a) & set(b))


def differing_dims(scopes: Iterable[Mapping[str, str]]) -> list[str]:
    """Dimensions on which a set of scopes do not all agree (sorted)."""
    scopes = list(scopes)
    dims = sorted({d for s in scopes for d in s})
    return [d for d in dims if len({s.get(d, "") for s in scopes}) > 1]
