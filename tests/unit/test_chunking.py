"""Chunkers: exact ids, texts and metadata for each source kind."""

from __future__ import annotations

import json

from src.config import ChunkingConfig, ChunkSizes
from src.pipelines.chunking import Block, best_answer, chunk_record, parse_blocks, split_text
from src.pipelines.loaders import Answer, Record
from src.types import Chunk, SourceKind

SMALL = ChunkSizes(target_chars=200, max_chars=260, overlap_chars=60)
TINY = ChunkSizes(target_chars=120, max_chars=160, overlap_chars=40)
TINY_THREAD = ChunkSizes(target_chars=120, max_chars=160, overlap_chars=0)

SYNC_DOC = """# Sync & Backup

NimbusNote syncs notes every 10 seconds. It keeps going while you edit.

## Backup policy
We keep:
- 30 days on Basic
- 365 days on Pro

Backups are encrypted. They live in us-central. Restores take an hour. Ask support for help.

```yaml
retention:

  basic: 30
```

| Plan | Days |
|---|---|
| Basic | 30 |

### Limits
Short."""


def chunk(
    record: Record, kind: SourceKind, sizes: ChunkSizes, doc_id: str = "data/docs/sync.md"
) -> list[Chunk]:
    return chunk_record(record, kind, sizes, doc_id=doc_id, source=doc_id.split("/")[1])


# ---------------------------------------------------------------- blocks and splitting


def test_parse_blocks_keeps_code_and_tables_whole_with_heading_paths() -> None:
    assert parse_blocks(SYNC_DOC) == [
        Block("heading", "# Sync & Backup", ("Sync & Backup",)),
        Block("text", "NimbusNote syncs notes every 10 seconds. It keeps going while you edit.", ("Sync & Backup",)),
        Block("heading", "## Backup policy", ("Sync & Backup", "Backup policy")),
        Block("text", "We keep:\n- 30 days on Basic\n- 365 days on Pro", ("Sync & Backup", "Backup policy")),
        Block("text", "Backups are encrypted. They live in us-central. Restores take an hour. Ask support for help.",
              ("Sync & Backup", "Backup policy")),
        Block("code", "```yaml\nretention:\n\n  basic: 30\n```", ("Sync & Backup", "Backup policy")),
        Block("table", "| Plan | Days |\n|---|---|\n| Basic | 30 |", ("Sync & Backup", "Backup policy")),
        Block("heading", "### Limits", ("Sync & Backup", "Backup policy", "Limits")),
        Block("text", "Short.", ("Sync & Backup", "Backup policy", "Limits")),
    ]  # fmt: skip


def test_heading_path_pops_to_the_right_level() -> None:
    blocks = parse_blocks("# A\n## B\n### C\n## D\ntext\n# E\ntext")
    assert [b.path for b in blocks if b.kind == "text"] == [("A", "D"), ("E",)]


def test_underlined_headings_are_headings_written_the_atx_way() -> None:
    # chrony's NEWS: "New in version 4.3" over "====", "Enhancements" over "----" (setext);
    # reStructuredText's over- and underlined title takes the next level in order of appearance
    text = ("New in version 4.3\n==================\n\nEnhancements\n------------\n* Add local option\n\n"
            "=====\nTitle\n=====\n\nSub\n^^^\nx")
    assert parse_blocks(text) == [
        Block("heading", "# New in version 4.3", ("New in version 4.3",)),
        Block("heading", "## Enhancements", ("New in version 4.3", "Enhancements")),
        Block("text", "* Add local option", ("New in version 4.3", "Enhancements")),
        Block("heading", "### Title", ("New in version 4.3", "Enhancements", "Title")),
        Block("heading", "#### Sub", ("New in version 4.3", "Enhancements", "Title", "Sub")),
        Block("text", "x", ("New in version 4.3", "Enhancements", "Title", "Sub")),
    ]  # fmt: skip
    # a rule under a paragraph of two lines or a list item, or a short ^^^ rule, underlines no heading
    for text in ("One line\ntwo lines\n---", "- item\n---", "Long title\n^^^"):
        assert [b.kind for b in parse_blocks(text)] == ["text"], text
    assert parse_blocks("Title\n=====", headings=False) == [Block("text", "Title\n=====")]  # a configuration file


