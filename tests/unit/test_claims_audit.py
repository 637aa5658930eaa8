"""The corpus audit through the reader and the judge (src/claims/audit.py), the reader's default
cue, change statements and forward references, and the judge on a value a question puts forward;
on text written here in the shapes real docs and threads use (no corpus's sentences)."""

from __future__ import annotations

from dataclasses import replace

from src.claims import read_chunk
from src.claims.answer import by_setting, setting_answer
from src.claims.audit import audit_keys, official_side, older_documents, setting_keys
from src.claims.judge import judge_setting
from src.evaluation.realkb import Case, score_audit
from src.graph.analysis import ClaimNode, KeyResult
from src.graph.question import analyse_question
from src.graph.weights import Support
from src.types import Chunk, KeyStatus, VerdictStatus

AUTH = {"docs": 1.2, "blogs": 1.0, "forums": 0.8}


def _chunk(text: str, cid: str, source: str, **meta: str) -> Chunk:
    return Chunk(id=cid, source=source, kind="document", text=text, metadata=dict(meta))


def _read(text: str) -> list[tuple[str, str, str, dict[str, str]]]:
    return [(c.attribute.name, c.value, c.modality.value, c.scope)
            for c in read_chunk(_chunk(text, "kb/blogs/b.md#c0", "blogs"))]


DOCS = _chunk("## `pool_size`\n\n**Default:** 32\n\nHow many connections the pool keeps open.\n",
              "kb/docs/pool.md#c0", "docs", version="Acme 3.2")
THREAD = _chunk("Title: pool_size too small?\nUser: requests queue up\nReply: the pool_size default is 8, raise it.",
                "kb/forums/t7#qa", "forums")
AGREEING = _chunk("We run with the pool_size default of 32 everywhere.", "kb/blogs/tuning.md#c0", "blogs")
HISTORY = _chunk("Prior to version 2.4.1, the pool_size default was 8.", "kb/blogs/history.md#c0", "blogs")
CONFIG = _chunk("```\n# our pool\npool_size 64;\n```\n", "kb/forums/t9#qa", "forums")


def _settings(*chunks: Chunk):
    return by_setting(c for ch in chunks for c in read_chunk(ch))


def test_the_default_cue_takes_the_value_after_it_not_the_configured_one_before() -> None:
    got = _read("- idle_limit = 300 - drop idle sessions after 5 minutes (default is 8 hours, too long)")
    assert got == [("idle_limit", "300", "stated", {}), ("idle_limit", "5 minutes", "stated", {}),
                   ("idle_limit", "8 hours", "default", {})]


def test_a_cue_before_another_settings_name_is_not_the_default_of_the_value_after_both() -> None:
    got = _read("Default pool max.idle.time is longer than the server idle_limit (1h vs 10m)")
    assert [(n, v, m) for n, v, m, _ in got][0] == ("idle_limit", "1h", "stated")


def test_a_value_far_from_the_default_cue_is_not_the_default() -> None:
    # a design note (Kafka's KIP-186): "the default retention" opens a clause; "more than 24h", a
    # hundred characters on, is a condition named beside another setting, not that setting's default
    got = _read("This differs from the default retention for topics so a user testing against a stock config can see "
                "the data, but if the app is offline for more than 24h, it restarts if reset_policy=earliest.")
    assert ("reset_policy", "24h", "stated") in [(n, v, m) for n, v, m, _ in got]
    # near the cue, the default still
    assert _read("The default retention of reset_policy is 24h.")[0][:3] == ("reset_policy", "24h", "default")


def test_a_change_statement_scopes_the_old_value_before_the_version_and_the_new_one_from_it() -> None:
    got = _read("The default of pool_size was raised from 8 to 32 in 2.4.1 after many reports.")
    assert got == [("pool_size", "8", "default", {"version": "<2.4.1"}),
                   ("pool_size", "32", "default", {"version": ">=2.4.1"})]


def test_a_default_sentence_naming_no_setting_takes_the_one_the_next_sentence_names() -> None:
    got = _read("By default, the server drops a silent client after ten minutes. You can change the limit "
                "with the idle_limit variable.")
    assert got == [("idle_limit", "ten minutes", "default", {})]


