"""Reading memories back: one, a scope's list, and a memory's history."""

from __future__ import annotations

from datetime import datetime

from graphmem.domain.filters import NO_FILTER, MemoryFilter
from graphmem.domain.memory import HistoryEvent, MemoryRecord
from graphmem.domain.views import states_for
from graphmem.errors import NotFoundError, ValidationError
from graphmem.ports.store import MemoryStore, ScopeFilter
from graphmem.services.inputs import check_limit, memory_id_of

MAX_LIMIT = 1000


def get_memory(store: MemoryStore, memory_id: str, scope: ScopeFilter) -> MemoryRecord:
    memory = store.get(memory_id_of(memory_id), scope)
    if memory is None:
        raise NotFoundError(f"No memory with id {memory_id!r}")
    return memory


def list_memories(
    store: MemoryStore,
    scope: ScopeFilter,
    *,
    limit: int = 100,
    latest_only: bool = False,
    include_merged: bool = False,
    cursor: tuple[datetime, str] | None = None,
    memory_filter: MemoryFilter = NO_FILTER,
) -> list[MemoryRecord]:
    if not any(scope.values()):
        raise ValidationError("get_all needs at least one of user_id, agent_id, run_id")
    limit = check_limit(limit, MAX_LIMIT)
    states = states_for(latest_only, include_merged)
    return store.list(scope, states, limit, cursor, memory_filter)


def memory_history(store: MemoryStore, memory_id: str, scope: ScopeFilter) -> list[HistoryEvent]:
    """Events of one memory whose scope ids match every given scope id."""
    events = [e for e in store.history(memory_id) if _in_scope(e, scope)]
    if not events:
        raise NotFoundError(f"No history for memory id {memory_id!r}")
    return events


def _in_scope(event: HistoryEvent, scope: ScopeFilter) -> bool:
    return all(value is None or getattr(event, key) == value for key, value in scope.items())
