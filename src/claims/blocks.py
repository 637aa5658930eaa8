"""Configuration blocks and tables read into claims, and the default cue they share with sentences.

- **Config files.** ``key value;``, ``key = value`` and ``key: value`` lines of a code block
  that reads as configuration are configured values (not defaults), their comment above them
  describing the key; a directive left commented out shows its default, unless the comment
  states another (then it is an example); shell sessions and
  other code give nothing.
- **Tables.** A header row names the attribute of each column; the first column is the
  setting (when it is a setting name) or the scope of the row (``| Team | 14 days |`` under
  ``| Plan | Retention |`` is retention 14 days for plan team).
- **The default cue** (``cued``): which value of a sentence or comment "default" points at.

``BlockReader`` is the reader's (``src.claims.reader``) half for blocks: it makes its claims
with the reader's ``_claim``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from ..graph.mentions import Mention, find_mentions
from ..graph.values import configured_value, parse_value, resolve_unit
from ..pipelines.config_text import COMMENT, CONFIG, is_section, key_cased
from ..text import TOKEN
from .model import Attribute, Modality, ReadClaim
from .names import identifiers

_SECTION = re.compile(r"^\s*\[([A-Za-z][\w .:-]*)\]\s*$")  # "[mysqld]", "[DEFAULT]"; not "[...]"
_PLACEHOLDER = re.compile(r"<[A-Za-z][\w:. -]*>")  # a syntax line's "<INTEGER>", "<STRING>": no value
_SHELL = re.compile(r"^\s*(?:\$|#\s*[a-z]+\s+-|>>>|mysql>|[\w@.-]+[:~]+[$#])\s")
# "default", and a condition that leaves the setting unset ("If not specified, this attribute is set
# to 200", "If unspecified, 8000 is used"): what holds when nobody sets it
# "default" in a path or a name ("/etc/default/iperf3", "default-cache-ttl") is no cue
DEFAULT_CUE = re.compile(r"(?<![/\w-])default(?:s|ed)?\b(?![/-]\w)|\b(?:if|when)\s+(?:it\s+is\s+|this\s+\w+\s+is\s+)?"
                         r"(?:not\s+(?:specified|set|given|supplied)|unspecified|unset|omitted)\b", re.IGNORECASE)
# a bare "Default:" label: the line or block below it gives the default
BARE_DEFAULT = re.compile(r"^\s*[*_]*Defaults?(?:\s+value)?[*_]*\s*:\s*[*_]*\s*$", re.IGNORECASE)
CUE_REACH = 60  # characters between a default cue and its value: further on, the value is another's
_CUE_AHEAD = re.compile(r"\s*(?:(?:[`*]*[A-Za-z_][\w.]*[`*]*\s+){0,2}?(?:is|was)\s+|of\s+|to\s+|=\s*|:\s*)?[`*\"']*")


def cued(sentence: str, spans: list[tuple[int, int]], names: list[tuple[int, int, str]] = ()) -> int | None:
    """The index of the value a sentence's default cue points at: the value right after it
    ("default is 8 hours", "defaults to 5", "default 50s", "the default `max_pool` is 100"), else the nearest value before it
    ("acks=1 (default)", "100 is the default"), else the nearest after it, unless two setting
    names stand between them (the cue is another setting's: "default pool max.idle.time
    above wait_timeout (1h)"); None without a cue or values."""
    if not spans:
        return None
    best: tuple[int, int] | None = None
    for m in DEFAULT_CUE.finditer(sentence):
        ahead = _CUE_AHEAD.match(sentence, m.end()).end()
        at = next((i for i, (start, _) in enumerate(spans) if start == ahead), None)
        if at is not None:
            return at
        before = [(m.start() - end, i) for i, (_, end) in enumerate(spans) if end <= m.start()
                  and m.start() - end <= CUE_REACH]
        after = [(start - m.end() + 1000, i) for i, (start, _) in enumerate(spans) if start >= m.end()
                 and start - m.end() <= CUE_REACH and len({n for a, _, n in names if m.end() <= a < start}) < 2]
        near = min(before + after, default=None)
        if near is not None and (best is None or near < best):
            best = near
    return best[1] if best is not None else None


# the one-letter units of time configuration files write after a number (fail2ban, nginx, systemd)
_TIME_LETTERS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days", "w": "weeks"}
_SUFFIXED = re.compile(r"(\d+(?:\.\d+)?)([smhdw])")


def is_time_unit(word: str) -> bool:
    return (resolve_unit(word) or ("",))[0] == "duration"


def time_unit(comment: str) -> str:
    """The unit of time a directive's comment measures it in ("the number of seconds that a host
    is banned" -> "seconds"), "" when it names none: a bare number, or one with a one-letter
    suffix ("10m"), counts that unit's kind. A unit after an amount is a value the comment
    gives, not the directive's unit ("keep 4 weeks worth of backlogs" over "rotate 4")."""
    words = TOKEN.findall(comment.lower())
    return next((w for i, w in enumerate(words) if len(w) > 2 and w.isalpha() and is_time_unit(w)
                 and not (i and (n := parse_value(words[i - 1])) is not None and n.kind == "number")), "")


_MEASURED_IN = re.compile(r"\b(?:number of|in|as)\s+([a-z]+)\b")


def measured_in(description: str) -> str:
    """The unit an entry's description measures its setting in ("Number of minutes that can
    elapse before ...", "the timeout in seconds", "taken as milliseconds"), "" when it names
    none: a bare default under it ("The default is 15.") is an amount of that unit."""
    for m in _MEASURED_IN.finditer(description.lower()):
        if (resolve_unit(m.group(1)) or ("",))[0] in ("duration", "size"):
            return m.group(1)
    return ""


def time_suffixed(value: str) -> str:
    """A number with a configuration file's one-letter unit of time in words ("10m" -> "10
    minutes"); "" for any other value. Only for a directive known to hold a time: "10m" is also
    ten mebibytes in a size's line."""
    m = _SUFFIXED.fullmatch(value)
    return f"{m.group(1)} {_TIME_LETTERS[m.group(2)]}" if m else ""


def _uncommented(line: str) -> str:
    """A directive's line without its comment marker, its key as ``CONFIG`` reads keys
    ("#MaxAuthTries 6" -> "maxAuthTries 6")."""
    text = line.lstrip()[1:]
    return text[:1].lower() + text[1:]


def _commented_out(line: str) -> re.Match[str] | None:
    """The directive (``CONFIG``'s match) of a configuration file's line that leaves it commented
    out, its marker written against the key ("#port = 5432", "#MaxAuthTries 6",
    "#max_inflight_messages 20"): the sample files of PostgreSQL, OpenSSH and Mosquitto each say
    that such lines show the defaults; a comment's prose puts a space after its marker, and a
    directive's value is one or two words. None for any other line."""
    text = line.lstrip()
    if len(text) < 2 or text[0] not in "#;" or not (text[1].isalpha() or text[1] == "_"):
        return None
    m = CONFIG.match(_uncommented(line))
    return m if m is not None and len(m.group("value").split()) <= 2 else None


def _restates(stated: Mention, value: str) -> bool:
    """A directive's ``value``, read as the line reads it (``configured_value``: "256M" is 256 MiB),
    is the amount its comment states as the default ("10000" under "By default this limit is set
    to 10000 clients", "60s" under "default: 60 seconds")."""
    said = configured_value(value)
    return said is not None and said.lo is not None and said.lo == stated.norm.lo


class BlockReader:
    """Code blocks, configuration files and tables of one chunk, read into claims by the reader's
    ``_claim`` (``src.claims.reader``)."""

    title_setting: str | None  # the one setting the chunk's title names

    def _claim(self, name: str | None, words: str, value: str, span: tuple[int, int], sentence: str,
               modality: Modality, scope: dict[str, str], inferred: bool = False,
               configured: bool = False, unit: str = "") -> ReadClaim | None:
        raise NotImplementedError

    def config(self, lines: list[str], *, file: bool = False) -> Iterator[ReadClaim]:
        """A code block, or a configuration file's lines (``file``): config lines (``key value;``)
        when most of its lines read so; a code block with a shell prompt is a session."""
        body = [ln for ln in lines if ln.strip()]
        if not body or not file and any(_SHELL.match(ln) for ln in body):
            return
        sections = [ln for ln in body if is_section(ln)]  # [mysqld], http { ... }
        settings = [ln for ln in body if CONFIG.match(key_cased(ln)) and not COMMENT.match(ln)]
        comments = [ln for ln in body if COMMENT.match(ln)]
        if len(settings) + len(comments) + len(sections) < 0.8 * len(body):
            return
        note: list[str] = []
        rows = lines if file else body
        section: dict[str, str] = {}  # a file's "[sshd]": what its directives are set for
        for i, ln in enumerate(rows):
            if not ln.strip():  # a file's blank line ends the comment: it describes what it stands over
                note = []
                continue
            head = _SECTION.match(ln)
            if head:  # "[DEFAULT]" holds the file's defaults, any other section its own values
                section = {} if DEFAULT_CUE.search(head.group(1)) else {"section": head.group(1).lower()}
                note = []
                continue
            cm = COMMENT.match(ln)
            # a directive commented out (a file's or a block's), read once; other comments describe the one below
            shown = (_commented_out(ln) or file and self._commented_default(rows, i, note) or None) if cm else None
            if cm and not shown:
                note.append(cm.group("text"))
                continue
            m = shown or CONFIG.match(key_cased(ln))
            if m:
                key, value = m.group("key").lower(), m.group("value").strip()
                said = " ".join([*note, m.group("note") or m.group("hash") or ""]).strip()
                # a bare "Default:" label over the line: the line is the default, the comment states none
                stated = None if note and BARE_DEFAULT.match(note[-1]) else self._stated_default(said)
                if stated is not None:  # "# retries (default: 3)" above "max_retries: 5": 3 is the default
                    c = self._claim(key, "", stated.text, (stated.start, stated.end), said, Modality.DEFAULT, {})
                    if c is not None:
                        yield replace(c, attribute=Attribute(key, True, said))
                # a line left commented out shows the default, unless the comment states another one: it is
                # then an example (";pm.max_requests = 500" below "Default Value: 0")
                example = stated is not None and not _restates(stated, value)
                modality = Modality.DEFAULT if cm and not example or stated is None and DEFAULT_CUE.search(said) \
                    else Modality.CONFIGURED
                c = self._claim(key, "", value, (m.start("value"), m.end("value")), ln.strip(), modality, section,
                                configured=True, unit=time_unit(said))
                if c is not None and len(value.split()) <= 3 and not _PLACEHOLDER.search(value):
                    shipped = {**c.extra, "shipped": "yes"} if file and not section else c.extra
                    yield replace(c, attribute=Attribute(key, True, said), extra=shipped)  # its comment describes it
            note = []

    @staticmethod
    def _commented_default(rows: list[str], i: int, note: list[str]) -> re.Match[str] | None:
        """The directive (``CONFIG``'s match) of ``rows[i]`` when it is left commented out at its
        default, alone above a blank or a
        set line: "# maxclients 10000" below an empty "#" line, ending a comment that speaks of the
        default ("By default this limit is set to 10000 clients"); or "# StartAgents=3" and
        "# cache_mem 256 MB" below a bare "# Default:" label, ending the comment that names the
        directive ("### Option: StartAgents", "#  TAG: cache_mem"), as Zabbix's and Squid's shipped
        files write every default; None for any other line."""
        cm = COMMENT.match(rows[i])
        m = CONFIG.match(key_cased(cm.group("text"))) if cm else None
        if m is None or len(m.group("value").split()) > 2 or not DEFAULT_CUE.search(" ".join(note)):
            return None
        above = COMMENT.match(rows[i - 1]) if i else None
        below = rows[i + 1].strip() if i + 1 < len(rows) else ""
        if above is None or below.startswith(("#", ";")):
            return None
        if not above.group("text").strip():  # the key as the file writes it: prose starts upper-case
            return None if cm.group("text")[:1].isupper() else m
        key = re.escape(m.group("key"))  # under a bare label: a directive the comment names, not a sentence
        named = BARE_DEFAULT.match(above.group("text")) and not m.group("value").endswith(".") \
            and re.search(rf"(?<![\w.-]){key}(?![\w-])", " ".join(note[:-1]), re.IGNORECASE)
        return m if named else None

    @staticmethod
    def _stated_default(comment: str) -> Mention | None:
        """The value a config line's comment states as the default ("default: 3", "default is
        151"), None when it states none (a bare "# default" makes the line itself the default)."""
        if not DEFAULT_CUE.search(comment):
            return None
        mentions = [m for m in find_mentions(comment) if m.norm.kind not in ("time", "date", "version")]
        at = cued(comment, [(m.start, m.end) for m in mentions])
        return mentions[at] if at is not None else None

    def table(self, lines: list[str]) -> Iterator[ReadClaim]:
        rows = [[c.strip().strip("`*") for c in ln.strip().strip("|").split("|")] for ln in lines]
        rows = [r for r in rows if not all(re.fullmatch(r":?-{2,}:?", c) or not c for c in r)]
        if len(rows) < 2 or len(rows[0]) < 2:
            return  # no header: nothing says what the cells are
        header = [h.lower() for h in rows[0]]
        by_version = all(re.fullmatch(r"v?\d+(?:\.\d+)+(?:\.x)?", r[0]) for r in rows[1:])
        previous: list[str] | None = None
        for row in rows[1:]:
            if len(row) != len(header):
                continue
            if by_version:  # a value per version: each change opens a range ("from 3.0 on")
                if previous is not None and row[1:] == previous:
                    continue
                previous = row[1:]
            label = row[0]
            named = identifiers(f"`{label}`") if re.fullmatch(r"[a-z][\w.]*", label) else []
            for col in range(1, len(row)):
                cell = row[col]
                default = bool(DEFAULT_CUE.search(header[col]))
                if named:
                    if not (default or "value" in header[col]):
                        continue
                    name, words, scope = named[0][2], "", {}
                elif (default or "value" in header[col]) and self.title_setting:
                    name, words, scope = self.title_setting, "", {header[0] or "row": label.lower()}
                else:
                    name, words, scope = None, header[col], {header[0] or "row": label.lower()}
                if by_version:
                    scope = {"version": ">=" + label.lstrip("vV")}
                mentions = find_mentions(cell)
                value, span = (mentions[0].text, (mentions[0].start, mentions[0].end)) if mentions else (cell, (0, len(cell)))
                if not mentions and (not name or len(cell.split()) > 3):
                    continue
                c = self._claim(name, words, value, span, " | ".join(row), Modality.DEFAULT if default else
                                Modality.STATED, scope)
                if c is not None:
                    yield c