def test_setting_keys_report_a_thread_default_against_the_docs_and_nothing_else() -> None:
    keys = setting_keys(_settings(DOCS, THREAD, AGREEING, HISTORY, CONFIG), AUTH)
    assert [k.key for k in keys] == ["pool_size"]
    key = keys[0]
    assert key.status == KeyStatus.CONTRADICTION
    shown = sorted((c.value, c.authoritative, bool(c.contradicts), tuple(sorted(s.chunk_id for s in c.support)))
                   for c in key.claims)
    # the docs and the agreeing blog win; the thread's 8 is contradicted; the older version's 8 is
    # scoped apart and the configured 64 is no default at all
    assert shown == [("32", True, True, ("kb/blogs/tuning.md#c0", "kb/docs/pool.md#c0")),
                     ("8", False, False, ("kb/blogs/history.md#c0",)),
                     ("8", False, True, ("kb/forums/t7#qa",))]


def test_no_setting_key_without_an_official_default_or_between_two_official_documents() -> None:
    assert setting_keys(_settings(THREAD, AGREEING), AUTH) == []
    other_doc = _chunk("## `pool_size`\n\n**Default:** 16\n", "kb/docs/other.md#c0", "docs", version="Acme 3.2")
    assert setting_keys(_settings(DOCS, other_doc, THREAD), AUTH) == []  # two things of one name


def test_an_older_release_manual_is_scoped_not_a_rival() -> None:
    old_manual = _chunk("## `pool_size`\n\n**Default:** 8\n", "kb/docs/pool-2.md#c0", "docs", version="Acme 2.0")
    assert older_documents([DOCS, old_manual, THREAD]) == {"kb/docs/pool-2.md#c0"}
    keys = setting_keys(_settings(DOCS, old_manual, AGREEING), AUTH)
    assert keys == []  # 8 is the 2.0 manual's, scoped before 3.2: no contradiction


def _key(name: str, *sides: tuple[str, str, bool]) -> KeyResult:
    """A key whose first side is authoritative and contradicted by every other side."""
    ids = [f"claim::{i}" for i in range(len(sides))]
    nodes = tuple(ClaimNode(id=ids[i], key=name, value=v, normalized=v, scope={},
                            support=(Support(cid, src, 1.0, f"{name} is {v}"),), support_total=1.0,
                            authoritative=i == 0, contradicts=tuple(ids[1:]) if i == 0 else (ids[0],))
                  for i, (v, src, _) in enumerate((s[1], s[0], False) for s in sides)
                  for cid in [f"kb/{src}/{i}.md#c0"])
    return KeyResult(key=name, aliases=(), status=KeyStatus.CONTRADICTION, claims=nodes, explanation="")


def test_only_an_official_claim_contradicted_by_less_authoritative_sources_is_reported() -> None:
    assert official_side(_key("events retained", ("docs", "14 days"), ("forums", "7 days")), AUTH) is not None
    assert official_side(_key("buffer", ("docs", "8K"), ("docs", "1K")), AUTH) is None
    assert official_side(_key("retention", ("blogs", "24 hours"), ("forums", "7 days")), AUTH) is None
    older = {"kb/docs/0.md#c0"}
    assert official_side(_key("retention", ("docs", "24h"), ("forums", "7 days")), AUTH, older) is None


def test_the_official_claim_is_authoritative_even_when_more_posts_say_otherwise() -> None:
    key = _key("recycle bin", ("forums", "30 days"), ("docs", "60 days"))  # the posts' side won on support
    judged = official_side(key, AUTH)
    assert judged is not None
    assert [(c.value, c.authoritative) for c in judged.claims] == [("60 days", True), ("30 days", False)]
    assert judged.explanation.endswith("the best-supported value is 60 days.")


def test_the_audit_leaves_a_setting_the_reader_keys_to_the_reader() -> None:
    old = [_key("pool size variable", ("docs", "16"), ("forums", "64")),
           _key("events retained", ("docs", "14 days"), ("forums", "7 days"))]
    keys = audit_keys(old, _settings(DOCS, THREAD), AUTH)
    assert [k.key for k in keys] == ["pool_size", "events retained"]


