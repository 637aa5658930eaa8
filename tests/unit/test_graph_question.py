"""What a question asks for. Questions from RAMDocs (../shared/datasets/ramdocs, dev half), the
Hooklane sample (data/), NimbusNote, CloudSync and OpenEMR users' wording."""

from __future__ import annotations

import pytest

from src.graph.question import AnswerType, analyse_question
from src.graph.text import content_words


@pytest.mark.parametrize("question, atype, noun, subject", [
    # RAMDocs dev
    ("What is the population of Broken Bow?", AnswerType.COUNT, "population", "Broken Bow"),
    ("When was General Bryan born?", AnswerType.DATE, None, "General Bryan"),
    ('Who are the directors of the film "Lahu Ke Do Rang"?', AnswerType.PERSON, None, "Lahu Ke Do Rang"),
    ("What sport is Ronald Powell associated with?", AnswerType.PHRASE, "sport", "Ronald Powell"),
    ("In which city did Conry practice law?", AnswerType.PLACE, "city", "Conry"),
    ("24th Rifle Division was formed in which year?", AnswerType.YEAR, "year", "24th Rifle Division"),
    ("What is the median income for a family in Screven?", AnswerType.MONEY, "income", "Screven"),
    ("What political party is John Dailey affiliated with?", AnswerType.ORG, "party", "John Dailey"),
    # support questions (data/, NimbusNote, CloudSync, OpenEMR)
    ("How long does the Team plan keep event history?", AnswerType.DURATION, None, "keep event history"),
    ("How long is version history kept on the Basic plan?", AnswerType.DURATION, None, "version history kept"),
    ("How many requests per hour can a Pro account make?", AnswerType.RATE, "requests", "requests"),
    ("What is the agent forward timeout?", AnswerType.DURATION, "timeout", "agent forward"),
    ("Which plans include SSO?", AnswerType.YESNO, "plans", "SSO"),
    ("Is SSO available on the Basic plan?", AnswerType.YESNO, None, "SSO"),
    ("Which version of PHP does OpenEMR 7 require?", AnswerType.VERSION, "version", "OpenEMR 7"),
    # a measured noun after a name heads the phrase asked: a version of numtool; the subject is what it does
    ("Which numtool version added the --frob option?", AnswerType.VERSION, "version", "added frob option"),
])
def test_answer_type_noun_and_subject(question: str, atype: AnswerType, noun: str | None, subject: str) -> None:
    q = analyse_question(question)
    assert (q.atype, q.type_noun, q.subject) == (atype, noun, subject)


def test_scope_words_narrow_the_answer_and_are_not_cues() -> None:
    q = analyse_question("How long does the Team plan keep event history?")
    assert q.scope == {"plan": "team"}
    assert q.subject_terms == {"keep", "event", "histori"} and q.cue_terms == frozenset()
    assert not q.named_subject and q.key == "team plan keep event history"


def test_a_named_subject_and_its_key() -> None:
    q = analyse_question("What is the birth date of Richard Aldworth?")
    assert q.atype == AnswerType.DATE and q.named_subject
    assert q.subject_terms == {"richard", "aldworth"} and q.cue_terms == {"birth", "date"}
    assert q.key == "date of richard aldworth"
    # the release of a feature: no one of several things sharing the name "Zstandard"
    q = analyse_question("Which numtool release added support for Zstandard compressed files?")
    assert (q.atype, q.subject, q.named_subject) == (AnswerType.VERSION, "Zstandard", False)


@pytest.mark.parametrize("question", ["Recommend a good science fiction novel.", "Explain the rules of cricket."])
def test_an_imperative_first_word_is_not_a_name(question: str) -> None:
    q = analyse_question(question)
    assert q.atype == AnswerType.PHRASE and not q.named_subject
    assert q.subject.split()[0] == question.split()[0].lower()


def test_the_asking_sentence_of_a_longer_message() -> None:
    # LumenVault questions (samples/), written by a colleague who never read this code
    q = analyse_question("I live in Ireland. Which city are my photos actually kept in?")
    assert (q.atype, q.type_noun, q.subject) == (AnswerType.PLACE, "city", "photos kept")
    q = analyse_question("If I don't touch the settings, when does a link I've shared stop working?")
    assert q.atype == AnswerType.DATE and not q.named_subject and "share" in q.cue_terms | q.subject_terms


