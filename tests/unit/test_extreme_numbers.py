"""Numbers too large for a float ("1E1234567890", an expression a manual shows losing precision)
are no values: every reader takes the text without a traceback and states none of them (a
range's finite end, "1e308" of "between 1e308 and 1e309 days", may still be read)."""

from __future__ import annotations

import math

import pytest

from src.claims import read_chunk
from src.claims.extractor import AnswerExtractor
from src.graph.extract import extract_claims
from src.graph.nlp import Tagger
from src.graph.question import analyse_question
from src.graph.values import parse_value
from src.types import Chunk

HUGE = ["1E1234567890", "1e309 seconds", "between 1e308 and 1e309 days", "1e308-1e309 hours", "up to 1e400/min"]


@pytest.mark.parametrize("value", HUGE)
def test_a_number_that_overflows_is_no_value_anywhere(value: str) -> None:
    text = (f"The default timeout is {value}. The max_size defaults to {value}.\n\n"
            f"| Plan | Limit |\n|---|---|\n| Pro | {value} |\n")
    chunk = Chunk(id="k/docs/numbers.md#c0", source="docs", kind="document", text=text, metadata={})
    assert parse_value(value) is None
    assert all(c.lo is None or math.isfinite(c.lo) for c in read_chunk(chunk))
    assert not any("inf" in str(c.normalized) for c in extract_claims(chunk))
    extractor = AnswerExtractor(Tagger(None))
    for question in ("How long is the timeout by default?", "How many requests per minute are allowed?"):
        assert not any("inf" in c.normalized for c in extractor.candidates(analyse_question(question), [chunk]))