def _ask(question: str, *chunks: Chunk):
    q = analyse_question(question)
    found = setting_answer(q, list(chunks), None, _settings(*chunks))
    assert found is not None
    return found.setting, judge_setting(q, found.setting, found.candidates, AUTH)


def test_a_question_putting_forward_the_authoritative_value_is_consistent_and_another_value_contradicted() -> None:
    setting, aset = _ask("Is 32 really the default pool_size?", DOCS, THREAD, AGREEING)
    assert (setting, aset.status) == ("pool_size", VerdictStatus.CONSISTENT)
    setting, aset = _ask("Is 8 the default pool_size?", DOCS, THREAD, AGREEING)
    assert (setting, aset.status, aset.answers[0].value) == ("pool_size", VerdictStatus.CONTRADICTION, "32")


def test_a_setting_is_named_by_all_the_words_of_its_name_in_any_order() -> None:
    setting, aset = _ask("How big is the size of the pool when nobody sets it?", DOCS, THREAD)
    assert setting == "pool_size"
    assert [(a.value, a.status) for a in aset.answers] == [("32", "authoritative"), ("8", "contradicted")]


def test_realkb_audit_scoring_reads_the_support_ids_of_the_graph_json() -> None:
    case = Case("p", "q?", "contradiction", "data/docs/a.md", ("512",), "data/forums/b.txt", "768", "contradicted")
    key = {"key": "worker_connections", "status": "contradiction", "claims": [
        {"value": "512", "normalized": "512", "support": [{"id": "data/docs/a.md#c0"}]},
        {"value": "768", "normalized": "768", "support": [{"id": "data/forums/b.txt#qa"}]}]}
    other = {"key": "buffer", "status": "contradiction", "claims": [
        {"value": "8K", "normalized": "8K", "support": [{"id": "data/docs/a.md#c0"}]}]}
    score = score_audit([case], {"keys": [key, other]})
    assert (score.reported, score.labelled, len(score.found), score.others) == (2, 1, 1, ("buffer",))


def test_a_question_graph_is_judged_as_the_audit_judges_it() -> None:
    from src.claims.audit import question_keys

    docs_forum = _key("events retained", ("docs", "14 days"), ("forums", "7 days"))
    two_docs = _key("events", ("docs", "2,000"), ("docs", "10,000"))
    two_posts = _key("retention", ("blogs", "24 hours"), ("forums", "7 days"))
    judged = question_keys([docs_forum, two_docs, two_posts], AUTH)
    assert judged[0] == official_side(docs_forum, AUTH)
    assert (judged[1].status, judged[1].scope_dims) == (KeyStatus.SCOPED, ("document",))
    assert [(c.value, c.contradicts, c.authoritative) for c in judged[1].claims] == [("2,000", (), False),
                                                                                       ("10,000", (), False)]
    assert judged[1].explanation.startswith("values differ by document: ")
    assert judged[2] is two_posts  # no official side: the question's own contradiction stands
    # one authority for every source (RAMDocs' web pages): no official side to judge by
    assert question_keys([two_docs], {"docs": 1.0}) == [two_docs]


def test_the_settings_reader_owns_the_values_it_reads_and_a_question_graph_shows_its_settings() -> None:
    from src.claims.audit import without_read
    from src.graph.claims import make_claim

    settings = _settings(DOCS, THREAD)
    read = make_claim(key="default", scope={}, value="32", normalized="32", sentence="**Default:** 32",
                      chunk_id=DOCS.id, source="docs")
    other = make_claim(key="connections", scope={}, value="32", normalized="32", sentence="It opens 32 connections.",
                       chunk_id=DOCS.id, source="docs")  # the same value in another sentence: not the reader's
    elsewhere = make_claim(key="default", scope={}, value="32", normalized="32", sentence="**Default:** 32",
                           chunk_id="kb/docs/other.md#c0", source="docs")
    assert without_read([read, other, elsewhere], settings) == [other, elsewhere]
    # every setting with a stated default, judged as the audit judges it; the audit keeps the contradictions
    keys = setting_keys(_settings(DOCS, THREAD, AGREEING), AUTH, contradictions_only=False)
    assert [(k.key, k.status, [(c.value, c.authoritative) for c in k.claims]) for k in keys] == [
        ("pool_size", KeyStatus.CONTRADICTION, [("32", True), ("8", False)])]
    assert [k.key for k in setting_keys(_settings(DOCS, AGREEING), AUTH)] == []
    assert [(k.key, k.status) for k in setting_keys(_settings(DOCS, AGREEING), AUTH, contradictions_only=False)] == [
        ("pool_size", KeyStatus.CONSISTENT)]


