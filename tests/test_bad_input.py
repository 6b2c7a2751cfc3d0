"""Bad input gets a typed error and writes nothing (real Neo4j)."""

from __future__ import annotations

import neo4j
import pytest

from graphmem import Memory, NotFoundError, ValidationError

pytestmark = pytest.mark.neo4j


def nodes_of(driver: neo4j.Driver, user_id: str) -> int:
    return driver.execute_query(
        "MATCH (n) WHERE n.user_id = $u RETURN count(n) AS c", u=user_id
    ).records[0]["c"]


@pytest.mark.parametrize(
    ("messages", "kwargs", "match"),
    [
        ("", {}, "must not be empty"),
        ("   ", {}, "must not be empty"),
        ([], {}, "must not be empty"),
        ("x" * 10_001, {}, "limit is 10000"),
        (42, {}, "messages must be"),
        ([{"role": "wizard", "content": "hi"}], {}, "role"),
        ([{"role": "user"}], {}, "content"),
        ([{"role": "system", "content": "only system"}], {}, "no user"),
        ("fine", {"timestamp": "yesterday-ish"}, "not ISO 8601"),
        ("fine", {"timestamp": True}, "ISO 8601"),
        ("fine", {"timestamp": 1e20}, "out of range"),
        ("fine", {"metadata": {"k": object()}}, "JSON"),
        ("fine", {"metadata": "nope"}, "metadata must be"),
        ("fine", {"relations": [{"source": "a", "relation": "b"}]}, "relations"),
        ("fine", {"relations": "a->b"}, "relations must be"),
        ("fine", {"relations": [{"source": "a\x00", "relation": "b", "target": "c"}]}, "NUL"),
        ("fine", {"relations": [{"source": "a", "relation": "b\x00c", "target": "c"}]}, "NUL"),
        ([{"role": "user", "content": "fine", "name": "Al\x00ice"}], {}, "name contains a NUL"),
    ],
)
def test_rejected_and_nothing_written(
    memory: Memory, driver: neo4j.Driver, user_id: str, messages: object, kwargs: dict, match: str
) -> None:
    with pytest.raises(ValidationError, match=match):
        memory.add(messages, user_id=user_id, infer=False, **kwargs)  # type: ignore[arg-type]
    assert nodes_of(driver, user_id) == 0


def test_scope_required(memory: Memory) -> None:
    with pytest.raises(ValidationError, match="at least one of user_id"):
        memory.add("orphan", infer=False)
    with pytest.raises(ValidationError, match="scope"):
        memory.add("bad", user_id="", infer=False)


def test_unknown_ids(memory: Memory) -> None:
    for call in (memory.get, memory.delete, memory.history):
        with pytest.raises(NotFoundError):
            call("no-such-id")
    with pytest.raises(NotFoundError):
        memory.update("no-such-id", text="x")
    with pytest.raises(ValidationError):
        memory.update("no-such-id")
