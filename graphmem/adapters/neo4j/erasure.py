"""Deleting memories as one transaction: lock, re-check, reactivate, erase, delete, record.

1. Lock the memories to delete (``lifecycle/lock_pair``, id order), then the Dream syntheses
   built on them (their text derives from the deleted text), read only after the lock. Once
   they are locked no transition can start pointing at them (a transition locks both of its
   memories) and no synthesis can link to them.
2. Lock the memories they had replaced, re-check under the locks that each still points at a
   deleted one and is still retired, reactivate it and record a REACTIVATE event.
3. Erase the deleted memories' text from history (their events become tombstones) and from
   the context keys of the memories indexed with them (services/context_keys.py), delete
   them with the triplets only they asserted and the entities left unmentioned, and record a
   DELETE tombstone per memory actually deleted (a concurrent delete that got there first
   leaves nothing to count).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import neo4j

from graphmem.cypher_catalog import query

REACTIVATED_REASON = "its replacement was deleted"


def _run(tx: neo4j.ManagedTransaction, name: str, **params: Any) -> list[neo4j.Record]:
    return list(tx.run(query(name), params))


def _lock(tx: neo4j.ManagedTransaction, ids: list[str]) -> None:
    if ids:
        _run(tx, "lifecycle/lock_pair", ids=ids)


def _new(rows: list[neo4j.Record], known: list[str]) -> list[str]:
    return sorted({r["id"] for r in rows} - set(known))


def _event(row: neo4j.Record, kind: str, now: datetime, actor: str | None) -> dict[str, Any]:
    return {
        "id": str(uuid.uuid4()),
        "memory_id": row["id"],
        "event": kind,
        "at": now,
        "actor": actor,
        "user_id": row["user_id"],
        "agent_id": row["agent_id"],
        "run_id": row["run_id"],
    }


class DeleteMemories:
    """The transaction function of a delete; idempotent in its inputs, so a retry after a
    transient error (a deadlock with a transition) does the same work once."""

    def __init__(self, memory_ids: Sequence[str], actor: str | None) -> None:
        self.ids = sorted(set(memory_ids))
        self.actor = actor

    def __call__(self, tx: neo4j.ManagedTransaction) -> int:
        now = datetime.now(UTC)
        # What depends on a memory is read only after the memory is locked, so nothing can
        # start depending on it unseen; each set is locked in id order.
        _lock(tx, self.ids)
        derived = _new(_run(tx, "memory/syntheses_of", ids=self.ids), self.ids)
        _lock(tx, derived)
        ids = sorted({*self.ids, *derived})
        _lock(tx, _new(_run(tx, "memory/replaced_by", ids=ids), ids))
        reactivated = _run(tx, "memory/reactivate_replaced", ids=ids, now=now)
        _run(tx, "history/erase_for_memories", ids=ids, now=now)
        _run(tx, "memory/erase_keys_of", ids=ids)
        deleted = _run(tx, "memory/delete_batch", ids=ids)
        events = [_event(r, "DELETE", now, self.actor) for r in deleted]
        events += [
            {
                **_event(r, "REACTIVATE", now, self.actor),
                "related_memory_id": r["replaced_by"],
                "reason": REACTIVATED_REASON,
            }
            for r in reactivated
        ]
        if events:
            _run(tx, "history/create_batch", rows=events)
        return len(deleted)
