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
from ..pipelines.chunking import ANSWER, QUESTION, TITLE
from ..pipelines.config_text import COMMENT, CONFIG
from ..text import split_sentences
from ..types import CONFIG_FORMAT, Chunk
from .blocks import DEFAULT_CUE
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


# the asker's own story: what they did, saw and run ("we see retries 8 seconds apart", "my TV")
FIRST_PERSON = re.compile(r"(?i:\b(?:i|we|my|our|me|mine|ours)\b)|\bus\b")
# a turn of a transcript: its speaker's label, a word or three with an aside, then ": "
# ("Customer (Business plan, US region): ...", "Agent (Tier 1, Priya): ...", "Tier 2 reply: ...")
_TURN = re.compile(r"^\s*(?P<who>[A-Z][\w-]*(?: [\w-]+){0,2})\s*(?:\([^()\n]*\))?:\s")


def is_reply(chunk: Chunk) -> bool:
    """A thread's chunk of one reply: every chunk of a thread but its ``qa`` one (the question with
    its best answer, ``src.pipelines.chunking.chunk_thread``)."""
    return chunk.kind == "thread" and not chunk.id.rpartition("#")[2].startswith("qa")


def without_asker(chunk: Chunk) -> str:
    """The text of a thread's chunk without the asker's own story, line for line, where others
    answer it. The asker's words are the question a thread's chunk carries (``Question: ...``, up
    to its ``Answer: ...``) and, where that question is a transcript (a ticket), every turn of
    whoever speaks first. Of those, a sentence in the first person ("we see retries 8 seconds
    apart", "our endpoint was down for 6 hours") tells what the asker saw or runs, not what holds,
    and goes, unless it says what the default is ("I thought links expire after 14 days by
    default"): a belief an answer may correct. What the asker states of the product ("31-40 days
    of version history on the Basic plan") stays. A question nobody answers is the record's only
    statement and is kept whole, as are the chunks of documents. The thread's title goes too once
    anyone answers: the asker's headline of what they saw or ask ("Daemon quits after a 7-day clock
    jump", "Upload of 700 MB rejected"); one of the 2,801 labelled side quotes of the development
    pool's 62 sets lies in a title."""
    if chunk.kind != "thread":
        return chunk.text
    lines = chunk.text.splitlines()
    answered = is_reply(chunk) or any(ln.startswith(ANSWER) for ln in lines)
    asking = transcript = False
    first = speaker = None
    asked: list[int] = []
    for i, line in enumerate(lines):
        if line.startswith(QUESTION):
            asking, body = True, line[len(QUESTION):]
            transcript = bool(_TURN.match(body))
        elif line.startswith(ANSWER):
            asking = False
        else:
            body = line
        if not asking:
            continue
        turn = _TURN.match(body) if transcript else None
        if turn:
            speaker = turn.group("who")
            first = first or speaker
        if speaker == first:
            asked.append(i)
        else:
            answered = True  # another speaker of the transcript answers
    if not answered:
        return chunk.text
    for i, line in enumerate(lines):
        if line.startswith(TITLE):
            lines[i] = ""
    for i in asked:  # what the asker says of their own setup goes; what they say the default is stays
        lines[i] = " ".join(s for s in split_sentences(lines[i]) if DEFAULT_CUE.search(s) or not FIRST_PERSON.search(s))
    return "\n".join(lines)


QUESTION_CHARS = 300  # of a thread's question read as the context its answer replies to


def thread_answer(chunk: Chunk) -> tuple[str, str] | None:
    """A thread chunk's question (its title and question post) and the text of its answer; None
    for other chunks and for a question nobody answers in the chunk."""
    if chunk.kind != "thread":
        return None
    title = question = answer = ""
    for line in chunk.text.splitlines():
        if line.startswith(TITLE):
            title = line[len(TITLE):]
        elif line.startswith(QUESTION):
            question = line[len(QUESTION):]
        elif line.startswith(ANSWER) and not answer:
            answer = line[len(ANSWER):]
    if not answer or not (title or question):
        return None
    return f"{title}. {question}".strip(". ")[:QUESTION_CHARS], answer