def test_a_restructuredtext_underline_of_tildes_or_backticks_is_a_heading_not_a_fence() -> None:
    # "~" and "`" adorn titles too; a rule as long as its title underlines it, and a fence after it still opens
    text = "Lease Cleanup\n~~~~~~~~~~~~~\nRuns every hour.\n\n~~~\ncode\n~~~\n\nNotes\n`````\nShort."
    assert parse_blocks(text) == [
        Block("heading", "# Lease Cleanup", ("Lease Cleanup",)),
        Block("text", "Runs every hour.", ("Lease Cleanup",)),
        Block("code", "~~~\ncode\n~~~", ("Lease Cleanup",)),
        Block("heading", "## Notes", ("Lease Cleanup", "Notes")),
        Block("text", "Short.", ("Lease Cleanup", "Notes")),
    ]  # fmt: skip
    assert [b.kind for b in parse_blocks("Or:\n```\nrun it\n```")] == ["text", "code"]  # a fence after a short line


def test_unclosed_fence_runs_to_the_end() -> None:
    assert parse_blocks("Intro\n~~~\ncode\n\n# not a heading") == [
        Block("text", "Intro"),
        Block("code", "~~~\ncode\n\n# not a heading"),
    ]


def test_split_text_sentences_lines_and_words() -> None:
    assert split_text("One two. Three four. Five six.", 20) == [
        ("One two. Three four.", ""),
        ("Five six.", " "),
    ]
    assert split_text("One two. Three four. Five six.", 12) == [
        ("One two.", ""),
        ("Three four.", " "),
        ("Five six.", " "),
    ]
    assert split_text("line one\nline two\nline three", 18) == [
        ("line one\nline two", ""),
        ("line three", "\n"),
    ]
    assert split_text("aaaa bbbb cccc", 9) == [("aaaa bbbb", ""), ("cccc", " ")]
    assert split_text("x" * 25, 10) == [("x" * 10, ""), ("x" * 10, " "), ("x" * 5, " ")]


# ---------------------------------------------------------------- documents


def test_document_small_file_is_one_chunk_with_metadata() -> None:
    record = Record(
        "sync.md", SYNC_DOC, {"title": "Sync", "last_updated": "2025-06-22", "path": "docs/sync.md"}
    )
    chunks = chunk(record, SourceKind.DOCUMENT, ChunkingConfig().document)
    assert chunks == [
        Chunk(
            "data/docs/sync.md#c0",
            "docs",
            "document",
            SYNC_DOC.replace("## Backup policy\n", "## Backup policy\n\n").replace(
                "### Limits\n", "### Limits\n\n"
            ),
            {
                "title": "Sync",
                "section": "Sync & Backup",
                "last_updated": "2025-06-22",
                "path": "docs/sync.md",
            },
        )
    ]


def test_document_sections_overlap_and_unsplit_code() -> None:
    record = Record("sync.md", SYNC_DOC, {"title": "Sync", "path": "docs/sync.md"})
    chunks = chunk(record, SourceKind.DOCUMENT, SMALL)
    meta = {"title": "Sync", "path": "docs/sync.md"}
    assert chunks == [
        Chunk("data/docs/sync.md#c0", "docs", "document",
              "# Sync & Backup\n\nNimbusNote syncs notes every 10 seconds. It keeps going while you edit.\n\n"
              "## Backup policy\n\nWe keep:\n- 30 days on Basic\n- 365 days on Pro",
              {"title": "Sync", "section": "Sync & Backup", "path": "docs/sync.md"}),
        Chunk("data/docs/sync.md#c1", "docs", "document",
              "Sync & Backup > Backup policy\nWe keep:\n- 30 days on Basic\n- 365 days on Pro\n\n"
              "Backups are encrypted. They live in us-central. Restores take an hour. Ask support for help.\n\n"
              "```yaml\nretention:\n\n  basic: 30\n```",
              {**meta, "section": "Sync & Backup > Backup policy"}),
        Chunk("data/docs/sync.md#c2", "docs", "document",
              "Sync & Backup > Backup policy\n| Plan | Days |\n|---|---|\n| Basic | 30 |\n\n### Limits\n\nShort.",
              {**meta, "section": "Sync & Backup > Backup policy"}),
    ]  # fmt: skip
    assert list(chunks[1].metadata) == ["title", "section", "path"]