def test_an_abbreviation_does_not_end_the_question() -> None:
    # RAMDocs dev: "St." is not a sentence end; LumenVault-style two-sentence message still splits
    q = analyse_question("When was St. John's Evangelical Lutheran Church built?")
    assert (q.atype, q.subject) == (AnswerType.DATE, "St. John's Evangelical Lutheran Church")
    q = analyse_question("What is the population of St. Paul, Texas?")
    assert q.atype == AnswerType.COUNT and "paul" in q.subject_terms
    assert analyse_question("I asked Dr. Jani. Who wrote the ONC module?").text == "Who wrote the ONC module?"


def test_a_sentence_without_a_question_word_still_gets_a_type() -> None:
    assert analyse_question("tell me the retention").atype == AnswerType.DURATION
    assert analyse_question("tell me about webhooks").atype == AnswerType.PHRASE
    assert analyse_question("").atype == AnswerType.PHRASE


def test_a_hyphenated_modifier_is_not_the_noun_asked() -> None:
    # AstraML: a scheduler is asked for, not a rate
    q = analyse_question("Which learning-rate scheduler does v2.1 apply by default?")
    assert q.type_noun == "scheduler" and q.atype.value not in ("rate", "quantity")
    # RAMDocs dev: a measure noun asked still decides
    q = analyse_question("What is the total population of Namakkal?")
    assert q.atype.value == "count"


def test_function_words_of_a_spoken_question_are_no_terms() -> None:
    # AstraML and LumenVault questions: "many", "they're", "don't" say nothing the evidence must name
    q = analyse_question("How many epochs does a job train for if I leave epochs unset?")
    assert "mani" not in q.subject_terms | q.cue_terms
    assert content_words("How long have I got before they're gone? I don’t know, can't say, won't wait") == \
        ["long", "gone", "wait"]
    assert content_words("my kid's photos") == ["kid's", "photos"]  # a possessive is a noun


def test_the_whole_message_is_kept_for_its_meaning() -> None:
    # LumenVault (samples/): the context sentence says what "them" and "the bin" are
    message = "My kid wiped a bunch of our pictures a few weeks ago. How long have I got to rescue them from the bin?"
    q = analyse_question(message)
    assert q.text == "How long have I got to rescue them from the bin?" and q.asked == message


def test_a_question_pointing_back_takes_the_sentence_before_it() -> None:
    # held-out sets by several authors ask "X says Y. Is that right?": the claim to check is before the "?"
    q = analyse_question("A forum post says the upload cap is 250 MB unless an admin raises it. Is that right?")
    assert q.atype == AnswerType.SIZE and "upload" in q.cue_terms | q.subject_terms
    assert q.text.startswith("A forum post says") and q.asked == q.text
    assert analyse_question("Our wiki says the page cache holds 512 MB. Correct?").atype == AnswerType.SIZE
    # a question naming what it asks brings nothing in; nor does a sentence after the question
    q = analyse_question("Our auditor needs 12 months. Is the audit log kept for a year on the Scale plan?")
    assert q.text == "Is the audit log kept for a year on the Scale plan?" and q.atype == AnswerType.DURATION
    assert analyse_question("Is the audit log kept for 90 days? Our auditor needs 12 months.").text == \
        "Is the audit log kept for 90 days?"


@pytest.mark.parametrize("question", [
    "What day and time does LumenVault take the service down for its weekly planned maintenance?",  # samples/
    "Since which OpenEMR release is a patient portal built in?",  # OpenEMR answer gold
])
def test_a_product_s_schedule_or_version_is_no_name_shared_by_several_things(question: str) -> None:
    assert not analyse_question(question).named_subject
    # a date still is: several people or buildings may share a name (RAMDocs dev)
    assert analyse_question("When was Gerhard Meidell Gerhardsen born?").named_subject


