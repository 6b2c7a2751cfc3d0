"""Hostile input through the Python API, against the real Neo4j: Cypher- and Lucene-syntax
payloads in every string field are stored and matched as plain data, never executed."""

from __future__ import annotations

import neo4j
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphmem import Memory, ValidationError

pytestmark = pytest.mark.neo4j

PAYLOADS = [
    "'); MATCH (n) DETACH DELETE n //",
    "` MATCH (n) DETACH DELETE n //",
    "x}) WITH 1 AS a MATCH (n) DETACH DELETE n //",
    'text:(* OR "x") AND NOT scope_tokens:*',
    "\\ ~ ^2 [1 TO 5] {a TO b} && || ! ? * :",
    "Robert'); DROP TABLE students;--",
    "\u202e\u200b\ufeff zero-width and bidi",
    "emoji 🦀🔥 and CJK 記憶 and RTL עברית",
]


def scope_nodes(driver: neo4j.Driver, user_id: str) -> int:
    return driver.execute_query(
        "MATCH (n) WHERE n.user_id = $u RETURN count(n) AS c", u=user_id
    ).records[0]["c"]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_payloads_are_plain_data(
    memory: Memory, driver: neo4j.Driver, user_id: str, payload: str
) -> None:
    result = memory.add(
        f"note: {payload}",
        user_id=user_id,
        metadata={payload: payload},
        infer=True,
        relations=[{"source": payload, "relation": payload, "target": payload + " t"}],
    )
    item = result.results[0]
    assert memory.get(item.id).text == f"note: {payload}"
    assert memory.get(item.id).metadata == {payload: payload}
    types = driver.execute_query(
        "MATCH (:Entity {user_id: $u})-[r]->() RETURN DISTINCT type(r) AS t", u=user_id
    ).records
    assert {r["t"] for r in types} <= {"RELATES_TO"}
    found = memory.search(payload, user_id=user_id, threshold=-1.0)
    assert item.id in [m.id for m in found.results]
    assert scope_nodes(driver, user_id) >= 3  # memory, entities, scope: stored as data


def test_payload_scope_ids_stay_isolated(memory: Memory, user_id: str) -> None:
    evil = "x' OR 1=1 OR m.user_id = '"
    memory.add("mine", user_id=user_id, infer=False)
    memory.add("evil", user_id=evil + user_id, infer=False)
    assert [m.text for m in memory.get_all(user_id=evil + user_id)] == ["evil"]
    assert [
        m.text for m in memory.search("mine evil", user_id=evil + user_id, threshold=-1.0).results
    ] == ["evil"]


texts = st.text(min_size=1, max_size=60).filter(lambda t: t.strip() and "\x00" not in t)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(source=texts, relation=texts, target=texts, key=st.text(max_size=20), value=texts)
def test_relations_and_metadata_property(
    memory: Memory, user_id: str, source: str, relation: str, target: str, key: str, value: str
) -> None:
    try:
        result = memory.add(
            "property-based note",
            user_id=user_id,
            infer=False,
            metadata={key: value},
            relations=[{"source": source, "relation": relation, "target": target}],
        )
    except ValidationError:
        return  # rejected cleanly (e.g. a name that normalises to nothing); nothing written
    stored = memory.get(result.results[0].id)
    assert stored.metadata == {key: value}
    memory.delete(stored.id)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(user=texts, agent=st.none() | texts, query=texts)
def test_filters_property(memory: Memory, user: str, agent: str | None, query: str) -> None:
    try:
        result = memory.search(query, user_id=user, agent_id=agent, threshold=-1.0)
    except ValidationError:
        return
    assert all(m.user_id == user for m in result.results)


@pytest.mark.parametrize("bad", ["u\x1f", "\x00", "a" * 257, "   "])
def test_a_scope_id_no_scope_can_have_is_refused_by_reads(memory: Memory, bad: str) -> None:
    """Reads check scope ids as writes do: a typed error with the reason, not a search that
    fails deeper down (or silently matches nothing)."""
    with pytest.raises(ValidationError, match="scope ids"):
        memory.search("what do I like?", user_id=bad)
    with pytest.raises(ValidationError, match="scope ids"):
        memory.get_all(user_id="u", run_id=bad)
