"""The opt-in learned rival model (``[models] rival_model = "learned"``) on the sample corpus with
the real MiniLM: it keeps the rivals that are the planted contradictions, so every verdict is the
one the judges give without it, and the headline keeps its 7 days as the contradicted value."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from src.answer import AnswerService
from src.config import ModelsConfig, Settings
from src.fusion.engine import SearchEngine
from src.pipelines.corpus import ingest_to

pytestmark = pytest.mark.integration

ROOT = Path(__file__).parents[2]
ITEMS = [json.loads(line) for line in (ROOT / "eval" / "conflicts.jsonl").read_text().splitlines() if line.strip()]
HEADLINE = "How long does the Team plan keep event history?"


@pytest.fixture(scope="module")
def chunks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rivals") / "chunks.jsonl"
    ingest_to(ROOT / "data", path, Settings())
    return path


def _service(chunks: Path, mode: str) -> AnswerService:
    settings = Settings(models=ModelsConfig(rival_model=mode))
    return AnswerService(SearchEngine.open(chunks, settings), settings)


def test_the_learned_rival_model_keeps_every_planted_contradiction(chunks: Path) -> None:
    def verdicts(service: AnswerService) -> dict[str, str]:
        return {i["id"]: service.ask(i["fact"][0].upper() + i["fact"][1:] + "?")[0].verdict.status for i in ITEMS}

    learned = verdicts(_service(chunks, "learned"))
    assert [i["id"] for i in ITEMS if i["type"] == "contradiction" and learned[i["id"]] != "contradiction"] == []
    assert learned == verdicts(_service(chunks, "off"))
    answer, _ = _service(chunks, "learned").ask(HEADLINE)
    assert [(a["value"], a["status"]) for a in answer.answers] == [("14 days", "authoritative"),
                                                                  ("7 days", "contradicted")]
