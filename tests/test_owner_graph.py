"""Issue 11 part 2: one graph per owner across sessions (run ids), against the real Neo4j.

The owner is the user, else the agent. Entities, exact duplicates, lifecycle candidates and
Dream are per owner; a run id (and an agent id next to a user) narrows searches and lists."""

from __future__ import annotations

import neo4j
import pytest

from graphmem import Memory
from graphmem.domain.scope import Scope

pytestmark = pytest.mark.neo4j


def entities_named(driver: neo4j.Driver, owner: str, name: str) -> list[str]:
    rows = driver.execute_query(
        "MATCH (e:Entity {owner: $o, normalized_name: $n}) RETURN e.id AS id", o=owner, n=name
    ).records
    return [r["id"] for r in rows]


def mentioned(driver: neo4j.Driver, memory_id: str) -> set[str]:
    rows = driver.execute_query(
        "MATCH (:Memory {id: $id})-[:MENTIONS]->(e:Entity) RETURN e.id AS id", id=memory_id
    ).records
    return {r["id"] for r in rows}


def test_tokyo_in_s1_then_osaka_in_s2_supersedes_with_one_user_entity(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    tokyo = memory.add(
        "I live in Tokyo.", user_id=user_id, run_id="s1", timestamp="2025-01-10"
    ).results[0]
    osaka = memory.add(
        "I moved to Osaka.", user_id=user_id, run_id="s2", timestamp="2025-06-01"
    ).results[0]
    assert [(t.action, t.old_memory_id, t.outcome) for t in osaka.transitions] == [
        ("supersede", tokyo.id, "applied")
    ]
    assert memory.get(tokyo.id).lifecycle_state == "superseded"
    owner = Scope(user_id=user_id).owner_key
    [user_entity] = entities_named(driver, owner, "user")
    assert user_entity in mentioned(driver, tokyo.id) & mentioned(driver, osaka.id)
    lives = driver.execute_query(
        "MATCH (s:Entity {id: $id})-[r:RELATES_TO {predicate: 'lives_in'}]->(t) "
        "RETURN t.name AS target, r.valid_to IS NULL AS current",
        id=user_entity,
    ).records
    assert {(r["target"], r["current"]) for r in lives} == {("Tokyo", False), ("Osaka", True)}


def test_search_and_list_with_a_run_id_narrow_to_that_run(memory: Memory, user_id: str) -> None:
    memory.add("I live in Tokyo.", user_id=user_id, run_id="s1", timestamp="2025-01-10")
    memory.add("Alice is allergic to shellfish.", user_id=user_id, run_id="s1")
    memory.add("I moved to Osaka.", user_id=user_id, run_id="s2", timestamp="2025-06-01")
    memory.add("Alice loves shellfish risotto.", user_id=user_id, run_id="s2")
    for query in ("Where do I live?", "What about Alice and shellfish?"):
        s1 = memory.search(query, user_id=user_id, run_id="s1", top_k=10, threshold=-1)
        assert s1.results and {m.run_id for m in s1.results} == {"s1"}, query
        assert all(mid in {m.id for m in s1.results} for r in s1.relations for mid in r.memory_ids)
        both = memory.search(query, user_id=user_id, top_k=10, threshold=-1)
        assert {m.run_id for m in both.results} == {"s1", "s2"}, query
    listed = memory.get_all(user_id=user_id, run_id="s2")
    assert {m.text for m in listed} == {"I moved to Osaka.", "Alice loves shellfish risotto."}


def test_one_alice_per_owner_across_runs(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    first = memory.add("Alice is allergic to shellfish.", user_id=user_id, run_id="r1")
    second = memory.add("Alice works at Initech.", user_id=user_id, run_id="r2")
    third = memory.add("Alice likes jazz.", user_id=user_id, agent_id="bot", run_id="r3")
    other = memory.add("Alice is my sister.", user_id=user_id + "-other", run_id="r1")
    agent_only = memory.add("Alice called the bot.", agent_id=user_id + "-agent")
    [alice] = entities_named(driver, Scope(user_id=user_id).owner_key, "alice")
    for result in (first, second, third):
        assert alice in mentioned(driver, result.results[0].id)
    [other_alice] = entities_named(driver, Scope(user_id=user_id + "-other").owner_key, "alice")
    [agent_alice] = entities_named(driver, Scope(agent_id=user_id + "-agent").owner_key, "alice")
    assert len({alice, other_alice, agent_alice}) == 3
    assert other_alice in mentioned(driver, other.results[0].id)
    assert agent_alice in mentioned(driver, agent_only.results[0].id)
    # Listing entities of the user shows one Alice; naming a run narrows to that run's.
    names = [e.normalized_name for e in memory.entities(user_id=user_id)]
    assert names.count("alice") == 1 and "initech" in names
    in_r1 = {e.normalized_name for e in memory.entities(user_id=user_id, run_id="r1")}
    assert "alice" in in_r1 and "initech" not in in_r1
    # The memory naming a user and an agent is in the user's graph and keeps its agent id.
    assert memory.get(third.results[0].id).agent_id == "bot"
    assert {m.text for m in memory.get_all(user_id=user_id, agent_id="bot")} == {
        "Alice likes jazz."
    }


def test_exact_duplicate_in_another_run_is_a_noop(memory: Memory, user_id: str) -> None:
    first = memory.add("I am vegetarian.", user_id=user_id, run_id="a")
    again = memory.add("I am vegetarian.", user_id=user_id, run_id="b")
    assert again.results[0].event == "NOOP"
    assert again.results[0].id == first.results[0].id


def test_dream_scope_is_the_owner_across_agents_and_runs(memory: Memory, user_id: str) -> None:
    memory.add("Before enabling.", user_id=user_id, agent_id="bot", run_id="d0")
    states = memory.enable_dream(user_id=user_id, agent_id="bot")
    assert [(s.key, s.user_id, s.agent_id) for s in states] == [
        (Scope(user_id=user_id).owner_key, user_id, None)
    ]
    memory.add("I run along the canal every evening.", user_id=user_id, run_id="d1")
    memory.add("Evening runs by the canal again.", user_id=user_id, agent_id="bot", run_id="d2")
    memory.add("Another canal run tonight.", user_id=user_id, agent_id="coach", run_id="d3")
    report = memory.dream(user_id=user_id, agent_id="bot", dry_run=True)
    assert [(s.scope_key, s.new_memories) for s in report.scopes] == [
        (Scope(user_id=user_id).owner_key, 3)
    ]
