"""The layout of a chunk's lines that opens a setting's entry: a line holding one setting name
alone (``batch.size``, a generated manual page's ``udp-max-payload`` over its description, a
heading ``## `keepalive_timeout```), and a definition list laid out by indentation (a manual
page's "     AllowTcpForwarding" over its deeper-indented body, "maxpoll poll",
"Port    Specifies ..."), whose wrapped body lines are joined into one line for reading.
``entry_names``: the mixed-case names a corpus's definition lists open entries with, and the
keys of its configuration files (``CONFIG`` lines, ``COMMENT`` lines)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..graph.text import STOP
from ..pipelines.config_text import COMMENT, CONFIG
from ..types import CONFIG_FORMAT, Chunk
from .names import common_words

_HEAD = re.compile(r"^\s*(?:#{1,6}\s+)?[*_`]*(?P<name>[a-z][A-Za-z0-9_.-]{1,60}?)[*_`]*\s*:?\s*$")  # "#name": a tag
DEFINITION = re.compile(r"^\s*:\s+(?P<body>\S.*)$")  # a definition list's body under its term (": Default: On.")


def entry_head(line: str) -> str | None:
    """The setting an entry line opens: a line holding one setting name alone, or a heading
    holding one with its arguments (``headed_name``)."""
    m = _HEAD.match(line)
    if not m:
        return headed_name(line)
    name = m.group("name").rstrip(".")
    dotted = "." in name or "_" in name
    if not dotted and name != name.lower() and "`" not in line:
        return None  # "ePrescribing" alone on its line: a section's title, not a setting
    opens = dotted or line.strip().startswith(("#", "`")) or line.strip() == name
    return name.lower() if opens else None  # as ``identifiers`` names it


# a Markdown heading naming a setting with its arguments, as a reference page renders its entries:
# "## `edns-buffer-size: <number>`", "### `status-justify [left | centre | right]`",
# "## TAG: cache_mem (bytes)", "### `history-limit lines`"; a label before the name ("TAG:") is
# one capitalised or upper-case word
_HEADED = re.compile(r"^\s*#{1,6}\s+(?:[A-Z][A-Za-z]{1,11}:\s+)?(?P<tick>`?)(?P<name>[A-Za-z][\w.-]*[A-Za-z0-9_])"
                     r"(?P<args>[^`]*)`?\s*$")
# what may follow the name: placeholders in brackets, alternatives, "=value", or up to two plain words
_ARG = re.compile(r"<[^<>]*>|\[[^\[\]]*\]|\([^()]*\)|\{[^{}]*\}|=\S*|[a-z][a-z-]*|[|:,]")


def headed_name(line: str) -> str | None:
    """The setting a heading names with its arguments (``_HEADED``). The name has a setting's
    shape (``cache_mem``, ``edns-buffer-size``, ``maxPoolSize``) or is written as code; what follows
    it is placeholders, alternatives in brackets, or at most two plain words ("`history-limit
    lines`"), never prose ("## Server options", "## `git commit --amend`")."""
    m = _HEADED.match(line)
    if not m:
        return None
    name, args = m.group("name"), m.group("args").strip()
    if name.lstrip("vV").replace(".", "").isdigit():
        return None  # a release's heading ("## v1.5.4 (Feb 2023)"), no setting
    camel = any(a.islower() and b.isupper() for a, b in zip(name, name[1:]))
    shaped = any(ch in "._-" for ch in name.strip(".-")) and name == name.lower() or camel
    if not (shaped or m.group("tick") and name == name.lower()):
        return None
    pieces = _ARG.findall(args)
    if "".join(pieces).replace(" ", "") != args.replace(" ", ""):
        return None  # something that is no argument: prose, an option, a path
    plain = [p for p in pieces if p[0].isalpha() and p.islower()]  # words, not placeholders or marks
    if len(plain) > 2 or plain and not m.group("tick"):
        return None
    return name.rstrip(".").lower()


# a definition list laid out by indentation (manual pages, plain-text references): a name,
# perhaps with its arguments ("maxdelay delay", "acl_file file path"), over a deeper-indented body
# perhaps a command-line option ("-c, --conn-limit=<num>", "--links, -l"), named by its long form
_HANGING = re.compile(r"^(?P<ind> *)(?:-[A-Za-z0-9], +)?-{0,2}(?P<name>[A-Za-z][\w.-]*[A-Za-z0-9])"
                      r"(?P<args>(?:(?:,? +|=)[\w<>\[\]|.=-]+){0,6}) *$")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def hanging_head(lines: list[str], i: int) -> str | None:
    """The setting a hanging head at ``lines[i]`` names: an identifier ("AllowTcpForwarding",
    "acl_file"), an indented word ("Port"), or a lower-case word with one or two arguments
    ("maxpoll poll", "cleansession [ true | false ]"), over deeper-indented text."""
    m = _HANGING.match(lines[i])
    if not m:
        return None
    j = i + 1
    while j < len(lines) and not lines[j].strip():
        j += 1
    if j == len(lines) or _indent(lines[j]) < _indent(lines[i]) + 2:
        return None
    name, args = m.group("name"), [a for a in m.group("args").split() if a not in ("[", "]", "|")]
    if re.search(r"[._-]|[a-z][A-Z]", name):
        return name.lower()
    if name.lower() in STOP or len(args) > 2:
        return None
    indented = bool(m.group("ind")) or i == 0  # a chunk's first line lost its indentation
    return name.lower() if (not args and indented) or (args and name.islower()) else None


# a short head sharing its line with the body's first line ("     Port    Specifies the port ...")
_INLINE_HEAD = re.compile(r"^(?P<ind> +)(?P<name>[A-Za-z][\w.-]*[A-Za-z0-9])(?P<gap> {2,})[A-Z][a-z]+ \w")


def unwrap(lines: list[str]) -> list[str]:
    """The lines with each paragraph under a hanging head joined into one line: a manual page
    wraps its sentences, and a sentence is read within one line. A head sharing its line with
    the body is put on a line of its own; tabs are read as the spaces they stand for."""
    split: list[str] = []
    for line in (ln.expandtabs() for ln in lines):
        m = _INLINE_HEAD.match(line)
        if m and len(m.group("name")) + len(m.group("gap")) >= 6 and m.group("name").lower() not in STOP:
            split += [line[:m.end("name")], " " * (m.end("gap")) + line[m.end("gap"):]]
        else:
            split.append(line)
    lines = split
    out: list[str] = []
    i = 0
    while i < len(lines):
        out.append(lines[i])
        if hanging_head(lines, i) is None:
            i += 1
            continue
        depth, i, joinable = _indent(lines[i]), i + 1, False
        while i < len(lines) and (not lines[i].strip() or _indent(lines[i]) > depth) and hanging_head(lines, i) is None:
            if lines[i].strip() and joinable:
                out[-1] = f"{out[-1].rstrip()} {lines[i].strip()}"
            else:
                out.append(lines[i])
            joinable = bool(lines[i].strip())
            i += 1
    return out


_QUOTED = re.compile(r"[\"`“]([a-z]+(?: [a-z]+){1,2})[\"`”]")