@pytest.mark.parametrize("question, atype, noun", [
    # OpenEMR answer gold: the unit counted stands before an adverb
    ("How many days ahead does the calendar's 'Find Available' search look for open slots?", AnswerType.DURATION, "days"),
    # CloudSync answer gold and RAMDocs dev: as before
    ("How many days do I have to ask for a refund after buying Pro?", AnswerType.DURATION, "days"),
    ("How many local clubs does the Boys & Girls Club have?", AnswerType.COUNT, "clubs"),
    # NimbusNote answer gold: "how much ... cost" asks for money, not any quantity
    ("How much does the Pro plan cost per user per month?", AnswerType.MONEY, None),
    # CloudSync answer gold and the Hooklane gold (eval/gold.jsonl): the first measure noun after "how much"
    ("How much storage space comes with a free CloudSync account?", AnswerType.SIZE, "storage"),
    ("How much disk space can the agent's spool use by default, and what happens when it fills up?",
     AnswerType.SIZE, "disk"),
    # CloudSync answer gold, LumenVault forum: a bandwidth is a data rate
    ("What is the default bandwidth throttling limit in the desktop client?", AnswerType.RATE, "bandwidth"),
])
def test_how_many_and_how_much(question: str, atype: AnswerType, noun: str | None) -> None:
    q = analyse_question(question)
    assert (q.atype, q.type_noun) == (atype, noun)


@pytest.mark.parametrize("question, atype", [
    # AstraML answer gold and the data/ forum's 7-or-14-days conflict: a choice of amounts asks for the amount
    ("Is the default early-stopping patience 3 or 5?", AnswerType.COUNT),
    ("Is Team plan retention 7 or 14 days?", AnswerType.DURATION),
    ("Is agent version 3.4 or 4.0 required for replay?", AnswerType.VERSION),
    # NimbusNote answer gold: a choice of words, or two features, stays a yes/no question
    ("Is the API rate limit counted per workspace or per user?", AnswerType.YESNO),
    ("Can I use SSO or SCIM on the Team plan?", AnswerType.YESNO),
])
def test_a_choice_between_two_amounts_asks_for_the_amount(question: str, atype: AnswerType) -> None:
    assert analyse_question(question).atype == atype


@pytest.mark.parametrize("question, atype, subject", [
    # a yes/no question proposing one measure with its unit asks for the measure; the measure is no subject
    ("Is 512 kilobytes still the default spool size?", AnswerType.SIZE, "spool size"),
    ("Is the retry window two hours by default?", AnswerType.DURATION, "retry window"),
    ("Does the relay still cap uploads at 40 MB?", AnswerType.SIZE, "relay cap uploads"),
    # a bare number, a number's plural and a frequency propose no measure
    ("Does the client run on Windows 10?", AnswerType.YESNO, "10"),
    ("Does the proxy cache 502s from the origin?", AnswerType.YESNO, "502s"),
    ("Does the hub use 5 GHz?", AnswerType.YESNO, "GHz"),
])
def test_a_yes_no_question_proposing_an_amount_asks_for_it(question: str, atype: AnswerType, subject: str) -> None:
    q = analyse_question(question)
    assert (q.atype, q.subject) == (atype, subject)


@pytest.mark.parametrize("question, atype", [
    # support sets: counted things, and one unit of time in words, put forward in any kind of question
    ("Is the cap really 10 invoices per upload?", AnswerType.COUNT),
    ("Someone wrote that the starter tier has 5 seats; was that ever true?", AnswerType.COUNT),
    ("Why does a reviewer claim uploads stop at 20 MB?", AnswerType.SIZE),
    ("Does the cache keep entries for only a day?", AnswerType.DURATION),
    ("Why would a forum claim backups last a whole year?", AnswerType.DURATION),
    # a count and a measure put forward together: the measure
    ("Does the logger drop lines after 100 entries in 10 seconds?", AnswerType.DURATION),
    # none put forward: a moment, a release after its name, a unit read as a counted noun, a frequency
    ("We got the router 18 months ago; does the guarantee still hold?", AnswerType.PHRASE),
    ("Does a Broker 2.0 listener let anonymous clients in?", AnswerType.YESNO),
    ("Are keys 3072 bits long by default these days?", AnswerType.YESNO),
    ("Does the scrub run once a month?", AnswerType.YESNO),
    # a question asking when keeps its type
    ("When did the one-day limit change?", AnswerType.DATE),
])
def test_the_amount_a_question_puts_forward_is_the_measure_it_asks_for(question: str, atype: AnswerType) -> None:
    assert analyse_question(question).atype == atype


