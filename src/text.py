"""The text toolkit every stage shares: sentences, words and stems of English text.

Pure functions over strings. A Snowball stemmer (PyStemmer) keeps scratch state, so it is never
shared: ``make_stemmer`` builds one for each user (about 2 microseconds), and ``stem_words``
builds its own for each call, so text code needs no lock whichever thread runs it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

STEMMER_LANGUAGE = "english"

_SENT = re.compile(r"(?<=[.!?])\s+(?=[A-Z`\"'“(\[*_])")
# Periods that end an abbreviation, not a sentence: Latin ones, an initial ("J. R. R. Tolkien"),
# titles and name parts ("Dr.", "St. Paul", "Jr."), month and number abbreviations ("3 Nov. 1913").
_ABBREVIATION = re.compile(r"\b(?:e\.g|i\.e|etc|vs|approx|[A-Z]|Mr|Mrs|Ms|Dr|Prof|St|Mt|Ft|Jr|Sr|Rev|Hon|Gen|Col|"
                           r"Capt|Lt|Sgt|Gov|Sen|Rep|Fr|No|Nos|Vol|Jan|Feb|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.")
# An inline numbered step after a sentence or a label ("... in the dashboard. 2) Checked the sync
# logs", "Resolution: 1) Upgraded ..."): each step a statement of its own, its marker dropped. Items
# that start in lower case are parts of one sentence ("assays: 1) the classic wound healing assay, 2) ...").
_STEP = re.compile(r"(?:(?<=[.!?:;])|^)\s*\(?\d{1,2}\)\s+(?=[A-Z])")
# Where a chunker may cut a long paragraph: after any sentence-ending mark, abbreviations or not.
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+")
# A word: a letter, then letters and digits, hyphenated or with an apostrophe ("opt-in", "don't").
WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-'’][A-Za-z0-9]+)*")
# A token: a run of lower-case letters and digits (match it against lower-cased text).
TOKEN = re.compile(r"[a-z0-9]+")


def split_sentences(text: str) -> list[str]:
    """Sentences of a paragraph (abbreviations like 'e.g.', 'Dr.' or 'St.' are kept whole)."""
    protected = _ABBREVIATION.sub(lambda m: m.group(0).replace(".", "\x00"), text)
    return [s.replace("\x00", ".").strip() for step in _STEP.split(protected) for s in _SENT.split(step) if s.strip()]


def sentence_pieces(text: str) -> list[str]:
    """``text`` cut after every '.', '!', '?' or '…' followed by a space (a chunker's cut points;
    cruder than ``split_sentences``, and chunk boundaries depend on it)."""
    return [s for s in _SENTENCE_END.split(text) if s]


def words(text: str) -> list[str]:
    """The words of ``text`` as written (``WORD``)."""
    return WORD.findall(text)


def tokens(text: str) -> set[str]:
    """The lower-case letter-and-digit runs of ``text``."""
    return set(TOKEN.findall(text.lower()))


def make_stemmer() -> Any:
    """A new English Snowball stemmer (PyStemmer), for one user at a time: BM25 indexing and
    query tokenising take one each."""
    import Stemmer

    return Stemmer.Stemmer(STEMMER_LANGUAGE)


def stem_words(parts: Iterable[str]) -> list[str]:
    """The stems of ``parts``, with a stemmer of this call's own."""
    return make_stemmer().stemWords(list(parts))


def stems(text: str) -> set[str]:
    """The stems of the tokens of ``text``."""
    return set(stem_words(tokens(text)))


_WRAP_WIDTH = 40  # a shorter line ends its paragraph's line on purpose (a list, a config file)


def soft_wraps(lines: list[str]) -> list[str]:
    """The lines with a hard-wrapped sentence joined again: a line of at least ``_WRAP_WIDTH``
    characters that ends without a sentence's end, followed by one that goes on in lower case
    ("...IEEE754 double-precision (64-bit) floating" / "point number support."), is one line; so
    is a quoted paragraph's ("> ... keep the auto-lock" / "> setting they had.").
    A heading, table row, list item or label ("Reply:") opens with no lower-case letter, and code
    is indented past its paragraph: each keeps a line of its own, as does whatever follows a
    heading or a table row."""
    out: list[str] = []
    for line in lines:
        prev = out[-1].rstrip() if out else ""
        nxt = line.strip()
        if prev.lstrip().startswith(">") and nxt.startswith(">"):
            nxt = nxt.lstrip("> ")  # a quoted paragraph's next line ("> **Note:** ... keep the" / "> setting")
        if (len(prev.strip()) >= _WRAP_WIDTH and prev[-1] not in ".!?:;" and nxt and nxt[0].islower()
                and not prev.lstrip().startswith(("#", "|")) and _indent(line) < _indent(prev) + 4):
            out[-1] = f"{prev} {nxt}"
        else:
            out.append(line)
    return out


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())