def test_document_long_paragraph_is_cut_at_sentences_with_overlap() -> None:
    text = " ".join(f"Sentence number {i} is here." for i in range(1, 12))
    chunks = chunk(Record("p.md", text, {}), SourceKind.DOCUMENT, TINY, "c/docs/p.md")
    assert [(c.id, c.text) for c in chunks] == [
        ("c/docs/p.md#c0", "Sentence number 1 is here. Sentence number 2 is here. Sentence number 3 is here. "
                           "Sentence number 4 is here."),
        ("c/docs/p.md#c1", "Sentence number 4 is here. Sentence number 5 is here. Sentence number 6 is here. "
                           "Sentence number 7 is here. Sentence number 8 is here."),
        ("c/docs/p.md#c2", "Sentence number 8 is here. Sentence number 9 is here. Sentence number 10 is here. "
                           "Sentence number 11 is here."),
    ]  # fmt: skip
    assert all(len(c.text) <= TINY.max_chars for c in chunks)


def test_document_oversized_code_block_is_its_own_chunk() -> None:
    code = "```\n" + "\n".join(f"line {i} of the code" for i in range(12)) + "\n```"
    text = f"## Setup\nIntro text.\n\n{code}\n\nAfter the code."
    chunks = chunk(Record("s.md", text, {}), SourceKind.DOCUMENT, TINY, "c/docs/s.md")
    assert [(c.id, c.text, c.metadata) for c in chunks] == [
        ("c/docs/s.md#c0", "## Setup\n\nIntro text.", {"section": "Setup"}),
        ("c/docs/s.md#c1", f"Setup\n{code}", {"section": "Setup"}),
        ("c/docs/s.md#c2", "Setup\nAfter the code.", {"section": "Setup"}),
    ]


def test_document_giant_word_is_cut_without_crashing() -> None:
    chunks = chunk(Record("w.md", "x" * 300, {}), SourceKind.DOCUMENT, TINY, "c/docs/w.md")
    assert [(c.id, len(c.text)) for c in chunks] == [
        ("c/docs/w.md#c0", 120),
        ("c/docs/w.md#c1", 120),
        ("c/docs/w.md#c2", 60),
    ]


def test_document_record_with_answers_keeps_them() -> None:
    record = Record("d1", "Main text.", {}, (Answer("A reply.", 0),))
    assert [c.text for c in chunk(record, SourceKind.DOCUMENT, SMALL, "c/docs/d1")] == [
        "Main text.\n\nA reply."
    ]


# ---------------------------------------------------------------- posts


def test_post_title_is_first_line_of_every_chunk_but_not_repeated() -> None:
    text = (
        "# My Post\n\nFirst paragraph talks. It has two sentences.\n\n"
        "Second paragraph is here and longer than that one. Yes it is.\n\nThird one."
    )
    chunks = chunk(
        Record("post.md", text, {"title": "My Post", "author": "Ops"}),
        SourceKind.POST,
        TINY,
        "c/blogs/post.md",
    )
    meta = {"title": "My Post", "section": "My Post", "author": "Ops"}
    assert chunks == [
        Chunk("c/blogs/post.md#c0", "blogs", "post",
              "# My Post\n\nFirst paragraph talks. It has two sentences.\n\n"
              "Second paragraph is here and longer than that one. Yes it is.", meta),
        Chunk("c/blogs/post.md#c1", "blogs", "post", "My Post\nYes it is.\n\nThird one.", meta),
    ]  # fmt: skip


def test_post_without_headings_gets_title_line() -> None:
    chunks = chunk(Record("b1", "Plain body.", {"title": "Blog"}), SourceKind.POST, TINY, "c/blogs/b1")
    assert chunks == [Chunk("c/blogs/b1#c0", "blogs", "post", "Blog\nPlain body.", {"title": "Blog"})]


