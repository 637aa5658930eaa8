"""Nothing below a corpus is left out silently: unreadable folders, symbolic links, special
files; a file with very many chunks is named; an unwritable chunks file is one clear error.

Tests run as root here, which reads through file permissions: the unreadable-folder cases
make the listing itself fail (as a permission error does) and, when not root, also use a
real ``chmod 000``.
"""

from __future__ import annotations

import errno
import json
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from src.config import Settings, load_settings
from src.errors import FolderUnreadable, InputError, OutputNotWritable, UsageError
from src.pipelines.chunks_io import read_chunks
from src.pipelines.corpus import ingest_to, manifest_of
from src.pipelines.ingest import SourceStats, Unlisted, ingest_corpus, iter_source_files
from src.types import Warning_

FOLLOW = replace(Settings(), follow_symlinks=True)


def make(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """data/docs/{a.md, private/b.md}, data/forums/t.txt; the working folder is tmp_path."""
    make(tmp_path / "data", {"docs/a.md": "Alpha.", "docs/private/b.md": "Beta.",
                             "forums/t.txt": "Title: T\n\nUser: Q?\n\nReply: A.\n"})
    monkeypatch.chdir(tmp_path)
    return Path("data")


def deny_listing(monkeypatch: pytest.MonkeyPatch, denied: Path) -> None:
    """Listing ``denied`` fails with EACCES, as it does for a folder without read permission."""
    real_scandir, real_listdir = os.scandir, os.listdir

    def check(path: Any) -> None:
        if Path(path).resolve() == denied.resolve():
            raise PermissionError(errno.EACCES, "Permission denied", str(path))

    def scandir(path: Any = ".") -> Any:
        check(path)
        return real_scandir(path)

    def listdir(path: Any = ".") -> Any:
        check(path)
        return real_listdir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    monkeypatch.setattr(os, "listdir", listdir)


# ---------------------------------------------------------------- unreadable folders


def test_an_unreadable_subfolder_is_a_counted_warning(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deny_listing(monkeypatch, data / "docs" / "private")
    result = ingest_corpus(data, Settings())
    assert [c.id for c in result.chunks] == ["data/docs/a.md#c0", "data/forums/t.txt#qa"]
    assert result.warnings == [Warning_("data/docs/private", None, "cannot read the folder (Permission denied)")]
    assert str(result.warnings[0]) == "data/docs/private: cannot read the folder (Permission denied)"
    assert result.stats[0] == SourceStats("docs", "document", 1.2, files=1, records=1, chunks=1, skipped=1)
    with pytest.raises(InputError) as info:
        ingest_corpus(data, Settings(), strict=True)
    assert str(info.value) == "data/docs/private: cannot read the folder (Permission denied)"


def test_an_unreadable_source_folder_is_a_row_with_nothing_but_a_skip(data: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    deny_listing(monkeypatch, data / "docs")
    result = ingest_corpus(data, Settings())
    assert result.stats == [SourceStats("docs", "document", 1.2, files=0, records=0, chunks=0, skipped=1),
                            SourceStats("forums", "thread", 0.8, files=1, records=1, chunks=1, skipped=0)]
    assert result.warnings == [Warning_("data/docs", None, "cannot read the folder (Permission denied)")]


def test_an_unreadable_data_folder_is_a_usage_error(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deny_listing(monkeypatch, data)
    with pytest.raises(FolderUnreadable) as info:
        ingest_corpus(data, Settings())
    assert str(info.value) == "data: cannot read the folder (Permission denied)"
    assert info.value.exit_code == 2


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads through file permissions")
def test_a_really_unreadable_subfolder_is_a_counted_warning(data: Path) -> None:
    (data / "docs" / "private").chmod(0)
    try:
        result = ingest_corpus(data, Settings())
    finally:
        (data / "docs" / "private").chmod(0o755)
    assert result.warnings == [Warning_("data/docs/private", None, "cannot read the folder (Permission denied)")]
    assert result.stats[0].skipped == 1


# ---------------------------------------------------------------- links and special files


def test_a_link_out_of_the_corpus_is_skipped_unless_followed(data: Path, tmp_path: Path) -> None:
    make(tmp_path / "outside", {"secret.md": "Root password.", "kb/c.md": "Gamma."})
    (data / "docs" / "x.md").symlink_to(tmp_path / "outside" / "secret.md")
    (data / "docs" / "ext").symlink_to(tmp_path / "outside" / "kb", target_is_directory=True)
    result = ingest_corpus(data, Settings())
    outside = (tmp_path / "outside").resolve()
    assert result.warnings == [
        Warning_("data/docs/ext", None, f"symbolic link to {outside / 'kb'}, outside the corpus folder: skipped "
                                        "(pass --follow-symlinks to read it)"),
        Warning_("data/docs/x.md", None, f"symbolic link to {outside / 'secret.md'}, outside the corpus folder: "
                                         "skipped (pass --follow-symlinks to read it)"),
    ]
    assert [c.id for c in result.chunks] == ["data/docs/a.md#c0", "data/docs/private/b.md#c0",
                                             "data/forums/t.txt#qa"]
    assert result.stats[0].skipped == 2
    with pytest.raises(InputError, match="data/docs/ext: symbolic link to"):
        ingest_corpus(data, Settings(), strict=True)
    followed = ingest_corpus(data, FOLLOW)
    assert followed.warnings == []
    assert [(c.id, c.text) for c in followed.chunks if "/docs/" in c.id] == [
        ("data/docs/a.md#c0", "Alpha."), ("data/docs/ext/c.md#c0", "Gamma."),
        ("data/docs/private/b.md#c0", "Beta."), ("data/docs/x.md#c0", "Root password.")]


def test_a_source_folder_linked_from_outside_is_skipped_unless_followed(data: Path, tmp_path: Path) -> None:
    make(tmp_path / "shared-blogs", {"p.md": "A post."})
    (data / "blogs").symlink_to(tmp_path / "shared-blogs", target_is_directory=True)
    result = ingest_corpus(data, Settings())
    assert result.stats[0] == SourceStats("blogs", "post", 1.0, files=0, records=0, chunks=0, skipped=1)
    assert result.warnings[0].path == "data/blogs"
    assert result.warnings[0].reason.startswith("symbolic link to ")
    assert [c.id for c in ingest_corpus(data, FOLLOW).chunks][0] == "data/blogs/p.md#c0"


def test_links_inside_the_corpus_broken_links_and_fifos(data: Path) -> None:
    docs = data / "docs"
    (docs / "alias.md").symlink_to(Path("a.md"))  # a file link inside the corpus: read
    (docs / "again").symlink_to(Path("private"), target_is_directory=True)  # a folder link inside: passed over
    (docs / "gone.md").symlink_to(Path("nowhere.md"))
    (docs / "private" / "loop").symlink_to(Path(".."), target_is_directory=True)
    os.mkfifo(docs / "pipe.md")  # reading it would block for ever
    expected = ["data/docs/a.md#c0", "data/docs/alias.md#c0", "data/docs/private/b.md#c0"]
    result = ingest_corpus(data, Settings())
    assert [c.id for c in result.chunks if "/docs/" in c.id] == expected
    assert result.warnings == [
        Warning_("data/docs/gone.md", None, "broken symbolic link (to nowhere.md): skipped"),
        Warning_("data/docs/pipe.md", None, "not a regular file (a FIFO, socket or device): skipped"),
    ]
    assert result.stats[0].skipped == 2
    # Following links changes nothing here: every file already has its own place in the corpus.
    assert [c.id for c in ingest_corpus(data, FOLLOW).chunks if "/docs/" in c.id] == expected


def test_followed_folder_links_read_each_real_folder_once(data: Path, tmp_path: Path) -> None:
    make(tmp_path / "outside", {"kb/c.md": "Gamma.", "kb/sub/d.md": "Delta."})
    kb = tmp_path / "outside" / "kb"
    (kb / "self").symlink_to(kb, target_is_directory=True)  # a loop
    (kb / "also-sub").symlink_to(kb / "sub", target_is_directory=True)  # sorts before sub/: read there
    (kb / "back").symlink_to((data / "docs").resolve(), target_is_directory=True)  # into the corpus
    (data / "docs" / "ext").symlink_to(kb, target_is_directory=True)
    (data / "docs" / "ext2").symlink_to(kb, target_is_directory=True)  # kb again
    result = ingest_corpus(data, FOLLOW)
    assert [c.id for c in result.chunks if "/docs/" in c.id] == [
        "data/docs/a.md#c0", "data/docs/ext/also-sub/d.md#c0", "data/docs/ext/c.md#c0", "data/docs/private/b.md#c0"]
    assert result.warnings == []


def test_iter_source_files_lists_files_and_problems_in_path_order(data: Path, tmp_path: Path) -> None:
    (data / "docs" / "b-link.md").symlink_to(tmp_path / "elsewhere.md")
    entries = iter_source_files(data / "docs", data)
    assert [e if isinstance(e, Path) else (e.path, e.reason) for e in entries] == [
        data / "docs" / "a.md",
        (data / "docs" / "b-link.md", "broken symbolic link (to {}): skipped".format(tmp_path / "elsewhere.md")),
        data / "docs" / "private" / "b.md",
    ]
    assert isinstance(entries[1], Unlisted)


# ---------------------------------------------------------------- many chunks from one file


def test_a_file_with_more_chunks_than_the_limit_is_ingested_with_a_warning(data: Path) -> None:
    make(data, {"docs/many.jsonl": "".join(json.dumps({"id": f"r{i}", "text": f"Record {i}."}) + "\n"
                                           for i in range(3)),
                "docs/two.jsonl": "".join(json.dumps({"id": f"s{i}", "text": f"Second {i}."}) + "\n"
                                          for i in range(2))})
    settings = replace(Settings(), max_chunks_per_file=2)
    result = ingest_corpus(data, settings, strict=True)
    assert len([c for c in result.chunks if c.metadata.get("path") == "docs/many.jsonl"]) == 3
    assert [str(w) for w in result.warnings] == [
        "data/docs/many.jsonl: 3 chunks (more than 2); embedding them takes a while: split the file, "
        "or raise max_chunks_per_file if that is expected"]
    assert result.stats[0].skipped == 0
    assert Settings().max_chunks_per_file == 5000


def test_ingest_settings_come_from_crosscheck_toml(tmp_path: Path) -> None:
    cfg = tmp_path / "crosscheck.toml"
    cfg.write_text("max_chunks_per_file = 100\nfollow_symlinks = true\n")
    settings = load_settings(cfg, env={})
    assert (settings.max_chunks_per_file, settings.follow_symlinks) == (100, True)
    for body, message in [("max_chunks_per_file = 0\n", "max_chunks_per_file must be a whole number >= 1, not 0"),
                          ('follow_symlinks = "yes"\n', "follow_symlinks must be true or false, not 'yes'")]:
        cfg.write_text(body)
        with pytest.raises(UsageError) as info:
            load_settings(cfg, env={})
        assert str(info.value) == f"{cfg}: {message}"


# ---------------------------------------------------------------- the corpus fingerprint


def test_the_fingerprint_follows_linked_folders_only_when_links_are_followed(data: Path, tmp_path: Path) -> None:
    make(tmp_path / "outside", {"c.md": "Gamma."})
    (data / "docs" / "ext").symlink_to(tmp_path / "outside", target_is_directory=True)
    (data / "docs" / "private" / "loop").symlink_to(Path(".."), target_is_directory=True)
    plain, followed = manifest_of(data, Settings()), manifest_of(data, FOLLOW)
    assert plain != followed
    (tmp_path / "outside" / "c.md").write_text("Gamma, longer now.")
    assert manifest_of(data, Settings()) == plain
    assert manifest_of(data, FOLLOW) != followed


def test_the_fingerprint_changes_with_the_code_that_chunks(data: Path, tmp_path: Path, monkeypatch) -> None:
    import src.pipelines.corpus as corpus

    code = tmp_path / "chunking.py"
    code.write_text("A = 1\n")
    monkeypatch.setattr(corpus, "_CHUNKING_CODE", (code,))
    before = manifest_of(data, Settings())
    code.write_text("A = 2\n")  # a new release of the chunker: the corpus is ingested again
    assert manifest_of(data, Settings()) != before


# ---------------------------------------------------------------- the chunks file


def test_a_chunks_path_that_is_a_folder_fails_before_reading_the_corpus(data: Path) -> None:
    Path("out").mkdir()
    seen: list[Warning_] = []
    (data / "docs" / "bad.bin").write_bytes(b"\x00")
    with pytest.raises(OutputNotWritable) as info:
        ingest_to(data, Path("out"), Settings(), on_warning=seen.append)
    assert str(info.value) == "cannot write the chunks file out: it is a folder (name a file, e.g. out/chunks.jsonl)"
    assert info.value.exit_code == 2
    assert seen == []  # the corpus was not read


def test_a_chunks_path_below_a_file_is_a_usage_error(data: Path) -> None:
    Path("notes.txt").write_text("x")
    with pytest.raises(OutputNotWritable) as info:
        ingest_to(data, Path("notes.txt/chunks.jsonl"), Settings())
    assert str(info.value) == "cannot write the chunks file notes.txt/chunks.jsonl: notes.txt is not a folder"


def test_a_chunks_file_that_cannot_be_written_is_a_usage_error(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def denied(*args: Any, **kwargs: Any) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", "out/chunks.jsonl")

    monkeypatch.setattr("src.pipelines.chunks_io.write_chunks", denied)
    with pytest.raises(OutputNotWritable) as info:
        ingest_to(data, Path("out/chunks.jsonl"), Settings())
    assert str(info.value) == "cannot write the chunks file out/chunks.jsonl: Permission denied"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes through file permissions")
def test_a_really_read_only_output_folder_is_a_usage_error(data: Path) -> None:
    Path("ro").mkdir(mode=0o555)
    try:
        with pytest.raises(OutputNotWritable) as info:
            ingest_to(data, Path("ro/chunks.jsonl"), Settings())
    finally:
        Path("ro").chmod(0o755)
    assert str(info.value) == "cannot write the chunks file ro/chunks.jsonl: Permission denied (ro)"


def test_ingest_to_writes_the_chunks_and_its_manifest(data: Path) -> None:
    result = ingest_to(data, Path("out/chunks.jsonl"), Settings())
    assert [c.id for c in read_chunks(Path("out/chunks.jsonl"))] == [c.id for c in result.chunks]
    assert sorted(p.name for p in Path("out").iterdir()) == ["chunks.jsonl", "chunks.jsonl.manifest.json"]
    manifest = json.loads(Path("out/chunks.jsonl.manifest.json").read_text())
    assert manifest == {"data_dir": str(data.resolve()), "fingerprint": manifest_of(data, Settings())}
