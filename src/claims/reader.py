"""The reader: one chunk in, typed claims out, by the structures technical text uses.

- **Setting entries.** A line that holds one setting name alone (``batch.size``, a heading
  ``## `keepalive_timeout```), or a manual page's hanging head over its indented body, opens an
  entry (``src.claims.layout``); its ``Default: X`` line gives the setting's default, whatever
  the value's type ("all", "75s", "16384"), and its prose describes it. A heading of a few
  words whose section gives a ``Default:`` line ("## Auto power-off when idle") opens an entry
  named by its words, as a definition list's term does.
- **Sentences.** Each value mention (``src.graph.mentions``) is the value of the setting named
  nearest to it: an ``ident=value`` pair, a setting named in the sentence, the open entry, then
  the setting the chunk spoke of last. A sentence that names no setting and opens no entry
  gives its value to the words around it (an attribute that is no identifier).
- **Config files and tables** (``src.claims.blocks``, the reader's other half): ``key value;``
  lines of a block that reads as configuration are configured values, their comment above
  describing the key; a table's header row names the attribute of each column.
- **Scope.** A version named with a relation ("prior to 1.19.10", "Kafka < v3.0", "since 4.0")
  scopes the sentence's values to the versions it names; the document's own version (front
  matter) is kept beside the claim.
- **Modality.** A sentence saying "default" states the default; a config line configures. An
  on/off state it states as the default ("inotify is off by default", ``src.claims.phrases.stated_state``)
  is a value of the setting named before it, as a number would be.

Nothing here names a product or a setting: the names come from the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from ..graph.mentions import CHANGE_VERB, CODE_BEFORE, find_mentions
from ..graph.scope import version_spans
from ..graph.text import STOP
from ..graph.values import configured_value, parse_value
from ..pipelines.chunking import HEADING
from ..pipelines.config_text import CONFIG
from ..text import split_sentences, stems
from ..types import CONFIG_FORMAT, Chunk
from .blocks import BARE_DEFAULT, DEFAULT_CUE, BlockReader, cued, is_time_unit, measured_in, time_suffixed
from .layout import DEFINITION, entry_head, hanging_head, unwrap, without_asker
from .line_shapes import _LABEL, _closing_fence, _defined_term, _titled_entry, opens_fence
from .model import Attribute, Modality, ReadClaim
from .names import (
    NEWER,
    OLDER,
    OLDER_AFTER,
    RELEASE_LEAD,
    VERSION,
    doc_version,
    identifiers,
    name_pattern,
    name_stems,
    unit_from_name,
    version_scope,
)
from .phrases import stated_state

_KV = re.compile(r"(?<![\w.])(?P<key>[A-Za-z_][\w.]*[A-Za-z0-9_])\s*=\s*(?P<value>[^\s,;()]+)")
# "the default changed from 0 to 5 in 4.0", "was increased from 100 to 1000 in 1.19.10", "it went from
# 20ms to only 2ms": a change
_CHANGE = re.compile(CHANGE_VERB + r"[^.;]{0,40}?\bfrom\s+(?P<a>[\w.]+(?:\s?[A-Za-z]+)?)\s+to\s+(?:(?:only|just)\s+)?"
                     r"(?P<b>[\w.]+(?:\s?[A-Za-z]+)?)", re.IGNORECASE)
_WORD_VALUE = re.compile(r"^[`*\"'“‘]*(?P<w>[A-Za-z/][\w.+/-]{0,30})[`*\"'”’]*(?:\s*[.,;()]|\s*$)")
_TABLE = re.compile(r"^\s*\|")
_ITEM = re.compile(r"^\s*(?:[-*\u2022]|\d{1,2}[.)])\s+\S")  # a list item
MAX_SENTENCE = 400  # characters; longer "sentences" are lists or code run together


class _Reader(BlockReader):
    def __init__(self, chunk: Chunk, settings_only: bool = False, known: re.Pattern[str] | None = None) -> None:
        self.chunk = chunk
        self.known = known  # the corpus's names that no shape marks as settings (``entry_names``)
        # the document's own file name ("mosquitto.conf" in mosquitto.conf.5.txt) names no setting
        self.file_name = chunk.id.split("#")[0].rsplit("/", 1)[-1].lower()
        self.settings_only = settings_only  # values of no setting are not looked for
        self.doc_version = doc_version(chunk)
        self.entry: str | None = None  # the setting entry open
        self.entry_text: list[str] = []
        self.last: str | None = None  # the setting the chunk spoke of last
        self.spoke = False  # ... in the sentence just read, of the paragraph being read
        self.follows = False  # the sentence being read follows one that spoke of ``last``
        self.valued = False  # a sentence of the paragraph gave ``last`` a value, and none named another since
        title = str(chunk.metadata.get("title") or "")
        names = {n for _, _, n in identifiers(title)}
        self.title_setting = next(iter(names)) if len(names) == 1 else None
        self.section_version = ""  # the version the heading above names ("## 3.2.0", "### Changes in 5.1")
        # the settings the chunk and its title name, of two words or more: a sentence may name one
        # by its words ("the offsets retention default" for ``offsets.retention.minutes``)
        self.named = sorted({n for _, _, n in identifiers(f"{title}\n{chunk.text}") if len(name_stems(n)) > 1})

    def _names_file(self, name: str) -> bool:
        """``name`` is the document's own file ("mosquitto.conf" in mosquitto.conf.5.txt); a page
        named after its setting (keepalive_timeout.md, acks_tuning.md) keeps it."""
        return self.file_name.startswith(name + ".") and "." in self.file_name[len(name) + 1:]

    # -- values --------------------------------------------------------------------------
    def _claim(self, name: str | None, words: str, value: str, span: tuple[int, int], sentence: str,
               modality: Modality, scope: dict[str, str], inferred: bool = False,
               configured: bool = False, unit: str = "") -> ReadClaim | None:
        """``inferred``: the sentence does not name the setting; the chunk's context gave it.
        ``configured``: a configuration line's value ("256M" is a size there); ``unit``: the unit
        of time its comment measures it in (``time_unit``), else the one its name ends with, else,
        for a default stated under the setting's entry, the one its description measures it in
        (``measured_in``: "Number of minutes ..." over "The default is 15.")."""
        value = value.strip().strip("`*\"'").rstrip(".,;:").strip("`*\"'")
        if not value or name and (name in STOP or self._names_file(name)):
            return None  # "and", "mosquitto.conf" in mosquitto.conf.5.txt: no setting
        if value.isdigit() and CODE_BEFORE.search(sentence[:span[0]]):
            return None  # "will not retry on errors (like HTTP 404)": a code, no value of the setting
        unit = unit or (unit_from_name(name) if name else "") or \
            (measured_in(" ".join(self.entry_text)) if name and name == self.entry and modality is Modality.DEFAULT
             else "")
        text = f"{value} {unit}" if unit and re.fullmatch(r"-?\d[\d,]*(?:\.\d+)?", value) else value
        if configured and unit and is_time_unit(unit) and (short := time_suffixed(value)):
            text = short  # "bantime = 10m" under "the number of seconds ...": ten minutes
        norm = configured_value(text) if configured else parse_value(text)
        if norm is not None and norm.kind == "date":
            return None
        if norm is None:
            # a path ("/etc/logrotate.d") answers no "how many?" as a word ("all") may
            kind, normalized, lo = "path" if "/" in value and " " not in value else "word", value.lower(), None
        else:
            kind, normalized, lo = norm.kind, norm.canonical, norm.lo
        context = " ".join(self.entry_text) if name and name == self.entry else ""
        attribute = Attribute(name, True, context) if name else \
            Attribute(words, False, self.last or self.title_setting or "")
        return ReadClaim(attribute, value, normalized, kind, modality, dict(scope), sentence, span,
                         self.chunk.id, self.chunk.source, lo, self.doc_version,
                         {"inferred": "yes"} if inferred and name else {})

    def _inferred(self, name: str | None, names: list[tuple[int, int, str]]) -> bool:
        """The setting came from the chunk's context (the title, the next sentence, a setting an
        earlier paragraph spoke of), not from the sentence, the sentence before it in its
        paragraph, or the entry it stands in."""
        if name is None or name == self.entry or name in {n for _, _, n in names}:
            return False
        return not (self.follows and name == self.last)  # "... the max_connections variable. Its default is 151."

    def _setting_for(self, sentence: str, start: int, names: list[tuple[int, int, str]],
                     label: bool = False, ahead: str | None = None) -> str | None:
        """The setting named nearest before the value, else after it, else the entry open; a
        sentence of prose falls back to the setting the chunk spoke of last and the title's."""
        before = [n for n in names if n[1] <= start]
        after = [n for n in names if n[0] > start]  # a value shaped like a name ("tlsv1.2") is not its own setting
        if before:
            return before[-1][2]
        if after:
            return after[0][2]
        if self.valued and not label and self.last != self.entry and DEFAULT_CUE.search(sentence):
            # in an entry, a default sentence naming nothing follows up the setting the sentence
            # before gave a value to ("This linger.ms setting defaults to 5 ... The default
            # changed from 0 to 5 in 4.0")
            return self.last
        if self.entry or label:
            return self.entry
        # prose naming no setting: a sentence stating a default is about the setting the chunk
        # spoke of last (or its title names), "the directive (default is 100)"
        if not DEFAULT_CUE.search(sentence):
            return None
        words = stems(sentence)
        by_words = [n for n in self.named if name_stems(n) <= words]
        return by_words[0] if len(by_words) == 1 else (self.last or self.title_setting or ahead)

    def sentence(self, sentence: str, *, label_default: bool = False, ahead: str | None = None) -> Iterator[ReadClaim]:
        """The claims of one sentence; ``ahead``: the one setting the next sentence names (a
        sentence stating a default and naming no setting may be about it: "By default, the
        server closes it after eight hours. You can change this with wait_timeout.")."""
        self.follows, self.spoke = self.spoke, False
        if len(sentence) > MAX_SENTENCE or sentence.rstrip().endswith("?"):
            return
        names = identifiers(sentence)
        if self.known is not None:
            names = sorted(names + [(m.start(), m.end(), m.group(0).lower()) for m in self.known.finditer(sentence)
                                    if not any(s < m.end() and m.start() < e for s, e, _ in names)])
        names = [n for n in names if not self._names_file(n[2])]
        modality = Modality.DEFAULT if label_default or DEFAULT_CUE.search(sentence) else Modality.STATED
        taken: list[tuple[int, int]] = [(s, e) for s, e, _ in names]
        pairs = list(_KV.finditer(sentence))  # ``acks=1``: the pair names its own key
        if not label_default and not pairs and not DEFAULT_CUE.search(sentence) \
                and len(re.findall(r"[A-Za-z]{2,}", sentence)) < 2:
            return  # a list marker, a lone number, a code fragment
        scoped = [(m.start("v"), m.end("v")) for p in (OLDER, OLDER_AFTER, NEWER, RELEASE_LEAD)
                  for m in p.finditer(sentence)]
        # with ``settings_only``, a sentence naming no setting, in no entry, with no ``key=value``
        # and no default cue gives its values to no setting (``_setting_for``): not looked for
        nameless = self.settings_only and not names and not pairs and self.entry is None and not label_default \
            and not DEFAULT_CUE.search(sentence)
        mentions = [] if nameless else [m for m in find_mentions(sentence) if m.norm.kind != "time"
                    and not any(m.overlaps(t) for t in taken)
                    and not any(m.overlaps((p.start(), p.end())) for p in pairs)
                    and not any(m.overlaps(v) for v in scoped)]  # a version named is the scope, not a value
        versions = version_spans(sentence) if mentions else []  # no value to take the scope of
        unscoped = [m for m in mentions if not any(m.overlaps(v) for v in versions)]
        if versions and (pairs or unscoped):
            # "PgBouncer 1.7 changes the default of ... to 0": beside another value, the version
            # named is that value's scope; alone, it may be the value ("version 1.0 is used")
            mentions = unscoped
        changed, used = self._change(sentence, names, ahead)
        mentions = [m for m in mentions if not any(m.overlaps(u) for u in used)]
        # an on/off state a sentence states as the default ("inotify is off by default", "defaults to
        # enabled"): a value of the setting named before it, as a number would be
        state = stated_state(sentence) if modality is Modality.DEFAULT and not label_default else None
        if state is not None and any(state.start < e and s < state.end for s, e in
                                     [*taken, *used, *((p.start(), p.end()) for p in pairs),
                                      *((m.start, m.end) for m in mentions)]):
            state = None
        spans = [(p.start("value"), p.end("value")) for p in pairs] + [(m.start, m.end) for m in mentions] \
            + ([(state.start, state.end)] if state is not None else [])
        pointed = None if label_default or not spans else cued(sentence, spans, names)

        def own(i: int) -> Modality:
            return modality if label_default or i == pointed else Modality.STATED

        found = bool(changed)
        given = [c.attribute.name for c in changed if c.attribute.identifier]
        yield from changed
        for i, m in enumerate(pairs):
            span = (m.start("value"), m.end("value"))
            c = self._claim(m.group("key").lower(), "", m.group("value"), span, sentence, own(i),
                            version_scope(sentence, span))
            if c is not None:
                found = True
                given.append(c.attribute.name)
                yield c
        for k, mention in enumerate(mentions, start=len(pairs)):
            span = (mention.start, mention.end)
            scope = version_scope(sentence, span)
            tail = re.match(r"[kmgKMG]\b", sentence[mention.end:mention.end + 2])
            if mention.bare and tail:  # "1m", "8k", "64M": a size in config syntax
                mention = replace(mention, end=mention.end + 1, text=mention.text + tail.group(0).upper() + "B",
                                  bare=False)
                span = (mention.start, mention.end)
            elif mention.bare is False and re.fullmatch(r"\d[\d,.]*\s+[a-z]+", mention.text) \
                    and mention.norm.kind == "number":
                number = mention.text.split()[0]  # "413 error": the number
                mention = replace(mention, end=mention.start + len(number), text=number, bare=True)
                span = (mention.start, mention.end)
            name = self._setting_for(sentence, mention.start, names, label_default, ahead)
            words = "" if name else " ".join(w for w in re.findall(r"[A-Za-z][\w-]+", sentence[:mention.start])[-4:])
            c = self._claim(name, words, mention.text, span, sentence, own(k), scope, self._inferred(name, names))
            if c is not None and (name or words):
                found = True
                given += [name] if name else []
                yield c
        if state is not None and pointed == len(spans) - 1:
            # a key the sentence sets (``inotify=yes``) names its setting where the sentence writes it
            # bare: "inotify is off by default, add inotify=yes"
            keyed = sorted(names + [(k.start(), k.end(), k.group(0).lower()) for p in pairs
                                    for k in name_pattern(p.group("key")).finditer(sentence)
                                    if k.start() != p.start("key")])
            name = self._setting_for(sentence, state.start, keyed, label_default, ahead)
            c = self._claim(name, "", state.value, (state.start, state.end), sentence, modality,
                            version_scope(sentence, (state.start, state.end)), self._inferred(name, keyed)) \
                if name else None
            if c is not None:
                found = True
                given.append(name)
                yield c
        if not found and modality is Modality.DEFAULT:
            # "Default: all", "the default is all", "defaults to all": a word value after the cue
            m = re.search(r"\bdefault(?:(?:s|ed)?\s+(?:is|to|of|value\s+is|setting\s+is|=)\s+|\s*[:=]\s*|$)", sentence,
                          re.IGNORECASE) if not label_default else re.match(r"[^:]*:[*_\s]*", sentence)
            w = _WORD_VALUE.match(sentence[m.end():]) if m else None
            start = m.end() if m else 0
            if w is None:  # "any (the default), inet or inet6": the word before the cue
                w = re.search(r"(?P<w>[A-Za-z][\w.+/-]{0,30})[`*\"']*\s+\((?:the\s+)?default[);]", sentence)
                start = 0
            if w and w.group("w").lower() not in {"the", "a", "an", "it", "this", "value", "setting", "is"}:
                span = (start + w.start("w"), start + w.end("w"))
                name = self._setting_for(sentence, span[0], names, label_default)
                if name:
                    c = self._claim(name, "", w.group("w"), span, sentence, modality, version_scope(sentence),
                                    self._inferred(name, names))
                    if c is not None:
                        yield c
        if given or names:
            self.last = given[-1] if given else names[-1][2]  # the setting the sentence gave a value to
            self.spoke, self.valued = True, bool(given)

    def _change(self, sentence: str, names: list[tuple[int, int, str]], ahead: str | None
                ) -> tuple[list[ReadClaim], list[tuple[int, int]]]:
        """A change of value with the version that made it ("the default changed from 0 to 5 in
        4.0", or under a changelog's heading "## 4.0"): the old value scoped to the versions
        before, the new one from it on; with no version named, the old value holds for earlier
        releases and the new one today. The spans of the two values and the version."""
        m = _CHANGE.search(sentence)
        if not m:
            return [], []
        versions = [v for v in re.finditer(VERSION, sentence) if not (m.start("a") <= v.start() < m.end("b"))]
        if len(versions) > 1:
            return [], []
        version = versions[0].group(0).lstrip("vV") if versions else self.section_version
        scopes = ({"version": "<" + version}, {"version": ">=" + version}) if version else ({"version": "<earlier"}, {})
        name = self._setting_for(sentence, m.start("a"), names, False, ahead)
        if name is None:
            return [], []
        modality = Modality.DEFAULT if DEFAULT_CUE.search(sentence) else Modality.STATED
        out = []
        for group, scope in zip(("a", "b"), scopes, strict=True):
            value, start = m.group(group), m.start(group)
            norm = parse_value(value)
            if " " in value and (norm is None or norm.kind in ("word", "number")):
                value = value.split()[0]  # "5 in 4.0": the number, not the word after it
            c = self._claim(name, "", value, (start, start + len(value)), sentence, modality, scope,
                            self._inferred(name, names))
            if c is not None:
                out.append(c)
        return (out, [(m.start("a"), m.end("b")), *(v.span() for v in versions)]) if len(out) == 2 else ([], [])

    # -- blocks --------------------------------------------------------------------------
    def read(self) -> Iterator[ReadClaim]:
        if self.chunk.metadata.get("format") == CONFIG_FORMAT:  # a configuration file: its directives
            yield from self.config(self.chunk.text.splitlines(), file=True)
            return
        lines = unwrap(without_asker(self.chunk).splitlines())
        i = 0
        lead = False  # the line before opened a list of defaults ("The default changed in 3.0:")
        under = False  # a bare "Default:" label opened the lines below: they give the default
        while i < len(lines):
            line = lines[i]
            if BARE_DEFAULT.match(line):
                under, i = True, i + 1
                continue
            if under and line.strip():  # "Default:" over "    dns_timeout 30 seconds": its value
                if opens_fence(lines, i):  # a fenced block: up to its closing fence
                    end = _closing_fence(lines, i)
                    block, i = lines[i + 1:end], end + 1
                else:  # an indented block or a line: up to the next blank line
                    end = next((j for j in range(i + 1, len(lines)) if not lines[j].strip()), len(lines))
                    block, i = lines[i:end], end
                under = False
                yield from self._defaults(block)
                continue
            fence = opens_fence(lines, i)  # it looks ahead for the closing fence: asked once
            if fence or _TABLE.match(line):
                lead = False
            if fence:
                j = _closing_fence(lines, i)
                yield from self.config(lines[i + 1:j])
                i = j + 1
                continue
            if _TABLE.match(line):
                j = i
                while j < len(lines) and _TABLE.match(lines[j]):
                    j += 1
                yield from self.table(lines[i:j])
                i = j
                continue
            term = _defined_term(lines, i)
            head = entry_head(line) or hanging_head(lines, i) or term
            if head and self.known is not None and (whole := self.known.fullmatch(line.strip())):
                head = whole.group(0).lower()  # a name of words the corpus knows: "max connections", not "max"
            i += 1
            if head or term == "":
                self.entry, self.entry_text, self.last = head or None, [], head or None
                continue
            line = DEFINITION.sub(r"\g<body>", line)  # a definition list's ": " opens its entry's body
            if HEADING.match(line):  # another heading closes the entry and the topic
                self.entry, self.entry_text, self.last = None, [], None
                named = re.search(VERSION, line)
                self.section_version = named.group(0).lstrip("vV") if named else ""
                if (titled := _titled_entry(lines, i - 1)) is not None:
                    self.entry = self.last = titled
                continue
            label = _LABEL.match(line)
            if label:
                names = identifiers(line)
                if names and self.entry is None:
                    self.last = names[-1][2]  # "Title: increase worker_connections ...": what the thread is about
                rest = label.group("value")
                if DEFAULT_CUE.match(label.group("label").strip()):  # "Default", "Default value", "Defaults"
                    yield from self.sentence(line.strip(), label_default=True)
                elif len(rest.split()) >= 4 and not rest.rstrip().endswith("?"):
                    for sentence in split_sentences(rest):  # "Reply: ...", "Note: ...": prose after a label
                        yield from self.sentence(sentence)
                continue  # "Type: int", "Importance: high", "Syntax: ...": about the entry, not its value
            if self.entry is not None and len(self.entry_text) < 3 and line.strip():
                self.entry_text.append(line.strip())
            item = bool(_ITEM.match(line))
            listed = item and lead  # an item of a list its lead-in says gives defaults
            lead = (lead and item) or (not item and bool(DEFAULT_CUE.search(line)) and i < len(lines)
                                       and bool(_ITEM.match(lines[i])))
            self.spoke = self.valued = False  # a new paragraph
            sentences = split_sentences(line)
            for k, sentence in enumerate(sentences):
                nxt = {n for _, _, n in identifiers(sentences[k + 1])} if k + 1 < len(sentences) else set()
                for c in self.sentence(sentence, ahead=next(iter(nxt)) if len(nxt) == 1 else None):
                    yield replace(c, modality=Modality.DEFAULT) if listed and c.modality is Modality.STATED else c


    def _defaults(self, block: list[str]) -> Iterator[ReadClaim]:
        """The lines a bare "Default:" label stands over: a directive of the entry's setting
        ("dns_timeout 30 seconds", "half_closed_clients off") gives its value, whatever its type; a
        line of prose ("No disk cache.") is read as a sentence; each states the default."""
        for ln in (b.strip() for b in block if b.strip()):
            m = CONFIG.match(ln)
            if m and self.entry is not None and m.group("key").lower() == self.entry:
                value = m.group("value").strip()
                c = self._claim(self.entry, "", value, (m.start("value"), m.end("value")), ln, Modality.DEFAULT, {})
                if c is not None and len(value.split()) <= 3:
                    yield c
                continue
            for c in self.sentence(ln, label_default=True):
                yield replace(c, modality=Modality.DEFAULT)


def _read(chunk: Chunk, settings_only: bool, entry: tuple[str | None, list[str]] = (None, []),
          known: re.Pattern[str] | None = None) -> tuple[list[ReadClaim], tuple[str | None, list[str]]]:
    """The chunk's claims, continuing ``entry`` (an open setting entry and its first lines), and
    the entry open at its end."""
    reader = _Reader(chunk, settings_only, known)
    reader.entry, reader.entry_text = entry[0], list(entry[1])
    claims = list(reader.read())
    return claims, (reader.entry, reader.entry_text)


def read_chunk(chunk: Chunk, *, settings_only: bool = False) -> list[ReadClaim]:
    """Every claim the reader finds in ``chunk``, in reading order; ``settings_only``: only the
    claims that give a named setting a value (what ``src.claims.answer.by_setting`` keeps), about
    twice as fast on prose that names none. ``src.claims.corpus_reading.read_corpus`` continues an
    entry across chunks."""
    return _read(chunk, settings_only)[0]
