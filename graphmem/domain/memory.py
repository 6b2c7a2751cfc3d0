"""Memories, their lifecycle and their history."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field


class LifecycleState(StrEnum):
    ACTIVE = "active"
    MERGED = "merged"
    SUPERSEDED = "superseded"


class MemoryRecord(BaseModel):
    id: str
    text: str
    hash: str
    user_id: str | None = None
    agent_id: str | None = None
    run_id: str | None = None
    actor: str | None = None
    role: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
    created_at: datetime
    updated_at: datetime
    observed_at: datetime
    event_date: datetime | None = None
    lifecycle_state: LifecycleState = LifecycleState.ACTIVE
    replacement_memory_id: str | None = None
    immutable: bool = False
    # Frozen: never merged, superseded or consolidated by anyone (add-time lifecycle, Dream,
    # explicit merge/supersede); still updatable and deletable. docs/lifecycle.md
    exclude_from_dream: bool = False
    synthesized: bool = False
    key_text: str | None = None  # what it was indexed with: previous turns, then its own
    # memories it was linked to when written: its context's turns, then memories sharing
    # entities with it (settings.indexing.linked_memories)
    linked_memory_ids: list[str] = Field(default_factory=list)


class HistoryEventKind(StrEnum):
    ADD = "ADD"
    UPDATE = "UPDATE"
    DELETE = "DELETE"
    MERGE = "MERGE"
    SUPERSEDE = "SUPERSEDE"
    REACTIVATE = "REACTIVATE"  # its replacement was deleted: active again
    END = "END"  # facts of it ended, told by a later memory; it stays current


class HistoryEvent(BaseModel):
    """One change to a memory. Once the memory is deleted its events are tombstones: ids,
    times, the action, the scope and the actor stay; text and reasons are erased
    (``erased_at``)."""

    id: str
    memory_id: str
    event: HistoryEventKind
    old_text: str | None = None
    new_text: str | None = None
    at: datetime
    related_memory_id: str | None = None
    reason: str | None = None
    actor: str | None = None  # who asked for the change (e.g. "api-key:<id>"), when known
    erased_at: datetime | None = None
    user_id: str | None = None
    agent_id: str | None = None
    run_id: str | None = None
