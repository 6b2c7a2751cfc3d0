"""An add and the lifecycle transitions it causes commit together: a failure injected in the
transition step leaves neither the new memory nor a half-applied transition (real Neo4j)."""

from __future__ import annotations

import neo4j
import pytest

from graphmem import Memory
from graphmem.services.lifecycle import ApplyLifecycle

pytestmark = pytest.mark.neo4j


class InjectedFault(RuntimeError):
    pass


class FailingLifecycle(ApplyLifecycle):
    """Decides as usual, applies the first transition for real, then fails."""

    def _write(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        super()._write(*args, **kwargs)
        raise InjectedFault("injected after the transition was written")


def test_fault_in_a_transition_rolls_back_the_add(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    old = memory.add("I live in Porto.", user_id=user_id).results[0].id
    faulty = Memory(memory.settings, driver=driver, embedder=memory.embedder)
    original = faulty._add.lifecycle
    faulty._add.lifecycle = FailingLifecycle(
        memory.settings.lifecycle, trust_proposals=original.trust_proposals
    )
    with pytest.raises(InjectedFault):
        faulty.add("I moved to Braga.", user_id=user_id)
    assert [m.id for m in memory.get_all(user_id=user_id, include_merged=True)] == [old]
    state = memory.get(old)
    assert state.lifecycle_state == "active" and state.replacement_memory_id is None
    assert [e.event for e in memory.history(old)] == ["ADD"]
    targets = driver.execute_query(
        "MATCH (:Entity {user_id: $u})-[r:RELATES_TO]->(t) RETURN t.name AS t, "
        "r.valid_to AS valid_to",
        u=user_id,
    ).records
    assert [(r["t"], r["valid_to"]) for r in targets] == [("Porto", None)]
    # the same add, retried, writes the memory and its transition together
    again = memory.add("I moved to Braga.", user_id=user_id).results[0]
    assert [(t.old_memory_id, t.outcome) for t in again.transitions] == [(old, "applied")]
    assert memory.get(old).lifecycle_state == "superseded"
