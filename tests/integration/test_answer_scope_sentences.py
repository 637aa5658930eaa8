"""Which sentence of a chunk answers, with the packaged embedder: the one naming the plan the
question asks about (NimbusNote and CloudSync docs)."""

import pytest

from src.graph.candidates import make_extractor
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
