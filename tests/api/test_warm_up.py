"""The app loads the embedder's and the extractor's models at start-up, before it accepts a
request: loaded lazily, the first requests under load waited for them past their deadline
(docs/reliability.md). Fakes: no Neo4j, no models."""

from __future__ import annotations

from collections.abc import Sequence

from fastapi.testclient import TestClient

from api import create_app
from graphmem import Memory, Settings
from graphmem.domain.extraction import Extraction, ExtractionRequest
from graphmem.extraction.nlp import NLPExtractor
from graphmem.extraction.nlp import pipeline as nlp_pipeline
from graphmem.ports.extractor import WarmsUp


class CountingEmbedder:
    dimension = 3
    name = "counting"

    def __init__(self) -> None:
        self.calls = 0

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls += 1
        return [[1.0, 0.0, 0.0] for _ in texts]


class WarmingExtractor:
    def __init__(self) -> None:
        self.warmed = 0

    def warm_up(self) -> None:
        self.warmed += 1

    def extract(self, request: ExtractionRequest) -> Extraction:
        return Extraction(memories=[], llm_calls=0)


class MemoryStub:
    """Only what the app's start-up touches; ``warm_up`` is Memory's own."""

    warm_up = Memory.warm_up

    def __init__(self) -> None:
        self.settings = Settings()
        self.embedder = CountingEmbedder()
        self.extractor = WarmingExtractor()


def test_the_app_warms_the_models_before_the_first_request() -> None:
    memory = MemoryStub()
    app = create_app(memory.settings, memory=memory)  # type: ignore[arg-type]
    assert memory.embedder.calls == 0 and memory.extractor.warmed == 0
    with TestClient(app):
        assert memory.embedder.calls == 1 and memory.extractor.warmed == 1


def test_an_extractor_without_a_model_needs_no_warm_up() -> None:
    memory = MemoryStub()
    memory.extractor = object()  # type: ignore[assignment]
    Memory.warm_up(memory)  # type: ignore[arg-type]
    assert memory.embedder.calls == 1


def test_the_nlp_extractor_loads_its_pipeline_when_warmed() -> None:
    extractor = NLPExtractor()
    assert isinstance(extractor, WarmsUp)
    extractor.warm_up()
    assert extractor.package in nlp_pipeline._pipelines
