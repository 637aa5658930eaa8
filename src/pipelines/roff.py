"""Manual-page source (roff, the ``man`` macros) as the plain text a manual page renders to.

A page copied from a package's ``/usr/share/man`` keeps its markup: font changes (``\\fBweight\\fR``),
requests on lines of their own (``.TP``, ``.B interval``, ``.nf``), escaped characters (``\\-``).
Read as it is, a setting's name is glued to its markup and a tagged paragraph is no entry. ``to_text``
renders what ``man`` would show, in the layouts the reader knows (``src.claims.layout``): a
section title as a heading, a tagged paragraph (``.TP``/``.IP``) as its tag over its indented
body, unfilled text (``.nf``/``.EX``) as a fenced block.
"""

from __future__ import annotations

import re

# a request line: "." or "'" then the request's name, then its arguments
_REQUEST = re.compile(r"^[.'][ \t]*(?P<name>[A-Za-z]{1,3})\b[ \t]*(?P<args>.*)$")
# font changes: \fB, \fI, \fR, \fP, \f(CW, \f[B]
_FONT = re.compile(r"\\f(?:\[[^\]]*\]|\(..|.)")
# the escapes for characters a manual page writes (groff_char(7)); others are dropped
_CHARS = {"-": "-", "(em": "\u2014", "(en": "\u2013", "(aq": "'", "(dq": '"', "(lq": "\u201c", "(rq": "\u201d",
          "(bu": "\u2022", "(co": "\u00a9", "e": "\\", "(rs": "\\", " ": " ", "~": " ", "0": " ",
          "&": "", "|": "", "^": "", "/": "", ",": "", "%": "", ":": "", "c": ""}  # the last: zero width
_ESCAPE = re.compile(r"\\(\(..|\[[^\]]*\]|.)")
# the requests that make a paragraph, and those that set their arguments in a font
_BREAKS = {"PP", "LP", "P", "sp", "br", "HP", "ne", "in", "ti"}
_FONTS = {"B", "I", "SB", "SM", "BR", "BI", "IR", "IB", "RB", "RI"}
_MACROS = _BREAKS | _FONTS | {"TP", "IP", "SH", "SS", "nf", "fi", "RS", "RE", "TH", "EX", "EE"}
MIN_REQUESTS = 3  # request lines or font changes that mark a text as roff source
INDENT = "    "


def is_roff(text: str) -> bool:
    """Manual-page source: requests of the ``man`` macros on lines of their own, or font changes
    in the text, at least ``MIN_REQUESTS`` of them."""
    requests = sum(1 for ln in text.splitlines() if (m := _REQUEST.match(ln)) and m.group("name") in _MACROS)
    return requests + len(_FONT.findall(text)) >= MIN_REQUESTS


def _plain(text: str) -> str:
    """A text line without its font changes, its escaped characters rendered."""
    text = _FONT.sub("", text)
    return _ESCAPE.sub(lambda m: _CHARS.get(m.group(1), "" if len(m.group(1)) > 1 else m.group(1)), text)


def _arguments(args: str) -> list[str]:
    """A request's arguments, quoted ones kept whole."""
    return [a.strip('"') for a in re.findall(r'"[^"]*"|\S+', args)]


def to_text(text: str) -> str:
    """The rendered text of manual-page source (``is_roff``); lines of other text pass unchanged
    but for their font changes and escapes."""
    out: list[str] = []
    depth = 0  # .RS/.RE nesting: the body's indentation
    tag = False  # the next text line is a tagged paragraph's tag (.TP)
    body = False  # text lines are a tagged paragraph's body: indented under its tag
    fenced = False  # inside .nf/.fi or .EX/.EE: lines as they are
    for line in text.splitlines():
        if line.lstrip(".' \t").startswith('\\"'):  # a comment: .\" or \"
            continue
        m = _REQUEST.match(line)
        name, args = (m.group("name"), m.group("args")) if m else ("", "")
        if name in ("nf", "EX"):
            if not fenced:
                out.append("```")
            fenced = True
            continue
        if name in ("fi", "EE"):
            if fenced:
                out.append("```")
            fenced = False
            continue
        if fenced:
            out.append(_plain(line) if m is None else "")
            continue
        if name in ("SH", "SS"):
            out += ["", ("## " if name == "SH" else "### ") + _plain(" ".join(_arguments(args))), ""]
            tag = body = False
            depth = 0
        elif name == "TP":
            out.append("")
            tag, body = True, False
        elif name == "IP":
            out.append("")
            head = _arguments(args)
            if head and head[0] not in ("\\(bu", "-", "*"):
                out.append(INDENT * (depth + 1) + _plain(head[0]))
            tag, body = False, True
        elif name in _BREAKS:
            out.append("")
            tag = body = False
        elif name == "RS":
            depth += 1
        elif name == "RE":
            depth = max(depth - 1, 0)
        elif name in _FONTS or m is None:
            words = _arguments(args) if m else [line]
            joined = ("" if name in _FONTS - {"B", "I", "SB", "SM"} else " ").join(words)
            rendered = _plain(joined)
            if tag:  # the tag of a tagged paragraph, its body below it, deeper
                out.append(INDENT * (depth + 1) + rendered.strip())
                tag, body = False, True
            elif body:
                out.append(INDENT * (depth + 2) + rendered.strip())
            else:
                out.append(INDENT * depth + rendered if depth and rendered.strip() else rendered)
        # any other request (.TH, .ad, .hy, .so, ...) sets up the page: nothing to show
    if fenced:
        out.append("```")
    kept = [ln for k, ln in enumerate(out) if ln.strip() or k == 0 or out[k - 1].strip()]  # one blank line at most
    return "\n".join(kept).strip("\n")
