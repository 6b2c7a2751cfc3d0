"""Explicit lifecycle changes requested by a caller (the API's merge / supersede)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

from graphmem.domain.transitions import TransitionRequest
from graphmem.errors import LifecycleConflictError, ValidationError
from graphmem.ports.store import MemoryStore, ScopeFilter
from graphmem.services.reads import get_memory


def request_transition(
    store: MemoryStore,
    action: Literal["merge", "supersede"],
    old_id: str,
    new_id: str,
    scope: ScopeFilter,
    reason: str | None = None,
) -> None:
    """Retire ``old_id`` in favour of ``new_id`` if it is still active; a memory that is no
    longer active (a lost race, or retired before) raises LifecycleConflictError."""
    if old_id == new_id:
        raise ValidationError("a memory cannot replace itself")
    old = get_memory(store, old_id, scope)
    new = get_memory(store, new_id, scope)
    if (old.user_id, old.agent_id, old.run_id) != (new.user_id, new.agent_id, new.run_id):
        raise ValidationError("both memories must belong to the same scope")
    outcome = store.transition(
        TransitionRequest(
            action=action,
            old_id=old_id,
            new_id=new_id,
            reason=reason or f"requested {action}",
            at=new.observed_at if action == "supersede" else datetime.now(UTC),
        )
    )
    if not outcome.applied:
        raise LifecycleConflictError(
            f"Cannot {action} memory {old_id!r}: it is {outcome.old_state or 'gone'}, "
            "or one of the two memories is immutable or excluded"
        )