def test_a_settings_answer_names_its_setting_where_the_cited_line_does_not() -> None:
    from src.answer.extractive import Citer, answer_from_set

    setting, aset = _ask("What is the default pool_size?", DOCS, THREAD)
    assert (aset.setting, aset.fact) == ("pool_size", "pool_size")  # the question graph's key for it
    text = answer_from_set(aset, AUTH, Citer())
    assert text.startswith("pool_size: **Default:** 32. [1]"), text
    assert "1 document in forums says 8 [2]" in text


def _node(nid: str, value: str, source: str, sentence: str, *, authoritative: bool = False,
          contradicts: tuple[str, ...] = ()) -> ClaimNode:
    return ClaimNode(id=nid, key="reports kept", value=value, normalized=value, scope={},
                     support=(Support(f"kb/{source}/{nid}.md#c0", source, 1.0, sentence),), support_total=1.0,
                     authoritative=authoritative, contradicts=contradicts)


def test_the_audit_keeps_only_rivals_that_say_what_the_official_sentence_says() -> None:
    from src.claims.audit import says_the_same
    from src.embeddings import embed_texts, load_embed_model

    model = load_embed_model()  # the packaged all-MiniLM-L6-v2
    docs = _node("a", "90 days", "docs", "Archived reports are kept for 90 days before they are purged.",
                 authoritative=True, contradicts=("b", "c"))
    forum = _node("b", "120 days", "forums", "In my experience archived reports stick around for 120 days or so.",
                  contradicts=("a",))
    trial = _node("c", "30 days", "blogs", "The free trial lasts 30 days, then billing starts.", contradicts=("a",))
    key = KeyResult(key="reports kept", aliases=(), status=KeyStatus.CONTRADICTION, claims=(docs, forum, trial),
                    explanation="")
    [kept] = says_the_same([key], AUTH, lambda texts: embed_texts(model, texts))
    assert [(n.value, n.contradicts) for n in kept.claims] == [("90 days", ("b",)), ("120 days", ("a",)),
                                                               ("30 days", ())]
    assert kept.explanation == ("docs (authority 1.2, 1 chunk) says 90 days; forums (authority 0.8, 1 chunk) "
                                "says 120 days; the best-supported value is 90 days.")
    # a key whose only rival states another fact is no contradiction at all
    alone = replace(key, claims=(replace(docs, contradicts=("c",)), trial))
    assert says_the_same([alone], AUTH, lambda texts: embed_texts(model, texts)) == []


def test_a_rival_value_the_official_row_gives_another_plan_is_no_contradiction() -> None:
    row = "Audit log history | 7 days | 90 days | 1 year"
    docs = _node("a", "1 year", "docs", row, authoritative=True, contradicts=("b",))
    forum = _node("b", "90 days", "forums", "The 90 days audit log might satisfy them.", contradicts=("a",))
    key = KeyResult(key="audit log", aliases=(), status=KeyStatus.CONTRADICTION, claims=(docs, forum), explanation="")
    team = KeyResult(key="audit log team", aliases=(), status=KeyStatus.CONSISTENT,
                     claims=(_node("t", "90 days", "docs", row),), explanation="")
    assert audit_keys([key, team], {}, AUTH) == []
    assert [k.key for k in audit_keys([key], {}, AUTH)] == ["audit log"]
    # the value the official sentence puts in the past is the one it contests
    changed = "Audit logs are now kept for 1 year (previously 90 days)."
    past = replace(key, claims=(replace(docs, support=(replace(docs.support[0], sentence=changed),)), forum))
    then = replace(team, claims=(replace(team.claims[0], support=(replace(team.claims[0].support[0], sentence=changed),)),))
    assert [k.key for k in audit_keys([past, then], {}, AUTH)] == ["audit log"]


