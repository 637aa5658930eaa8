"""The plain-words pieces of an answer (src/answer/render.py): a PDF citation's page, the
verdict's explanation as a person would say it, warnings that do not repeat it, a corpus fact
grouped into conflicting sides and scoped values, and the terminal view."""

from __future__ import annotations

from src.answer.model import Answer, Citation, Verdict, Warning
from src.answer.render import (
    SAME_FACT,
    Sources,
    cite_label,
    display,
    fact_display,
    pdf_page,
    plain_authoritative,
    plain_explanation,
    render_answer,
    scope_phrase,
)

MACHINE = ("docs (authority 1.2, 1 chunk) and blogs (authority 1, 1 chunk) and forums (authority 0.8, 1 chunk) say "
           "14 days for plan=team; forums (authority 0.8, 1 chunk) says 7 days for plan=team; the best-supported value "
           "is 14 days.")
TEAM = {"plan": "team"}


def _answer(answers, status="contradiction", warnings=None, citations=None) -> Answer:
    citations = citations if citations is not None else (
        Citation(1, "kb/docs/manual.pdf#p25c1", "docs", 1.2, "Manual", "On the Team plan, events are kept 14 days."),
        Citation(2, "kb/forums/t1#qa", "forums", 0.8, "Retention", "Team keeps events for 7 days."))
    warnings = warnings if warnings is not None else (
        Warning("conflict", f"Sources disagree on team plan keep event history: {MACHINE}", ("kb/forums/t1#qa",)),)
    return Answer(query="How long does the Team plan keep event history?", answer="14 days [1].",
                  citations=tuple(citations),
                  verdict=Verdict(status, MACHINE, "team plan keep event history: 14 days (plan=team) per docs, blogs"),
                  warnings=tuple(warnings), answers=tuple(answers), timings_ms={"answer_total": 12.0})


CONTRADICTION = [
    {"value": "14 days", "scope": TEAM, "status": "authoritative",
     "sources": ["kb/docs/manual.pdf#p25c1", "kb/blogs/plans.md#c0", "kb/forums/t3#qa"]},
    {"value": "7 days", "scope": TEAM, "status": "contradicted", "sources": ["kb/forums/t1#qa"]},
    {"value": "48 hours", "scope": TEAM, "status": "contradicted", "sources": ["kb/forums/t2#a1"]},
]


def test_a_pdf_chunk_is_named_by_its_page():
    assert pdf_page("data/docs/manual.pdf#p25c1") == 25
    assert pdf_page("data/docs/Manual.PDF#p3c0-2") == 3
    assert pdf_page("data/docs/retention.md#c0") is None
    assert pdf_page("data/forums/p25c1#p2c0") is None  # a thread's anchor, not a PDF page
    assert cite_label("data/docs/manual.pdf#p25c1") == "data/docs/manual.pdf, page 25"
    assert cite_label("data/docs/retention.md#c0") == "data/docs/retention.md#c0"


def test_scopes_read_as_words():
    assert scope_phrase(TEAM) == "the Team plan"
    assert scope_phrase({"plan": "business,enterprise"}) == "the Business and Enterprise plans"
    assert scope_phrase({"version": "v3.4+"}) == "version 3.4+"
    assert scope_phrase({"version": "3,4"}) == "versions 3 and 4"
    assert scope_phrase({"region": "eu-central"}) == "the eu-central region"
    assert scope_phrase({"tenant": "legacy"}) == "legacy tenants"
    assert scope_phrase({"plan": "team", "version": "4"}) == "the Team plan, version 4"
    assert scope_phrase({}) == ""


def test_the_explanation_says_who_says_what_in_plain_words():
    a = _answer(CONTRADICTION)
    # sources from the citations, else the source folder in the id; ranked by authority
    assert plain_explanation(a) == ("Docs, blogs and forums say 14 days for the Team plan. "
                                    "Forums say 7 days or 48 hours for the Team plan instead.")
    assert plain_authoritative(a) == "14 days for the Team plan"


def test_the_server_s_maps_name_the_sources_and_their_order():
    a = _answer(CONTRADICTION)
    corpus = {"kb/blogs/plans.md#c0": "wiki", "kb/forums/t3#qa": "forums", "kb/forums/t2#a1": "tickets"}
    sources = Sources(a, source_of=corpus.get, authority={"wiki": 1.5})
    assert plain_explanation(a, sources) == ("Wiki, docs and forums say 14 days for the Team plan. "
                                             "Forums say 7 days for the Team plan instead. "
                                             "Tickets say 48 hours for the Team plan instead.")
    one = _answer([{"value": "30 s", "scope": {}, "status": "authoritative", "sources": ["x"]}])
    assert plain_explanation(one, Sources(one, source_of={"x": "wiki"}.get)) == "Wiki says 30 s."


