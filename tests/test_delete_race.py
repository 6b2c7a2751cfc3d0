"""A delete that reactivates the memories its victim had replaced races with deletes of the
same memory and with transitions of the replaced one: every round ends in one consistent
state (real Neo4j, concurrent writers)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import neo4j
import pytest

from graphmem import LifecycleConflictError, Memory, NotFoundError

pytestmark = pytest.mark.neo4j

DELETERS = 6
TRANSITIONS = 6
ROUNDS = 4


def outgoing(driver: neo4j.Driver, memory_id: str) -> list[str]:
    rows = driver.execute_query(
        "MATCH (:Memory {id: $id})-[:MERGED_INTO|SUPERSEDED_BY]->(n:Memory) RETURN n.id AS n",
        id=memory_id,
    ).records
    return [r["n"] for r in rows]


def one_round(memory: Memory, driver: neo4j.Driver, user_id: str, n: int) -> None:
    def add(text: str) -> str:
        return memory.add(text, user_id=user_id, infer=False).results[0].id

    old = add(f"Round {n}: I live in Tokyo.")
    replacement = add(f"Round {n}: I live in Osaka.")
    memory.supersede(old, replacement)
    rivals = [add(f"Round {n}: I live in city {i}.") for i in range(TRANSITIONS)]

    def delete(_: int) -> str:
        try:
            memory.delete(replacement)
        except NotFoundError:
            return "gone"
        return "deleted"

    def retire(i: int) -> str:
        action = memory.merge if i % 2 else memory.supersede
        try:
            action(old, rivals[i])
        except LifecycleConflictError:
            return "lost"
        return rivals[i]

    with ThreadPoolExecutor(max_workers=DELETERS + TRANSITIONS) as pool:
        deletes = pool.map(delete, range(DELETERS))
        retires = pool.map(retire, range(TRANSITIONS))
        deletes, retires = list(deletes), list(retires)

    assert deletes.count("deleted") == 1, deletes
    winners = [r for r in retires if r != "lost"]
    assert len(winners) <= 1, retires
    state = memory.get(old)
    edges = outgoing(driver, old)
    if winners:
        assert state.lifecycle_state in ("merged", "superseded")
        assert edges == winners and state.replacement_memory_id == winners[0]
    else:
        assert state.lifecycle_state == "active", (state, edges)
        assert edges == [] and state.replacement_memory_id is None
    kinds = [e.event for e in memory.history(old)]
    assert kinds.count("REACTIVATE") == 1, kinds
    assert [e.event for e in memory.history(replacement)].count("DELETE") == 1


def test_delete_of_a_replacement_races_cleanly(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    for n in range(ROUNDS):
        one_round(memory, driver, user_id, n)