@pytest.mark.parametrize("question, atype, noun", [
    # CloudSync answer gold: "maximum" is a hedge; the measure asked is the size
    ("What is the maximum size of a single file I can upload to CloudSync?", AnswerType.SIZE, "size"),
    # data/ gold wording: "the maximum number of" asks for a count
    ("What is the maximum number of endpoints on the Team plan?", AnswerType.COUNT, "number"),
    # CloudSync answer gold: a lone hedge stays the measure noun, as before
    ("What's the minimum password length CloudSync requires?", AnswerType.QUANTITY, "minimum"),
])
def test_a_specific_measure_noun_before_a_hedge(question: str, atype: AnswerType, noun: str) -> None:
    q = analyse_question(question)
    assert (q.atype, q.type_noun) == (atype, noun)


@pytest.mark.parametrize("question, product", [
    # CloudSync and Hooklane (data/): a product's measure
    ("What is the maximum size of a single file I can upload to CloudSync?", True),
    ("How long will Hooklane keep retrying a failed delivery on the Team plan?", True),
    # NimbusNote answer gold: a name before a plural noun owns what is asked about
    ("In which cloud region are NimbusNote backups stored?", True),
    # RAMDocs dev: an entity that may share its name, before its verb; OpenEMR: the subject is what the
    # version does
    ("When was General Bryan born?", False),
    ("487th refers to which type of unit?", False),
    ("Which OpenEMR version lets me locate an insurance claim's batch file?", False),
])
def test_a_subject_named_as_a_product(question: str, product: bool) -> None:
    assert analyse_question(question).names_product is product


@pytest.mark.parametrize("question, atype", [
    # the oldest or first of a kind having an option or setting is a release
    ("What's the oldest spoolr that understands --dry-run?", AnswerType.VERSION),
    ("What is the first build that reads max_pool?", AnswerType.VERSION),
    # without anything written as code, it is the thing itself
    ("What is the oldest bridge in the town?", AnswerType.PHRASE),
])
def test_the_oldest_of_a_kind_having_an_option_asks_for_a_release(question: str, atype: AnswerType) -> None:
    assert analyse_question(question).atype == atype


def test_how_many_things_a_unit_of_time_asks_a_rate() -> None:
    # "a minute" counts per unit of time, as "per minute" does (pint reads a bare "a" as a year:
    # no duration is asked); "at a time" names no unit of time
    for question in ("How many webhooks a minute can a Starter account send?",
                     "How many webhooks per minute can a Starter account send?"):
        q = analyse_question(question)
        assert (q.atype, q.type_noun) == (AnswerType.RATE, "webhooks")
    q = analyse_question("How many devices can a family use at a time?")
    assert (q.atype, q.type_noun) == (AnswerType.COUNT, "devices")


@pytest.mark.parametrize("question, atype, noun", [
    # a clause leading in names the situation; the question asked is the one after it
    ("If the config file leaves the switch out, does the daemon accept guests?", AnswerType.YESNO, None),
    ("When a task runs past its deadline, is it stopped right away?", AnswerType.YESNO, None),
    ("Once the cache is full, which entries does the server drop first?", AnswerType.PHRASE, "entries"),
    ("When does the trial end?", AnswerType.DATE, None),  # no clause leads in: "when" asks
    ("After how many days does a session expire, if nobody changes it?", AnswerType.DURATION, "days"),
])
def test_a_clause_leading_into_the_question_is_not_what_it_asks(question: str, atype: AnswerType,
                                                                 noun: str | None) -> None:
    got = analyse_question(question)
    assert (got.atype, got.type_noun) == (atype, noun)
