"""The claim reader (src/claims/reader.py) and the setting judge (src/claims/judge.py), on text
written here in the shapes real docs, threads and config files use (no corpus's sentences)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from src.claims import read_chunk
from src.claims.answer import (
    SettingAnswer,
    _named,
    by_setting,
    closer_sentence,
    others_values,
    releases_only,
    setting_answer,
    setting_of,
)
from src.claims.candidate import Candidate
from src.claims.corpus_reading import read_corpus
from src.claims.judge import judge_setting
from src.claims.layout import entry_names
from src.claims.model import Modality
from src.claims.names import asked_names, name_pattern
from src.claims.setting_candidates import setting_candidates
from src.graph.question import analyse_question
from src.types import Chunk, VerdictStatus


def _chunk(text: str, cid: str = "kb/docs/ref.md#c0", source: str = "docs", **meta: str) -> Chunk:
    return Chunk(id=cid, source=source, kind="document", text=text, metadata=dict(meta))


def _read(text: str, **kw: str) -> list[tuple[str, str, str, dict[str, str]]]:
    return [(c.attribute.name, c.value, c.modality.value, c.scope) for c in read_chunk(_chunk(text, **kw))]


def test_entry_default_line_gives_the_entry_setting_its_value_of_any_type() -> None:
    text = ("## `flush_interval`\n\n**Default:** 90s\n\nHow often buffers are written out.\n\n"
            "compression.mode\n\nThe codec used for stored pages.\n\nType: string\nDefault: zstd\nImportance: low\n")
    assert _read(text) == [("flush_interval", "90s", "default", {}), ("compression.mode", "zstd", "default", {})]


def test_a_version_with_its_relation_scopes_the_value_and_is_no_value_itself() -> None:
    text = "## `pool_size`\n\n**Default:** 32\n\n> Prior to version 2.4.1, the default value was 8.\n"
    assert _read(text) == [("pool_size", "32", "default", {}), ("pool_size", "8", "default", {"version": "<2.4.1"})]


def test_prose_names_the_setting_nearest_to_the_value_and_a_default_sentence_falls_back_to_the_thread_topic() -> None:
    text = ("Title: raising retry_limit on the agent\nUser: Our agents give up too early.\n"
            "Reply: I think it ships with 3 by default, we bumped it to 10.")
    got = _read(text, cid="kb/forums/t1#qa", source="forums")
    assert got == [("retry_limit", "3", "default", {}), ("retry_limit", "10", "stated", {})]


def test_config_lines_are_configured_values_and_shell_sessions_give_nothing() -> None:
    text = ("```\n# how many workers serve requests\nworker_count 6;\nidle_timeout = 30s\n```\n\n"
            "```\n$ agentctl status --verbose 5\n```\n")
    assert _read(text) == [("worker_count", "6", "configured", {}), ("idle_timeout", "30s", "configured", {})]


def test_capitalised_directives_of_a_config_block_are_read_as_its_lower_case_ones() -> None:
    # OpenSSH, Apache and ClamAV write their directives capitalised, set or left commented out.
    text = ("```\n# Seconds a client may stay idle before it is dropped.\nIdleTimeout 600\n"
            "#MaxWorkers 16\nlisten_port 8080\n```\n")
    assert _read(text) == [("idletimeout", "600", "configured", {}), ("maxworkers", "16", "default", {}),
                           ("listen_port", "8080", "configured", {})]
    # A capitalised word before a colon is a label (a service's status output), no directive.
    assert _read("```\nLoaded: loaded\nActive: active (running)\nTasks: 5\n```\n") == []
    # Nor are the words before a colon a directive and its value: an app's settings screen pasted in
    # a thread ("Empty trash after: 30 days") names no setting "empty" whose value is "trash after".
    assert _read("```\nEmpty trash after: 30 days\nSync when roaming: Off\nRetry failed uploads: 3 times\n```\n") == []


def test_a_restructuredtext_underline_opens_no_code_block() -> None:
    # The chunk begins under its title's "~~~" underline (the chunker cut between the two): the
    # entries below it are prose, as they are when the title stands above the underline.
    entries = "``flush_interval``\n\n  How often buffers are written out.\n\n  *Default*: 90\n"
    assert _read("~~~~~~~~~~~~~~~~~~~~\n\n" + entries) == [("flush_interval", "90", "default", {})]
    assert _read("Writer Options\n``````````````\n\n" + entries) == [("flush_interval", "90", "default", {})]
    # A fence that a fence closes, or a short one left open (a block the chunk cuts), is code.
    assert _read("Run:\n~~~~~~~~\nflush_interval = 5\n~~~~~~~~\n") == [("flush_interval", "5", "configured", {})]
    assert _read("```\n" + entries) == []


def test_table_header_names_the_column_and_a_version_table_keeps_only_the_changes() -> None:
    text = ("| Release | Default value |\n|---|---|\n| 1.0 | 200 |\n| 1.1 | 200 |\n| 2.0 | 500 |\n| 2.1 | 500 |\n")
    got = _read(text, title="Options: queue.depth")
    assert got == [("queue.depth", "200", "default", {"version": ">=1.0"}),
                   ("queue.depth", "500", "default", {"version": ">=2.0"})]


def test_a_version_named_beside_another_value_is_that_values_scope_and_alone_may_be_the_value() -> None:
    thread = "Context: Tooler 2.7 changes the default of pool_reset_always to 0, so the reset is skipped."
    assert _read(thread, cid="kb/forums/t1#qa", source="forums") == [("pool_reset_always", "0", "default", {})]
    assert _read("Agent 4.0 halves that: the default job_timeout is now 60 minutes.") == \
        [("job_timeout", "60 minutes", "default", {})]
    assert _read("By default, version 1.0 is used for upstream_http_version.") == \
        [("upstream_http_version", "1.0", "default", {})]  # the version is the value itself
    assert _read("Requires Agent 3.4 or later: the default max_jobs is 4.") == \
        [("max_jobs", "3.4 or later", "stated", {}), ("max_jobs", "4", "default", {})]


def test_a_header_less_table_and_a_question_give_no_claims() -> None:
    assert _read("| 14 days |\n") == []
    assert _read("Is the default retry_limit 3?") == []


def test_default_in_a_path_or_a_settings_name_is_no_default_cue() -> None:
    blog = {"cid": "kb/blogs/b.md#c0", "source": "blogs"}
    assert _read('If you answered no, set `START_DAEMON="yes"` in `/etc/default/relayd`.', **blog) == [
        ("start_daemon", "yes", "stated", {})]
    assert _read("Raise `default-cache-ttl` to 3600 if the prompts annoy you.", **blog) == [
        ("default-cache-ttl", "3600", "stated", {})]
    assert _read("`default-cache-ttl` defaults to 600.", **blog) == [("default-cache-ttl", "600", "default", {})]


def test_unit_in_the_setting_name_makes_a_bare_number_a_duration() -> None:
    claim = read_chunk(_chunk("lease.expiry.ms\n\nDefault: 45000 (45 seconds)\n"))[0]
    assert (claim.attribute.name, claim.kind, claim.normalized, claim.modality) == \
        ("lease.expiry.ms", "duration", "PT45S", Modality.DEFAULT)


AUTH = {"docs": 1.2, "forums": 0.8, "blogs": 1.0}


def _answer(question: str, chunks: list[Chunk]):
    q = analyse_question(question)
    found = setting_answer(q, chunks, None, by_setting(c for ch in chunks for c in read_chunk(ch)))
    assert found is not None
    return found.setting, judge_setting(q, found.setting, found.candidates, AUTH)


DOC = _chunk("## `pool_size`\n\n**Default:** 32\n\n> Prior to version 2.4.1, the default value was 8.\n")
OLD_POST = _chunk("Title: pool_size too small?\nUser: connections queue up\nReply: the pool_size default is 8, "
                  "raise it.", cid="kb/forums/t7#qa", source="forums")


def test_a_threads_value_that_is_another_settings_documented_default_is_no_rival() -> None:
    # a reply under a thread about the in-memory limit gives the documented default of the limit
    # it names in words; a reply writing the asked setting's name contests it, and a value no
    # other setting documents stays a rival
    doc = _chunk("## `memory_object_limit`\n\nLargest object kept in memory.\n\n**Default:** 512 KB\n\n"
                 "## `object_limit`\n\nLargest object kept on disk.\n\n**Default:** 4 MB\n", cid="kb/docs/cache.md#c0")
    other = _chunk("Title: memory_object_limit too low?\nUser: big pages are not kept in memory\nReply: The default "
                   "object limit is 4 MB.", cid="kb/forums/t1#qa", source="forums")
    named = _chunk("Title: memory_object_limit too low?\nUser: big pages\nReply: memory_object_limit defaults "
                   "to 4 MB.", cid="kb/forums/t2#qa", source="forums")
    q = analyse_question("What is the default memory_object_limit?")
    for chunks, rivals in (([doc, other], []), ([doc, other, named], [("4 MB", "contradicted")]),
                           ([doc, _chunk(other.text.replace("4 MB", "2 MB"), cid=other.id, source="forums")],
                            [("2 MB", "contradicted")])):
        corpus = by_setting(c for ch in chunks for c in read_chunk(ch))
        found = setting_answer(q, chunks, None, corpus)
        assert found is not None and found.setting == "memory_object_limit"
        assert len([c for c in found.candidates if c.source == "forums"]) == len(chunks) - 1
        aset = judge_setting(q, found.setting, others_values(found, found.candidates, corpus, chunks), AUTH)
        assert [(a.value, a.status) for a in aset.answers] == [("512 KB", "authoritative"), *rivals]


def test_an_unscoped_older_default_in_a_thread_contradicts_the_docs_and_the_docs_win() -> None:
    setting, aset = _answer("What pool_size do I get if I never set it?", [DOC, OLD_POST])
    assert setting == "pool_size"
    assert aset.status == "contradiction"
    assert [(a.value, a.status, a.scope) for a in aset.answers] == \
        [("32", "authoritative", {}), ("8", "contradicted", {}), ("8", "supported", {"version": "<2.4.1"})]


def test_the_default_inside_a_range_of_the_same_entry_is_the_answer_and_the_range_rivals_nothing() -> None:
    doc = _chunk("## `idle_timeout`\n\nDefault: 300 seconds. Range: 60-86400 seconds.\n")
    within = _chunk("Title: clients dropped\nUser: idle ones go\nReply: the idle_timeout default is 5 minutes.",
                    cid="kb/forums/t3#qa", source="forums")
    outside = _chunk("Title: clients dropped\nUser: idle ones go\nReply: the idle_timeout default is 10 minutes.",
                     cid="kb/forums/t4#qa", source="forums")
    _, aset = _answer("What idle_timeout do I get if I never set it?", [doc, within])
    assert aset.status == "consistent"
    assert [(a.value, a.status) for a in aset.answers][0] == ("300 seconds", "authoritative")
    _, aset = _answer("What idle_timeout do I get if I never set it?", [doc, outside])
    assert aset.status == "contradiction"
    assert [(a.value, a.status) for a in aset.answers] == [("300 seconds", "authoritative"),
                                                           ("10 minutes", "contradicted")]


def test_a_name_written_without_its_section_is_the_one_setting_written_with_it() -> None:
    doc = _chunk("## `session.idle_limit`\n\nDefault: 1440\n")
    post = _chunk("Title: logged out\nUser: sessions end\nReply: the idle_limit default is 1800.",
                  cid="kb/forums/t9#qa", source="forums")
    setting, aset = _answer("What session.idle_limit do I get if I never set it?", [doc, post])
    assert setting == "session.idle_limit"
    assert [(a.value, a.status) for a in aset.answers] == [("1440", "authoritative"), ("1800", "contradicted")]
    # two sections writing the name: it stays a name of its own
    other = _chunk("## `cache.idle_limit`\n\nDefault: 60\n", cid="kb/docs/cache.md#c0")
    names = by_setting(c for ch in (doc, post, other) for c in read_chunk(ch))
    assert sorted(names) == ["cache.idle_limit", "idle_limit", "session.idle_limit"]
    # a dotted name is a setting of its own, whatever longer name ends with it
    topic = _chunk("## `log.retention.ms`\n\nDefault: 604800000\n\n## `retention.ms`\n\nDefault: 604800000\n")
    assert sorted(by_setting(read_chunk(topic))) == ["log.retention.ms", "retention.ms"]


def test_a_question_about_the_past_is_scoped_by_the_version_the_docs_name() -> None:
    _, aset = _answer("Was pool_size always 32?", [DOC])
    assert aset.status == "scoped"
    assert [(a.value, a.status, a.scope) for a in aset.answers] == \
        [("32", "authoritative", {}), ("8", "supported", {"version": "<2.4.1"})]


def test_a_present_question_lists_the_older_value_but_is_consistent() -> None:
    _, aset = _answer("What is the default pool_size?", [DOC])
    assert aset.status == "consistent"
    assert [a.value for a in aset.answers] == ["32", "8"]


def test_a_release_asked_of_a_setting_is_no_value_of_it() -> None:
    # "Which release added maxdelayquant?" asks the product's version; "maxdelayquant 0.2" is no release
    quant = _chunk("maxdelayquant p\n    Sets the quantile of the delay. The default is 0.05.\n", cid="kb/docs/conf.5#c6")
    claims = by_setting(read_chunk(quant))
    asked = analyse_question("Which numtool version added the maxdelayquant option?")
    assert setting_answer(asked, [quant], None, claims) is None
    values = [Candidate("0.05", "v0.05", "version", {}, "The default is 0.05.", "kb/docs/conf.5#c6", "docs", 1.0),
              Candidate("4.3", "v4.3", "version", {}, "Add maxdelayquant option", "kb/docs/NEWS#c0", "docs", 1.0)]
    assert [c.value for c in releases_only(asked, values, claims, setting_of(claims))] == ["4.3"]
    # a release named in a sentence that gives another value to a setting is still a release
    blog = _chunk("Note that `--sort` only landed in numtool 1.29, so old runners still need `LC_ALL=C sort` first.\n",
                  cid="kb/blogs/ci.md#c0")
    claims = by_setting(read_chunk(blog))
    assert "lc_all" in claims
    landed = Candidate("1.29", "v1.29", "version", {}, blog.text.strip(), "kb/blogs/ci.md#c0", "blogs", 1.0)
    assert releases_only(analyse_question("Which numtool version added --sort?"), [landed], claims,
                         setting_of(claims)) == [landed]
    # a setting whose value is a version answers which version it sets
    http = _chunk("proxy_http_version 1.0 | 1.1\n    Sets the HTTP protocol version for proxying. The default is 1.0.\n")
    claims = by_setting(read_chunk(http))
    found = setting_answer(analyse_question("Which HTTP version does proxy_http_version use by default?"), [http], None,
                           claims)
    assert found is not None and [c.value for c in found.candidates] == ["1.0"]


def test_no_setting_named_and_no_embedder_is_no_setting_answer() -> None:
    q = analyse_question("How much does the premium tier cost?")
    assert setting_answer(q, [DOC], None) is None


def test_a_question_about_the_past_is_scoped_even_where_a_thread_repeats_the_old_value() -> None:
    _, aset = _answer("Was pool_size ever 8?", [DOC, OLD_POST])
    assert aset.status == "scoped"
    assert [(a.value, a.status) for a in aset.answers] == \
        [("32", "authoritative"), ("8", "contradicted"), ("8", "supported")]


def test_a_version_in_the_question_is_the_past_only_when_older_than_the_newest_the_text_names() -> None:
    assert _answer("Is pool_size 32 by default in 2.4.1?", [DOC, OLD_POST])[1].status == "consistent"
    assert _answer("What pool_size did 2.3 use by default?", [DOC, OLD_POST])[1].status == "scoped"


def test_an_enumerated_default_answers_a_how_many_question() -> None:
    doc = _chunk("write.acks\n\nHow many replicas must confirm a write.\n\nType: string\nDefault: all\n")
    setting, aset = _answer("How many replicas does a write wait for with write.acks unset?", [doc])
    assert (setting, [a.value for a in aset.answers]) == ("write.acks", ["all"])


def test_by_meaning_a_setting_the_docs_state_a_default_for_in_prose_and_never_one_only_a_thread_names() -> None:
    doc = _chunk("A statement larger than the server allows is refused. The server's default frame_limit "
                 "value is 64MB.", cid="kb/docs/limits.md#c0")
    post = _chunk("Title: big imports\nUser: it fails\nReply: the queue_depth default is 100 here.",
                  cid="kb/forums/t9#qa", source="forums")

    def similarity(question: str, texts: list[str]) -> np.ndarray:  # the thread's setting reads closest
        return np.array([0.9 if "queue" in t else 0.6 for t in texts])

    q = analyse_question("How large a statement does the server take by default?")
    found = setting_answer(q, [post, doc], similarity, by_setting(c for ch in (doc, post) for c in read_chunk(ch)))
    assert found is not None and (found.setting, found.how) == ("frame_limit", "meaning")
    assert [c.value for c in found.candidates] == ["64MB"]


def test_how_often_is_answered_by_an_interval_or_a_rate_never_by_a_switch() -> None:
    # a manual page: a switch whose description reads closest, and the interval the question asks for
    doc = _chunk("       journal [ true | false ]\n              If true, every change is written to the journal. "
                 "Defaults to false.\n\n       flush_every seconds\n              The number of seconds between "
                 "two writes of the journal to disk. Defaults to 600 seconds.\n", cid="kb/docs/store.5.txt#c0")

    def similarity(question: str, texts: list[str]) -> np.ndarray:  # the switch reads closest
        return np.array([0.8 if t.startswith("journal") else 0.7 for t in texts])

    q = analyse_question("How often does the store write its journal?")
    found = setting_answer(q, [doc], similarity, by_setting(read_chunk(doc)))
    assert found is not None and found.setting == "flush_every"
    assert [c.value for c in found.candidates] == ["600 seconds"]


def test_the_items_of_a_list_a_default_sentence_leads_in_are_defaults_and_the_list_ends_at_its_last_item() -> None:
    text = ("The default value of fsync_mode has changed with Store v5.0\n"
            "  \u2022 If using Store < v5.0, fsync_mode=batch\n  \u2022 If using Store >= v5.0, fsync_mode=always\n\n"
            "fsync_mode=never (fastest)\n")
    assert _read(text, cid="kb/blogs/b.md#c0", source="blogs") == [
        ("fsync_mode", "batch", "default", {"version": "<5.0"}),
        ("fsync_mode", "always", "default", {"version": ">=5.0"}),
        ("fsync_mode", "never", "stated", {})]


def test_a_value_put_in_the_past_without_a_version_holds_for_earlier_releases() -> None:
    text = "The default value is 64 to suit most caches. (Previously, the default was 16.)"
    assert _read(text, title="cache_slots") == [("cache_slots", "64", "default", {}),
                                                ("cache_slots", "16", "default", {"version": "<earlier"})]


def test_a_link_fragment_names_no_setting() -> None:
    from src.claims.names import identifiers

    assert [n for _, _, n in identifiers("see https://x.org/vars.html#sysvar_pool_size - pool_size is 5")] == \
        ["pool_size"]


def test_one_documents_two_defaults_are_told_apart_by_a_word_the_corpus_does_not_use_everywhere() -> None:
    from src.claims.setting_candidates import word_weights

    doc = _chunk("If you use the acme shell, its default frame_limit is 16MB. The daemon's default frame_limit "
                 "is 64MB.", cid="kb/docs/frames.md#c0")
    others = [f"acme notes {i}" + (" about the daemon" if i % 4 == 0 else "") for i in range(8)]
    weight = word_weights([doc.text, *others])
    claims = by_setting(read_chunk(doc))

    def values(question: str) -> list[str]:
        found = setting_answer(analyse_question(question), [doc], None, claims, weight)
        return sorted(c.value for c in found.candidates)

    assert values("What frame_limit does the acme daemon get by default?") == ["64MB"]
    assert values("Does acme ship a 16MB frame_limit?") == ["16MB", "64MB"]  # "acme" is in every chunk, 16MB no word


def test_reading_for_settings_only_gives_the_named_settings_claims_of_a_full_read() -> None:
    text = ("Tuning the pool\n\nMost teams run 4 workers and keep 30 days of logs.\n"
            "The default pool_size is 32. Set retries=3 for flaky links.\n"
            "By default, it waits 5 seconds.\n\n## `idle_limit`\n\nDrops idle sessions after 8 hours.\n")
    chunk = _chunk(text)
    full = read_chunk(chunk)
    assert [c for c in full if c.attribute.identifier] == read_chunk(chunk, settings_only=True)
    assert [(c.attribute.name, c.value) for c in read_chunk(chunk, settings_only=True)] == [
        ("pool_size", "32"), ("retries", "3"), ("retries", "5 seconds"), ("idle_limit", "8 hours")]
    # the sentence after a setting's value, naming none, with a default cue, is about it
    assert any(not c.attribute.identifier for c in full)  # "4 workers", "30 days of logs": no setting's


ENTRY_HEAD = _chunk("## `pool_size`\n\nHow many connections the pool keeps open. A larger pool uses more memory.\n",
                    cid="kb/docs/ref.md#c3")
ENTRY_TAIL = _chunk("Raise it when requests queue up.\n\nType: int\nDefault: 32\nImportance: high\n",
                    cid="kb/docs/ref.md#c4")


def test_a_chunk_continues_the_setting_entry_its_documents_chunk_before_left_open() -> None:
    from src.claims.corpus_reading import previous_chunk_id, read_corpus

    assert [c.attribute.name for c in read_chunk(ENTRY_TAIL)] != ["pool_size"]  # alone, the entry is lost
    assert [(c.attribute.name, c.value, c.modality) for c in read_corpus([ENTRY_HEAD, ENTRY_TAIL])
            if c.chunk_id == ENTRY_TAIL.id] == [("pool_size", "32", Modality.DEFAULT)]
    in_order = [(c.attribute.name, c.value) for c in read_corpus([ENTRY_HEAD, ENTRY_TAIL], settings_only=True)]
    looked_up = [(c.attribute.name, c.value) for c in read_corpus([ENTRY_TAIL], settings_only=True,
                                                                  by_id={ENTRY_HEAD.id: ENTRY_HEAD})]
    assert in_order == looked_up == [("pool_size", "32")]
    assert (previous_chunk_id("kb/docs/ref.md#c4"), previous_chunk_id("kb/docs/ref.md#c0"),
            previous_chunk_id("kb/docs/m.pdf#p3c0")) == ("kb/docs/ref.md#c3", None, None)
    other_doc = _chunk(ENTRY_TAIL.text, cid="kb/docs/other.md#c4")
    assert [c.attribute.name for c in read_corpus([ENTRY_HEAD, other_doc], settings_only=True)] != ["pool_size"]


def test_in_an_entry_a_default_sentence_naming_nothing_follows_up_the_setting_just_given_a_value() -> None:
    text = ("## `batch_bytes`\n\nThe largest batch. This flush.ms setting defaults to 5, so a batch waits "
            "5ms. Backpressure can make the wait longer. The default changed from 0 to 5 in 4.0.\n\n"
            "Default: 16384\n")
    got = [(n, v, m, s) for n, v, m, s in _read(text) if m == "default"]
    assert got == [("flush.ms", "5", "default", {}), ("flush.ms", "0", "default", {"version": "<4.0"}),
                   ("flush.ms", "5", "default", {"version": ">=4.0"}), ("batch_bytes", "16384", "default", {})]


def test_a_hyphenated_name_alone_on_its_line_opens_its_entry() -> None:
    # a generated manual page's option list: the name alone, its description, then "Default:"
    text = ("spool-wait-limit\nHow long a job may wait in the spool.\n\nDefault: 45\n\n"
            "spool-wait-limit-remote\nThe same for remote jobs.\n\nDefault: 90\n")
    assert [(n, v) for n, v, m, _ in _read(text) if m == "default"] == [("spool-wait-limit", "45"),
                                                                         ("spool-wait-limit-remote", "90")]
    # a capitalised or prose line stays no entry
    assert [n for n, *_ in _read("Follow-up\nIt takes 5 days.\n") if n == "follow-up"] == []


def test_camel_case_names_and_a_default_value_label() -> None:
    text = "### net.maxIncomingConnections\n\n*Type*: integer\n\n*Default*: 65536\n"
    assert [(n, v, m) for n, v, m, _ in _read(text) if n != "Type"] == [
        ("net.maxincomingconnections", "65536", "default")]
    assert ("max_wal_size", "1GB", "default", {}) in _read("## max_wal_size\n\nDefault value: 1GB\n\nHow far the log grows.\n")
    assert [n for n, *_ in _read("Raise connectionLimit to 20 for the pool.")] == ["connectionlimit"]
    # a camelCase title alone on its line opens no entry; brand names are no settings
    assert [n for n, *_ in _read("ePrescribing\n\nIt handles 5 pharmacies.\n") if n == "eprescribing"] == []
    assert [n for n, *_ in _read("LumenVault keeps 30 days; iCloud keeps 60.") if "vault" in n or "cloud" in n] == []


def test_the_default_cue_reaches_over_the_settings_name_to_its_value() -> None:
    got = _read("Set max_pool to 50 in production; the default `max_pool` is 100.")
    assert [(n, v, m) for n, v, m, _ in got] == [("max_pool", "50", "stated"), ("max_pool", "100", "default")]


def test_a_changelog_change_takes_its_version_from_the_heading_and_past_values_are_earlier() -> None:
    got = _read("## 3.2.0\n\n- Changed the default of `max_pool` from 10 to 20 (#1234).\n")
    assert got == [("max_pool", "10", "default", {"version": "<3.2.0"}),
                   ("max_pool", "20", "default", {"version": ">=3.2.0"})]
    got = _read("* The default value of retry.backoff.ms was increased from 100 to 1000.\n")
    assert got == [("retry.backoff.ms", "100", "default", {"version": "<earlier"}),
                   ("retry.backoff.ms", "1000", "default", {})]
    got = _read("The default for `cache_size` is now 256MB; previously it was 64MB.\n")
    assert got == [("cache_size", "256MB", "default", {}), ("cache_size", "64MB", "stated", {"version": "<earlier"})]


def test_a_config_comment_stating_a_default_gives_it_and_the_line_is_a_configured_value() -> None:
    got = _read("```yaml\n# Maximum number of retries (default: 3)\nmax_retries: 5\n# request timeout\ntimeout_s: 30\n```\n")
    assert [(n, v, m) for n, v, m, _ in got] == [("max_retries", "3", "default"), ("max_retries", "5", "configured"),
                                                ("timeout_s", "30", "configured")]
    got = _read("```ini\n[server]\nmax_conns = 500 ; default is 151\n```\n")
    assert [(n, v, m) for n, v, m, _ in got] == [("max_conns", "151", "default"), ("max_conns", "500", "configured")]
    got = _read("```\nhttp {\n    # default\n    idle_timeout 65;\n    body_limit 10m;\n}\n```\n")
    assert [(n, v, m) for n, v, m, _ in got] == [("idle_timeout", "65", "default"), ("body_limit", "10m", "configured")]


def test_a_heading_ends_the_topic_a_default_sentence_naming_nothing_would_follow_up() -> None:
    text = ("Override it with `idle_timeout` in the config file.\n\n### Disk buffer\n\n"
            "By default the agent buffers events to disk up to 1 GB.\n")
    assert [n for n, *_ in _read(text) if n == "idle_timeout"] == []
    assert [(n, v) for n, v, *_ in _read(text.replace("### Disk buffer\n\n", "")) if n == "idle_timeout"] == [
        ("idle_timeout", "1 GB")]


def test_a_sentence_opening_with_a_release_scopes_its_values_and_the_release_is_no_value() -> None:
    text = ("In Acme Agent 3.x, the default flush timeout is 30 seconds.\n\n"
            "In Acme Agent 4.x, the default flush timeout is 60 seconds.\n\nSet `flush_timeout` to change it.\n")
    got = [(n, v, m, s) for n, v, m, s in _read(text) if n == "flush_timeout"]
    assert got == [("flush_timeout", "30 seconds", "default", {"version": ">=3.x"}),
                   ("flush_timeout", "60 seconds", "default", {"version": ">=4.x"})]
    chunk = _chunk(text)
    assert [c for c in read_chunk(chunk) if c.attribute.identifier] == read_chunk(chunk, settings_only=True)


def test_a_manual_pages_definition_list_gives_each_head_the_defaults_of_its_indented_body() -> None:
    # the layout of a section 5 manual page: heads indented 5, bodies 13, sentences wrapped
    text = ("     RetryBudget\n"
            "             Sets how many attempts a peer gets before it is dropped; see relayd(8) for the\n"
            "             states.  The default is\n"
            "             4.\n\n"
            "     Port    Specifies the port number that the relay listens on.  The default is 7070.\n\n"
            "     pollwindow interval\n"
            "             Sets the polling window in seconds.  The default value is 30 seconds.\n\n"
            "     AcceptOld\n"
            "             Specifies whether old peers are accepted.  The default is yes.\n")
    read = [(n, v, m) for n, v, m, _ in _read(text, cid="kb/docs/relayd.conf.5.txt#c0") if m == "default"]
    assert read == [("retrybudget", "4", "default"), ("port", "7070", "default"),
                    ("pollwindow", "30 seconds", "default"), ("acceptold", "yes", "default")]


def test_an_indented_prose_line_or_a_config_line_with_wide_spacing_opens_no_entry() -> None:
    # a chunk cut inside a paragraph, and a config block: neither is a definition list
    cut = "This limit is applied\n             in addition to the other one.  The default is 8."
    assert by_setting(read_chunk(_chunk(cut))) == {}
    config = "events {\n    worker_pool  1024;\n}\n"
    assert _read(config, cid="kb/docs/relay.conf.md#c0") == [("worker_pool", "1024", "stated", {})]


def test_a_value_shaped_like_a_name_is_not_its_own_setting_and_one_word_names_stay_apart() -> None:
    text = "     cipher_suite version\n             The suite offered first.  Defaults to tlsv1.3.\n"
    assert _read(text) == [("cipher_suite", "tlsv1.3", "default", {})]
    claims = read_chunk(_chunk("     SessionInterval\n             Seconds between pings.  The default is 0.\n\n"
                               "     interval_ms count\n             The default is 250.\n"))
    assert sorted(by_setting(claims)) == ["interval_ms", "sessioninterval"]


def test_the_word_a_list_of_choices_marks_as_the_default_is_the_default() -> None:
    text = ("     RelayFamily\n             Which addresses the relay binds.  Valid arguments are any (the default),\n"
            "             inet or inet6.\n\n"
            "     replay [ true | false ]\n             Whether stored messages are replayed.  Setting to false (the default)\n"
            "             keeps them.\n")
    assert _read(text) == [("relayfamily", "any", "default", {}), ("replay", "false", "default", {})]


def test_prose_naming_a_mixed_case_entry_of_the_corpus_names_that_setting() -> None:
    docs = _chunk("     GraceWindow\n             Seconds a peer has to log in.  The default is 120 seconds.\n",
                  cid="kb/docs/relayd.conf.5.txt#c0")
    thread = _chunk("Reply: If you never set it, GraceWindow defaults to 60 seconds.", cid="kb/forums/t1#qa",
                    source="forums")
    known = entry_names([docs, thread])
    read = {(c.attribute.name, c.value, c.source) for c in read_corpus([docs, thread], settings_only=True, known=known)}
    assert read == {("gracewindow", "120 seconds", "docs"), ("gracewindow", "60 seconds", "forums")}
    # without the corpus's names, a mixed-case word is no setting name
    assert by_setting(read_chunk(thread, settings_only=True)) == {}


def test_prose_naming_a_lower_case_entry_no_dictionary_holds_names_that_setting() -> None:
    # chrony.conf(5): "maxpoll poll" opens an entry; a forum's "The default maxpoll is 17" names it
    docs = _chunk("\t   maxpoll poll\n\t       The maximum interval between requests.  The default is 10.\n\n"
                  "\t   delay limit\n\t       The delay allowed.  The default is 3.\n", cid="kb/docs/ntpd.conf.5.txt#c2")
    thread = _chunk("Reply: The default maxpoll is 17, so it backs off.", cid="kb/forums/t2#qa", source="forums")
    other = _chunk("Reply: The default delay is 5 here.", cid="kb/forums/t3#qa", source="forums")
    known = entry_names([docs, thread, other])
    read = {(c.attribute.name, c.value, c.source)
            for c in read_corpus([docs, thread, other], settings_only=True, known=known)}
    assert {("maxpoll", "10", "docs"), ("delay", "3", "docs"), ("maxpoll", "17", "forums")} <= read
    # "delay" is an English word, which prose uses for itself: "the default delay" names no entry
    assert ("delay", "5", "forums") not in read


def test_a_documents_own_file_name_and_a_stop_word_name_no_setting() -> None:
    text = "FILES\n       relayd.conf\n\nThe default is 5.\n\n  and\n\nThe default is 7.\n"
    assert by_setting(read_chunk(_chunk(text, cid="kb/docs/relayd.conf.5.txt#c3"))) == {}
    # a page named after its setting keeps it
    page = "## `flush_window`\n\nDefault: 90s\n"
    assert sorted(by_setting(read_chunk(_chunk(page, cid="kb/docs/flush_window.md#c0")))) == ["flush_window"]
    entry = "## `acks`\n\nDefault: all\n"
    assert sorted(by_setting(read_chunk(_chunk(entry, cid="kb/docs/acks_tuning.md#c0")))) == ["acks"]
    # a tag ("#relayd", a channel's name) is no heading: it opens no entry
    assert by_setting(read_chunk(_chunk("#relayd\n\nThe default is 5.\n", cid="kb/docs/home.md#c0"))) == {}


def test_a_setting_named_like_an_english_word_is_named_by_a_question_only_as_the_docs_write_it() -> None:
    settings = {"allow", "logingracetime", "maxpoll", "worker_connections"}
    assert _named("Does the broker allow anonymous clients?", settings) == []
    assert _named("What is the default maxpoll of a server?", settings) == ["maxpoll"]
    assert _named("If LoginGraceTime is not set, how long is the wait?", settings) == ["logingracetime"]
    assert _named("What is the default worker_connections?", settings) == ["worker_connections"]


def test_a_version_followed_by_and_earlier_scopes_the_value_and_is_no_value() -> None:
    text = "`relay_open`\n\nDefaults to false. In version 2.4.x and earlier, this option defaulted to true."
    assert _read(text) == [("relay_open", "false", "default", {}),
                           ("relay_open", "true", "default", {"version": "<=2.4.x"})]


def test_a_default_in_curly_quotes_a_path_and_a_word_with_a_remark_are_read() -> None:
    text = ("     StoreOnRekey\n             Whether keys are stored again.  The default is “no”.\n\n"
            "     StateFile\n             Where the state is kept.  The default is /run/relayd.state.\n\n"
            "     KeepProbes\n             Whether probes are sent.  The default is yes (to notice dead peers), and more.\n\n"
            "     ProbeOptions\n             One of none (the default; no options), strict or lax.\n")
    assert [(n, v) for n, v, m, _ in _read(text) if m == "default"] == [
        ("storeonrekey", "no"), ("statefile", "/run/relayd.state"), ("keepprobes", "yes"), ("probeoptions", "none")]


def test_evidence_read_without_the_corpus_carries_an_entry_into_the_documents_next_chunk() -> None:
    first = _chunk("## `flush_window`\n\nHow long buffers wait before they are written out.",
                   cid="kb/docs/ref.md#c0")
    second = _chunk("Type: duration\nDefault: 90s\nImportance: low", cid="kb/docs/ref.md#c1")
    q = analyse_question("What is the default flush_window?")
    found = setting_answer(q, [second, first], None)  # retrieval order, the corpus not read
    assert found is not None and (found.setting, [c.value for c in found.candidates]) == ("flush_window", ["90s"])


def test_a_typed_answer_takes_the_setting_the_reader_gives_its_value_or_its_sentence_to() -> None:
    docs = _chunk("     RetryBudget\n             The default is 6.\n\n     MaxPending\n"
                  "             Connections are refused at full (60).  The default is 10.\n", cid="r/docs/relayd.5.txt#c0")
    thread = _chunk("Reply: RetryBudget is 6 by default, and every key counts as one attempt.", cid="r/forums/t1#qa",
                    source="forums")
    chunks = [docs, thread]
    of = setting_of(by_setting(read_corpus(chunks, settings_only=True, known=entry_names(chunks))))

    def cand(value: str, normalized: str, sentence: str, chunk_id: str) -> Candidate:
        return Candidate(value, normalized, "number", {}, sentence, chunk_id, "docs", 1.0)

    assert of(cand("60", "60", "Connections are refused at full (60).", docs.id)) == "maxpending"
    assert of(cand("one attempt", "1", "RetryBudget is 6 by default, and every key counts as one attempt.",
                   thread.id)) == "retrybudget"
    assert of(cand("7", "7", "A sentence the reader gave nothing.", docs.id)) is None


def test_two_settings_close_in_meaning_are_told_apart_by_the_question_words_they_share() -> None:
    doc = _chunk("     RetryBudget\n             The maximum number of login attempts permitted per connection.  "
                 "The default is 6.\n\n     MaxPending\n             The maximum number of pending connections, "
                 "their attempts counted, before new ones are refused.  The default is 10.\n", cid="kb/docs/relayd.5.txt#c0")
    corpus = by_setting(read_chunk(doc))

    def close(question: str, texts: list[str]) -> np.ndarray:  # within MARGIN of each other
        return np.array([0.62 if "login" in t else 0.61 for t in texts])

    q = analyse_question("How many login attempts per connection does the relay permit by default?")
    found = setting_answer(q, [doc], close, corpus)
    assert found is not None and (found.setting, [c.value for c in found.candidates]) == ("retrybudget", ["6"])

    def backwards(question: str, texts: list[str]) -> np.ndarray:  # meaning leads with the other one, barely
        return np.array([0.61 if "login" in t else 0.62 for t in texts])

    found = setting_answer(q, [doc], backwards, corpus)  # within the margin the question's words decide
    assert found is not None and (found.setting, [c.value for c in found.candidates]) == ("retrybudget", ["6"])

    neither = analyse_question("How many by default?")  # shares as many words with either
    assert setting_answer(neither, [doc], backwards, corpus) is None


def test_a_manual_s_option_entry_names_its_long_option() -> None:
    # a command's manual page lists "-c, --conn-limit=<num>" over a body indented by a tab; a state
    # is a default as a number is ("off by default")
    page = ("       -m, --memory-limit=<num>\n\t      Use <num> MB memory max for items; the default is 64 "
            "megabytes.\n\n       -c, --conn-limit=<num>\n\t      Use <num> max simultaneous connections; the "
            "default is 1024.\n\n       --links, -l\n\t      Copy symlinks as symlinks; off by default.\n")
    assert [(n, v) for n, v, m, _ in _read(page, cid="kb/docs/cached.1.txt#c0") if m == "default"] == [
        ("memory-limit", "64 megabytes"), ("conn-limit", "1024"), ("links", "off")]


def test_the_noun_a_question_counts_keeps_the_settings_whose_entries_speak_of_it() -> None:
    doc = _chunk("     workers\n             Number of workers that process incoming requests on the cache "
                 "server.  The default is 4.\n\n     slots\n             Maximum number of simultaneous "
                 "connections.  The default is 1024.\n", cid="kb/docs/cache.5.txt#c0")
    corpus = by_setting(read_chunk(doc))

    def misled(question: str, texts: list[str]) -> np.ndarray:  # meaning alone would pick the workers
        return np.array([0.7 if "workers" in t else 0.55 for t in texts])

    q = analyse_question("How many simultaneous connections does the cache server allow by default?")
    found = setting_answer(q, [doc], misled, corpus)
    assert found is not None and (found.setting, [c.value for c in found.candidates]) == ("slots", ["1024"])
    other = analyse_question("How many jobs does the cache server run at once by default?")
    found = setting_answer(other, [doc], misled, corpus)  # no entry speaks of jobs: meaning decides
    assert found is not None and found.setting == "workers"


def test_an_entry_of_words_the_corpus_quotes_is_named_by_them_all() -> None:
    # rsyncd.conf(5): "max connections" opens an entry, and the manual quotes its entries' names
    docs = _chunk("       max connections\n              The maximum number of simultaneous connections you will "
                  "allow.  The default is 0, which means no limit.\n\n       lock file\n              The file "
                  "that supports the \"max connections\" parameter.  The default is /var/run/relayd.lock.\n",
                  cid="kb/docs/relayd.conf.5.txt#c18")
    thread = _chunk("Reply: I think the default max connections is 10 per module.", cid="kb/forums/t4#qa",
                    source="forums")
    known = entry_names([docs, thread])
    read = {(c.attribute.name, c.value, c.source) for c in read_corpus([docs, thread], settings_only=True, known=known)}
    assert {("max connections", "0", "docs"), ("max connections", "10", "forums")} <= read
    # unquoted, the words after the name are its argument, as in "maxpoll poll"
    plain = _chunk(docs.text.replace('"max connections"', "other"), cid=docs.id)
    assert [c.attribute.name for c in read_corpus([plain], settings_only=True, known=entry_names([plain]))
            if c.value == "0"] == ["max"]


def test_a_threads_default_naming_no_setting_is_a_rival_of_the_setting_chosen_by_meaning() -> None:
    doc = _chunk("     workers\n             Number of workers that process incoming requests on the cache "
                 "server.  The default is 4.\n\n     slots\n             Maximum number of simultaneous "
                 "connections.  The default is 1024.\n", cid="kb/docs/cache.5.txt#c0")
    rival = _chunk("Title: limit\nUser: refused under load\nReply: the cache server accepts 4096 simultaneous "
                   "connections by default.", cid="kb/forums/t1#qa", source="forums")
    stranger = _chunk("Title: memory\nUser: evictions\nReply: out of the box it runs 8 threads by default.",
                      cid="kb/forums/t2#qa", source="forums")

    def similarity(text: str, texts: list[str]) -> np.ndarray:  # closest: the entry sharing the most words
        return np.array([0.3 + 0.1 * len(set(text.lower().split()) & set(t.lower().split())) for t in texts])

    q = analyse_question("How many simultaneous connections does the cache server allow by default?")
    found = setting_answer(q, [doc, rival, stranger], similarity, by_setting(read_chunk(doc)))
    assert found is not None and (found.setting, found.how) == ("slots", "meaning")
    assert [(c.value, c.source) for c in found.candidates] == [("1024", "docs"), ("4096", "forums")]
    aset = judge_setting(q, found.setting, found.candidates, AUTH)
    assert [(a.value, a.status) for a in aset.answers] == [("1024", "authoritative"), ("4096", "contradicted")]
    # a thread's default contests a default the docs state, never a value they only mention
    said = _chunk(doc.text.replace("The default is 1024.", "The value is 1024 on big hosts."), cid="kb/docs/cache.5.txt#c0")
    found = setting_answer(q, [said, rival, stranger], similarity, by_setting(read_chunk(said)))
    assert found is not None and [(c.value, c.source) for c in found.candidates] == [("1024", "docs")]


STORE_CONF = (Path(__file__).parents[1] / "fixtures" / "config" / "store.conf").read_text()  # a redis.conf-like file


def test_a_configuration_file_is_read_directive_by_directive_with_the_comment_above_each() -> None:
    # a comment separated by a blank line describes nothing below it; a directive left commented out
    # under a comment speaking of the default states the default; one under an example states nothing
    doc = _chunk(STORE_CONF, cid="kb/docs/store.conf#c0", format="config")
    assert [(c.attribute.name, c.value, c.modality.value) for c in read_chunk(doc)] == [
        ("timeout", "0", "configured"), ("tcp-keepalive", "300 seconds", "default"),
        ("tcp-keepalive", "300", "configured"), ("maxclients", "10000 clients", "default"),
        ("maxclients", "10000", "default")]
    prose = _chunk(STORE_CONF, cid="kb/docs/store.md#c0")  # the same lines in Markdown: headings, no directives
    assert [c.attribute.name for c in read_chunk(prose) if c.attribute.identifier] == []


def test_a_directive_left_commented_out_under_another_stated_default_is_an_example() -> None:
    # a pool manager's sample file states each default in the comment and leaves an example line
    # commented out below it: the stated value is the default, the line only where it restates it
    text = ("; How many jobs a worker runs before it is replaced. Use '0' to never replace it.\n"
            "; Default Value: 0\n;worker.max_jobs = 500\n\n"
            "; The number of workers started at boot.\n; Default Value: 4\n;worker.start = 4\n\n"
            "; Memory a worker may use. Default Value: 256 MB\n;worker.memory = 256M\n")
    doc = _chunk(text, cid="kb/docs/pool.conf#c0", format="config")
    assert [(c.attribute.name, c.value, c.modality.value) for c in read_chunk(doc)] == [
        ("worker.max_jobs", "0", "default"), ("worker.max_jobs", "500", "configured"),
        ("worker.start", "4", "default"), ("worker.start", "4", "default"),
        ("worker.memory", "256 MB", "default"), ("worker.memory", "256M", "default")]


def test_a_directive_commented_out_against_its_marker_shows_the_default() -> None:
    # sample files (PostgreSQL's, OpenSSH's, Mosquitto's) leave each directive at its default,
    # commented out; a comment's prose puts a space after its marker
    text = ("# Connection settings, or the option of the PGDATA environment variable\n"
            "#port = 5432\t\t\t\t# (change requires restart)\n#MaxAuthTries 6\n"
            "#shared_buffers = 128MB\t\t\t# min 128kB\n#   name = value\nlisten 8080\n")
    doc = _chunk(text, cid="kb/docs/server.conf#c0", format="config")
    assert [(c.attribute.name, c.value, c.modality.value) for c in read_chunk(doc)] == [
        ("port", "5432", "default"), ("maxauthtries", "6", "default"), ("shared_buffers", "128MB", "default"),
        ("listen", "8080", "configured")]


def test_a_directive_commented_out_under_a_bare_default_label_is_the_default() -> None:
    # shipped files that write every default as "Default:" over the directive commented out, below
    # the comment naming it; a sentence there ("No port.") or an example line gives nothing, and the
    # range the comment states is no default
    text = ("### Option: WorkerCount\n#\tNumber of pre-forked workers that answer polls.\n#\n# Range: 0-64\n"
            "# Default:\n# WorkerCount=4\n\n### Option: PollPort\n# Default:\n# No port.\n\n"
            "#  TAG: spool_limit\t(KB)\n#\tSpool size above which old entries are dropped.\n#Default:\n"
            "# spool_limit 512 KB\n\n# Example:\n# WorkerCount=16\n\nWorkerCount=8\n")
    doc = _chunk(text, cid="kb/docs/agent.conf#c0", format="config")
    assert [(c.attribute.name, c.value, c.modality.value) for c in read_chunk(doc)] == [
        ("workercount", "4", "default"), ("spool_limit", "512 KB", "default"), ("workercount", "8", "configured")]


def test_a_sample_configuration_quoted_in_a_page_shows_its_defaults_commented_out() -> None:
    # a Markdown page quoting a sample file keeps its convention: each directive at its default,
    # commented out under the comment describing it; a key with no value gives nothing
    text = ("```\n# conf.d/20-queue.conf\n##\n## Queue settings\n##\n\nprotocol queue {\n"
            "  # Maximum number of connections one user may hold from each address.\n"
            "  #max_user_connections = 10\n  #queue_capability =\n}\n\n# Memory a worker may use.\n"
            "#worker_vsz_limit = 256M\n```\n")
    got = [(c.attribute.name, c.value, c.normalized, c.modality.value, c.attribute.context) for c in read_chunk(
        _chunk(text, cid="kb/docs/sample_queue_conf.md#c0"))]
    assert got == [("max_user_connections", "10", "10", "default",
                    "Maximum number of connections one user may hold from each address."),
                   ("worker_vsz_limit", "256M", "256 MiB", "default", "Memory a worker may use.")]


def test_a_configuration_file_s_keys_name_its_settings_in_prose() -> None:
    doc = _chunk(STORE_CONF, cid="kb/docs/store.conf#c0", format="config")
    post = _chunk("Title: dropped clients\nUser: why?\nReply: maxclients is 4064 by default and tcp-keepalive "
                  "defaults to 60 seconds.", cid="kb/forums/t1#qa", source="forums")
    assert [(c.attribute.name, c.value) for c in read_corpus([post], known=entry_names([doc, post]))] == [
        ("maxclients", "4064"), ("tcp-keepalive", "60 seconds")]
    alone = read_corpus([post], known=entry_names([post]))  # no configuration file: the words name no setting
    assert [c.attribute.name for c in alone if c.attribute.identifier] == []


GUARD_CONF = ("[DEFAULT]\n\n# How long an address stays blocked, in seconds.\nblocktime = 10m\n\n"
              "# Strikes an address may collect before it is blocked.\nmaxstrikes = 5\n\n[webmail]\n\nmaxstrikes = 2\n")


def test_a_configuration_file_s_sections_scope_its_directives_and_its_comments_give_their_unit() -> None:
    # the "[DEFAULT]" section holds what the file ships for everything, another section its own
    # values; a comment measuring the directive in seconds makes "10m" ten minutes
    doc = _chunk(GUARD_CONF, cid="kb/docs/guard.conf#c0", format="config")
    got = [(c.attribute.name, c.value, c.kind, c.lo, c.scope, c.shipped) for c in read_chunk(doc)]
    assert got == [("blocktime", "10m", "duration", 600.0, {}, True), ("maxstrikes", "5", "number", 5.0, {}, True),
                   ("maxstrikes", "2", "number", 2.0, {"section": "webmail"}, False)]
    bare = _chunk(GUARD_CONF.replace(", in seconds", ""), cid="kb/docs/guard.conf#c0", format="config")
    assert [(c.value, c.kind) for c in read_chunk(bare)][:1] == [("10m", "number")]  # no unit said: ten of what?


def test_what_the_shipped_file_sets_is_the_default_where_the_docs_state_none() -> None:
    conf = _chunk(GUARD_CONF, cid="kb/docs/guard.conf#c0", format="config")
    thread = _chunk("Reply: maxstrikes is 3 by default, so the fourth bad login gets you blocked.", cid="kb/forums/t1#qa",
                    source="forums")
    chunks = [conf, thread]
    corpus = by_setting(read_corpus(chunks, known=entry_names(chunks)))
    found = setting_candidates(corpus["maxstrikes"], [c.id for c in chunks])
    assert sorted((c.value, c.source, c.scope["section"] if c.scope else "") for c in found) == [
        ("3", "forums", ""), ("5", "docs", "")]
    q = analyse_question("How many bad logins does the guard allow before blocking, out of the box?")
    aset = judge_setting(q, "maxstrikes", found, AUTH)
    assert [(a.value, a.status) for a in aset.answers] == [("5", "authoritative"), ("3", "contradicted")]
    # a reference page stating the default outranks what a sample file sets
    ref = _chunk("## `maxstrikes`\n\nStrikes an address may collect.\n\nDefault: 4\n", cid="kb/docs/reference.md#c0")
    chunks = [conf, ref, thread]
    corpus = by_setting(read_corpus(chunks, known=entry_names(chunks)))
    found = setting_candidates(corpus["maxstrikes"], [c.id for c in chunks])
    assert sorted((c.value, c.source) for c in found) == [("3", "forums"), ("4", "docs")]


def test_each_post_of_a_thread_answers_for_itself_in_the_settings_judge() -> None:
    q = analyse_question("If nothing sets a sort order, how does the mailer order the index?")
    docs = Candidate("date", "date", "word", {}, "Default: date", "kb/docs/sort.md#c0", "docs", 1.2, meaning=1.0)
    asker = Candidate("date", "date", "entity", {}, "I tried `set sort=date` in my muttrc.", "kb/forums/t1#qa", "forums",
                      1.9, meaning=0.7)
    reply = Candidate("threads", "threads", "entity", {}, "The default sort is threads.", "kb/forums/t1#r1", "forums",
                      2.0, meaning=0.77)
    aset = judge_setting(q, "sort", [docs, asker, reply], AUTH)
    # the reply is another writer than the asker who agrees with the docs: its value contests theirs
    assert [(a.value, a.status) for a in aset.answers] == [("date", "authoritative"), ("threads", "contradicted")]
    assert aset.status is VerdictStatus.CONTRADICTION
    # one document's other section giving another value states a scope the reader did not parse
    other = Candidate("threads", "threads", "word", {}, "set sort=threads", "kb/docs/sort.md#c1", "docs", 1.2, meaning=1.0)
    aset = judge_setting(q, "sort", [docs, other], AUTH)
    assert [(a.value, a.status) for a in aset.answers] == [("date", "authoritative")]


def test_a_setting_asked_about_in_the_past_is_scoped_not_contradicted() -> None:
    conf = _chunk(GUARD_CONF, cid="kb/docs/guard.conf#c0", format="config")
    thread = _chunk("Reply: maxstrikes is 3 by default, so the fourth bad login gets you blocked.",
                    cid="kb/forums/t1#qa", source="forums")
    corpus = by_setting(read_corpus([conf, thread], known=entry_names([conf, thread])))
    found = setting_candidates(corpus["maxstrikes"], [conf.id, thread.id])
    aset = judge_setting(analyse_question("Has maxstrikes always been 5 by default?"), "maxstrikes", found, AUTH)
    assert aset.status == "scoped"
    assert [(a.value, a.status, a.scope) for a in aset.answers] == [
        ("5", "authoritative", {}), ("3", "supported", {"version": "earlier"})]


def test_a_path_answers_no_how_many_question() -> None:
    doc = _chunk("# more files to read\ninclude /etc/store.d\n\n# keep 4 weeks worth of backlogs\nrotate 4\n",
                 cid="kb/docs/store.conf#c0", format="config")
    claims = by_setting(read_chunk(doc))
    assert [(n, c.kind) for n, cs in claims.items() for c in cs] == [("include", "path"), ("rotate", "number")]

    def similarity(question: str, texts: list[str]) -> np.ndarray:  # the include line reads closest
        return np.array([0.9 if t.startswith("include") else 0.6 for t in texts])

    found = setting_answer(analyse_question("How many old logs does the store keep?"), [doc], similarity, claims)
    assert found is not None and found.setting == "rotate"


def test_the_names_a_question_writes_as_code() -> None:
    assert asked_names("Which release added the --raw-output0 option?") == ["--raw-output0"]
    assert asked_names("What does keepalive_timeout default to, and LoginGraceTime?") == ["keepalive_timeout",
                                                                                         "logingracetime"]
    assert asked_names("What exit status does numtool -e give when the output is null?") == []  # -e: too short
    # a lower-case word no dictionary holds, when the text asked writes it as code; English words never
    asked = "In which version was the toboolean function added to the strings module?"
    assert asked_names(asked) == []
    assert asked_names(asked, lambda w: True) == ["toboolean"]
    assert name_pattern("--args").search("use --args here") and not name_pattern("--args").search("use --jsonargs")
    assert name_pattern("toboolean").search("Add `toboolean/0` to convert strings")
    assert not name_pattern("eviction").search("the noeviction policy")


def test_a_heading_naming_a_setting_with_its_arguments_opens_its_entry() -> None:
    # reference pages render each entry as a heading: the name, then placeholders or choices
    text = ("## `spool-depth: <number>`\n\nHow many jobs wait in the queue. Default is 64.\n\n"
            "## TAG: flush_delay (seconds)\n\nHow long a page waits. The default is 12 seconds.\n\n"
            "### `tray-mode [on | off]`\n\nIf on (the default), the tray is shown.\n\n"
            "## Server options\n\nThe default is 9.\n")
    # a heading of prose closes the entry: its 9 is the value of the words before it, of no setting
    assert _read(text) == [("spool-depth", "64", "default", {}), ("flush_delay", "12 seconds", "default", {}),
                           ("tray-mode", "on", "default", {}), ("The default is", "9", "default", {})]


def test_a_heading_of_prose_or_a_command_opens_no_entry() -> None:
    from src.claims.layout import entry_head

    assert [entry_head(h) for h in ("## Factory reset", "## `git commit --amend`", "### Update window",
                                    "## Recovery mode (for experts)", "## v1.5.4 (Feb 2023)",
                                    "## `spool-depth: <number>`")] == [None, None, None, None, None, "spool-depth"]


def test_a_bare_default_label_gives_the_default_in_the_block_below_it() -> None:
    # squid.conf.documented's shape: "Default:" over an indented directive of the entry's setting
    text = ("## TAG: lookup_wait\n\nHow long a lookup may take.\n\nDefault:\n\n    lookup_wait 30 seconds\n\n"
            "## TAG: keep_halfopen\n\nKeep half-open sockets.\n\nDefault:\n\n    keep_halfopen off\n\n"
            "## TAG: retry_wait\n\nExample:\n\n    retry_wait 2 minutes\n")
    assert _read(text) == [("lookup_wait", "30 seconds", "default", {}), ("keep_halfopen", "off", "default", {}),
                           ("retry_wait", "2 minutes", "stated", {})]
    fenced = "## TAG: lookup_wait\n\nDefault:\n\n```\nlookup_wait 45 seconds\n```\n\nThe wait is per query.\n"
    assert _read(fenced) == [("lookup_wait", "45 seconds", "default", {})]


def test_the_setting_the_best_answering_sentence_names_brings_the_docs_default() -> None:
    from src.claims.answer import answering_setting

    docs = _chunk("## TAG: dial_wait\n\nHow long to wait for a connection to open.\n\nDefault:\n\n    dial_wait 1 minute\n")
    blog = _chunk("By default, dial_wait is set to 2 minutes.", cid="kb/blogs/tuning.md#c0", source="blogs")
    corpus = by_setting(read_corpus([docs, blog]))
    question = analyse_question("How long does the proxy wait for a server to accept the connection?")
    best = Candidate("2 minutes", "PT2M", "duration", {}, blog.text, blog.id, "blogs", 1.5)
    found = answering_setting(question, best, [docs, blog], corpus)
    assert found is not None and found.setting == "dial_wait"
    assert sorted((c.value, c.source) for c in found.candidates) == [("1 minute", "docs"), ("2 minutes", "blogs")]
    verdict = judge_setting(question, found.setting, found.candidates, {"docs": 1.2, "blogs": 1.0})
    assert [(a.value, a.status) for a in verdict.answers] == [("1 minute", "authoritative"), ("2 minutes", "contradicted")]
    # a sentence naming no setting the docs give a default to brings none
    other = Candidate("2 minutes", "PT2M", "duration", {}, "Mine waits 2 minutes.", blog.id, "blogs", 1.5)
    assert answering_setting(question, other, [docs, blog], corpus) is None


def test_a_question_naming_every_word_of_a_hyphenated_setting_names_it() -> None:
    # "the length limit of the right part of the status bar" names bar-right-length, not bar-left-length
    assert _named("What is the default length limit for the right part of the bar?",
                  {"bar-left-length", "bar-right-length", "bar-interval"}) == ["bar-right-length"]
    assert _named("How long until a client-idle-timeout-ms fires?", {"client-idle-timeout-ms"}) == ["client-idle-timeout-ms"]


def test_a_page_whose_title_names_an_older_release_speaks_of_that_release() -> None:
    from src.claims.names import doc_version

    docs = _chunk("## TAG: dial_wait\n\nDefault:\n\n    dial_wait 1 minute\n", version="Spoolr 5.7")
    old = Chunk(id="kb/blogs/manual24.md#c0", source="blogs", kind="post", text="dial_wait: default is 2 minutes.",
                metadata={"title": "Spoolr 2.4 Configuration Manual: time-outs"})
    assert (doc_version(docs), doc_version(old)) == ("5.7", "2.4")
    assert doc_version(_chunk("x", title="Tuning Spoolr for 10 GbE")) == ""
    found = setting_answer(analyse_question("What is the default dial_wait?"), [docs, old], None,
                           by_setting(read_corpus([docs, old])))
    verdict = judge_setting(analyse_question("What is the default dial_wait?"), "dial_wait", found.candidates,
                            {"docs": 1.2, "blogs": 1.0})
    assert verdict.status.value == "consistent"
    assert [(a.value, a.status, a.scope) for a in verdict.answers] == [
        ("1 minute", "authoritative", {}), ("2 minutes", "supported", {"version": "<5.7"})]


def test_a_definition_list_term_opens_an_entry_whose_default_line_gives_its_default() -> None:
    text = ("**Answer timeout**\n: The relay waits for your endpoint to answer. Default: 12 seconds. It cannot be "
            "changed.\n\n**(retired)**\n: Default: 4.\n\n**Retries**\n: A failed call is retried 6 times.\n")
    # an item whose term names nothing closes the entry before it: its 4 is no answer timeout
    assert [(n, v, m) for n, v, m, _ in _read(text)] == [
        ("answer timeout", "12 seconds", "default"), ("Default", "4", "default"), ("retries", "6", "stated")]


def test_a_heading_of_a_few_words_over_a_default_line_opens_an_entry_named_by_its_words() -> None:
    # support_e (Tidewell): a feature's heading, its prose, then "- Default: Off."
    text = ("## Auto power-off when idle\n\nShuts the unit down completely when nothing has used it for a "
            "while.\n\n- Default: Off.\n- The suggested value is 1 hour.\n\n## Power schedule\n\n"
            "Fixed daily start-up and shutdown times.\n\n## How idle time is measured today.\n\n"
            "- Default: 20 minutes.\n")
    # a heading with no "Default:" line in its section, or one written as a sentence, names no entry
    assert [(n, v, m) for n, v, m, _ in _read(text)] == [
        ("auto power-off when idle", "Off", "default"), ("auto power-off when idle", "1 hour", "stated"),
        ("Default", "20 minutes", "default")]


def test_a_thread_answering_in_other_words_contests_the_default_of_a_setting_named_by_words() -> None:
    from src.claims.answer import SettingAnswer, extracted_rivals

    docs = Candidate("3 days", "P3D", "duration", {}, "Default: 3 days.", "kb/docs/r.md#c0", "docs", 1.2, meaning=1.0)
    forum = Candidate("7 days", "P7D", "duration", {}, "The first one goes out 7 days after the due date.",
                      "kb/forums/t1#qa", "forums", 1.6, meaning=0.64)
    far = Candidate("10 days", "P10D", "duration", {}, "We pushed ours to 10 days.", "kb/forums/t1#r1", "forums", 1.3,
                    meaning=0.4)
    assert extracted_rivals(SettingAnswer("first reminder delay", "meaning", (docs,)), [forum, far], None) == [forum]
    # an identifier found by meaning: the question did not name it, so neither need its rivals
    assert extracted_rivals(SettingAnswer("reminder_delay", "meaning", (docs,)), [forum, far], None) == [forum]
    # an identifier the question names: a thread answering as closely need not name it either
    assert extracted_rivals(SettingAnswer("reminder_delay", "named", (docs,)), [forum, far], None) == [forum]


def test_a_name_a_thread_states_as_the_default_contests_a_setting_whose_value_is_a_word() -> None:
    from src.claims.answer import SettingAnswer, extracted_rivals
    from src.claims.judge import comparable_kinds

    docs = Candidate("Balanced", "balanced", "word", {}, "Default: Balanced", "kb/docs/w.md#c0", "docs", 1.2, meaning=1.0)
    said = Candidate("High", "high", "entity", {}, "The default sensitivity is High, drop it to Balanced or Low.",
                     "kb/forums/t1#qa", "forums", 2.3, meaning=0.72)
    # the cue points at the docs' own value: the name after it ("heard") is no setting's value
    beside = Candidate("heard", "heard", "entity", {}, "On the default Balanced sensitivity it heard us from the hall.",
                       "kb/blogs/b.md#c1", "blogs", 2.3, meaning=0.68)
    loose = Candidate("Mara", "mara", "entity", {}, "Mara says the speaker is too eager.", "kb/forums/t1#r1", "forums",
                      2.0, meaning=0.7)
    found = SettingAnswer("wake-word sensitivity", "meaning", (docs,))
    assert extracted_rivals(found, [said, beside, loose], None) == [said]
    # a name the settings reader gives to the setting itself rivals it without a cue
    assert extracted_rivals(found, [loose], lambda c: "wake-word sensitivity") == [loose]
    assert comparable_kinds("word", "entity") and not comparable_kinds("version", "entity")


def test_a_setting_chosen_by_meaning_yields_to_a_docs_sentence_clearly_closer_to_the_question() -> None:
    # "how long are recordings kept?": a definition list's "Diagnostics: logs are kept for 30 days"
    # came closest among settings (0.52), a docs table row answers it closer (0.72)
    def cand(value: str, source: str, meaning: float, score: float = 1.5) -> Candidate:
        return Candidate(value, value, "duration", {}, f"kept for {value}", f"kb/{source}/a#c0", source, score,
                         meaning=meaning)

    chosen = SettingAnswer("diagnostics", "meaning", (cand("30 days", "docs", 0.52),), meaning=0.52)
    assert closer_sentence(chosen, [cand("90 days", "docs", 0.72), cand("7 days", "forums", 0.9, 3.0)])
    # the docs' best answering sentence (by score) decides; a thread's never does
    assert not closer_sentence(chosen, [cand("90 days", "docs", 0.58), cand("7 days", "forums", 0.9, 3.0)])
    assert not closer_sentence(chosen, [cand("90 days", "docs", 0.9, 1.0), cand("1 day", "docs", 0.55, 2.0)])
    assert not closer_sentence(chosen, [cand("7 days", "forums", 0.9)])
    named = SettingAnswer("retention.days", "named", chosen.candidates)  # a setting the question names stays
    assert not closer_sentence(named, [cand("90 days", "docs", 0.99)])


def test_a_bare_default_takes_the_unit_its_entry_measures_the_setting_in() -> None:
    # manuals_e (sudoers(5)): "Number of minutes ..." over "The default is 15." is fifteen minutes
    doc = _chunk("     idle_wait\n           Number of minutes that can elapse before the tool asks for a password "
                 "again.  The default is 15.  Set this to 0 to always prompt.\n\n"
                 "     connect_wait\n           Maximum time in seconds the connection may take.\n"
                 "           Example: tool --connect-wait 20 host\n", cid="kb/docs/tool.5.md#c0")
    claims = {(c.attribute.name, c.value): (c.kind, c.normalized, c.modality.value) for c in read_chunk(doc)}
    assert claims[("idle_wait", "15")] == ("duration", "PT15M", "default")
    assert claims[("idle_wait", "0")][0] == "number"  # a value the entry states, not its default
    # an example's number under a unit-measured entry stays a plain number: it is no default
    assert claims[("connect_wait", "20")] == ("number", "20", "stated")


def test_a_value_of_another_kind_is_no_rival_of_a_setting_default() -> None:
    # configs_f (a Redis thread): "the default changed in 7.0" and "4-5 years" beside a yes/no default
    def cand(value: str, normalized: str, kind: str, cid: str, source: str) -> Candidate:
        return Candidate(value, normalized, kind, {}, f"... {value} ...", cid, source, 1.0)

    found = [cand("yes", "true", "bool", "kb/docs/store.conf#c0", "docs"),
             cand("7.0", "7", "number", "kb/forums/t.txt#qa", "forums"),
             cand("4-5 years", "P4Y..P5Y", "duration", "kb/forums/t.txt#r1", "forums"),
             cand("no", "false", "bool", "kb/tickets/x#qa", "tickets")]
    aset = judge_setting(analyse_question("Does the store sync to disk by default?"), "disk_sync", found, AUTH)
    assert [(a.value, a.status) for a in aset.answers] == [("yes", "authoritative"), ("no", "contradicted")]
    assert aset.status == VerdictStatus.CONTRADICTION
    # a word and a number answer one setting ("acks=all" against "acks=1"); amounts stand for numbers
    found = [cand("all", "all", "word", "kb/docs/producer.md#c0", "docs"),
             cand("1", "1", "number", "kb/blogs/b.md#c0", "blogs"),
             cand("300 seconds", "PT300S", "duration", "kb/forums/f.txt#qa", "forums")]
    aset = judge_setting(analyse_question("How many replicas acknowledge a write by default?"), "acks", found, AUTH)
    assert [(a.value, a.status) for a in aset.answers] == [("all", "authoritative"), ("1", "contradicted")]


def test_a_change_told_with_went_from_keeps_its_old_value_in_the_past() -> None:
    # configs_h (a GitHub thread on PostgreSQL): "it went from 20ms to only 2ms" is a change, not two rivals
    assert _read("It went from 20ms to only 2ms for vacuum_delay.", cid="kb/forums/t.txt#qa", source="forums") == [
        ("vacuum_delay", "20ms", "stated", {"version": "<earlier"}), ("vacuum_delay", "2ms", "stated", {})]


def test_a_code_is_no_value_of_a_setting() -> None:
    # manuals_h (a curl blog): "(like HTTP 404 Not Found)" is a code, no default of anything
    text = ("Use `--retry` for flaky links. By default, curl will not retry on client-side errors (like HTTP 404 "
            "Not Found) because these are permanent.\n")
    assert read_chunk(_chunk(text, cid="kb/blogs/b.md#c0", source="blogs")) == []


def test_a_setting_rival_whose_sentence_also_states_the_docs_value_is_none() -> None:
    # the post lists two settings' values in one sentence; the docs' 32 is one of them
    q = analyse_question("What pool_size do I get if I never set it?")
    aset = judge_setting(q, "pool_size", [
        Candidate("32", "32", "number", {}, "**Default:** 32", "kb/docs/ref.md#c0", "docs", 1.0),
        Candidate("12", "12", "number", {}, "we run pool_size 12 here and queue_depth 32, the pool_size default.",
                  "kb/forums/t9#qa", "forums", 1.0)], AUTH)
    assert aset.status == "consistent"
    assert [(a.value, a.status) for a in aset.answers] == [("32", "authoritative")]


def test_a_setting_whose_common_word_name_the_question_writes_ranks_closer_by_meaning() -> None:
    # "tries" is an English word, so the question does not name the setting outright; writing it
    # still counts a little over the meaning of a neighbouring entry's description
    doc = _chunk("     tries\n             Set the number of tries.  The default is 20.\n\n"
                 "     waitretry\n             Seconds to wait between retries of a failed download.  "
                 "The default is 10.\n", cid="kb/docs/fetch.1.txt#c0")
    closeness = {"tries": 0.55, "waitretry": 0.6}

    def similarity(text: str, texts: list[str]) -> np.ndarray:  # the retry wait reads a little closer
        return np.array([closeness[t.split(".")[0]] for t in texts])

    q = analyse_question("Does the fetcher stop after twenty tries if I leave that alone?")
    found = setting_answer(q, [doc], similarity, by_setting(read_chunk(doc)))
    assert found is not None and (found.setting, found.how) == ("tries", "meaning")
    assert [c.value for c in found.candidates] == ["20"]
    # without the name written, meaning alone decides
    q = analyse_question("Does the fetcher give up after twenty attempts if I leave that alone?")
    found = setting_answer(q, [doc], similarity, by_setting(read_chunk(doc)))
    assert found is not None and found.setting == "waitretry"
    # the bonus reorders, it never lifts a setting over the meaning floor
    closeness.update(tries=0.4, waitretry=0.3)
    assert setting_answer(analyse_question("Does the fetcher stop after twenty tries if I leave that alone?"),
                          [doc], similarity, by_setting(read_chunk(doc))) is None


def test_a_name_of_three_hyphenated_words_is_a_setting_and_english_joined_by_hyphens_is_none() -> None:
    from src.claims.names import identifiers

    assert [n for _, _, n in identifiers("delayed-ack is 28 and max-ack-delay is 250000")] == ["max-ack-delay"]
    assert [n for _, _, n in identifiers("Without default-lease-time, leases last 43200 seconds.")] == \
        ["default-lease-time"]
    assert identifiers("It is up-to-date and out-of-the-box, a state-of-the-art end-to-end check.") == []
    text = "Title: lease times\nReply: Leave it out and max-lease-time defaults to 86400 seconds."
    assert _read(text, cid="kb/forums/t1#qa", source="forums") == [("max-lease-time", "86400 seconds", "default", {})]


def test_a_value_the_reader_gives_a_setting_only_from_the_context_belongs_to_no_other_setting() -> None:
    # the next sentence's command names "example.com"; the value is the thread's answer, no other setting's
    reply = _chunk("Reply: Signatures are valid for 30 days by default. Check the expiry with "
                   "`kdig +dnssec SOA example.com` to see the dates.\nReply: sig_refresh is 7 days here.\n",
                   cid="kb/forums/t1#qa", source="forums")
    claims = by_setting(read_chunk(reply))
    assert [(c.value, c.inferred) for c in claims["example.com"]] == [("30 days", True)]
    of = setting_of(claims)
    said = "Signatures are valid for 30 days by default."
    assert of(Candidate("30 days", "P30D", "duration", {}, said, "kb/forums/t1#qa", "forums", 1.0)) is None
    named = Candidate("7 days", "P7D", "duration", {}, "sig_refresh is 7 days here.", "kb/forums/t1#qa", "forums", 1.0)
    assert of(named) == "sig_refresh"


def test_a_state_stated_as_the_default_is_a_value_of_the_setting_named_before_it() -> None:
    # the state, not the line the reply tells you to add, is what the sentence says the default is
    assert _read("scan_on_boot is off by default, you have to add `scan_on_boot=yes` to the config.",
                 cid="kb/forums/t1#r1", source="forums") == [
        ("scan_on_boot", "yes", "stated", {}), ("scan_on_boot", "off", "default", {})]
    # a plain word names the setting where the sentence also sets it as a key
    assert _read("autoscan is off by default, you have to add `autoscan=yes`.", cid="kb/forums/t1#r1",
                 source="forums") == [("autoscan", "yes", "stated", {}), ("autoscan", "off", "default", {})]
    # ... and names it there: the setting does not come from the context
    assert not any(c.inferred for c in read_chunk(_chunk("autoscan is off by default, you have to add `autoscan=yes`.",
                                                         cid="kb/forums/t1#r1", source="forums")))
    assert _read("The `strict_mode` option is enabled by default since 2.0.") == [
        ("strict_mode", "enabled", "default", {"version": ">=2.0"})]
    # a state no default cue speaks of, or one naming no setting, is no setting's value
    assert _read("The `strict_mode` option is disabled on this server.") == []
    assert _read("Sync is off by default.") == []
