"""The offline claim extractor: no model, pure functions of one chunk.

It reads prose sentences, bullet lists, ``key: value`` lines, inline ``key=value`` text and
Markdown tables, finds value mentions (``src.graph.mentions``) and availability statements
("X is available on the Team plan", "X only works in the desktop and mobile apps",
"X requires Business or Enterprise"), and names each claim after the subject of its
sentence: the identifier of a ``key=value`` pair, the noun phrase after "<value> of" or an
adjectival value ("60-day artifact retention"), else the content words before the value.
Questions are not claims and are skipped; code blocks are skipped; so are past-tense reports of
one event ("deliveries were delayed for 47 minutes", ``text.is_narrative``; an explicit
``key=value`` in one still counts) and amounts that
describe one example object ("a 700 KB body will be rejected").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..types import Chunk
from .claims import Claim, make_claim
from .mentions import Mention, find_mentions
from .scope import find_scope
from .tables import table_claims
from .text import (
    GENERIC_KEYS,
    STOP,
    content_words,
    is_narrative,
    key_from_identifier,
    key_from_words,
    mask_spans,
    prose,
    split_identifier,
    split_sentences,
)
from .values import parse_value

_KV_LINE = re.compile(r"^\s*(?:[-*+]|\d+[.)])?\s*(?:\*\*)?(?P<k>[A-Za-z][\w .()/'-]{0,60}?)(?:\*\*)?\s*:\s+(?P<v>\S.*)$")
_KV_INLINE = re.compile(r"(?<![\w.\-/])(?P<k>[A-Za-z_][\w.]*[A-Za-z0-9_])\s*=\s*(?P<v>[^;,()=\n]+)")
_ENUM = re.compile(r"[A-Za-z][\w.+-]*(?:\s+[\w.+-]+){0,2}")
_AVAIL = re.compile(r"^(?P<subj>.+?)\s+(?:is|are)\s+(?P<neg>not\s+)?(?P<only1>only\s+)?"
                    r"(?:available|supported|included|offered|enabled)\b(?P<rest>.*)$", re.IGNORECASE)
_PAREN_ONLY = re.compile(r"^(?P<subj>[^()]{2,80}?)\s*\((?P<names>[A-Z][\w+-]*(?:\s*(?:,|or|and|/)\s*[A-Z][\w+-]*)*)"
                         r"(?:\s+(?:plans?|tiers?|editions?))?\s+only\)")
_ONLY_WORKS = re.compile(r"^(?P<subj>.+?)\s+only\s+(?:works?|runs?|exists?|applies)\s+(?P<rest>(?:on|in|for|with)\b.*)$",
                         re.IGNORECASE)
_REQUIRES = re.compile(r"^(?P<subj>.+?)\s+requires?\s+(?:an?\s+|the\s+)?(?P<rest>[A-Z][\w+-]*(?:\s*(?:,|or|and|/)\s*[A-Z][\w+-]*)*)"
                       r"(?:\s+(?:plans?|tiers?|editions?))?\s*(?:[;,.]|$)")
_NAMES_AFTER = re.compile(r"(?:on|in|for|with)\s+(?:the\s+)?(?P<names>[\w+-]+(?:\s*(?:,|or|and|/)\s*[\w+-]+)*)",
                          re.IGNORECASE)
_NAME_TAIL = {"plan", "plans", "tier", "tiers", "edition", "editions", "app", "apps", "only", "the"}


def extract_claims(chunk: Chunk) -> list[Claim]:
    """Every claim the offline rules find in ``chunk``, in reading order, unique by id."""
    text = prose(chunk.text)
    seen: dict[str, Claim] = {}
    for raw in _raw_claims(text, chunk):
        seen.setdefault(raw.id, raw)
    return list(seen.values())


_NOT_ASSERTIONS = re.compile(r"^\s*(?:title|question|subject|user|q)\s*:", re.IGNORECASE)


def _raw_claims(text: str, chunk: Chunk) -> Iterator[Claim]:
    """Titles, headings and question lines are skipped: they name topics, they assert nothing."""
    titles = {str(chunk.metadata.get(k, "")).strip() for k in ("title", "section")} - {""}
    lines = [ln for ln in text.splitlines() if not _NOT_ASSERTIONS.match(ln) and ln.strip() not in titles]
    i, heading = 0, ""
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("|"):
            j = i
            while j < len(lines) and lines[j].lstrip().startswith("|"):
                j += 1
            yield from table_claims(lines[i:j], heading, chunk)
            i = j
            continue
        i += 1
        if line.lstrip().startswith("#"):
            heading = line.strip("# ").strip()
            continue
        if line.strip():
            yield from line_claims(line.strip(), chunk)


# Labels our thread chunker writes before each post: what follows is a post, never a value.
_POST_LABELS = frozenset({"answer", "reply"})


def line_claims(line: str, chunk: Chunk) -> list[Claim]:
    """Claims of one text line: a ``key: value`` bullet, or prose sentences."""
    kv = _KV_LINE.match(line)
    if kv and kv.group("k").strip().lower() in _POST_LABELS:
        kv = None
    # "Answer: The Team plan keeps ..." is a labelled sentence, not a key with a value.
    if kv and len(kv.group("k").split()) <= 5 and "://" not in kv.group("k") and not _labelled_sentence(kv.group("v")):
        claims = kv_claims(kv.group("k"), kv.group("v"), line.lstrip("-*+ ").strip(), chunk)
        if claims:
            return claims
    out: list[Claim] = []
    body = re.sub(r"^[A-Z][a-z]{0,12}:\s+", "", line.lstrip("-*+ ").strip())
    for sentence in split_sentences(body):
        if sentence.rstrip().endswith("?"):
            continue
        out.extend(sentence_claims(sentence, chunk))
    return out


def _labelled_sentence(value: str) -> bool:
    """A capitalised run of more than six words after "Label:" is prose, not a value."""
    words = re.sub(r"\([^)]*\)", " ", value).split()
    return len(words) > 6 and bool(re.match(r"[A-Z][a-z]", value.strip()))


def kv_claims(raw_key: str, raw_value: str, sentence: str, chunk: Chunk) -> list[Claim]:
    """``batch_size: 32 (v2.1 default)``, ``concurrency: 2 (legacy tenants may observe 1)``."""
    key = key_from_identifier(raw_key.strip()) if re.fullmatch(r"[\w.]+", raw_key.strip()) \
        else key_from_words(content_words(raw_key), limit=6)
    if not key:
        return []
    value = raw_value.strip().rstrip(".").strip()
    paren = re.findall(r"\(([^)]*)\)", value)
    main = re.sub(r"\([^)]*\)", " ", value).strip()
    scope, _ = find_scope(raw_key + " " + main)
    for inner in paren:
        if not find_mentions(inner):
            scope = {**find_scope(inner)[0], **scope}
    out = _values_for_key(key, main, scope, sentence, chunk, raw_key, allow_enum=True)
    for inner in paren:
        inner_scope = find_scope(inner)[0]
        for m in find_mentions(inner):
            out.append(_claim(key, inner_scope, m.text, m.norm.canonical, sentence, chunk, raw_key))
    return out


def _values_for_key(key: str, text: str, scope: dict[str, str], sentence: str, chunk: Chunk,
                    raw_key: str, *, allow_enum: bool) -> list[Claim]:
    norm = parse_value(text)
    unit = _unit_in_identifier(raw_key)
    if norm is not None and norm.kind == "number" and unit and parse_value(f"{text} {unit}"):
        return [_claim(key, scope, text, parse_value(f"{text} {unit}").canonical, sentence, chunk, raw_key)]
    if norm is not None:
        return [_claim(key, scope, text, norm.canonical, sentence, chunk, raw_key)]
    mentions = [m for m in find_mentions(text) if m.start == 0]
    if mentions:
        m = mentions[0]
        return [_claim(key, scope, m.text, m.norm.canonical, sentence, chunk, raw_key)]
    if allow_enum and _ENUM.fullmatch(text) and not re.search(r"\d{3,}", text) and _identifier_like(raw_key):
        return [_claim(key, scope, text, " ".join(text.lower().split()), sentence, chunk, raw_key)]
    return []


def sentence_claims(sentence: str, chunk: Chunk) -> list[Claim]:
    """Claims of one prose sentence, clause by clause (clauses split at ';')."""
    out: list[Claim] = []
    for clause in re.split(r";\s*", sentence):
        previous = out[-1] if out else None
        out.extend(clause_claims(clause, sentence, chunk, previous))
    return out


_SEGMENT = re.compile(r",|\bbut\b|\bdespite\b|\bwhile\b|\bwhereas\b|\bexcept\b")


def _segment_scopes(clause: str, spans: list[tuple[int, int]], mentions: list[Mention]) -> list[tuple[int, int, dict]]:
    """(start, end, scope) per comma-separated segment. A scope phrase applies to the values of
    its own segment; a segment with a scope but no value ("On the Team plan, ...") scopes the clause."""
    cuts = [0] + [m.end() for m in _SEGMENT.finditer(clause)] + [len(clause) + 1]
    segments = list(zip(cuts, cuts[1:]))
    own: list[dict] = [find_scope(clause[a:b])[0] for a, b in segments]
    has_value = [any(a <= m.start < b for m in mentions) for a, b in segments]
    shared: dict[str, str] = {}
    for scope, valued in zip(own, has_value):
        if not valued:
            shared.update(scope)
    return [(a, b, {**shared, **scope}) for (a, b), scope in zip(segments, own)]


_EXAMPLE_BEFORE = re.compile(r"\b(?:a|an)\s+(?:(?:about|around|roughly|nearly|over|under)\s+)?$", re.IGNORECASE)


def _example_instance(clause: str, mention: Mention) -> bool:
    """"a 700 KB body", "a 24h expiry": an amount describing one example object, not a setting."""
    return (not mention.adjectival and bool(_EXAMPLE_BEFORE.search(clause[:mention.start]))
            and bool(re.match(r"\s+[a-z][a-z-]+\b", clause[mention.end:])))


def clause_claims(clause: str, sentence: str, chunk: Chunk, previous: Claim | None) -> list[Claim]:
    """Claims of one clause; a past-tense report of one event ("deliveries were delayed for 47
    minutes") gives no prose values; an explicit ``key=value`` setting in it still counts."""
    scope, scope_spans = find_scope(clause)
    out: list[Claim] = []
    taken: list[tuple[int, int]] = list(scope_spans)
    for m in _KV_INLINE.finditer(clause):
        value = m.group("v").strip()
        claims = _values_for_key(key_from_identifier(m.group("k")), _first_value_text(value), scope,
                                 sentence, chunk, m.group("k"), allow_enum=True)
        out.extend(claims)
        taken.append(m.span())
    if is_narrative(clause):
        return out
    out.extend(availability_claims(clause, scope, sentence, chunk))
    mentions = [x for x in find_mentions(clause) if not x.bare and not any(x.overlaps(s) for s in taken)
                and not _example_instance(clause, x)]
    segments = _segment_scopes(clause, scope_spans, mentions)
    for mention in mentions:
        key = subject_key(clause, mention, taken)
        anchor = out[-1] if out else previous
        if key in GENERIC_KEYS:
            if anchor is None:
                continue
            key = anchor.key
        seg_scope = next((sc for a, b, sc in segments if a <= mention.start < b), scope)
        out.append(_claim(key, seg_scope, mention.text, mention.norm.canonical, sentence, chunk, key))
    return out


def _identifier_like(raw_key: str) -> bool:
    """'lr_scheduler', 'spool.max_size', 'maxRetries': a setting name, whose enum values are claims."""
    return bool(re.fullmatch(r"[A-Za-z][\w.]*", raw_key.strip()) and re.search(r"[_.]|[a-z][A-Z]", raw_key.strip()))


def _unit_in_identifier(raw_key: str) -> str | None:
    """'artifact_retention_days' -> 'days', 'storage_quota_tb' -> 'tb'; None otherwise."""
    words = split_identifier(raw_key.strip()) if re.fullmatch(r"[\w.]+", raw_key.strip()) else []
    if len(words) >= 2 and len(words[-1]) > 1 and parse_value(f"1 {words[-1]}") is not None \
            and parse_value(f"1 {words[-1]}").kind != "number":
        return words[-1]
    return None


def _first_value_text(value: str) -> str:
    """'64 perform better' -> '64'; '30 days' stays; 'cosine' stays."""
    value = value.strip().rstrip(".!")
    if parse_value(value):
        return value
    mentions = find_mentions(value)
    if mentions and mentions[0].start == 0:
        m = mentions[0]
        return m.text.split()[0] if m.norm.kind == "number" else m.text
    return value.split()[0] if value.split() else value


def subject_key(clause: str, mention: Mention, taken: list[tuple[int, int]]) -> str:
    """The subject a value is about (see module docstring)."""
    right = clause[mention.end:]
    after_of = re.match(r"\s+of\s+(?:the\s+)?([\w\s-]+)", right)
    if after_of and mention.norm.kind in ("duration", "size"):
        words = _leading_np(after_of.group(1))
        if words:
            return key_from_words(words)
    if mention.adjectival:
        words = _leading_np(right)
        if words:
            return key_from_words(words)
    left = mask_spans(clause[:mention.start], taken)
    left = re.split(r"[,:(]|\b(?:then|and then|but|so|because|while)\b", left)[-1]
    words = content_words(left)
    if words:
        return key_from_words(words)
    return key_from_words(_leading_np(right))


def _leading_np(text: str) -> list[str]:
    words: list[str] = []
    for raw in re.findall(r"[A-Za-z][\w-]*|[^\sA-Za-z]", text):
        w = raw.lower()
        if not re.fullmatch(r"[a-z][\w-]*", w) or w in STOP or w in ("in", "on", "for"):
            break
        words.append(w)
        if len(words) == 4:
            break
    return content_words(" ".join(words))


def availability_claims(clause: str, scope: dict[str, str], sentence: str, chunk: Chunk) -> list[Claim]:
    """'X is (not) available on S', 'X is available on S only', 'X only works in S', 'X requires S'."""
    text = clause.strip().rstrip(".")
    m = _AVAIL.match(text)
    if m:
        subj_key = key_from_words(content_words(m.group("subj")))
        rest = m.group("rest")
        names = _names(rest)
        only = bool(m.group("only1")) or bool(re.search(r"\bonly\b", rest, re.IGNORECASE))
        if not subj_key:
            return []
        if only and names and not m.group("neg"):
            return [_only_claim(subj_key, names, sentence, chunk)]
        polarity = "false" if m.group("neg") else "true"
        word = "not available" if m.group("neg") else "available"
        return [_claim(subj_key, scope, word, polarity, sentence, chunk, subj_key)]
    m = _PAREN_ONLY.match(text)
    if m:  # "Link sharing (Pro only): ...", "SSO (Enterprise only) lets you ..."
        subj_key = key_from_words(content_words(m.group("subj")))
        names = _names("on " + m.group("names"))
        if subj_key and names:
            return [_only_claim(subj_key, names, sentence, chunk)]
    m = _ONLY_WORKS.match(text) or _REQUIRES.match(text)
    if m:
        subj_key = key_from_words(content_words(m.group("subj")))
        names = _names(m.group("rest") if m.re is _ONLY_WORKS else "on " + m.group("rest"))
        if subj_key and names:
            return [_only_claim(subj_key, names, sentence, chunk)]
    return []


def _only_claim(subj_key: str, names: list[str], sentence: str, chunk: Chunk) -> Claim:
    """X is available only on ``names``: the names are the value, so the claim has no scope."""
    return _claim(subj_key, {}, "only " + ", ".join(names), "only:" + ",".join(sorted(names)), sentence, chunk, subj_key)


def _names(rest: str) -> list[str]:
    m = _NAMES_AFTER.search(rest)
    if not m:
        return []
    parts = re.split(r"\s*(?:,|\bor\b|\band\b|/)\s*", m.group("names"))
    out = []
    for p in parts:
        words = [w for w in p.lower().split() if w not in _NAME_TAIL]
        if words:
            w = words[0]
            out.append(w[:-1] if w.endswith("s") and len(w) > 3 and not w.endswith("ss") else w)
    return sorted(set(out))


def _claim(key: str, scope: dict[str, str], value: str, normalized: str, sentence: str, chunk: Chunk,
           raw_key: str) -> Claim:
    return make_claim(key=key, scope=scope, value=value, normalized=normalized, sentence=sentence,
                      chunk_id=chunk.id, source=chunk.source, raw_key=raw_key)
