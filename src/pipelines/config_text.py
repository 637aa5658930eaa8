"""Configuration-file text: its directive and comment lines, and whether a document is one.

A shipped configuration file is often published as a Markdown or text page (a docs page that
prints ``jail.conf``'s ``[DEFAULT]`` section, a cut of the sample ``nginx.conf``). Read as
Markdown, its ``#`` comments become headings and each line its own block, so a directive loses
the comment above it that says what it is; ``reads_as_config`` lets the loader give such a page
the configuration format (``src.pipelines.loaders``), read as the file it is.
"""

from __future__ import annotations

import re

# a config line, "key value" / "key = value" / "key: value" (its comment after it: "; default is 151"),
# and a comment line; words before a colon are a label, no key and value ("Empty trash after: 30 days",
# an app's settings screen pasted in a thread, is no key "empty" set to "trash after: 30 days")
CONFIG = re.compile(r"^\s*(?P<key>[a-z_][\w.-]*)\s*(?:=|:|\s(?![^=#:]*:(?:\s|$)))\s*(?P<value>[^\s;#{}=][^;#{}]*?)\s*"
                    r"(?:;\s*(?:#\s*)?(?P<note>.*?)|#\s*(?P<hash>.*?))?\s*$")
COMMENT = re.compile(r"^\s*(?:#|//|;)\s?(?P<text>.*)$")

CONFIG_SHARE = 0.85  # of a document's lines that must be directives, comments or sections
MIN_DIRECTIVES = 2  # directives, set or left commented out ("# verbosity: 1")
MAX_VALUE_WORDS = 3  # a directive's value is a word or a few; a wrapped line of prose runs longer


def is_section(line: str) -> bool:
    """``[mysqld]``, ``http {``, ``}``: a line that opens or closes a section."""
    s = line.strip()
    return s.startswith("[") and s.endswith("]") or s.endswith("{") or s == "}"


def key_cased(line: str) -> str:
    """A directive's line, without its indentation, with its key as ``CONFIG`` reads keys: the
    capitalised directives of OpenSSH, Apache, Tor or ClamAV ("Port 8888", "MaxAuthTries 6",
    "Timeout=3") start lower-case. A capitalised word before a colon is a label ("Title: ...",
    "Reply: Yes."), no directive: that line keeps its case."""
    text = line.lstrip()
    lowered = text[:1].lower() + text[1:]
    key = CONFIG.match(lowered)
    return text if key is None or text[key.end("key"):].lstrip().startswith(":") else lowered


def _directive(line: str) -> bool:
    m = CONFIG.match(key_cased(line))
    return m is not None and len(m.group("value").split()) <= MAX_VALUE_WORDS


def reads_as_config(text: str) -> bool:
    """The text is a configuration file: at least ``MIN_DIRECTIVES`` directives (set, or left
    commented out as sample files leave them), and directives, comments and section lines make
    ``CONFIG_SHARE`` of its lines (an excerpt's "[...]" reads as a section line). Over the 374
    documents of the development pool (realkb, the support sets, four real-text sets, the four
    answer corpora, samples/ and data/) this picks the nine that print a shipped or sample
    configuration file (0.9 to 1.0 of their lines); the next most config-like, a blog quoting a
    jail among its prose, has 0.6. Reading capitalised directives as their keys (``key_cased``)
    adds, over the 2,067 documents of the 47-set pool with those corpora, twelve more shipped
    files (sudoers, torrc, apache2.conf, tinyproxy.conf, ...) and no other document."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    directives = shaped = 0
    for ln in lines:
        comment = COMMENT.match(ln)
        if comment or is_section(ln):
            shaped += 1
            directives += bool(comment and _directive(comment.group("text")))
        elif _directive(ln):
            directives += 1
    return directives >= MIN_DIRECTIVES and directives + shaped >= CONFIG_SHARE * len(lines)
