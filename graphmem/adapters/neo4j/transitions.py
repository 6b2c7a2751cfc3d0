"""Lifecycle transitions as conditional writes: lock both memories, re-check, write.

Exactly one of many concurrent writers retiring the same memory wins; the others see a
non-active memory after taking the lock and write nothing. Both memories get a history event.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import neo4j

from graphmem.cypher_catalog import query
from graphmem.domain.transitions import TransitionOutcome, TransitionRequest

_KINDS = {"merge": "MERGE", "supersede": "SUPERSEDE", "end": "END"}


def _events(req: TransitionRequest, now: datetime) -> list[dict[str, object]]:
    kind = _KINDS[req.action]
    return [
        {
            "id": str(uuid.uuid4()),
            "memory_id": req.old_id,
            "event": kind,
            "at": now,
            "related_memory_id": req.new_id,
            "reason": req.reason,
        },
        {
            "id": str(uuid.uuid4()),
            "memory_id": req.new_id,
            "event": kind,
            "at": now,
            "related_memory_id": req.old_id,
            "reason": req.reason,
        },
    ]


def _apply(tx: neo4j.ManagedTransaction, req: TransitionRequest) -> TransitionOutcome:
    now = datetime.now(UTC)
    tx.run(query("lifecycle/lock_pair"), ids=sorted([req.old_id, req.new_id])).consume()
    row = tx.run(
        query("lifecycle/transition"),
        action=req.action,
        old_id=req.old_id,
        new_id=req.new_id,
        now=now,
        at=req.at,
        reason=req.reason,
        predicates=req.predicates,
        ended=[fact.model_dump() for fact in req.ended],
    ).single()
    if row is None:
        return TransitionOutcome(applied=False, old_state=None)
    if row["applied"]:
        scope = tx.run(query("lifecycle/scope_of"), id=req.new_id).single(strict=True)
        rows = [{**e, **scope.data()} for e in _events(req, now)]
        tx.run(query("history/create_batch"), rows=rows).consume()
    return TransitionOutcome(applied=bool(row["applied"]), old_state=row["old_state"])


def apply_only(tx: neo4j.ManagedTransaction, req: TransitionRequest) -> TransitionOutcome:
    """Apply the transition if it is still eligible, in the caller's transaction; a lost race
    is not recorded (Dream re-reads its groups on the next run)."""
    return _apply(tx, req)


def apply_or_record(tx: neo4j.ManagedTransaction, req: TransitionRequest) -> TransitionOutcome:
    """Apply the transition, or record on the new memory that it lost its race (history shows
    every outcome), in the caller's transaction."""
    outcome = _apply(tx, req)
    if not outcome.applied and req.action != "end":  # an end with nothing left ends nothing
        _record_lost_race(tx, req, outcome.old_state)
    return outcome


def _record_lost_race(
    tx: neo4j.ManagedTransaction, req: TransitionRequest, old_state: str | None
) -> None:
    event = {
        "id": str(uuid.uuid4()),
        "memory_id": req.new_id,
        "event": _KINDS[req.action],
        "at": datetime.now(UTC),
        "related_memory_id": req.old_id,
        "reason": f"not applied: target was {old_state or 'gone'} (lost race)",
    }
    scope = tx.run(query("lifecycle/scope_of"), id=req.new_id).single()
    if scope is not None:
        event.update(scope.data())
    tx.run(query("history/create_batch"), rows=[event]).consume()