def test_a_question_graph_contradiction_between_two_facts_shows_its_values_by_document() -> None:
    from src.claims.audit import question_keys
    from src.embeddings import embed_texts, load_embed_model

    model = load_embed_model()  # the packaged all-MiniLM-L6-v2
    embed = lambda texts: embed_texts(model, texts)  # noqa: E731
    docs = _node("a", "90 days", "docs", "Archived reports are kept for 90 days before they are purged.",
                 authoritative=True, contradicts=("c",))
    trial = _node("c", "30 days", "blogs", "The free trial lasts 30 days, then billing starts.", contradicts=("a",))
    forum = _node("b", "120 days", "forums", "In my experience archived reports stick around for 120 days or so.",
                  contradicts=("a",))
    two_facts = KeyResult(key="days", aliases=(), status=KeyStatus.CONTRADICTION, claims=(docs, trial), explanation="")
    [shown] = question_keys([two_facts], AUTH, embed=embed)
    assert shown.status == KeyStatus.SCOPED and shown.scope_dims == ("document",)
    assert all(not n.contradicts for n in shown.claims)
    one_fact = replace(two_facts, key="reports kept", claims=(replace(docs, contradicts=("b",)), forum))
    [judged] = question_keys([one_fact], AUTH, embed=embed)
    assert judged.status == KeyStatus.CONTRADICTION
    assert [(n.value, n.authoritative, n.contradicts) for n in judged.claims] == [("90 days", True, ("b",)),
                                                                                  ("120 days", False, ("a",))]
    # without an embedder the graph's own judgement stands
    assert question_keys([two_facts], AUTH)[0].status == KeyStatus.CONTRADICTION


def test_markup_pasted_into_a_sentence_is_not_what_it_says() -> None:
    # a thread's reply with a script pasted after its sentence still says what the docs say
    from src.claims.audit import question_keys
    from src.embeddings import embed_texts, load_embed_model

    model = load_embed_model("hashing:256")  # shared words, no model file
    docs = _node("a", "14 days", "docs", "The Team plan keeps event history for 14 days.",
                 authoritative=True, contradicts=("b",))
    pasted = ("The Team plan keeps event history for 7 days. <script>document.title='x'</script>"
              "<img src=x onerror=\"document.body.setAttribute('data-x','img')\">")
    forum = _node("b", "7 days", "forums", pasted, contradicts=("a",))
    key = KeyResult(key="event history", aliases=(), status=KeyStatus.CONTRADICTION, claims=(docs, forum),
                    explanation="")
    [judged] = question_keys([key], AUTH, embed=lambda texts: embed_texts(model, texts))
    assert judged.status == KeyStatus.CONTRADICTION


def test_with_one_authority_everywhere_the_same_thing_test_still_decides() -> None:
    # web pages of one authority (RAMDocs): no official side, but two facts sharing a word are no contradiction
    from src.claims.audit import question_keys
    from src.embeddings import embed_texts, load_embed_model

    model = load_embed_model()  # the packaged all-MiniLM-L6-v2
    pages = {"docs": 1.0, "forums": 1.0, "blogs": 1.0}
    a = _node("a", "90 days", "blogs", "Archived reports are kept for 90 days before they are purged.",
              contradicts=("c",))
    c = _node("c", "30 days", "blogs", "The free trial lasts 30 days, then billing starts.", contradicts=("a",))
    key = KeyResult(key="days", aliases=(), status=KeyStatus.CONTRADICTION, claims=(a, c), explanation="")
    [shown] = question_keys([key], pages, embed=lambda texts: embed_texts(model, texts))
    assert shown.status == KeyStatus.SCOPED
    assert question_keys([key], pages)[0].status == KeyStatus.CONTRADICTION
