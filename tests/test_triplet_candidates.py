"""The triplet signal reads at least ``search.triplet_candidates`` of the owner's facts: a list
question ("what does Mia like?") whose answers are spread over many memories reaches more of
them than the per-signal candidate count would allow (real Neo4j)."""

from __future__ import annotations

import re

import pytest

from graphmem import Memory

pytestmark = pytest.mark.neo4j

THINGS = [
    f"{adjective} {noun}"
    for adjective in ("red", "green", "blue", "yellow", "purple", "orange", "golden", "silver")
    for noun in ("kites", "boats", "scarves", "teapots", "lanterns", "bicycles", "umbrellas",
                 "notebooks", "candles")
]  # fmt: skip


def _by_vector(memory: Memory, user_id: str) -> int:
    result = memory.search("What does Mia like?", user_id=user_id, explain=True)
    assert not result.degraded, result.failed_signals
    assert result.explain is not None
    status = result.explain.signals["triplet"]
    found = re.search(r"(\d+) by vector", status)
    assert found, status
    return int(found.group(1))


def test_the_triplet_signal_reads_more_facts_than_the_per_signal_count(
    memory: Memory, user_id: str
) -> None:
    assert len(THINGS) > memory.settings.search.candidates_per_signal
    for thing in THINGS:
        memory.add(
            f"Mia likes {thing}.",
            user_id=user_id,
            infer=False,
            relations=[{"source": "Mia", "relation": "likes", "target": thing}],
        )
    many = _by_vector(memory, user_id)
    assert many > memory.settings.search.candidates_per_signal
    search = memory.settings.search.model_copy(update={"triplet_candidates": 10})
    few = Memory(
        memory.settings.model_copy(update={"search": search}),
        driver=memory.driver,
        embedder=memory.embedder,
    )
    assert _by_vector(few, user_id) <= memory.settings.search.candidates_per_signal
