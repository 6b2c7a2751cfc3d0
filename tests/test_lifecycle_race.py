"""16 concurrent writers retire the same memory: exactly one wins (real Neo4j)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import neo4j
import pytest

from graphmem import LifecycleConflictError, Memory

pytestmark = pytest.mark.neo4j

WRITERS = 16


def memory_count(driver: neo4j.Driver, user_id: str) -> int:
    """The memories of this test's user (other tests share the database)."""
    return driver.execute_query(
        "MATCH (m:Memory {user_id: $u}) RETURN count(m) AS c", u=user_id
    ).records[0]["c"]


def retired_event(state: str) -> str:
    return "MERGE" if state == "merged" else "SUPERSEDE"


def test_sixteen_writers_one_winner(memory: Memory, driver: neo4j.Driver, user_id: str) -> None:
    old = memory.add("I live in Tokyo.", user_id=user_id, infer=False).results[0].id
    news = [
        memory.add(f"I moved to city number {i}.", user_id=user_id, infer=False).results[0].id
        for i in range(WRITERS)
    ]
    count_before = memory_count(driver, user_id)

    def attempt(i: int) -> str:
        action = memory.supersede if i % 2 else memory.merge
        try:
            action(old, news[i], reason=f"writer {i}")
        except LifecycleConflictError:
            return "lost"
        return "won"

    with ThreadPoolExecutor(max_workers=WRITERS) as pool:
        outcomes = list(pool.map(attempt, range(WRITERS)))

    assert outcomes.count("won") == 1
    assert outcomes.count("lost") == WRITERS - 1
    winner = news[outcomes.index("won")]
    edges = driver.execute_query(
        "MATCH (:Memory {id: $id})-[r:MERGED_INTO|SUPERSEDED_BY]->(n) RETURN n.id AS n", id=old
    ).records
    assert [r["n"] for r in edges] == [winner]
    retired = memory.get(old)
    assert retired.lifecycle_state in ("merged", "superseded")
    assert retired.replacement_memory_id == winner
    assert [e.event for e in memory.history(old)] == ["ADD", retired_event(retired.lifecycle_state)]
    for new_id in news:
        events = memory.history(new_id)
        assert len(events) == 2, events
        if new_id != winner:
            assert "lost race" in (events[1].reason or "")
    assert memory_count(driver, user_id) == count_before
    with pytest.raises(LifecycleConflictError):
        memory.supersede(old, news[0] if news[0] != winner else news[1])
