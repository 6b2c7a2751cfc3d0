"""Group commit: write transactions that arrive while another one runs share the next one.

Every commit that touches a full-text or vector index makes Neo4j refresh that Lucene index
synchronously (a new segment, a reopened searcher, later merges). Under concurrent adds that
per-commit work, not the statements, is most of Neo4j's CPU (docs/reliability.md, "Group
commit"). So, as databases do with their log flushes, the first writer to arrive runs its
transaction at once; writers that arrive meanwhile queue, and the next of them to run takes
the whole queue (up to ``max_group``) into one transaction, each work function run in turn
on the same transaction, committed once (the queue is ``graphmem.combining``'s).

- A lone writer never waits: with nothing running, a work runs in a transaction of its own.
- The works of a group run in the order of their ``order`` keys (the scope locks they take),
  so two groups take shared locks in one order.
- Each work function is pure in its inputs (managed transactions may retry it), so a group
  retried by the driver writes the same thing once.
- A group that fails for a reason that is not the store's availability is not blamed on its
  members: each then runs again in a transaction of its own, and only the work that fails
  alone reports its error.
- An unreachable store fails the transaction's works; if a connection check right after
  finds it still unreachable, every writer queued behind it fails with that error at once,
  and none waits for another retry budget to run out first. If the store answers again, the
  queued writers run as usual.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import neo4j

from graphmem.adapters.neo4j.statements import Statements
from graphmem.combining import Combiner, Job
from graphmem.errors import StorageUnavailableError

Work = Callable[[neo4j.ManagedTransaction], Any]
_UNSET: Any = object()


@dataclass(eq=False)
class _Slot(Job):
    """One writer's work and, once its group committed or failed, what it gets back."""

    action: str
    work: Work
    order: str
    alone: bool = False  # its group failed: run again in a transaction of its own
    result: Any = _UNSET

    def settled(self) -> bool:
        return self.result is not _UNSET or self.error is not None or self.alone


class GroupCommit:
    """The write transactions of one process's adds, updates and deletes, committed together
    when they overlap."""

    def __init__(self, statements: Statements, max_group: int) -> None:
        self.statements = statements
        self.max_group = max_group
        self._queue: Combiner[_Slot] = Combiner(max_group)
        self.groups = 0  # transactions committed with more than one work (for tests)

    @property
    def waiting(self) -> int:
        """Writers queued for the next transaction."""
        return self._queue.waiting

    @property
    def busy(self) -> bool:
        """A transaction of this group commit is running."""
        return self._queue.busy

    def run(self, action: str, work: Work, order: str = "") -> Any:
        """``work(tx)``'s result, committed alone or with the works that queued beside it."""
        if self.max_group <= 1:
            return self.statements.in_write_tx(action, work)
        slot = _Slot(action=action, work=work, order=order)
        self._queue.submit(slot, self._commit_group)
        if slot.alone:
            return self.statements.in_write_tx(action, work)
        if slot.error is not None:
            raise slot.error
        return slot.result

    def _commit_group(self, batch: list[_Slot]) -> StorageUnavailableError | None:
        """Commit ``batch``, settling each slot. If the store was unreachable, its error for
        every slot still unsettled, and, if a connection check right after finds it still
        down, for the writers queued behind it too (returned)."""
        unavailable = self._commit(batch)
        if unavailable is None:
            return None
        for slot in batch:
            if not slot.settled():
                slot.error = unavailable
        return None if self._answers() else unavailable

    def _answers(self) -> bool:
        """Whether the store answers now (one connection check, bounded by the driver's
        connection timeout): a transaction that gave up just before it came back must not
        fail the writers queued behind it."""
        try:
            self.statements.driver.verify_connectivity()
        except Exception:  # any failure to connect: still unreachable
            return False
        return True

    def _commit(self, batch: list[_Slot]) -> StorageUnavailableError | None:
        """Commit ``batch``; the error if the store was unreachable, None otherwise."""
        if len(batch) == 1:
            return self._commit_alone(batch[0])
        batch.sort(key=lambda s: s.order)
        actions = {s.action for s in batch}  # what an error names: "store memories", or all
        action = actions.pop() if len(actions) == 1 else "write memories"
        try:
            results = self.statements.in_write_tx(action, _group_work(batch))
        except StorageUnavailableError as exc:
            return exc
        except Exception:  # one member's failure is not the others': each retries alone
            for slot in batch:
                slot.alone = True
        else:
            self.groups += 1
            for slot, result in zip(batch, results, strict=True):
                slot.result = result
        return None

    def _commit_alone(self, slot: _Slot) -> StorageUnavailableError | None:
        try:
            slot.result = self.statements.in_write_tx(slot.action, slot.work)
        except StorageUnavailableError as exc:
            return exc
        except Exception as exc:  # handed to the writer's own thread
            slot.error = exc
        return None


def _group_work(batch: list[_Slot]) -> Callable[[neo4j.ManagedTransaction], list[Any]]:
    def work(tx: neo4j.ManagedTransaction) -> list[Any]:
        return [slot.work(tx) for slot in batch]

    return work
