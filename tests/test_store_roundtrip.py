"""Issue 2 acceptance against the real Neo4j: round trips, duplicates, isolation, no orphans."""

from __future__ import annotations

from datetime import UTC, datetime

import neo4j
import pytest

from graphmem import Memory, NotFoundError, ValidationError

pytestmark = pytest.mark.neo4j


def count(driver: neo4j.Driver, cypher: str, **params: object) -> int:
    return driver.execute_query(cypher, params, database_="neo4j").records[0][0]


def test_add_get_get_all_round_trip(memory: Memory, user_id: str) -> None:
    result = memory.add(
        [
            {"role": "user", "content": "I love hiking in the Alps."},
            {"role": "system", "content": "be nice"},
            {"role": "assistant", "content": "Noted: you enjoy mountain hikes."},
        ],
        user_id=user_id,
        metadata={"source": "chat"},
        timestamp="2025-01-15T10:00:00Z",
        infer=False,
    )
    assert [r.event for r in result.results] == ["ADD", "ADD"]
    assert result.llm_calls == 0
    first = memory.get(result.results[0].id)
    assert first.text == "I love hiking in the Alps."
    assert first.user_id == user_id
    assert first.metadata == {"source": "chat"}
    assert first.observed_at == datetime(2025, 1, 15, 10, tzinfo=UTC)
    assert first.created_at > first.observed_at
    assert first.lifecycle_state == "active"
    assert first.role == "user"
    texts = {m.text for m in memory.get_all(user_id=user_id)}
    assert texts == {"I love hiking in the Alps.", "Noted: you enjoy mountain hikes."}


def test_duplicate_is_noop_naming_existing(memory: Memory, user_id: str) -> None:
    first = memory.add("I drink my coffee black.", user_id=user_id, infer=False)
    again = memory.add("  i drink my COFFEE black. ", user_id=user_id, infer=False)
    assert again.results[0].event == "NOOP"
    assert again.results[0].id == first.results[0].id
    assert len(memory.get_all(user_id=user_id)) == 1


def test_duplicates_inside_one_add(memory: Memory, user_id: str) -> None:
    result = memory.add(["Same thing.", "same thing."], user_id=user_id, infer=False)
    assert [r.event for r in result.results] == ["ADD", "NOOP"]
    assert result.results[0].id == result.results[1].id


def test_epoch_timestamp(memory: Memory, user_id: str) -> None:
    result = memory.add("Epoch fact.", user_id=user_id, timestamp=1_700_000_000, infer=False)
    assert memory.get(result.results[0].id).observed_at == datetime.fromtimestamp(
        1_700_000_000, tz=UTC
    )


def test_update_keeps_old_text_in_history(memory: Memory, user_id: str) -> None:
    mid = memory.add("I work at Acme.", user_id=user_id, infer=False).results[0].id
    updated = memory.update(mid, text="I work at Globex.", metadata={"edited": True})
    assert updated.text == "I work at Globex."
    assert updated.metadata == {"edited": True}
    events = memory.history(mid)
    assert [e.event for e in events] == ["ADD", "UPDATE"]
    assert events[1].old_text == "I work at Acme."
    assert events[1].new_text == "I work at Globex."


def test_update_reembeds(memory: Memory, user_id: str, driver: neo4j.Driver) -> None:
    mid = memory.add("Cats are great.", user_id=user_id, infer=False).results[0].id
    before = driver.execute_query(
        "MATCH (m:Memory {id: $id}) RETURN m.embedding AS e", id=mid
    ).records[0]["e"]
    memory.update(mid, text="Quantum chromodynamics lecture notes.")
    after = driver.execute_query(
        "MATCH (m:Memory {id: $id}) RETURN m.embedding AS e", id=mid
    ).records[0]["e"]
    assert before != after and len(after) == 384


def test_relations_stored_with_provenance(
    memory: Memory, user_id: str, driver: neo4j.Driver
) -> None:
    result = memory.add(
        "Bob manages the Berlin office.",
        user_id=user_id,
        infer=False,
        relations=[{"source": "Bob", "relation": "manages", "target": "Berlin office"}],
    )
    item = result.results[0]
    assert [(r.source, r.predicate, r.target) for r in item.relations] == [
        ("Bob", "manages", "Berlin office")
    ]
    assert item.relations[0].memory_ids == [item.id]
    mentioned = driver.execute_query(
        "MATCH (:Memory {id: $id})-[:MENTIONS]->(e:Entity) RETURN e.name AS n ORDER BY n",
        id=item.id,
    ).records
    assert [r["n"] for r in mentioned] == ["Berlin office", "Bob"]
    rel_type = driver.execute_query(
        "MATCH (:Entity {name: 'Bob', user_id: $u})-[r]->() RETURN type(r) AS t", u=user_id
    ).records[0]["t"]
    assert rel_type == "RELATES_TO"


