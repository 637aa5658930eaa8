"""The text toolkit: sentences, words, tokens and stems (src/text.py)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from src.text import make_stemmer, sentence_pieces, split_sentences, stem_words, tokens, words


def test_sentences_keep_abbreviations_whole() -> None:
    assert split_sentences("See e.g. the docs. Dr. Smith said so! Is it 3 Nov. 1913? Yes.") == [
        "See e.g. the docs.", "Dr. Smith said so!", "Is it 3 Nov. 1913?", "Yes."]


def test_sentence_pieces_cut_after_every_end_mark() -> None:
    assert sentence_pieces("One e.g. two. Three… four!  five") == ["One e.g.", "two.", "Three…", "four!", "five"]


def test_words_and_tokens() -> None:
    assert words("Don't opt-in to v2 retries_max, 3 times") == ["Don't", "opt-in", "to", "v2", "retries", "max", "times"]
    assert tokens("Team plan: 14 Days") == {"team", "plan", "14", "days"}


def test_stems_are_the_same_on_every_thread() -> None:
    batch = ["retention", "retained", "delivering", "deliveries", "keeps"] * 40
    expected = make_stemmer().stemWords(batch)
    assert expected[:5] == ["retent", "retain", "deliv", "deliveri", "keep"]
    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda _: stem_words(batch), range(64)))
    assert all(r == expected for r in results)
    assert make_stemmer() is not make_stemmer()  # one stemmer per user, never a shared one


def test_inline_numbered_steps_are_sentences_of_their_own() -> None:
    # CloudSync tickets: a resolution log written as one paragraph of numbered steps
    assert split_sentences("Diagnostic Process: 1) Confirmed both devices showed as 'Connected' in account dashboard. "
                           "2) Checked sync logs - desktop showed no sync activity for 6 days.") == [
        "Diagnostic Process:", "Confirmed both devices showed as 'Connected' in account dashboard.",
        "Checked sync logs - desktop showed no sync activity for 6 days."]
    # SciFact: items in lower case are parts of one sentence
    text = "Cell migration was studied with two assays: 1) the classic wound healing assay, 2) empty space induction."
    assert split_sentences(text) == [text]
