"""Group commit (adapters/neo4j/group_commit.py): adds that overlap share one transaction,
each still all or nothing, against the real Neo4j.

A gate writer holds the first add's transaction open until the others have queued, so the
overlap is made, not hoped for."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import neo4j
import pytest

from graphmem import Memory
from graphmem.adapters.neo4j.driver import make_driver
from graphmem.adapters.neo4j.group_commit import GroupCommit
from graphmem.adapters.neo4j.statements import Statements
from graphmem.adapters.neo4j.store import Neo4jStore
from graphmem.adapters.neo4j.writer import PlanWriter
from graphmem.errors import NotFoundError, StorageUnavailableError
from tests.support.waiting import WAIT_S, until

pytestmark = pytest.mark.neo4j


class Poisoned(RuntimeError):
    pass


def _until(condition: Callable[[], bool]) -> None:
    until(condition, "the writers never queued")


class Harness:
    """A Memory whose store groups commits, with a gate on the first add's transaction."""

    def __init__(self, memory: Memory, driver: neo4j.Driver) -> None:
        self.memory = Memory(memory.settings, driver=driver, embedder=memory.embedder)
        store = Neo4jStore(driver, memory.settings.neo4j.database, group_commit_max=8)
        self.memory.store = store
        self.memory._add.store = store  # the add use case writes through it
        self.group = store.group_commit
        harness = self

        class Writer(PlanWriter):
            def __call__(self, tx: neo4j.ManagedTransaction) -> Any:
                if "poison" in " ".join(m.text for m in self.plan.memories):
                    raise Poisoned("this add fails inside its transaction")
                if self.plan.scope.user_id == harness.gate_user:
                    _until(lambda: harness.group.waiting >= harness.expected)
                return super().__call__(tx)

        original = store.write_plan

        def write_plan(plan: Any, writer: type[PlanWriter] = Writer, **kwargs: Any) -> Any:
            return original(plan, Writer, **kwargs)

        store.write_plan = write_plan  # type: ignore[method-assign]
        self.gate_user = ""
        self.expected = 0

    def overlapped(
        self, gate_user: str, adds: list[Callable[[], Any]]
    ) -> tuple[Any, list[Future[Any]]]:
        """The gate add runs first and holds its transaction until every add in ``adds`` has
        queued (started one after another, in order); then all finish."""
        self.gate_user, self.expected = gate_user, len(adds)
        with ThreadPoolExecutor(max_workers=len(adds) + 1) as pool:
            gate = pool.submit(self.memory.add, "The gate opens.", user_id=gate_user, infer=False)
            _until(lambda: self.group.busy)
            futures = []
            for queued, add in enumerate(adds, start=1):
                futures.append(pool.submit(add))
                _until(lambda n=queued: self.group.waiting >= n or gate.done())
            gate_result = gate.result(timeout=WAIT_S)
        return gate_result, futures


