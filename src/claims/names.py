"""The names and versions the claim reader reads: setting identifiers in text, the words of a
setting's name, version scopes ("prior to 1.19.10") and a document's release."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from pathlib import Path

from ..graph.text import STOP
from ..text import stem_words
from ..types import DOCUMENT_SUFFIXES, Chunk

# a setting name: snake_case or dotted, its parts in camelCase or not (``keepalive_timeout``,
# ``session.timeout.ms``, ``net.maxIncomingConnections``), a camelCase word (``maxPoolSize``), or
# any lower-case word in backticks (`acks`)
_IDENT = re.compile(r"(?<![\w/@:#.-])`?(?P<name>[A-Za-z][a-z0-9]*(?:[A-Z][a-z0-9]+)*"
                    r"(?:[._][a-z0-9]+(?:[A-Z][a-z0-9]+)*)+|[a-z][a-z0-9]+(?:[A-Z][a-z0-9]+)+)`?(?![\w/(-]|\.\w)"
                    r"|`(?P<tick>[a-z][a-z0-9_.-]{1,40})`"
                    r"|(?<![\w/@:#.-])(?P<hyphens>[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*){2,})(?![\w/(-]|\.\w)")
VERSION = r"v?\d+(?:\.\d+)+(?:\.x)?"
OLDER = re.compile(rf"(?:\b(?:prior\s+to|before|until|older\s+than|earlier\s+than|pre-)|<=?)\s*"
                   rf"(?:(?:the\s+)?(?:version|release)\s+|[A-Z][\w.-]*\s+)?(?P<v>{VERSION})\b", re.IGNORECASE)
# the same told after the version: "in version 1.6.x and earlier"
OLDER_AFTER = re.compile(rf"(?<![\w.])(?P<v>{VERSION})\s+(?:and|or)\s+(?:earlier|older|before|below)\b", re.IGNORECASE)
NEWER = re.compile(rf"(?:\b(?:since|as\s+of|starting\s+(?:with|from|in)|from|after)|>=?)\s*"
                   rf"(?:(?:the\s+)?(?:version|release)\s+|[A-Z][\w.-]*\s+)?(?P<v>{VERSION})\b", re.IGNORECASE)
_PAST = re.compile(r"\b(?:previously|formerly|in\s+(?:older|earlier|previous)\s+(?:versions|releases))\b", re.IGNORECASE)
_DOC_VERSION = re.compile(r"\b(\d+(?:\.\d+)+)")
_TITLE_VERSION = re.compile(r"\b[A-Z][\w-]*\s+v?(\d+\.\d+(?:\.\d+)?)(?![\w.])")
# a sentence that opens by naming the release it speaks of
RELEASE_LEAD = re.compile(r"\s*(?:In|For|With)\s+(?:[A-Z][\w.-]*\s+){1,3}(?P<v>v?\d+(?:\.(?:\d+|x))+)\s*,")

_UNIT_SUFFIX = re.compile(r"[._-](ms|msec|millis|seconds?|secs?|minutes?|mins|hours?|days?|bytes|kb|mb)$")


def identifiers(text: str) -> list[tuple[int, int, str]]:
    """Setting names in ``text``: (start, end, name). A file's name ("tmux.conf", an extension the
    loaders read, ``DOCUMENT_SUFFIXES``) is none."""
    out = []
    for m in _IDENT.finditer(text):
        name = m.group("name") or m.group("tick") or m.group("hyphens")
        if m.group("hyphens") and any(len(part) <= 3 and part in STOP for part in name.split("-")):
            continue  # "up-to-date", "out-of-the-box": English joined by hyphens, no setting's name
        if name and not re.fullmatch(r"[\d.]+", name) and max(len(p) for p in re.split(r"[._]", name)) > 2 \
                and "." + name.rstrip(".").rsplit(".", 1)[-1].lower() not in DOCUMENT_SUFFIXES:
            out.append((m.start(), m.end(), name.strip("`").rstrip(".").lower()))
    return out


# a command-line option ("--raw-output0"; "-e" is too short to tell from a dash), a mixed-case
# name ("LoginGraceTime", "QoS"), a lower-case word that may be no English one ("toboolean")
_ASKED = re.compile(r"(?<![\w.-])(?:(?P<option>--?[A-Za-z][\w-]*[A-Za-z0-9])|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+"
                    r"|(?P<lower>[a-z][a-z0-9]{3,}))(?![\w-]|\.\w)")


def asked_names(question: str, written_as_code: Callable[[str], bool] = lambda _w: False) -> list[str]:
    """The names a question writes as code, in its order, once each: a command-line option
    (``--raw-output0``), a setting's identifier (``identifiers``), a mixed-case name
    ("LoginGraceTime"), and a lower-case word the dictionary lacks (``common_words``) that the
    text asked writes as code (``written_as_code``: "toboolean", which the docs write
    `toboolean/0`). Lower case."""
    found = [(start, n) for start, _, n in identifiers(question)]
    for m in _ASKED.finditer(question):
        word = m.group(0)
        if m.group("option") and len(word.lstrip("-")) <= 2 or \
                m.group("lower") and (word in common_words() or not written_as_code(word)):
            continue
        found.append((m.start(), word))
    return list(dict.fromkeys(n.lower() for _, n in sorted(found)))


def name_pattern(name: str) -> re.Pattern[str]:
    """Where a text writes ``name`` (an ``asked_names`` name): as a whole word, any case; an option
    with its dashes ("--args", not "args" or "--jsonargs")."""
    return re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", re.IGNORECASE)


def naming(chunks: Iterable[Chunk], names: Sequence[str]) -> set[str]:
    """The ids of the ``chunks`` whose title or text writes one of ``names`` (``name_pattern``)."""
    patterns = [name_pattern(n) for n in names]
    return {c.id for c in chunks if any(p.search(f"{c.metadata.get('title') or ''}\n{c.text}") for p in patterns)}


def version_scope(sentence: str, skip: tuple[int, int] | None = None) -> dict[str, str]:
    """The versions a sentence scopes its values to (``skip``: the value's span, never read as
    a version): ``{"version": "<1.19.10"}``; a value the sentence puts in the past without naming
    a version ("Previously, the default was 100") holds for earlier releases: ``{"version":
    "<earlier"}``; a release the sentence opens with ("In Agent 3.x, ...") holds from it on."""
    for pattern, rel in ((OLDER, "<"), (OLDER_AFTER, "<="), (NEWER, ">=")):
        for m in pattern.finditer(sentence):
            if skip and skip[0] <= m.start("v") < skip[1]:
                continue
            return {"version": rel + m.group("v").lstrip("vV")}
    lead = RELEASE_LEAD.match(sentence)  # "In Hooklane Agent 3.x, the default is 30 seconds": from 3.x on
    if lead:
        return {"version": ">=" + lead.group("v").lstrip("vV")}
    past = _PAST.search(sentence)  # the values after the marker: "is now 256MB; previously it was 64MB"
    return {"version": "<earlier"} if past and (skip is None or skip[0] >= past.start()) else {}


def tells_the_past(sentence: str) -> bool:
    """The sentence puts a value in the past without a version: "(previously 3 hours)"."""
    return bool(_PAST.search(sentence))


def release(version: str) -> tuple[int, ...]:
    """A version's numbers, to compare releases: "1.19.10" -> (1, 19, 10)."""
    return tuple(int(x) for x in re.findall(r"\d+", version)[:4])


