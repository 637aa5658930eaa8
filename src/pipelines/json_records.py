"""JSON objects -> ``Record``s, for the ``.json`` and ``.jsonl`` loaders (``src/pipelines/loaders.py``):
the fields a record's text, key and answers are read from (``record_from_obj``), the record list
of a JSON document (``_records_of``), and the nesting bound checked before ``json.loads``
(``check_json_depth``).
"""

from __future__ import annotations

import re
from itertools import accumulate
from typing import Any

from .metadata import normalise_metadata
from .records import MAX_NESTING, Answer, Loaded, NestedTooDeep, Record, Skip, SourceFile

TEXT_FIELDS = ("content", "text", "body", "question")
ID_FIELDS = ("id", "thread_id", "_id")
ANSWER_FIELDS = ("answers", "replies")
ANSWER_META = ("author", "created_at", "accepted", "upvotes")


def record_from_obj(obj: Any, src: SourceFile, default_key: str, line: int | None) -> Loaded:
    """A ``Record`` from one JSON object, or the reason it cannot be one."""
    if not isinstance(obj, dict):
        yield Skip(line, f"record is a JSON {type(obj).__name__}, not an object: skipped")
        return
    text = next((obj[f] for f in TEXT_FIELDS if isinstance(obj.get(f), str) and obj[f].strip()), "")
    raw_answers = next((obj[f] for f in ANSWER_FIELDS if isinstance(obj.get(f), list)), [])
    key_value = next(
        (obj[f] for f in ID_FIELDS if isinstance(obj.get(f), str | int) and str(obj[f]).strip()), None
    )
    key = str(key_value).strip() if key_value is not None else default_key
    answers: list[Answer] = []
    for k, item in enumerate(raw_answers):
        answer = _answer(item, k)
        if answer is None:
            yield Skip(line, f"answer {k} of record {key!r} has no text: skipped")
        else:
            answers.append(answer)
    if not text.strip() and not answers:
        yield Skip(line, f"record {key!r} has no text (expected one of {', '.join(TEXT_FIELDS)}): skipped")
        return
    meta = normalise_metadata(obj)
    meta["path"] = src.corpus_rel
    if line is not None:
        meta["line"] = line
    yield Record(key.replace("#", "%23"), text.strip().replace("\r\n", "\n"), meta, tuple(answers))


def _answer(item: Any, index: int) -> Answer | None:
    if isinstance(item, str):
        return Answer(item.strip(), index) if item.strip() else None
    if not isinstance(item, dict):
        return None
    text = next((item[f] for f in ("text", "content", "body") if isinstance(item.get(f), str)), "").strip()
    if not text:
        return None
    ident = str(item["id"]).strip().replace("#", "%23") if isinstance(item.get("id"), str | int) else ""
    meta = {k: v for k, v in normalise_metadata(item).items() if k in ANSWER_META}
    return Answer(text.replace("\r\n", "\n"), index, ident or None, meta)


def _records_of(data: Any) -> list[Any] | None:
    """The record list of a JSON document, or None when it is a single record."""
    if isinstance(data, list):
        return data
    if isinstance(data, dict) and not any(isinstance(data.get(f), str) for f in TEXT_FIELDS):
        lists = [
            v for k, v in data.items()
            if k not in ANSWER_FIELDS and isinstance(v, list) and v and all(isinstance(x, dict) for x in v)
        ]  # fmt: skip
        if len(lists) == 1:
            return lists[0]
    return None


# JSON strings (their brackets are text) and the runs between brackets, for the depth scan.
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_JSON_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_BRACKET_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def check_json_depth(text: str) -> None:
    """Raise ``NestedTooDeep`` (with the line, counted from 1) when the arrays and objects of
    ``text`` nest deeper than ``MAX_NESTING``, before ``json.loads`` recurses into them.

    Cheap: a text with fewer opening brackets than the bound is not scanned; otherwise the
    brackets outside strings are summed in C-speed passes, and only a file past the bound is
    scanned again for the line."""
    if text.count("[") + text.count("{") <= MAX_NESTING:
        return
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    if max(accumulate(map(_BRACKET_STEP.__getitem__, brackets)), default=0) <= MAX_NESTING:
        return
    depth = 0
    for match in _JSON_TOKEN.finditer(text):
        depth += _BRACKET_STEP.get(match.group(), 0)
        if depth > MAX_NESTING:
            raise NestedTooDeep("JSON", text.count("\n", 0, match.start()) + 1)
