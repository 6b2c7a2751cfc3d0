"""Issue 3 acceptance on the offline path, against the real Neo4j."""

from __future__ import annotations

import neo4j
import pytest

from graphmem import Memory

pytestmark = pytest.mark.neo4j


def memory_count(driver: neo4j.Driver, user_id: str) -> int:
    """The memories of this test's user (other tests share the database)."""
    return driver.execute_query(
        "MATCH (m:Memory {user_id: $u}) RETURN count(m) AS c", u=user_id
    ).records[0]["c"]


def lifecycle_edges(driver: neo4j.Driver, memory_id: str) -> list[tuple[str, str]]:
    rows = driver.execute_query(
        "MATCH (:Memory {id: $id})-[r:MERGED_INTO|SUPERSEDED_BY]->(n:Memory) "
        "RETURN type(r) AS t, n.id AS target",
        id=memory_id,
    ).records
    return [(r["t"], r["target"]) for r in rows]


def test_tokyo_then_osaka_supersedes(memory: Memory, driver: neo4j.Driver, user_id: str) -> None:
    before = memory_count(driver, user_id)
    tokyo = memory.add("I live in Tokyo.", user_id=user_id, timestamp="2025-01-10").results[0]
    assert tokyo.event == "ADD" and tokyo.transitions == []
    assert [(r.predicate, r.target) for r in tokyo.relations] == [("lives_in", "Tokyo")]
    osaka = memory.add("I moved to Osaka.", user_id=user_id, timestamp="2025-06-01").results[0]
    assert [(t.action, t.old_memory_id, t.outcome) for t in osaka.transitions] == [
        ("supersede", tokyo.id, "applied")
    ]
    old = memory.get(tokyo.id)
    assert old.lifecycle_state == "superseded"
    assert old.replacement_memory_id == osaka.id
    assert lifecycle_edges(driver, tokyo.id) == [("SUPERSEDED_BY", osaka.id)]
    default_view = {m.text for m in memory.get_all(user_id=user_id)}
    assert default_view == {"I live in Tokyo.", "I moved to Osaka."}
    latest = {m.text for m in memory.get_all(user_id=user_id, latest_only=True)}
    assert latest == {"I moved to Osaka."}
    triplets = {
        (r["target"], r["valid_to"] is not None, r["valid_from"] is not None)
        for r in driver.execute_query(
            "MATCH (s:Entity {user_id: $u})-[r:RELATES_TO {predicate: 'lives_in'}]->(t) "
            "RETURN t.name AS target, r.valid_to AS valid_to, "
            "r.valid_from AS valid_from",
            u=user_id,
        ).records
    }
    assert triplets == {("Tokyo", True, False), ("Osaka", False, True)}
    assert [e.event for e in memory.history(tokyo.id)] == ["ADD", "SUPERSEDE"]
    assert [e.event for e in memory.history(osaka.id)] == ["ADD", "SUPERSEDE"]
    assert memory_count(driver, user_id) == before + 2


def test_window_seats_not_contained_is_not_merged(memory: Memory, user_id: str) -> None:
    first = memory.add("prefers window seats", user_id=user_id).results[0]
    second = memory.add("always books window seats on long-haul flights", user_id=user_id).results[
        0
    ]
    assert second.transitions == []
    assert memory.get(first.id).lifecycle_state == "active"


def test_window_seats_contained_is_merged(memory: Memory, user_id: str) -> None:
    first = memory.add("likes window seats", user_id=user_id).results[0]
    second = memory.add(
        "likes window seats, especially on long-haul flights", user_id=user_id
    ).results[0]
    assert [(t.action, t.outcome) for t in second.transitions] == [("merge", "applied")]
    assert memory.get(first.id).lifecycle_state == "merged"
    assert {m.id for m in memory.get_all(user_id=user_id)} == {second.id}
    everything = {m.id: m for m in memory.get_all(user_id=user_id, include_merged=True)}
    assert set(everything) == {first.id, second.id}
    assert everything[first.id].replacement_memory_id == second.id


def test_immutable_memories_are_never_retired(memory: Memory, user_id: str) -> None:
    first = memory.add("I live in Rome.", user_id=user_id, immutable=True).results[0]
    second = memory.add("I moved to Milan.", user_id=user_id).results[0]
    assert second.transitions == []
    assert memory.get(first.id).lifecycle_state == "active"


def test_excluded_memory_is_not_used_to_merge(memory: Memory, user_id: str) -> None:
    first = memory.add("likes green tea", user_id=user_id).results[0]
    second = memory.add(
        "likes green tea, especially in the morning", user_id=user_id, exclude_from_dream=True
    ).results[0]
    assert second.transitions == []
    assert memory.get(first.id).lifecycle_state == "active"


def test_infer_false_never_changes_lifecycle(memory: Memory, user_id: str) -> None:
    first = memory.add("I live in Oslo.", user_id=user_id, infer=False).results[0]
    memory.add("I moved to Bergen.", user_id=user_id, infer=False)
    assert memory.get(first.id).lifecycle_state == "active"


def test_deleting_the_replacement_reactivates_the_old(memory: Memory, user_id: str) -> None:
    tokyo = memory.add("I live in Kyoto.", user_id=user_id).results[0]
    osaka = memory.add("I moved to Nara.", user_id=user_id).results[0]
    assert memory.get(tokyo.id).lifecycle_state == "superseded"
    memory.delete(osaka.id)
    back = memory.get(tokyo.id)
    assert back.lifecycle_state == "active" and back.replacement_memory_id is None


def test_deleting_the_replacement_makes_old_triplets_current_again(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    old = memory.add("I live in Sapporo.", user_id=user_id, timestamp="2025-01-10").results[0]
    new = memory.add("I moved to Sendai.", user_id=user_id, timestamp="2025-06-01").results[0]
    query = (
        "MATCH (:Entity {user_id: $u})-[r:RELATES_TO {predicate: 'lives_in'}]->(t) "
        "RETURN t.name AS target, r.valid_to AS valid_to"
    )
    ended = {r["target"]: r["valid_to"] for r in driver.execute_query(query, u=user_id).records}
    assert ended["Sapporo"] is not None
    memory.delete(new.id, actor="tester")
    current = {r["target"]: r["valid_to"] for r in driver.execute_query(query, u=user_id).records}
    assert current == {"Sapporo": None}
    reactivate = memory.history(old.id)[-1]
    assert (reactivate.event, reactivate.related_memory_id, reactivate.actor) == (
        "REACTIVATE",
        new.id,
        "tester",
    )
