"""Which sentence of a chunk answers, with the packaged embedder: the one naming the plan the
question asks about (NimbusNote and CloudSync docs)."""

import pytest

from src.claims.extractor import make_extractor
from src.graph.question import analyse_question
from src.types import Chunk

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def extractor():
    from src.embeddings import load_embed_model

    return make_extractor(None, load_embed_model())


@pytest.mark.parametrize(("question", "text", "answer"), [
    # NimbusNote docs: the Basic plan's retention, not the sync interval of the sentence naming the product
    ("I'm on the Basic plan: how far back does NimbusNote keep old versions of my notes?",
     "# Sync & Backup\n\nNimbusNote Pro syncs notes every 10 seconds while you are actively editing.\n\n"
     "## Backup policy\nWe keep:\n- 30 days of version history on the Basic plan\n- 365 days of version history on "
     "the Pro and Enterprise plans", "30 days"),
    # CloudSync docs: the Free accounts' line, not the Pro one above it
    ("How many days of version history does CloudSync keep on the Free plan?",
     "CloudSync automatically maintains version history for all synced files:\n"
     "- Pro accounts: 30 days of version history\n- Free accounts: 7 days of version history", "7 days"),
])
def test_the_sentence_naming_the_asked_plan_answers(extractor, question, text, answer):
    chunk = Chunk(id="k/docs/a#c0", source="docs", kind="document", text=text, metadata={})
    got = extractor.candidates(analyse_question(question), [chunk])
    assert got[0].value == answer


@pytest.mark.parametrize(("question", "text", "expected"), [
    # CloudSync ticket: the old version's default and the new one's, in two sentences of one ticket
    ("What is the default bandwidth throttling limit in the desktop client? Sync of small files is crawling.",
     "The v2.0 defaults were set to 1Mbps to be conservative, but this proved too restrictive for most users. "
     "Resolution: 1) Upgraded customer to v2.1 which has improved default bandwidth settings (10Mbps). "
     "2) Checked sync logs - desktop showed no sync activity for 6 days.",
     [("10Mbps", "2.1"), ("1Mbps", "2.0")]),
    # LumenVault blog: the uploader of desktop v4.x and of 5.0
    ("How many files does the desktop uploader push at the same time?",
     "In desktop app v4.x, the uploader sent three files at a time. That was fine for a phone's worth of JPEGs. "
     "From desktop app 5.0, up to eight files are uploaded in parallel.",
     [("three files", "4.x"), ("up to eight files", "5.0")]),
])
def test_a_chunk_s_value_for_another_version_in_another_sentence(extractor, question, text, expected):
    chunk = Chunk(id="k/tickets/a#c0", source="tickets", kind="ticket", text=text, metadata={})
    got = extractor.candidates(analyse_question(question), [chunk])
    assert [(c.value, c.scope.get("version")) for c in got] == expected


@pytest.mark.parametrize(("question", "text", "answer"), [
    # RAMDocs dev: the line named with its noun, not the bare name before it
    ("Which line is Belorussky a station on?",
     "Belorusskaya () is a station on the Moscow Metro's Koltsevaya line. It is named after the nearby Belorussky "
     "Rail Terminal.", "Moscow Metro's Koltsevaya line"),
    # OpenEMR blog: the certification body named with its noun
    ("Which certification body does OpenEMR go through for ONC certification?",
     "OpenEMR version 7.0 has achieved ONC Certification through the SLI Compliance Certification Body.",
     "SLI Compliance Certification Body"),
])
def test_a_name_with_the_noun_asked_about(extractor, question, text, answer):
    chunk = Chunk(id="k/docs/a#c0", source="docs", kind="document", text=text, metadata={})
    assert [c.value for c in extractor.candidates(analyse_question(question), [chunk])] == [answer]


@pytest.mark.parametrize(("question", "text", "answers"), [
    # CloudSync ticket: naming the product is not saying anything of the file size asked about
    ("What is the maximum size of a single file I can upload to CloudSync?",
     "Device Information: iPhone 12 Pro, iOS 17.2, CloudSync app v2.0.3, 64GB storage with 15GB available.", []),
    ("What is the maximum size of a single file I can upload to CloudSync?",
     "CloudSync accepts uploads of a single file up to 10 GB.", ["up to 10 GB"]),
    # Hooklane (data/): the agent's forward timeout is not how long deliveries are retried
    ("How long will Hooklane keep retrying a failed delivery on the Team plan?",
     "In Hooklane Agent 3.x, the default forward timeout is 30 seconds.", []),
    ("How long will Hooklane keep retrying a failed delivery on the Team plan?",
     "On Team, failed deliveries are retried for up to 72 hours, counted from the first attempt.", ["up to 72 hours"]),
    # Hooklane ticket (data/): other words, but as close in meaning as SEMANTIC_ALONE asks
    ("How long does Hooklane wait for my endpoint to respond?",
     "Support Response: Hooklane's delivery timeout is 10 seconds, so any handler that takes longer is recorded as "
     "a timeout and retried.", ["10 seconds"]),
])
def test_a_sentence_must_speak_of_what_is_asked_not_only_of_the_product(extractor, question, text, answers):
    chunk = Chunk(id="k/forums/a#c0", source="forums", kind="thread", text=text, metadata={})
    assert [c.value for c in extractor.candidates(analyse_question(question), [chunk])] == answers


def test_a_yes_no_fact_in_other_words_is_read_by_its_meaning(extractor):
    # a manual's wording of what a question asks in its own words: few words shared, the meaning close
    question = analyse_question("Does numtool keep the precision of large integers?")
    docs = Chunk(id="k/docs/a#c0", source="docs", kind="document", metadata={},
                 text="numtool will try to maintain the original decimal precision of number\n"
                      "literals unless the --fast-math build option was used.")
    got = extractor.candidates(question, [docs])
    assert [(c.value, c.normalized) for c in got] == [("yes", "true")]
    assert got[0].sentence.startswith("numtool will try") and got[0].sentence.endswith("was used.")  # one sentence
    other = Chunk(id="k/docs/b#c0", source="docs", kind="document", metadata={},
                  text="numtool prints its output with two spaces of indentation.")
    assert extractor.candidates(question, [other]) == []  # a word shared, the meaning not