def _config_name(key: str) -> bool:
    """A configuration file's key that names its setting in prose: hyphenated ("tcp-keepalive")
    or no English word ("maxclients"; not "timeout", "port", which prose uses for themselves)."""
    parts = key.split("-")
    return all(p.isalpha() and p.islower() for p in parts) and (len(parts) > 1 or key not in common_words())


def entry_names(chunks: Iterable[Chunk]) -> re.Pattern[str] | None:
    """The names the chunks' definition lists open entries with that are mixed-case ("LoginGraceTime",
    "UsePAM") or no plain English word ("maxpoll"), or of two or three words the corpus writes in
    quotes ("max connections"), and the keys of their configuration files that are no plain English
    word ("tcp-keepalive", "maxclients"), as one pattern: prose writing one ("LoginGraceTime defaults
    to 60 seconds", "the default maxpoll is 17") names that setting, though such a word is no
    identifier by its shape alone. None if there are none."""
    found: set[str] = set()
    phrases: set[str] = set()  # heads of two or three lower-case words ("max connections")
    quoted: set[str] = set()  # what the chunks write in quotes ("the \"lock file\" parameter")
    for chunk in chunks:
        quoted |= {q.lower() for q in _QUOTED.findall(chunk.text)}
        if chunk.metadata.get("format") == CONFIG_FORMAT:
            found |= {key for line in chunk.text.splitlines()  # a directive, or one commented out
                      if (m := CONFIG.match(c.group("text") if (c := COMMENT.match(line)) else line))
                      and _config_name(key := m.group("key"))}
            continue
        lines = unwrap(chunk.text.splitlines())
        for i, line in enumerate(lines):
            m = _HANGING.match(line)
            name = m.group("name") if m else ""
            if (sum(ch.isupper() for ch in name) >= 2 and not name.isupper() or _config_name(name)) \
                    and hanging_head(lines, i):
                found.add(name)
            elif m and 1 <= len(words := m.group("args").split()) <= 2 and all(w.isalpha() and w.islower() for w in words) \
                    and name.isalpha() and name.islower() and hanging_head(lines, i):
                phrases.add(" ".join([name, *words]))
    found |= phrases & quoted  # rsyncd.conf(5): "max connections" opens an entry; its text quotes "lock file"
    if not found:
        return None
    return re.compile(r"(?<![\w.-])(?:" + "|".join(map(re.escape, sorted(found, key=len, reverse=True))) + r")(?![\w-])")
