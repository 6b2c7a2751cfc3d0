"""Explicit updates keep the lifecycle rules: an immutable memory changes only with force,
and new text is re-extracted (triplets only the old text asserted are retired, kept as
history, and the new text's are written) — real Neo4j."""

from __future__ import annotations

import neo4j
import pytest

from graphmem import ImmutableMemoryError, LifecycleConflictError, Memory

pytestmark = pytest.mark.neo4j

TRIPLETS = """
MATCH (s:Entity {user_id: $u})-[r:RELATES_TO]->(t:Entity)
RETURN t.name AS target, r.predicate AS predicate, r.memory_ids AS memory_ids,
       r.retired_memory_ids AS retired_memory_ids, r.retired_at AS retired_at
"""


def triplets(driver: neo4j.Driver, user_id: str) -> dict[str, dict]:
    return {r["target"]: r.data() for r in driver.execute_query(TRIPLETS, u=user_id).records}


def test_immutable_update_needs_force(memory: Memory, user_id: str) -> None:
    memory_id = (
        memory.add("My blood type is O negative.", user_id=user_id, infer=False, immutable=True)
        .results[0]
        .id
    )
    with pytest.raises(ImmutableMemoryError):
        memory.update(memory_id, text="My blood type is A positive.")
    with pytest.raises(LifecycleConflictError):  # the same tree as the other 409s
        memory.update(memory_id, metadata={"checked": True})
    assert memory.get(memory_id).text == "My blood type is O negative."
    assert [e.event for e in memory.history(memory_id)] == ["ADD"]
    forced = memory.update(
        memory_id, text="My blood type is A positive.", force=True, actor="tester"
    )
    assert forced.text == "My blood type is A positive." and forced.immutable
    assert memory.history(memory_id)[-1].actor == "tester"


def test_immutable_delete_is_allowed_and_recorded(memory: Memory, user_id: str) -> None:
    memory_id = (
        memory.add("Keep this forever.", user_id=user_id, infer=False, immutable=True).results[0].id
    )
    memory.delete(memory_id, actor="owner")
    assert [(e.event, e.actor) for e in memory.history(memory_id)][-1] == ("DELETE", "owner")


def test_update_retires_the_old_texts_triplets(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    memory_id = memory.add("I live in Lyon.", user_id=user_id).results[0].id
    assert triplets(driver, user_id)["Lyon"]["memory_ids"] == [memory_id]
    memory.update(memory_id, text="I live in Nantes.")
    found = triplets(driver, user_id)
    assert found["Nantes"]["memory_ids"] == [memory_id]
    assert found["Nantes"]["retired_at"] is None
    assert found["Lyon"]["memory_ids"] == []
    assert found["Lyon"]["retired_memory_ids"] == [memory_id]
    assert found["Lyon"]["retired_at"] is not None
    assert [
        (t.predicate, t.target)
        for t in memory.search("where do I live?", user_id=user_id).relations
    ] == [("lives_in", "Nantes")]
    memory.delete(memory_id)
    assert triplets(driver, user_id) == {}


def test_update_keeps_a_triplet_another_memory_asserts(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    first = (
        memory.add(
            "I work at Acme.",
            user_id=user_id,
            infer=False,
            relations=[{"source": "I", "relation": "works_at", "target": "Acme"}],
        )
        .results[0]
        .id
    )
    second = (
        memory.add(
            "Acme is my employer: I work at Acme.",
            user_id=user_id,
            infer=False,
            relations=[{"source": "I", "relation": "works_at", "target": "Acme"}],
        )
        .results[0]
        .id
    )
    memory.update(second, text="I have a cat named Miso.")
    acme = triplets(driver, user_id)["Acme"]
    assert acme["memory_ids"] == [first] and acme["retired_memory_ids"] == [second]
    assert acme["retired_at"] is None  # still asserted by the first memory
    memory.delete(second)
    assert triplets(driver, user_id)["Acme"]["retired_memory_ids"] == []


MENTIONS = """
MATCH (:Memory {id: $id})-[l:MENTIONS|MENTIONED]->(e:Entity)
RETURN e.name AS name, type(l) AS link
"""


def test_update_demotes_the_mentions_its_new_text_drops(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    """An entity the new text no longer names is MENTIONED (it used to be), not MENTIONS; a
    delete still reaches it, and removes it when nothing else mentions it."""
    memory_id = memory.add("I live in Lyon.", user_id=user_id).results[0].id
    links = {r["name"]: r["link"] for r in driver.execute_query(MENTIONS, id=memory_id).records}
    assert links.get("Lyon") == "MENTIONS"
    memory.update(memory_id, text="I live in Nantes.")
    links = {r["name"]: r["link"] for r in driver.execute_query(MENTIONS, id=memory_id).records}
    assert links.get("Lyon") == "MENTIONED" and links.get("Nantes") == "MENTIONS"
    memory.delete(memory_id)
    left = driver.execute_query(
        "MATCH (e:Entity {user_id: $u}) WHERE e.name IN ['Lyon', 'Nantes'] RETURN e.name AS n",
        u=user_id,
    ).records
    assert left == []
