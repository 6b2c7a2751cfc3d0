"""Tenant isolation for the REST API and the MCP server (the key itself is checked by
`graphmem.services.auth.authenticate`).

A request names a scope; ``ApiKey.resolve_scope`` refuses ids outside the key (403). A memory
or entity addressed by id is fetched first and, when it lies outside the key, reported exactly
like a missing one (404): a key never learns whether another tenant's id exists.
"""

from __future__ import annotations

from graphmem.domain.graph import EntityRecord
from graphmem.domain.keys import ApiKey
from graphmem.domain.memory import HistoryEvent, MemoryRecord
from graphmem.errors import NotFoundError
from graphmem.memory import Memory


def visible_memory(memory: Memory, key: ApiKey, memory_id: str) -> MemoryRecord:
    record = memory.get(memory_id)
    if not key.can_see(record):
        raise NotFoundError(f"No memory with id {memory_id!r}")
    return record


def visible_history(memory: Memory, key: ApiKey, memory_id: str) -> list[HistoryEvent]:
    events = [e for e in memory.history(memory_id) if key.can_see(e)]
    if not events:
        raise NotFoundError(f"No history for memory id {memory_id!r}")
    return events


def visible_entity(memory: Memory, key: ApiKey, entity_id: str) -> EntityRecord:
    entity = memory.entity(entity_id)
    if not key.can_see(entity):
        raise NotFoundError(f"No entity with id {entity_id!r}")
    return entity
