"""The ingest runner and the chunks file: exact ids, stats, warnings, strict mode."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from src.config import Settings, SourceConfig
from src.errors import ChunksFileError, DataFolderMissing, EmptyCorpus, InputError
from src.pipelines.chunks_io import CHUNKS_SCHEMA, read_chunks, write_chunks
from src.pipelines.ingest import IngestResult, SourceStats, ingest_corpus
from src.types import Chunk, SourceKind, Warning_

FILES: dict[str, str | bytes] = {
    "docs/guide.md": "---\ntitle: Guide\nlast_updated: 2025-06-22\nowner: Docs\n---\n# Guide\nKeep 30 days.\n",
    "docs/sub/nested.md": "## Nested\nDeep text.\n",
    "docs/badyaml.md": "---\ntitle: [oops\n---\nStill ingested.\n",
    "docs/empty.md": "",
    "docs/zz.pdf": b"%PDF-1.4",
    "docs/zz.docx": b"PK\x03\x04",
    "docs/bin.md": b"text\x00binary",
    "docs/latin.txt": "caf\u00e9".encode("cp1252"),
    "docs/.DS_Store": b"\x00\x01",
    "forums/threads.jsonl": "\n".join([
        json.dumps({"thread_id": "t001", "title": "batch", "question": "Default batch?",
                    "answers": [{"id": "a1", "text": "32", "accepted": True, "upvotes": 4},
                                {"id": "a2", "text": "64", "upvotes": 9}]}),
        "{broken",
        json.dumps({"thread_id": "t002", "title": "none", "question": "Anyone?", "answers": []}),
    ]) + "\n",
    "forums/sync.txt": "Title: Lost?\n\nUser: Gone?\n\nReply: No.\n",
    "tickets/support_tickets.json": json.dumps({"support_tickets": [
        {"id": "ticket_002", "title": "Sync", "status": "resolved", "user_version": "v2.1",
         "created_date": "2024-01-26", "content": "Fixed by restart."}]}),
    "blogs/post.md": "---\ntitle: Post\npublished_date: June 5, 2025\n---\nBody of post.\n",
    "misc/note.md": "A note.\n",
    "README.md": "top level\n",
    ".git/config": "x",
}  # fmt: skip

EXPECTED_CHUNKS = [
    Chunk("data/blogs/post.md#c0", "blogs", "post", "Post\nBody of post.",
          {"title": "Post", "created_at": "2025-06-05", "path": "blogs/post.md"}),
    Chunk("data/docs/badyaml.md#c0", "docs", "document", "Still ingested.", {"path": "docs/badyaml.md"}),
    Chunk("data/docs/guide.md#c0", "docs", "document", "# Guide\n\nKeep 30 days.",
          {"title": "Guide", "section": "Guide", "last_updated": "2025-06-22", "author": "Docs", "path": "docs/guide.md"}),
    Chunk("data/docs/sub/nested.md#c0", "docs", "document", "## Nested\n\nDeep text.",
          {"title": "Nested", "section": "Nested", "path": "docs/sub/nested.md"}),
    Chunk("data/forums/sync.txt#qa", "forums", "thread", "Title: Lost?\nQuestion: Gone?\nAnswer: No.",
          {"title": "Lost?", "thread_id": "sync.txt", "path": "forums/sync.txt"}),
    Chunk("data/forums/t001#qa", "forums", "thread", "Title: batch\nQuestion: Default batch?\nAnswer: 32",
          {"title": "batch", "accepted": True, "upvotes": 4, "thread_id": "t001", "path": "forums/threads.jsonl",
           "line": 1}),
    Chunk("data/forums/t001#a2", "forums", "thread", "Title: batch\nQuestion: Default batch?\nAnswer: 64",
          {"title": "batch", "upvotes": 9, "thread_id": "t001", "path": "forums/threads.jsonl", "line": 1}),
    Chunk("data/forums/t002#qa", "forums", "thread", "Title: none\nQuestion: Anyone?",
          {"title": "none", "thread_id": "t002", "path": "forums/threads.jsonl", "line": 3}),
    Chunk("data/misc/note.md#c0", "misc", "post", "A note.", {"path": "misc/note.md"}),
    Chunk("data/tickets/ticket_002#qa", "tickets", "thread", "Title: Sync\nQuestion: Fixed by restart.",
          {"title": "Sync", "version": "v2.1", "created_at": "2024-01-26", "status": "resolved",
           "thread_id": "ticket_002", "path": "tickets/support_tickets.json"}),
]  # fmt: skip

EXPECTED_STATS = [
    SourceStats("blogs", "post", 1.0, files=1, records=1, chunks=1, skipped=0),
    SourceStats("docs", "document", 1.2, files=3, records=3, chunks=3, skipped=5),
    SourceStats("forums", "thread", 0.8, files=2, records=3, chunks=4, skipped=1),
    SourceStats("misc", "post", 1.0, files=1, records=1, chunks=1, skipped=0),
    SourceStats("tickets", "thread", 0.8, files=1, records=1, chunks=1, skipped=0),
]

READABLE = ".cfg, .cnf, .conf, .htm, .html, .ini, .json, .jsonl, .markdown, .md, .pdf, .properties, .toml, .txt"
EXPECTED_WARNINGS = [
    Warning_("data/README.md", None, "file outside any source folder: skipped (move it into one, e.g. docs/)"),
    Warning_("data/docs/badyaml.md", 3, "invalid YAML front matter: ingested the text without it"),
    Warning_("data/docs/bin.md", None, "binary file (contains NUL bytes): not text"),
    Warning_("data/docs/empty.md", None, "empty file: nothing to ingest"),
    Warning_("data/docs/latin.txt", None, "not UTF-8 text (byte 0xe9 at offset 3): re-save it as UTF-8"),
    Warning_("data/docs/zz.docx", None, f"unknown file type '.docx': skipped (readable: {READABLE})"),
    Warning_("data/docs/zz.pdf", None, "corrupt PDF (PdfStreamError: Stream has ended unexpectedly): skipped"),
    Warning_("data/forums/threads.jsonl", 2,
             "invalid JSON (Expecting property name enclosed in double quotes, column 2): line skipped"),
    Warning_("data/misc", None, "unknown source folder 'misc': ingested as kind post, weight 1.0"),
]  # fmt: skip


def make_corpus(root: Path, files: dict[str, str | bytes] = FILES, name: str = "data") -> Path:
    data = root / name
    for rel, content in files.items():
        path = data / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return data


@pytest.fixture
def corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    make_corpus(tmp_path)
    monkeypatch.chdir(tmp_path)
    return Path("data")


def test_ingest_mixed_corpus_exact_chunks_stats_and_warnings(corpus: Path) -> None:
    seen: list[Warning_] = []
    result = ingest_corpus(corpus, Settings(), on_warning=seen.append)
    assert result == IngestResult(EXPECTED_CHUNKS, EXPECTED_STATS, EXPECTED_WARNINGS)
    assert seen == EXPECTED_WARNINGS
    assert [str(w) for w in result.warnings[1:3]] == [
        "data/docs/badyaml.md:3: invalid YAML front matter: ingested the text without it",
        "data/docs/bin.md: binary file (contains NUL bytes): not text",
    ]


def test_ingest_is_deterministic_and_progress_is_harmless(corpus: Path) -> None:
    assert ingest_corpus(corpus, Settings()) == ingest_corpus(corpus, Settings(), progress=True)


def test_missing_data_folder(tmp_path: Path) -> None:
    with pytest.raises(DataFolderMissing, match="data folder not found: .*nope"):
        ingest_corpus(tmp_path / "nope", Settings())
    (tmp_path / "file.md").write_text("x")
    with pytest.raises(DataFolderMissing):
        ingest_corpus(tmp_path / "file.md", Settings())


def test_strict_raises_on_the_first_skip_but_not_on_unknown_sources(tmp_path: Path) -> None:
    data = make_corpus(tmp_path, {"misc/a.md": "fine", "misc/b.bin": b"\x00"})
    with pytest.raises(InputError) as err:
        ingest_corpus(data, Settings(), strict=True)
    assert (err.value.path, err.value.line) == (str(data / "misc" / "b.bin"), None)
    assert err.value.reason.startswith("unknown file type '.bin': skipped")

    ok = make_corpus(tmp_path, {"misc/a.md": "fine"}, name="ok")
    seen: list[Warning_] = []
    result = ingest_corpus(ok, Settings(), strict=True, on_warning=seen.append)
    assert [c.id for c in result.chunks] == ["ok/misc/a.md#c0"]
    assert seen == [
        Warning_(str(ok / "misc"), None, "unknown source folder 'misc': ingested as kind post, weight 1.0")
    ]
    assert result.stats == [SourceStats("misc", "post", 1.0, 1, 1, 1, 0)]


def test_strict_fails_on_a_bad_jsonl_line(tmp_path: Path) -> None:
    data = make_corpus(tmp_path, {"forums/t.jsonl": '{"id": "t1", "question": "q"}\n{oops\n'})
    with pytest.raises(InputError, match=r"t\.jsonl:2: invalid JSON"):
        ingest_corpus(data, Settings(), strict=True)


def test_strict_fails_on_invalid_front_matter(tmp_path: Path) -> None:
    data = make_corpus(tmp_path, {"docs/a.md": "---\n: [\n---\nBody"})
    with pytest.raises(InputError, match="invalid YAML front matter"):
        ingest_corpus(data, Settings(), strict=True)


def test_corpus_name_is_the_resolved_folder_name(tmp_path: Path) -> None:
    data = make_corpus(tmp_path, {"docs/tuning.md": "Text"}, name="corpus")
    (tmp_path / "other").mkdir()
    result = ingest_corpus(tmp_path / "other" / ".." / "corpus", Settings())
    assert [c.id for c in result.chunks] == ["corpus/docs/tuning.md#c0"]
    assert data.exists()


def test_configured_source_kind_and_weight(tmp_path: Path) -> None:
    data = make_corpus(tmp_path, {"kb/a.txt": "Title: T\nUser: Q\nReply: A\n"})
    settings = Settings(sources={"kb": SourceConfig(SourceKind.THREAD, 1.5)})
    result = ingest_corpus(data, settings)
    assert [(c.id, c.text) for c in result.chunks] == [
        ("data/kb/a.txt#qa", "Title: T\nQuestion: Q\nAnswer: A")
    ]
    assert result.stats == [SourceStats("kb", "thread", 1.5, 1, 1, 1, 0)]
    assert result.warnings == []


def test_oversized_file_and_duplicate_ids_are_skipped(tmp_path: Path) -> None:
    data = make_corpus(tmp_path, {
        "docs/a.json": json.dumps([{"id": "d1", "text": "one"}, {"id": "d1", "text": "again"}]),
        "docs/b.jsonl": json.dumps({"id": "d1", "text": "third"}) + "\n",
        "docs/big.md": "x" * 500,
    })  # fmt: skip
    result = ingest_corpus(data, replace(Settings(), max_file_bytes=100))
    assert [(c.id, c.text) for c in result.chunks] == [("data/docs/d1#c0", "one")]
    assert result.warnings == [
        Warning_(str(data / "docs/a.json"), None, f"duplicate document id 'd1' (first in {data / 'docs/a.json'}): record skipped"),
        Warning_(str(data / "docs/b.jsonl"), 1,
                 f"duplicate document id 'd1' (first in {data / 'docs/a.json'}): record skipped"),
        Warning_(str(data / "docs/big.md"), None,
                 "file is 500 bytes, over max_file_bytes=100: skipped (raise it or split the file)"),
    ]  # fmt: skip
    assert result.stats == [SourceStats("docs", "document", 1.2, files=1, records=1, chunks=1, skipped=3)]


def test_reply_ids_never_give_two_chunks_one_id(tmp_path: Path) -> None:
    # The reply at index 3 has no id: its anchor r3 was taken by the reply whose own id is "r3".
    # A reply cut in pieces (a9, a9-1, a9-2) and a reply whose id is "a9-1": that reply is skipped.
    long = " ".join(f"Sentence {i} about retries." for i in range(400))  # over 6,000 characters
    thread = {"thread_id": "t1", "title": "T", "question": "Q?", "answers": [
        {"id": "a1", "text": "best", "accepted": True}, {"id": "r3", "text": "one"}, {"text": "two"},
        {"text": "three"}, {"id": "a9", "text": long}, {"id": "a9-1", "text": "clash"}]}
    data = make_corpus(tmp_path, {"forums/t.jsonl": json.dumps(thread) + "\n"})
    result = ingest_corpus(data, Settings())
    ids = [c.id.removeprefix("data/forums/t1#") for c in result.chunks]
    assert ids == ["qa", "r3", "r2", "r3.2", "a9", "a9-1", "a9-2"]
    assert result.warnings == [Warning_(str(data / "forums/t.jsonl"), 1,
                                        "duplicate chunk id 'data/forums/t1#a9-1' (two replies give it): chunk skipped")]
    assert result.stats[0].skipped == 1
    path = tmp_path / "chunks.jsonl"
    write_chunks(result.chunks, path)
    assert read_chunks(path) == result.chunks


def test_nested_files_are_visited_in_sorted_path_order(tmp_path: Path) -> None:
    data = make_corpus(tmp_path, {"docs/b.md": "b", "docs/a/z.md": "z", "docs/a.md": "a", "docs/A/y.md": "y"})
    result = ingest_corpus(data, Settings())
    assert [c.id for c in result.chunks] == [
        "data/docs/A/y.md#c0", "data/docs/a.md#c0", "data/docs/a/z.md#c0", "data/docs/b.md#c0"
    ]  # fmt: skip


def test_html_and_record_without_text(tmp_path: Path) -> None:
    data = make_corpus(tmp_path, {
        "docs/page.html": "<html><head><title>Page</title></head><body><nav>menu</nav><h1>Top</h1><p>Body</p></body></html>",
        "docs/recs.jsonl": '{"id": "r1", "title": "empty"}\n{"id": "r2", "body": "ok"}\n',
    })  # fmt: skip
    result = ingest_corpus(data, Settings())
    assert [(c.id, c.text, c.metadata) for c in result.chunks] == [
        (
            "data/docs/page.html#c0",
            "# Top\n\nBody",
            {"title": "Page", "section": "Top", "path": "docs/page.html"},
        ),
        ("data/docs/r2#c0", "ok", {"path": "docs/recs.jsonl", "line": 2}),
    ]
    assert result.warnings == [
        Warning_(str(data / "docs/recs.jsonl"), 1,
                 "record 'r1' has no text (expected one of content, text, body, question): skipped")
    ]  # fmt: skip


def test_empty_corpus(tmp_path: Path) -> None:
    """Never an empty chunks file: a corpus without files, or whose files give no text, is an error (#24)."""
    (tmp_path / "data" / "docs").mkdir(parents=True)
    with pytest.raises(EmptyCorpus) as info:
        ingest_corpus(tmp_path / "data", Settings())
    assert str(info.value) == (f"{tmp_path / 'data'}: no files to read: put your documents in it ({READABLE}), in "
                               "subfolders named docs/, forums/, tickets/, blogs/ to weigh sources by authority")
    (tmp_path / "data" / "docs" / "empty.md").write_text("")
    (tmp_path / "data" / "docs" / "notes.docx").write_text("x")
    with pytest.raises(EmptyCorpus) as info:
        ingest_corpus(tmp_path / "data", Settings())
    assert str(info.value) == (f"{tmp_path / 'data'}: no text in its 2 files (the warnings above say why); readable: "
                               ".cfg, .cnf, .conf, .htm, .html, .ini, .json, .jsonl, .markdown, .md, .pdf, .properties, .toml, .txt")


# ---------------------------------------------------------------- chunks file


def test_write_and_read_chunks_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "out" / "deep" / "chunks.jsonl"
    chunks = [Chunk("data/docs/a.md#c0", "docs", "document", "Café ü", {"title": "Ä", "tags": ["x"]}),
              Chunk("data/forums/t1#qa", "forums", "thread", "Q", {"accepted": True, "upvotes": 3})]  # fmt: skip
    write_chunks(iter(chunks), path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == (
        '{"id": "data/docs/a.md#c0", "doc_id": "data/docs/a.md", "source": "docs", "kind": "document", '
        '"text": "Café ü", "metadata": {"title": "Ä", "tags": ["x"]}, "schema": 1}'
    )
    assert len(lines) == 2
    assert read_chunks(path) == chunks
    assert sorted(p.name for p in path.parent.iterdir()) == ["chunks.jsonl"]


def test_write_chunks_replaces_atomically_and_cleans_up_on_error(tmp_path: Path) -> None:
    path = tmp_path / "chunks.jsonl"
    write_chunks([Chunk("c/s/a#c0", "s", "post", "old")], path)

    def broken() -> object:
        yield Chunk("c/s/b#c0", "s", "post", "new")
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        write_chunks(broken(), path)  # type: ignore[arg-type]
    assert [c.text for c in read_chunks(path)] == ["old"]
    assert [p.name for p in tmp_path.iterdir()] == ["chunks.jsonl"]


def test_read_chunks_errors_say_how_to_fix(tmp_path: Path) -> None:
    missing = tmp_path / "none.jsonl"
    with pytest.raises(ChunksFileError) as err:
        read_chunks(missing)
    assert str(err.value) == (
        f"chunks file not found: {missing}: run `python main.py ingest --data DIR --out FILE` first"
    )
    good = json.dumps({**Chunk("c/s/a#c0", "s", "post", "x").to_json(), "schema": CHUNKS_SCHEMA})
    for bad in ('{"id": "c/s/a#c0", "text": "old format"}', "not json",
                json.dumps({**Chunk("c/s/a#c0", "s", "post", "x").to_json(), "schema": 2})):  # fmt: skip
        path = tmp_path / "bad.jsonl"
        path.write_text(f"{good}\n\n{bad}\n", encoding="utf-8")
        with pytest.raises(ChunksFileError) as err:
            read_chunks(path)
        assert str(err.value) == (
            f"{path}: line 3 is not a Crosscheck chunk (written by an older version?): re-run `python main.py ingest`"
        )


def test_a_repeated_chunk_id_is_an_error_naming_the_file_the_line_and_the_id(tmp_path: Path) -> None:
    path = tmp_path / "chunks.jsonl"
    write_chunks([Chunk("c/s/a#c0", "s", "post", "first"), Chunk("c/s/b#c0", "s", "post", "other"),
                  Chunk("c/s/a#c0", "s", "post", "second")], path)
    with pytest.raises(ChunksFileError) as err:
        read_chunks(path)
    assert str(err.value) == (
        f"{path}: line 3 repeats chunk id 'c/s/a#c0' of line 1: chunk ids must be unique; remove one of "
        "the two lines, or re-run `python main.py ingest`"
    )


def test_read_empty_chunks_file(tmp_path: Path) -> None:
    path = tmp_path / "chunks.jsonl"
    write_chunks([], path)
    assert path.read_bytes() == b""
    assert read_chunks(path) == []
