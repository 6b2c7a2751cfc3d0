"""Deleting memories as one transaction of two round trips: lock, re-check, reactivate,
erase, delete, record.

1. ``memory/delete_lock``: lock the memories to delete (id order), then the Dream syntheses
   built on them (their text derives from the deleted text), read only after the lock, then
   read the memories they had replaced. Once they are locked no transition can start pointing
   at them (a transition locks both of its memories) and no synthesis can link to them.
2. ``memory/delete_locked``: lock the memories they had replaced, re-check under the locks
   that each still points at a deleted one and is still retired, and reactivate it; erase the
   deleted memories' text from history (their events become tombstones) and from the context
   keys of the memories indexed with them (services/context_keys.py); delete them with the
   triplets only they asserted and the entities left unmentioned; record a DELETE tombstone
   per memory actually deleted (a concurrent delete that got there first leaves nothing to
   count) and a REACTIVATE event per memory reactivated.

Under group commit the writes queued behind a delete wait for its round trips, so the steps
are two statements, not eight (docs/reliability.md, "The write lane").
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import neo4j

from graphmem.cypher_catalog import query

REACTIVATED_REASON = "its replacement was deleted"


class DeleteMemories:
    """The transaction function of a delete; idempotent in its inputs, so a retry after a
    transient error (a deadlock with a transition) does the same work once."""

    def __init__(self, memory_ids: Sequence[str], actor: str | None) -> None:
        self.ids = sorted(set(memory_ids))
        self.actor = actor

    def __call__(self, tx: neo4j.ManagedTransaction) -> int:
        if not self.ids:
            return 0
        locked = tx.run(query("memory/delete_lock"), ids=self.ids).single(strict=True)
        ids = sorted({*self.ids, *locked["derived"]})
        row = tx.run(
            query("memory/delete_locked"),
            ids=ids,
            replaced=locked["replaced"],
            now=datetime.now(UTC),
            actor=self.actor,
            reason=REACTIVATED_REASON,
        ).single(strict=True)
        return int(row["deleted"])