def doc_version(chunk: Chunk) -> str:
    """The release a document is about: its front matter's version, else the release its title names
    after a name ("Squid 2.4 Configuration Manual", "What changed in MySQL 8.0"); "" for none."""
    m = _DOC_VERSION.search(str(chunk.metadata.get("version") or "")) or \
        _TITLE_VERSION.search(str(chunk.metadata.get("title") or ""))
    return m.group(1) if m else ""


def setting_words(name: str) -> list[str]:
    """The words of a setting's name, its unit suffix aside: ``offsets.retention.minutes`` ->
    offsets, retention."""
    return [w for w in re.split(r"[._-]", _UNIT_SUFFIX.sub("", name)) if w]


@lru_cache(maxsize=8192)
def name_stems(name: str) -> frozenset[str]:
    """The stems of ``setting_words(name)``, computed once per name (every question and the
    audit compare them)."""
    return frozenset(stem_words(setting_words(name)))


def unit_from_name(name: str) -> str:
    """The unit a setting's name ends with (``session.timeout.ms`` -> ms), "" for none."""
    m = _UNIT_SUFFIX.search(name)
    return m.group(1) if m else ""


@lru_cache(maxsize=1)
def common_words() -> frozenset[str]:
    """The whole words of the packaged MiniLM's WordPiece vocabulary: English words ("allow",
    "port", "user"), which a setting's name shares with prose; a name written in lower case that
    is none ("maxpoll", "driftfile") is an identifier. Empty without the package."""
    from ..embeddings import packaged_minilm_path

    folder = packaged_minilm_path()
    vocab = Path(folder) / "vocab.txt" if folder else None
    if vocab is None or not vocab.is_file():
        return frozenset()
    return frozenset(w for w in vocab.read_text(encoding="utf-8").split() if w.isalpha())
