"""The text toolkit: sentences, words, tokens and stems (src/text.py)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from src.text import make_stemmer, sentence_pieces, soft_wraps, split_sentences, stem_words, tokens, words


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


def test_a_hard_wrapped_sentence_is_one_line_again() -> None:
    lines = ["numtool only keeps IEEE754 double-precision (64-bit) floating",
             "point numbers, and converts every literal it reads.",
             "Large identifiers such as tweet ids are rounded by that",
             "Conversion."]  # an upper-case start is a new line: no guess that it goes on
    assert soft_wraps(lines) == [
        "numtool only keeps IEEE754 double-precision (64-bit) floating point numbers, and converts every literal it reads.",
        "Large identifiers such as tweet ids are rounded by that", "Conversion."]


def test_a_quoted_paragraph_wrapped_over_two_lines_is_one_line_again() -> None:
    lines = ["> **Note:** Locks that were set up on version 2.x and later updated keep the auto-lock",
             "> setting they had. The update does not switch it on for you.",
             "> Auto-lock stays off."]  # an upper-case start: the quote's next sentence
    assert soft_wraps(lines) == [
        "> **Note:** Locks that were set up on version 2.x and later updated keep the auto-lock setting they had. "
        "The update does not switch it on for you.", "> Auto-lock stays off."]


def test_blocks_and_short_lines_keep_their_own_lines() -> None:
    lines = ["# numtool keeps the precision of large integers", "since version 1.7.",  # a heading
             "max_retries 5", "retry_backoff 30s",  # a config file's short lines
             "- literals are kept as written in the input document", "- arithmetic converts them",
             "A paragraph that runs on past forty characters without a stop",
             "        indented_code --runs here",  # code indented past its paragraph
             "Reply: the default is two spaces for each level of nesting", "and it cannot be changed"]
    assert soft_wraps(lines) == lines[:8] + ["Reply: the default is two spaces for each level of nesting and it cannot be changed"]