def test_post_default_sizes_pack_paragraphs() -> None:
    paragraphs = [f"Paragraph {i} " + "word " * 60 for i in range(8)]  # ~318 chars each
    chunks = chunk(Record("b2", "\n\n".join(p.strip() for p in paragraphs), {"title": "T"}), SourceKind.POST,
                   ChunkingConfig().post, "c/blogs/b2")  # fmt: skip
    assert [c.id for c in chunks] == ["c/blogs/b2#c0", "c/blogs/b2#c1", "c/blogs/b2#c2"]
    assert [c.text.split("\n")[0] for c in chunks] == ["T", "T", "T"]
    assert [c.text.count("Paragraph ") for c in chunks] == [3, 3, 2]
    assert all(len(c.text) <= ChunkingConfig().post.max_chars for c in chunks)


# ---------------------------------------------------------------- threads


def test_best_answer_accepted_then_upvotes_then_first() -> None:
    a = Answer("a", 0, "a", {"upvotes": 5})
    b = Answer("b", 1, "b", {"upvotes": 9, "accepted": False})
    c = Answer("c", 2, "c", {"upvotes": 1, "accepted": True})
    d = Answer("d", 3, "d", {"upvotes": 9})
    assert best_answer((a, b, c, d)) is c
    assert best_answer((a, b, d)) is b
    assert best_answer((Answer("x", 0), Answer("y", 1))).text == "x"
    assert best_answer(()) is None


def test_thread_qa_and_answer_chunks() -> None:
    record = Record(
        "t018",
        "Why am I billed when GPUs look idle?",
        {"title": "billing idle", "thread_id": "t018", "path": "forums/threads.jsonl", "line": 18},
        (
            Answer("Idle GPUs are reserved.", 0, "a0180", {"created_at": "2025-06-21", "author": "ops",
                                                          "accepted": True, "upvotes": 38}),
            Answer("Batch 64 was faster.", 1, "a0181", {"author": "li", "accepted": False, "upvotes": 4}),
            Answer("Nobody knows.", 2, None, {}),
        ),
    )  # fmt: skip
    chunks = chunk(record, SourceKind.THREAD, ChunkingConfig().thread, "data/forums/t018")
    base = {"title": "billing idle", "thread_id": "t018", "path": "forums/threads.jsonl", "line": 18}
    context = "Title: billing idle\nQuestion: Why am I billed when GPUs look idle?\n"
    assert chunks == [
        Chunk("data/forums/t018#qa", "forums", "thread",
              "Title: billing idle\nQuestion: Why am I billed when GPUs look idle?\nAnswer: Idle GPUs are reserved.",
              {"title": "billing idle", "created_at": "2025-06-21", "author": "ops", "accepted": True, "upvotes": 38,
               "thread_id": "t018", "path": "forums/threads.jsonl", "line": 18}),
        Chunk("data/forums/t018#a0181", "forums", "thread", context + "Answer: Batch 64 was faster.",
              {**base, "author": "li", "accepted": False, "upvotes": 4}),
        Chunk("data/forums/t018#r2", "forums", "thread", context + "Answer: Nobody knows.", base),
    ]  # fmt: skip
    assert list(chunks[0].metadata) == [
        "title",
        "created_at",
        "author",
        "accepted",
        "upvotes",
        "thread_id",
        "path",
        "line",
    ]


def test_thread_without_accepted_uses_most_upvoted_and_first_otherwise() -> None:
    record = Record(
        "t2", "Q?", {}, (Answer("low", 0, "a", {"upvotes": 1}), Answer("high", 1, "b", {"upvotes": 7}))
    )
    assert [(c.anchor, c.text) for c in chunk(record, SourceKind.THREAD, SMALL, "d/forums/t2")] == [
        ("qa", "Question: Q?\nAnswer: high"),
        ("a", "Question: Q?\nAnswer: low"),
    ]
    record = Record("t3.txt", "Q?", {"title": "T"}, (Answer("first", 0), Answer("second", 1)))
    assert [(c.id, c.text) for c in chunk(record, SourceKind.THREAD, SMALL, "d/forums/t3.txt")] == [
        ("d/forums/t3.txt#qa", "Title: T\nQuestion: Q?\nAnswer: first"),
        ("d/forums/t3.txt#r1", "Title: T\nQuestion: Q?\nAnswer: second"),
    ]