def test_overlapping_adds_share_one_transaction(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    h = Harness(memory, driver)
    texts = [f"Note {i} about the harbour." for i in range(4)]
    adds = [lambda t=t: h.memory.add(t, user_id=user_id, infer=False) for t in texts]
    _, futures = h.overlapped(user_id + "-gate", adds)
    assert h.group.groups == 1  # the four queued adds committed together
    events = [f.result().results[0].event for f in futures]
    assert events == ["ADD"] * 4
    stored = sorted(m.text for m in h.memory.get_all(user_id=user_id))
    assert stored == sorted(texts)


def test_one_failing_add_does_not_fail_its_group(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    h = Harness(memory, driver)
    texts = ["Ana swims on Mondays.", "This poison add fails.", "Ben cycles on Fridays."]
    adds = [lambda t=t: h.memory.add(t, user_id=user_id, infer=False) for t in texts]
    _, futures = h.overlapped(user_id + "-gate", adds)
    assert futures[0].result().results[0].event == "ADD"
    assert futures[2].result().results[0].event == "ADD"
    with pytest.raises(Poisoned):
        futures[1].result()
    stored = sorted(m.text for m in h.memory.get_all(user_id=user_id))
    assert stored == ["Ana swims on Mondays.", "Ben cycles on Fridays."]
    assert h.group.groups == 0  # the group failed; its good adds committed alone


def test_a_group_sees_its_earlier_members(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    """Two adds of one user in one transaction behave as one after the other: a repeated
    text is a duplicate, and a move supersedes the home added just before it."""
    h = Harness(memory, driver)
    adds = [
        lambda: h.memory.add("I live in Tokyo.", user_id=user_id, timestamp="2025-01-10"),
        lambda: h.memory.add("I live in Tokyo.", user_id=user_id, timestamp="2025-01-10"),
        lambda: h.memory.add("I moved to Osaka.", user_id=user_id, timestamp="2025-06-01"),
    ]
    _, futures = h.overlapped(user_id + "-gate", adds)
    assert h.group.groups == 1
    first, again, moved = (f.result().results[0] for f in futures)
    assert first.event == "ADD"
    assert again.event == "NOOP" and again.id == first.id
    assert [(t.action, t.old_memory_id, t.outcome) for t in moved.transitions] == [
        ("supersede", first.id, "applied")
    ]
    assert h.memory.get(first.id).lifecycle_state == "superseded"


class CountingStatements(Statements):
    def __init__(self, driver: neo4j.Driver, database: str) -> None:
        super().__init__(driver, database)
        self.transactions = 0

    def in_write_tx(self, action: str, work: Any, *args: Any) -> Any:
        self.transactions += 1
        return super().in_write_tx(action, work, *args)


def test_an_unreachable_store_fails_the_queue_at_once(memory: Memory) -> None:
    """Writers queued behind a transaction that finds the store unreachable get its error;
    none of them spends another retry budget first."""
    neo = memory.settings.neo4j.model_copy(
        update={
            "uri": "bolt://127.0.0.1:9",  # discard port: nothing answers
            "password": memory.settings.neo4j.resolve_password(),
            "connection_timeout_s": 0.5,
            "connection_acquisition_timeout_s": 1.0,
            "max_transaction_retry_time_s": 1.0,
        }
    )
    dead = make_driver(neo)
    try:
        statements = CountingStatements(dead, neo.database)
        group = GroupCommit(statements, max_group=8)

        def write() -> Any:
            return group.run("store memories", lambda tx: tx.run("RETURN 1").consume())

        with ThreadPoolExecutor(max_workers=4) as pool:
            first = pool.submit(write)
            _until(lambda: group.busy or first.done())
            rest = [pool.submit(write) for _ in range(3)]
            for future in [first, *rest]:
                with pytest.raises(StorageUnavailableError):
                    future.result(timeout=WAIT_S)
        assert statements.transactions <= 2  # the first; at most one group that queued late
    finally:
        dead.close()


def test_max_group_one_commits_each_alone(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    statements = CountingStatements(driver, memory.settings.neo4j.database)
    group = GroupCommit(statements, max_group=1)
    assert group.run("count", lambda tx: tx.run("RETURN 41 + 1 AS n").single()["n"]) == 42
    assert statements.transactions == 1 and group.groups == 0


def test_an_update_joins_the_adds_group(memory: Memory, driver: neo4j.Driver, user_id: str) -> None:
    h = Harness(memory, driver)
    stored = h.memory.add("Cleo rows on Sundays.", user_id=user_id, infer=False).results[0]
    adds = [
        lambda: h.memory.update(stored.id, "Cleo rows on Saturdays."),
        lambda: h.memory.add("Dev paints at night.", user_id=user_id, infer=False),
    ]
    _, futures = h.overlapped(user_id + "-gate", adds)
    assert h.group.groups == 1
    updated, added = (f.result() for f in futures)
    assert updated.text == "Cleo rows on Saturdays."
    assert added.results[0].event == "ADD"
    texts = sorted(m.text for m in h.memory.get_all(user_id=user_id))
    assert texts == ["Cleo rows on Saturdays.", "Dev paints at night."]


def test_a_delete_joins_the_group_and_a_repeated_one_finds_nothing(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    h = Harness(memory, driver)
    gone = h.memory.add("Eli jogs at dawn.", user_id=user_id, infer=False).results[0]
    writes = [
        lambda: h.memory.delete(gone.id),
        lambda: h.memory.add("Fay sings in a choir.", user_id=user_id, infer=False),
        lambda: h.memory.delete(gone.id),
    ]
    _, futures = h.overlapped(user_id + "-gate", writes)
    assert h.group.groups == 1
    outcomes = []
    for future in (futures[0], futures[2]):
        try:
            future.result()
            outcomes.append("deleted")
        except NotFoundError:
            outcomes.append("not found")
    assert sorted(outcomes) == ["deleted", "not found"]
    assert futures[1].result().results[0].event == "ADD"
    assert [m.text for m in h.memory.get_all(user_id=user_id)] == ["Fay sings in a choir."]


class FailsFirstAsUnreachable(CountingStatements):
    """The real store, whose first transaction reports it unreachable once the others have
    queued: a transaction that gave up just before the store came back."""

    def __init__(self, driver: neo4j.Driver, database: str) -> None:
        super().__init__(driver, database)
        self.group: GroupCommit | None = None

    def in_write_tx(self, action: str, work: Any, *args: Any) -> Any:
        if self.transactions == 0 and self.group is not None:
            self.transactions += 1
            group = self.group
            _until(lambda: group.waiting >= 3)
            raise StorageUnavailableError("Neo4j is unreachable (injected)")
        return super().in_write_tx(action, work, *args)


def test_writers_queued_behind_a_failure_run_once_the_store_answers(
    memory: Memory, driver: neo4j.Driver
) -> None:
    statements = FailsFirstAsUnreachable(driver, memory.settings.neo4j.database)
    group = GroupCommit(statements, max_group=8)
    statements.group = group

    def write(n: int) -> Any:
        return group.run("count", lambda tx: tx.run("RETURN $n AS n", n=n).single()["n"])

    with ThreadPoolExecutor(max_workers=4) as pool:
        first = pool.submit(write, 0)
        _until(lambda: group.busy)
        rest = [pool.submit(write, n) for n in (1, 2, 3)]
        with pytest.raises(StorageUnavailableError):
            first.result(timeout=WAIT_S)
        assert [f.result(timeout=WAIT_S) for f in rest] == [1, 2, 3]
    assert group.groups == 1  # the three queued writes committed together afterwards