def test_entities_resolve_by_normalised_name(
    memory: Memory, user_id: str, driver: neo4j.Driver
) -> None:
    memory.add(
        "one",
        user_id=user_id,
        infer=False,
        relations=[{"source": "Alice", "relation": "likes", "target": "Tea"}],
    )
    memory.add(
        "two",
        user_id=user_id,
        infer=False,
        relations=[{"source": "alice ", "relation": "likes", "target": "tea"}],
    )
    assert count(driver, "MATCH (e:Entity {user_id: $u}) RETURN count(e)", u=user_id) == 2
    provenance = driver.execute_query(
        "MATCH (:Entity {user_id: $u})-[r:RELATES_TO]->() RETURN r.memory_ids AS ids", u=user_id
    ).records
    assert len(provenance) == 1 and len(provenance[0]["ids"]) == 2


def test_delete_leaves_no_orphans(memory: Memory, user_id: str, driver: neo4j.Driver) -> None:
    keep = memory.add(
        "keep",
        user_id=user_id,
        infer=False,
        relations=[{"source": "Ann", "relation": "knows", "target": "Ben"}],
    )
    gone = memory.add(
        "gone",
        user_id=user_id,
        infer=False,
        relations=[
            {"source": "Ann", "relation": "knows", "target": "Ben"},
            {"source": "Ann", "relation": "visited", "target": "Rome"},
        ],
    )
    memory.delete(gone.results[0].id)
    with pytest.raises(NotFoundError):
        memory.get(gone.results[0].id)
    names = {
        r["n"]
        for r in driver.execute_query(
            "MATCH (e:Entity {user_id: $u}) RETURN e.name AS n", u=user_id
        ).records
    }
    assert names == {"Ann", "Ben"}
    triplets = driver.execute_query(
        "MATCH (:Entity {user_id: $u})-[r:RELATES_TO]->() RETURN r.predicate AS p, "
        "r.memory_ids AS ids",
        u=user_id,
    ).records
    assert [(r["p"], r["ids"]) for r in triplets] == [("knows", [keep.results[0].id])]
    assert [e.event for e in memory.history(gone.results[0].id)] == ["ADD", "DELETE"]
    memory.delete(keep.results[0].id)
    assert count(driver, "MATCH (e:Entity {user_id: $u}) RETURN count(e)", u=user_id) == 0


def test_delete_all_only_touches_its_scope(memory: Memory, user_id: str) -> None:
    other = user_id + "-other"
    memory.add(["a1", "a2"], user_id=user_id, infer=False)
    memory.add("b1", user_id=other, infer=False)
    assert memory.delete_all(user_id=user_id) == 2
    assert memory.get_all(user_id=user_id) == []
    assert [m.text for m in memory.get_all(user_id=other)] == ["b1"]


def test_scope_isolation(memory: Memory, user_id: str) -> None:
    other = user_id + "-b"
    memory.add("secret of A", user_id=user_id, infer=False)
    memory.add("secret of B", user_id=other, infer=False)
    assert {m.text for m in memory.get_all(user_id=user_id)} == {"secret of A"}
    assert {m.text for m in memory.get_all(user_id=other)} == {"secret of B"}
    memory.add("agent note", agent_id=user_id + "-agent", infer=False)
    assert memory.get_all(user_id=user_id, agent_id=user_id + "-agent") == []


def test_get_all_limit_and_unknown_filters(memory: Memory, user_id: str) -> None:
    memory.add(["m1", "m2", "m3"], user_id=user_id, infer=False)
    assert len(memory.get_all(user_id=user_id, limit=2)) == 2
    with pytest.raises(ValidationError):
        memory.get_all({"tenant": "x"}, user_id=user_id)
    with pytest.raises(ValidationError):
        memory.get_all()


def test_reset_needs_confirmation(memory: Memory) -> None:
    with pytest.raises(ValidationError):
        memory.reset()
