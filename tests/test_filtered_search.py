"""A filtered search finds the memories that pass its filter, however many closer memories do
not (real Neo4j). The filter used to be applied only at the gate, after the semantic signal
had fetched the scope's nearest memories: when those were all filtered out, a matching memory
further from the query was never a candidate (these tests failed so). The semantic signal now
scans exactly with the gate's filter predicate (docs/search.md, "Signals")."""

from __future__ import annotations

import neo4j
import pytest

from graphmem import Memory, Settings
from graphmem.ports.embedder import Embedder

pytestmark = pytest.mark.neo4j

CROWD = [f"My favourite pasta number {i} is carbonara." for i in range(60)]
TARGET = "The bus to the airport leaves at eight."
QUERY = "carbonara pasta"


@pytest.fixture
def stored(memory: Memory, user_id: str) -> str:
    """60 memories close to the query without the tag, one far from it with the tag."""
    memory.add(
        CROWD, user_id=user_id, metadata={"topic": "food"}, infer=False, timestamp="2024-06-01"
    )
    memory.add(
        TARGET, user_id=user_id, metadata={"topic": "travel"}, infer=False, timestamp="2019-03-01"
    )
    return user_id


# The threshold is the gate's business: the far memory's cosine is low, and this test is
# about whether it becomes a candidate at all.
@pytest.mark.parametrize(
    "filters",
    [{"metadata": {"topic": "travel"}}, {"observed_at": {"lt": "2020-01-01"}}],
    ids=["metadata", "observed_at"],
)
def test_a_filtered_search_finds_the_far_match(
    memory: Memory, stored: str, filters: dict[str, object]
) -> None:
    found = memory.search(QUERY, user_id=stored, threshold=-1.0, filters=filters, explain=True)
    assert [m.text for m in found.results] == [TARGET]
    assert found.explain is not None and found.explain.exact_vector_scan
    assert found.explain.signals["semantic"] == "ok (exact scan, filtered, 1 hits)"


def test_a_filtered_search_scans_exactly_over_a_large_scope(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, stored: str
) -> None:
    """Where an unfiltered search would ask the vector index (scope over exact_scan_max)."""
    forced = settings.model_copy(
        update={
            "search": settings.search.model_copy(
                update={"exact_scan_max": 0, "candidates_per_signal": 5, "index_overfetch": 1}
            )
        }
    )
    with Memory(forced, driver=driver, embedder=embedder) as indexed:
        plain = indexed.search(QUERY, user_id=stored, threshold=-1.0, explain=True)
        found = indexed.search(
            QUERY,
            user_id=stored,
            threshold=-1.0,
            explain=True,
            filters={"metadata": {"topic": "travel"}},
        )
    assert plain.explain is not None and not plain.explain.exact_vector_scan
    assert [m.text for m in found.results] == [TARGET]
    assert found.explain is not None and found.explain.exact_vector_scan