def test_ticket_without_answers_is_one_qa_chunk() -> None:
    record = Record("ticket_002", "Files not syncing.\n\nResolution: restart.",
                    {"title": "Sync", "version": "v2.1", "status": "resolved", "path": "tickets/t.json"})  # fmt: skip
    assert chunk(record, SourceKind.THREAD, ChunkingConfig().thread, "data/tickets/ticket_002") == [
        Chunk("data/tickets/ticket_002#qa", "tickets", "thread",
              "Title: Sync\nQuestion: Files not syncing.\n\nResolution: restart.",
              {"title": "Sync", "version": "v2.1", "status": "resolved", "thread_id": "ticket_002",
               "path": "tickets/t.json"}),
    ]  # fmt: skip


def test_duplicate_or_reserved_answer_ids_fall_back_to_r_index() -> None:
    record = Record("t4", "Q", {}, (Answer("a", 0, "x", {"accepted": True}), Answer("b", 1, "qa"), Answer("c", 2, "y"),
                                    Answer("d", 3, "y")))  # fmt: skip
    assert [c.anchor for c in chunk(record, SourceKind.THREAD, SMALL, "d/forums/t4")] == [
        "qa",
        "r1",
        "y",
        "r3",
    ]


def test_long_thread_posts_are_cut_with_context() -> None:
    question = ("First sentence of a long question. " * 6).strip()
    record = Record("t1", question, {"title": "Long one"}, (Answer("Short answer.", 0, None, {"author": "a"}),
                                                            Answer("Other.", 1, "x", {})))  # fmt: skip
    chunks = chunk(record, SourceKind.THREAD, TINY_THREAD, "d/forums/t1")
    s = "First sentence of a long question."
    assert [(c.id, c.text) for c in chunks] == [
        ("d/forums/t1#qa", f"Title: Long one\nQuestion: {s} {s}"),
        ("d/forums/t1#qa-1", f"Title: Long one\n{s} {s} {s}"),
        ("d/forums/t1#qa-2", f"Title: Long one\n{s}\nAnswer: Short answer."),
        ("d/forums/t1#x", "Title: Long one\nQuestion: First sentence of a long …\nAnswer: Other."),
    ]
    assert [c.metadata for c in chunks[:3]] == [{"title": "Long one", "author": "a", "thread_id": "t1"}] * 3


def test_chunking_is_the_same_in_every_process(in_fresh_process) -> None:
    record = Record("sync.md", SYNC_DOC * 5, {"title": "Sync"})
    first = chunk(record, SourceKind.DOCUMENT, SMALL)
    assert [c.anchor for c in first] == [f"c{i}" for i in range(len(first))]
    code = ("import json\nfrom tests.unit.test_chunking import SMALL, SYNC_DOC, chunk\n"
            "from src.pipelines.records import Record\nfrom src.types import SourceKind\n"
            "out = chunk(Record('sync.md', SYNC_DOC * 5, {'title': 'Sync'}), SourceKind.DOCUMENT, SMALL)\n"
            "print(json.dumps([c.to_json() for c in out]))\n")
    here = json.dumps([c.to_json() for c in first]) + "\n"
    assert in_fresh_process(code, 0) == in_fresh_process(code, 4242) == here


def test_thread_without_question_text_keeps_its_answers() -> None:
    record = Record("t5", "", {"title": "Only answers"}, (Answer("A", 0), Answer("B", 1)))
    assert [(c.id, c.text) for c in chunk(record, SourceKind.THREAD, SMALL, "d/forums/t5")] == [
        ("d/forums/t5#qa", "Title: Only answers\nAnswer: A"),
        ("d/forums/t5#r1", "Title: Only answers\nAnswer: B"),
    ]


def test_a_configuration_file_has_comments_where_markdown_has_headings() -> None:
    text = "# Close idle clients after N seconds.\ntimeout 0\n\n# TCP keepalive.\ntcp-keepalive 300"
    assert [b.kind for b in parse_blocks(text)] == ["heading", "text", "heading", "text"]
    assert parse_blocks(text, headings=False) == [Block("text", "# Close idle clients after N seconds.\ntimeout 0", ()),
                                                 Block("text", "# TCP keepalive.\ntcp-keepalive 300", ())]
    meta = {"title": "store.conf", "path": "docs/store.conf", "format": "config"}
    chunks = chunk_record(Record("store.conf", text, meta), SourceKind.DOCUMENT, SMALL,
                          doc_id="kb/docs/store.conf", source="docs")
    assert [(c.text, c.metadata) for c in chunks] == [(text, meta)]  # no heading path put first, none as section
