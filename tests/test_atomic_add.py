"""An error injected in the middle of an add's transaction leaves nothing behind."""

from __future__ import annotations

import neo4j
import pytest

from graphmem import Memory
from graphmem.adapters.neo4j.store import Neo4jStore
from graphmem.adapters.neo4j.writer import PlanWriter

pytestmark = pytest.mark.neo4j


class InjectedFault(RuntimeError):
    pass


class FailAfterEntities(PlanWriter):
    """Writes memories, history, entities, mentions and triplets for real, then fails."""

    def _write(self, tx: neo4j.ManagedTransaction, *args, **kwargs):  # type: ignore[override]
        triplets = super()._write(tx, *args, **kwargs)
        assert triplets, "the relation was written before the fault"
        raise InjectedFault("injected after the triplets were written")


class FaultyStore(Neo4jStore):
    def write_plan(self, plan, writer=FailAfterEntities, **kwargs):  # type: ignore[override]
        return super().write_plan(plan, writer, **kwargs)


def test_fault_mid_add_rolls_back(memory: Memory, driver: neo4j.Driver, user_id: str) -> None:
    faulty = Memory(memory.settings, driver=driver, embedder=memory.embedder)
    faulty.store = FaultyStore(driver, "neo4j")
    faulty._add.store = faulty.store
    with pytest.raises(InjectedFault):
        faulty.add(
            ["Carol lives in Lisbon.", "Dan works at Initech."],
            user_id=user_id,
            infer=False,
            relations=[{"source": "Carol", "relation": "lives_in", "target": "Lisbon"}],
        )
    leftovers = driver.execute_query(
        "MATCH (n) WHERE n.user_id = $u OR n.key STARTS WITH $u RETURN count(n) AS c", u=user_id
    ).records[0]["c"]
    assert leftovers == 0
    assert memory.get_all(user_id=user_id) == []
    ok = memory.add("Carol lives in Lisbon.", user_id=user_id, infer=False)
    assert ok.results[0].event == "ADD"
