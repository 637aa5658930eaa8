"""Loaders: one format each, exact records and skips."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from src.pipelines.html import html_to_text
from src.pipelines.loaders import (
    Answer,
    Record,
    Skip,
    SourceFile,
    decode,
    load_file,
    parse_text_thread,
    split_front_matter,
)
from src.pipelines.metadata import normalise_date, normalise_metadata
from src.types import SourceKind

BIG = 64 * 1024 * 1024


def write(root: Path, rel: str, content: str | bytes) -> SourceFile:
    path = root / "src" / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return SourceFile(path, rel, f"src/{rel}")


def load(
    src: SourceFile, kind: SourceKind = SourceKind.DOCUMENT, max_bytes: int = BIG
) -> list[Record | Skip]:
    return list(load_file(src, kind, max_bytes))


# ---------------------------------------------------------------- metadata


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2025-06-22", "2025-06-22"),
        ("2025-05-13T11:58:21.152Z", "2025-05-13T11:58:21.152+00:00"),
        ("2025-05-13T11:58:21", "2025-05-13T11:58:21"),
        ("June 5, 2025", "2025-06-05"),
        ("Jun 5, 2025", "2025-06-05"),
        ("5 June 2025", "2025-06-05"),
        ("2025/06/05", "2025-06-05"),
        (date(2025, 6, 22), "2025-06-22"),
        (datetime(2025, 6, 22, 8, 30, tzinfo=UTC), "2025-06-22T08:30:00+00:00"),
        (1750000000, "2025-06-15T15:06:40+00:00"),
        ("last spring", "last spring"),
        ("", None),
        (None, None),
    ],
)
def test_normalise_date(value: object, expected: str | None) -> None:
    assert normalise_date(value) == expected


def test_normalise_metadata_maps_fields_in_priority_order() -> None:
    raw = {
        "title": " Guide ",
        "user_version": "v2.1",
        "created_date": "2024-01-26",
        "owner": "Docs team",
        "tags": "sync, desktop ,",
        "score": "7",
        "accepted": "true",
        "status": "resolved",
        "category": "sync_issues",
        "priority": "high",
        "nested": {"a": 1},
    }
    assert normalise_metadata(raw) == {
        "title": "Guide",
        "version": "v2.1",
        "created_at": "2024-01-26",
        "author": "Docs team",
        "accepted": True,
        "upvotes": 7,
        "status": "resolved",
        "tags": ["sync", "desktop"],
        "category": "sync_issues",
    }


def test_normalise_metadata_prefers_version_author_and_created_at() -> None:
    raw = {"version": 2.1, "user_version": "v1", "author": "ann", "owner": "bob",
           "date": "2025-01-02", "created_at": "June 5, 2025", "upvotes": "many"}  # fmt: skip
    assert normalise_metadata(raw) == {"version": "2.1", "created_at": "2025-06-05", "author": "ann"}


# ---------------------------------------------------------------- decoding


def test_decode_reports_empty_binary_and_non_utf8() -> None:
    assert decode(b"  \n\n") == Skip(None, "empty file: nothing to ingest")
    assert decode(b"abc\x00def") == Skip(None, "binary file (contains NUL bytes): not text")
    assert decode("caf\u00e9".encode("cp1252")) == Skip(
        None, "not UTF-8 text (byte 0xe9 at offset 3): re-save it as UTF-8"
    )
    assert decode(b"\xef\xbb\xbfhello\r\nworld\r") == "hello\nworld\n"


# ---------------------------------------------------------------- markdown / text


def test_split_front_matter() -> None:
    assert split_front_matter("---\ntitle: A\ntags: [x]\n---\n\nBody\n") == (
        {"title": "A", "tags": ["x"]},
        "Body\n",
        None,
    )
    assert split_front_matter("No front matter\n---\n") == ({}, "No front matter\n---\n", None)
    assert split_front_matter("---\nunclosed: yes\nBody") == ({}, "---\nunclosed: yes\nBody", None)
    assert split_front_matter("---\ntitle: [oops\n---\nBody") == (
        {}, "Body", Skip(3, "invalid YAML front matter: ingested the text without it", skipped=False)
    )  # fmt: skip
    assert split_front_matter("---\n- a\n- b\n---\nBody") == (
        {}, "Body", Skip(None, "front matter is not a YAML mapping: ingested the text without it", skipped=False)
    )  # fmt: skip


def test_markdown_with_front_matter(tmp_path: Path) -> None:
    src = write(
        tmp_path,
        "guides/tuning.md",
        '---\ntitle: "Tuning (v2.1)"\nlast_updated: 2025-06-22\nowner: "Docs"\nversion: 2.1\n'
        "published_date: June 5, 2025\nurl: https://x.test/t\ntags: [a, b]\n---\n# Overview\nText.\n",
    )
    assert load(src) == [
        Record(
            "guides/tuning.md",
            "# Overview\nText.",
            {"title": "Tuning (v2.1)", "version": "2.1", "created_at": "2025-06-05", "last_updated": "2025-06-22",
             "author": "Docs", "url": "https://x.test/t", "tags": ["a", "b"], "path": "src/guides/tuning.md"},
        )
    ]  # fmt: skip


def test_a_page_printing_a_configuration_file_is_read_as_one(tmp_path: Path) -> None:
    # a docs page that prints a shipped file (comments, directives, a section, an excerpt's cut)
    # takes the configuration format, so its "#" lines stay comments above their directives;
    # a page of prose quoting two directives stays Markdown
    conf = ("---\ntitle: guard.conf as shipped\n---\n[DEFAULT]\n\n# How long an address stays blocked.\n"
            "blocktime = 10m\n\n[...]\n\n# Strikes before an address is blocked.\nstrikes = 5\n")
    records = load(write(tmp_path, "docs/guard_conf.md", conf))
    assert [(r.metadata.get("format"), r.text.splitlines()[:2]) for r in records] == [("config", ["[DEFAULT]", ""])]
    prose = ("# Tuning the guard\n\nMost hosts raise the limits below.\n\nblocktime = 1h\nstrikes = 3\n\n"
             "Restart the service afterwards so the new values apply to every jail you run.\n")
    assert [r.metadata.get("format") for r in load(write(tmp_path, "blogs/tuning.md", prose))] == [None]
    # capitalised directives, as OpenSSH, Apache and Tor write them, set or left commented out
    capitalised = ("---\ntitle: guardd.conf as shipped\n---\n# How long an address stays blocked.\n"
                   "BlockTime 600\n\n# Strikes before an address is blocked.\n#Strikes 5\nUser guard\n")
    assert [r.metadata.get("format") for r in load(write(tmp_path, "docs/guardd_conf.md", capitalised))] == ["config"]


def test_markdown_title_falls_back_to_first_heading_txt_has_none(tmp_path: Path) -> None:
    md = write(tmp_path, "a.md", "Intro line\n\n## Sync & Backup\nText\n")
    txt = write(tmp_path, "b.txt", "# Not a heading in txt\nText\n")
    assert load(md) == [
        Record("a.md", "Intro line\n\n## Sync & Backup\nText", {"title": "Sync & Backup", "path": "src/a.md"})
    ]
    assert load(txt) == [Record("b.txt", "# Not a heading in txt\nText", {"path": "src/b.txt"})]


def test_invalid_front_matter_keeps_body_with_a_note(tmp_path: Path) -> None:
    src = write(tmp_path, "a.md", "---\ntitle: [broken\n---\nBody text\n")
    assert load(src) == [
        Skip(3, "invalid YAML front matter: ingested the text without it", skipped=False),
        Record("a.md", "Body text", {"path": "src/a.md"}),
    ]


def test_front_matter_only_is_skipped(tmp_path: Path) -> None:
    src = write(tmp_path, "a.md", "---\ntitle: Empty\n---\n\n")
    assert load(src) == [Skip(None, "no text after the front matter: nothing to ingest")]


def test_parse_text_thread_posts_span_lines() -> None:
    text = (
        "Title: Sync lost?\n\nUser: First line\n\n- a detail\n\nReply: Answer one\ncontinued\n"
        "User: Follow-up\nReply: Answer two\n"
    )
    assert parse_text_thread(text) == (
        "Sync lost?",
        ["First line\n\n- a detail", "Follow-up"],
        ["Answer one\ncontinued", "Answer two"],
    )
    assert parse_text_thread("Hello\nUser: x") is None


def test_thread_text_file_becomes_thread_record(tmp_path: Path) -> None:
    src = write(
        tmp_path, "t/sync.txt", "Title: Sync lost?\n\nUser: Is it gone?\n\nReply: Yes.\n\nReply: No.\n"
    )
    assert load(src, SourceKind.THREAD) == [
        Record(
            "t/sync.txt",
            "Is it gone?",
            {"title": "Sync lost?", "path": "src/t/sync.txt"},
            (Answer("Yes.", 0), Answer("No.", 1)),
        )
    ]
    # The same file in a document source is plain text.
    assert load(src, SourceKind.DOCUMENT) == [
        Record(
            "t/sync.txt",
            "Title: Sync lost?\n\nUser: Is it gone?\n\nReply: Yes.\n\nReply: No.",
            {"path": "src/t/sync.txt"},
        )
    ]


def test_thread_post_author_tag_is_metadata_not_text(tmp_path: Path) -> None:
    src = write(
        tmp_path,
        "t.txt",
        "Title: Timeout\nUser: (o.lindqvist) Is it 30 s?\nReply: (dev_kasia) It waits 30 seconds.\n"
        "Reply: [...] cut\nReply: (sorry, late) It is 15 seconds.\nReply: [Rosalind G.] Fixed.\n",
    )
    assert load(src, SourceKind.THREAD) == [
        Record(
            "t.txt",
            "Is it 30 s?",
            {"title": "Timeout", "path": "src/t.txt", "author": "o.lindqvist"},
            (
                Answer("It waits 30 seconds.", 0, metadata={"author": "dev_kasia"}),
                Answer("[...] cut", 1),
                Answer("(sorry, late) It is 15 seconds.", 2),
                Answer("Fixed.", 3, metadata={"author": "Rosalind G."}),
            ),
        )
    ]


def test_thread_text_empty_reply_is_skipped_and_keeps_its_index(tmp_path: Path) -> None:
    src = write(tmp_path, "t.txt", "Title: T\nUser: Q\nReply:\nReply: Second\n")
    assert load(src, SourceKind.THREAD) == [
        Skip(None, "reply 0 has no text: skipped"),
        Record("t.txt", "Q", {"title": "T", "path": "src/t.txt"}, (Answer("Second", 1),)),
    ]


# ---------------------------------------------------------------- HTML


HTML = """<!doctype html><html><head><title> Backup guide </title><style>p{color:red}</style>
<script>var x = "hidden";</script></head>
<body><nav><a href="/">Home</a> | <a href="/docs">Docs</a></nav>
<h1>Backups</h1><p>We keep   <b>30 days</b> of history.<br>Always.</p>
<h2>Plans</h2><ul><li>Basic: 30 days</li><li>Pro: 365 days</li></ul>
<table><tr><th>Plan</th><th>Days</th></tr><tr><td>Basic</td><td>30</td></tr></table>
<pre>retention:
  days: 30</pre><!-- a comment --></body></html>"""


def test_html_visible_text_as_markdown_blocks() -> None:
    text, title = html_to_text(HTML)
    assert title == "Backup guide"
    assert text == (
        "# Backups\n\nWe keep 30 days of history.\nAlways.\n\n## Plans\n\n- Basic: 30 days\n- Pro: 365 days\n\n"
        "| Plan | Days |\n|---|---|\n| Basic | 30 |\n\n```\nretention:\n  days: 30\n```"
    )


def test_html_title_falls_back_to_first_heading(tmp_path: Path) -> None:
    src = write(tmp_path, "page.htm", "<html><body><h2>Only heading</h2><p>Body</p></body></html>")
    assert load(src) == [
        Record("page.htm", "## Only heading\n\nBody", {"title": "Only heading", "path": "src/page.htm"})
    ]


def test_html_without_visible_text_is_skipped(tmp_path: Path) -> None:
    src = write(
        tmp_path, "empty.html", "<html><head><title>T</title><script>x()</script></head><body> </body></html>"
    )
    assert load(src) == [Skip(None, "no visible text in the HTML: nothing to ingest")]


# ---------------------------------------------------------------- JSON / JSONL


def test_json_single_record_without_id_uses_the_stem(tmp_path: Path) -> None:
    obj = {"source_type": "wiki", "title": "Guide", "url": "https://x.test", "content": "Hello"}
    src = write(tmp_path, "pdf_processed/guide_4_1.json", json.dumps(obj))
    assert load(src) == [
        Record("pdf_processed/guide_4_1", "Hello", {"title": "Guide", "url": "https://x.test",
                                                    "path": "src/pdf_processed/guide_4_1.json"})
    ]  # fmt: skip


def test_json_wrapper_object_with_ids(tmp_path: Path) -> None:
    data = {"product_docs": [
        {"id": "doc_001", "title": "A", "version": "v2.1", "last_updated": "2024-01-15", "tags": ["x"], "content": "One"},
        {"id": "doc_002", "title": "B", "content": "Two"},
    ]}  # fmt: skip
    src = write(tmp_path, "product_docs.json", json.dumps(data))
    assert load(src) == [
        Record("doc_001", "One", {"title": "A", "version": "v2.1", "last_updated": "2024-01-15", "tags": ["x"],
                                  "path": "src/product_docs.json"}),
        Record("doc_002", "Two", {"title": "B", "path": "src/product_docs.json"}),
    ]  # fmt: skip


def test_json_list_without_ids_gets_record_indexes_and_skips_bad_items(tmp_path: Path) -> None:
    data = [
        {"text": "zero"},
        "not an object",
        {"title": "no text"},
        {"_id": 7, "body": "seven"},
        {"text": "four"},
    ]
    src = write(tmp_path, "notes/list.json", json.dumps(data))
    assert load(src) == [
        Record("notes/list-0", "zero", {"path": "src/notes/list.json"}),
        Skip(None, "record is a JSON str, not an object: skipped"),
        Skip(
            None, "record 'notes/list-2' has no text (expected one of content, text, body, question): skipped"
        ),
        Record("7", "seven", {"path": "src/notes/list.json"}),
        Record("notes/list-4", "four", {"path": "src/notes/list.json"}),
    ]


def test_json_text_field_priority_and_id_priority(tmp_path: Path) -> None:
    obj = {"thread_id": "t9", "_id": "x", "question": "Q?", "body": "B", "text": " ", "id": ""}
    src = write(tmp_path, "one.json", json.dumps(obj))
    assert load(src) == [Record("t9", "B", {"thread_id": "t9", "path": "src/one.json"})]


def test_json_thread_record_with_replies(tmp_path: Path) -> None:
    obj = {
        "title": "Fax", "url": "https://f.test", "created_at": "2026-06-17T18:11:41.039Z", "question": "How?",
        "replies": [
            {"author": "moussa", "content": "Like this", "created_at": "2026-06-18T14:27:16.818Z"},
            {"author": "x", "content": ""},
            {"id": "r-9", "body": "Or this", "score": 3, "accepted": False, "timestamp": "June 5, 2025"},
        ],
    }  # fmt: skip
    src = write(tmp_path, "fax.json", json.dumps(obj))
    assert load(src, SourceKind.THREAD) == [
        Skip(None, "answer 1 of record 'fax' has no text: skipped"),
        Record(
            "fax",
            "How?",
            {
                "title": "Fax",
                "created_at": "2026-06-17T18:11:41.039+00:00",
                "url": "https://f.test",
                "path": "src/fax.json",
            },
            (
                Answer(
                    "Like this", 0, None, {"created_at": "2026-06-18T14:27:16.818+00:00", "author": "moussa"}
                ),
                Answer("Or this", 2, "r-9", {"created_at": "2025-06-05", "accepted": False, "upvotes": 3}),
            ),
        ),
    ]


def test_invalid_json_file_is_skipped_with_its_line(tmp_path: Path) -> None:
    src = write(tmp_path, "bad.json", '{\n  "content": "x",\n}')
    assert load(src) == [
        Skip(3, "invalid JSON (Expecting property name enclosed in double quotes, column 1): file skipped")
    ]


def test_json_empty_list(tmp_path: Path) -> None:
    assert load(write(tmp_path, "e.json", "[]")) == [
        Skip(None, "the JSON holds no records: nothing to ingest")
    ]


def test_jsonl_streams_records_and_skips_bad_lines(tmp_path: Path) -> None:
    lines = [
        json.dumps({"thread_id": "t001", "title": "batch", "question": "Default?",
                    "answers": [{"id": "a1", "text": "32", "accepted": True, "upvotes": 40, "author": "mina",
                                 "timestamp": "2025-07-12"}]}),
        "",
        "{not json",
        json.dumps({"title": "no text"}),
        json.dumps(["a list"]),
        json.dumps({"text": "anonymous"}),
    ]  # fmt: skip
    raw = (
        ("\n".join(lines) + "\n").encode()
        + b'{"text": "caf\xe9"}\n'
        + json.dumps({"id": 5, "text": "ok"}).encode()
    )
    src = write(tmp_path, "forums/threads.jsonl", raw)
    offset = len(("\n".join(lines) + "\n").encode()) + len('{"text": "caf')
    assert load(src, SourceKind.THREAD) == [
        Record("t001", "Default?", {"title": "batch", "thread_id": "t001", "path": "src/forums/threads.jsonl", "line": 1},
               (Answer("32", 0, "a1", {"created_at": "2025-07-12", "author": "mina", "accepted": True, "upvotes": 40}),)),
        Skip(3, "invalid JSON (Expecting property name enclosed in double quotes, column 2): line skipped"),
        Skip(4, "record 'forums/threads-2' has no text (expected one of content, text, body, question): skipped"),
        Skip(5, "record is a JSON list, not an object: skipped"),
        Record("forums/threads-4", "anonymous", {"path": "src/forums/threads.jsonl", "line": 6}),
        Skip(7, f"not UTF-8 text (byte 0xe9 at offset {offset}): line skipped"),
        Record("5", "ok", {"path": "src/forums/threads.jsonl", "line": 8}),
    ]  # fmt: skip


def test_jsonl_single_record_uses_the_bare_stem_and_bom(tmp_path: Path) -> None:
    src = write(tmp_path, "one.jsonl", b'\xef\xbb\xbf{"text": "only"}\n\n')
    assert load(src) == [Record("one", "only", {"path": "src/one.jsonl", "line": 1})]


def test_jsonl_empty_and_binary(tmp_path: Path) -> None:
    assert load(write(tmp_path, "e.jsonl", "\n  \n")) == [Skip(None, "empty file: nothing to ingest")]
    assert load(write(tmp_path, "b.jsonl", b"\x00\x01\x02")) == [
        Skip(None, "binary file (contains NUL bytes): not text")
    ]


def test_id_with_hash_is_escaped(tmp_path: Path) -> None:
    src = write(tmp_path, "h.json", json.dumps({"id": "a#b", "text": "x"}))
    assert load(src) == [Record("a%23b", "x", {"path": "src/h.json"})]


# ---------------------------------------------------------------- dispatch


def test_unknown_extension_and_oversized_file(tmp_path: Path) -> None:
    assert load(write(tmp_path, "x.docx", b"PK\x03\x04")) == [
        Skip(
            None,
            "unknown file type '.docx': skipped (readable: .cfg, .cnf, .conf, .htm, .html, .ini, .json, .jsonl, .markdown, .md, .pdf, .properties, .toml, .txt)",
        )
    ]
    assert load(write(tmp_path, "Makefile", "all:")) == [
        Skip(
            None,
            "unknown file type '(no extension)': skipped "
            "(readable: .cfg, .cnf, .conf, .htm, .html, .ini, .json, .jsonl, .markdown, .md, .pdf, .properties, .toml, .txt)",
        )
    ]
    assert load(write(tmp_path, "big.md", "x" * 20), max_bytes=10) == [
        Skip(None, "file is 20 bytes, over max_file_bytes=10: skipped (raise it or split the file)")
    ]


def test_extension_is_case_insensitive(tmp_path: Path) -> None:
    assert load(write(tmp_path, "README.MD", "Hi")) == [Record("README.MD", "Hi", {"path": "src/README.MD"})]


def test_thread_record_without_question_is_not_a_wrapper(tmp_path: Path) -> None:
    obj = {"thread_id": "t5", "title": "Only answers", "answers": [{"text": "A"}, {"text": "B"}]}
    src = write(tmp_path, "t5.json", json.dumps(obj))
    assert load(src, SourceKind.THREAD) == [
        Record("t5", "", {"title": "Only answers", "thread_id": "t5", "path": "src/t5.json"},
               (Answer("A", 0), Answer("B", 1))),
    ]  # fmt: skip


def test_wrapper_ignores_scalar_lists(tmp_path: Path) -> None:
    data = {"version": 3, "labels": ["a", "b"], "items": [{"id": "i1", "text": "x"}]}
    src = write(tmp_path, "w.json", json.dumps(data))
    assert load(src) == [Record("i1", "x", {"path": "src/w.json"})]


def test_title_fallback_ignores_headings_inside_code(tmp_path: Path) -> None:
    src = write(tmp_path, "c.md", "```bash\n# install it\n```\n\n## Real heading\nText\n")
    assert [r.metadata.get("title") for r in load(src) if isinstance(r, Record)] == ["Real heading"]


def test_yaml_dates_and_numbers_in_front_matter(tmp_path: Path) -> None:
    src = write(
        tmp_path, "y.md", "---\ntitle: 123\ndate: 2025-06-22 10:00:00\nlast_updated: 2025-06-23\n---\nBody\n"
    )
    assert load(src) == [
        Record("y.md", "Body", {"title": "123", "created_at": "2025-06-22T10:00:00", "last_updated": "2025-06-23",
                                "path": "src/y.md"})
    ]  # fmt: skip


def test_a_configuration_file_is_one_document_whose_hash_lines_are_comments(tmp_path: Path) -> None:
    text = "# Close idle clients after N seconds (0 to disable).\ntimeout 0\n\n# TCP keepalive.\ntcp-keepalive 300\n"
    assert load(write(tmp_path, "store.conf", text)) == [
        Record("store.conf", text.strip("\n"), {"title": "store.conf", "path": "src/store.conf", "format": "config"})]
    assert load(write(tmp_path, "empty.ini", "\n\n")) == [Skip(None, "empty file: nothing to ingest")]


def test_the_claim_reader_knows_every_extension_the_loaders_read_as_a_file_name() -> None:
    from src.claims.names import identifiers
    from src.pipelines.loaders import LOADERS
    from src.types import DOCUMENT_SUFFIXES

    assert set(LOADERS) == DOCUMENT_SUFFIXES
    # "`tmux.conf`: 10" is a file's line, not a setting's value; "session.timeout.ms" is a setting
    assert [n for *_, n in identifiers("its default set in `tmux.conf`: 10, see session.timeout.ms")] == \
        ["session.timeout.ms"]


ROFF = ('.\\" the page of a made-up daemon\n.TH POLLD.CONF 5\n.SH OPTIONS\n.TP\n.B poll_interval\n'
        'Seconds between polls.  The default is\n\\fB30\\fR.\n.TP\n\\fBmax\\-peers\\fR \\fIcount\\fR\n'
        'Peers served at\\& once (default: 64).\n.PP\nThe syntax of the file:\n.nf\n'
        '# seconds before a peer is dropped, (default: 10)\n\\fBpeer_timeout \\fR<INTEGER>\n.fi\n')


def test_a_manual_pages_source_is_read_as_the_text_it_renders_to(tmp_path: Path) -> None:
    # font changes and requests go; a tagged paragraph is its tag over its indented body, unfilled
    # text a fenced block; the reader then gives each tag its default and leaves a placeholder alone
    from src.claims.reader import read_chunk
    from src.types import Chunk

    [record] = load(write(tmp_path, "polld.conf.5.md", ROFF))
    assert record.text == ("## OPTIONS\n\n    poll_interval\n        Seconds between polls.  The default is\n"
                           "        30.\n\n    max-peers count\n        Peers served at once (default: 64).\n\n"
                           "The syntax of the file:\n```\n# seconds before a peer is dropped, (default: 10)\n"
                           "peer_timeout <INTEGER>\n```")
    chunk = Chunk(id="kb/docs/polld.conf.5.md#c0", source="docs", kind="document", text=record.text)
    assert [(c.attribute.name, c.value, c.modality.value) for c in read_chunk(chunk)] == [
        ("poll_interval", "30", "default"), ("max-peers", "64", "default"), ("peer_timeout", "10", "default")]
    plain = "A page that writes .5 and \\fB once is no manual page's source.\n"
    assert load(write(tmp_path, "plain.md", plain))[0].text == plain.strip()