def test_scoped_values_are_listed_with_their_scopes():
    a = _answer([{"value": "14 days", "scope": TEAM, "status": "supported", "sources": ["kb/docs/a.md#c0"]},
                 {"value": "30 days", "scope": {"plan": "business"}, "status": "supported", "sources": ["kb/docs/a.md#c0"]},
                 {"value": "3 days", "scope": {"plan": "free"}, "status": "supported", "sources": ["kb/blogs/b.md#c1"]}],
                status="scoped", warnings=())
    assert plain_explanation(a) == ("Docs say 14 days for the Team plan and 30 days for the Business plan. "
                                    "Blogs say 3 days for the Free plan.")
    assert plain_authoritative(a) is None


def test_without_values_the_verdict_s_own_words_are_kept():
    a = _answer([], status="insufficient_data", warnings=())
    assert plain_explanation(a) == MACHINE
    assert plain_authoritative(a) == "team plan keep event history: 14 days (plan=team) per docs, blogs"


def test_a_conflict_warning_does_not_repeat_the_explanation():
    other = Warning("conflict", "Sources disagree on webhook timeout: docs say 30 s; forums say 10 s.", ())
    low = Warning("low_authority", "Only low-authority sources back this answer: forums (0.8).", ())
    a = _answer(CONTRADICTION, warnings=[_answer([]).warnings[0], other, low])
    assert display(a)["warnings"] == [SAME_FACT, other.message, low.message]
    assert display(a)["citations"] == [{"n": 1, "label": "kb/docs/manual.pdf, page 25", "page": 25},
                                       {"n": 2, "label": "kb/forums/t1#qa", "page": None}]


def test_the_terminal_answer_shows_the_page_and_one_plain_explanation():
    text = render_answer(_answer(CONTRADICTION))
    assert "verdict: contradiction\nauthoritative: 14 days for the Team plan\nwhy: Docs, blogs and forums say 14 days" in text
    assert " [1] [docs] kb/docs/manual.pdf#p25c1\n     page 25: On the Team plan, events are kept 14 days.\n" in text
    assert " [2] [forums] kb/forums/t1#qa\n     Team keeps events for 7 days.\n" in text
    assert f"- conflict: {SAME_FACT}" in text
    assert "plan=team" not in text and "authority 1.2" not in text


def _claim(value, norm, scope, sources, authoritative=False, contradicts=()):
    return {"value": value, "normalized": norm, "scope": scope, "authoritative": authoritative,
            "contradicts": list(contradicts),
            "support": [{"id": f"kb/{s}/x#c0", "source": s, "weight": 0.5, "sentence": "..."} for s in sources]}


def test_a_corpus_fact_groups_conflicts_restatements_and_scoped_values():
    key = {"key": "events retained", "status": "contradiction", "explanation": MACHINE, "claims": [
        _claim("14 days", "P14D", TEAM, ["forums", "docs"], authoritative=True, contradicts=["7 days"]),
        _claim("7 days", "P7D", TEAM, ["forums"], contradicts=["14 days"]),
        _claim("30 days", "P30D", {"plan": "business"}, ["docs", "blogs"]),
        _claim("3 days", "P3D", {"plan": "free"}, ["docs"]),
        _claim("3 days", "P3D", {"plan": "starter"}, ["docs"]),
        _claim("two weeks", "P14D", {}, ["blogs"]),
        _claim("1 hour", "PT1H", {}, ["tickets"]),
    ]}
    d = fact_display(key)
    assert d["conflict"] == ('14 days for the Team plan (authoritative; docs, blogs, forums; also stated as "two weeks") '
                             "vs 7 days for the Team plan (forums)")
    assert d["scoped_text"] == ("30 days for the Business plan (docs, blogs); "
                                "3 days for the Free and Starter plans (docs)")
    assert d["other_text"] == "1 hour (tickets)"
    assert [s["value"] for s in d["sides"]] == ["14 days", "7 days"]
    assert [(s["value"], s["scope"]) for s in d["scoped"]] == [("30 days", {"plan": "business"}),
                                                                ("3 days", {"plan": "free,starter"})]


def test_a_question_about_the_past_answered_with_today_s_value_alone_says_so():
    a = _answer([{"value": "1800 seconds", "scope": {}, "status": "authoritative", "sources": ["kb/docs/man.md#c3"]}],
                status="scoped", warnings=())
    assert plain_explanation(a) == ("Docs say 1800 seconds. The question asks about earlier releases; "
                                    "no source found states an earlier value.")
    a = _answer([{"value": "1800 seconds", "scope": {}, "status": "authoritative", "sources": ["kb/docs/man.md#c3"]}],
                status="consistent", warnings=())
    assert plain_explanation(a) == "Docs say 1800 seconds."
