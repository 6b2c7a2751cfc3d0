"""``search.entity_exponent``: the entity score is raised to a power before it is weighted, so
a weak entity link (a hub's mention, the speaker's own turn) counts less than linearly while a
resolved seed (1.0) keeps its full weight; nothing else in the score moves (against the real
Neo4j)."""

from __future__ import annotations

import neo4j
import pytest

from graphmem import Memory, Settings
from graphmem.ports.embedder import Embedder

pytestmark = pytest.mark.neo4j

TEXTS = [
    "Ines is Karl's daughter.",
    "Ines can't eat gluten.",
    "Karl loves chocolate cake.",
    "Karl plays chess every Sunday.",
    "The train to the city was delayed again.",
]
QUERY = "What cake should I bake for Karl's daughter?"


def test_the_entity_score_is_raised_to_the_exponent(
    memory: Memory, user_id: str, settings: Settings, driver: neo4j.Driver, embedder: Embedder
) -> None:
    for text in TEXTS:
        memory.add([{"role": "user", "content": text}], user_id=user_id)
    assert settings.search.entity_exponent == 1.0  # off by default (docs/search.md)
    linear = memory.search(QUERY, user_id=user_id, top_k=10, explain=True, threshold=-1.0)
    squared = settings.model_copy(
        update={"search": settings.search.model_copy(update={"entity_exponent": 2.0})}
    )
    with Memory(squared, driver=driver, embedder=embedder) as other:
        found = other.search(QUERY, user_id=user_id, top_k=10, explain=True, threshold=-1.0)
    was = {m.text: m.score for m in linear.results}
    weight = settings.search.weight_entity
    weak = 0
    for hit in found.results:
        b = hit.score_breakdown
        assert b is not None
        factors = b.lifecycle * b.decay * b.question * b.address * b.others
        lost = weight * (b.entity - b.entity**2) * factors
        assert hit.score == pytest.approx(was[hit.text] - lost, abs=1e-3), hit.text
        weak += 0 < b.entity < 1
    assert weak  # some memory has a weak entity link, and it lost score
