"""``/v1/memories``: add, list, read, update, delete, history, supersede and merge."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query

from api import cursor
from api.auth import visible_history, visible_memory
from api.deps import ApiKeyDep, MemoryDep
from api.errors import COMMON_RESPONSES, CONFLICT, LLM_FAILED, NOT_FOUND
from api.schemas import (
    DeletedPublic,
    ErrorPublic,
    HistoryPublic,
    MemoriesPublic,
    MemoryCreate,
    MemoryListQuery,
    MemoryPublic,
    MemoryUpdate,
    ScopeQuery,
    TransitionCreate,
)
from graphmem.domain.keys import ApiKey
from graphmem.domain.results import AddResult
from graphmem.errors import ValidationError
from graphmem.memory import Memory

IMMUTABLE: dict[int | str, dict[str, Any]] = {
    409: {"model": ErrorPublic, "description": "The memory is immutable: send force=true"}
}


def actor_of(key: ApiKey) -> str:
    """Who made a change, as recorded in history: the API key's id, never its secret."""
    return f"api-key:{key.id}"


router = APIRouter(prefix="/v1/memories", tags=["memories"], responses=COMMON_RESPONSES)


@router.post("", response_model=AddResult, responses=LLM_FAILED)
def add_memories(body: MemoryCreate, memory: MemoryDep, key: ApiKeyDep) -> AddResult:
    """Store a conversation (``Memory.add``): events and lifecycle transitions per memory."""
    scope = key.resolve_scope(body.user_id, body.agent_id, body.run_id)
    messages = body.model_dump(include={"messages"})["messages"]
    relations = [r.model_dump() for r in body.relations] if body.relations else None
    return memory.add(
        messages,
        **scope,
        metadata=body.metadata,
        timestamp=body.timestamp,
        infer=body.infer,
        immutable=body.immutable,
        exclude_from_dream=body.exclude_from_dream,
        relations=relations,
    )


@router.get("")
def list_memories(
    query: Annotated[MemoryListQuery, Query()], memory: MemoryDep, key: ApiKeyDep
) -> MemoriesPublic:
    """Memories of a scope, newest first; pass ``next_cursor`` back as ``cursor``."""
    scope = key.resolve_scope(query.user_id, query.agent_id, query.run_id)
    page = memory.get_all(
        **scope,
        limit=query.limit,
        latest_only=query.latest_only,
        include_merged=query.include_merged,
        cursor=cursor.decode(query.cursor),
        filters=query.parsed_filters(),
    )
    return MemoriesPublic(
        results=[MemoryPublic.of(m) for m in key.visible(page)],
        next_cursor=cursor.next_cursor(page, query.limit),
    )


@router.delete("")
def delete_scope(
    query: Annotated[ScopeQuery, Query()], memory: MemoryDep, key: ApiKeyDep
) -> DeletedPublic:
    """Delete every memory of one scope, named explicitly (at least one scope id; a scope
    spanning users needs an admin key)."""
    if query.user_id is None and query.agent_id is None and query.run_id is None:
        raise ValidationError("bulk delete needs an explicit user_id, agent_id or run_id")
    scope = key.resolve_scope(query.user_id, query.agent_id, query.run_id)
    key.check_bulk_delete(scope)
    return DeletedPublic(deleted=memory.delete_all(**scope, actor=actor_of(key)))


@router.get("/{memory_id}", responses=NOT_FOUND)
def get_memory(memory_id: str, memory: MemoryDep, key: ApiKeyDep) -> MemoryPublic:
    return MemoryPublic.of(visible_memory(memory, key, memory_id))


@router.put("/{memory_id}", responses={**NOT_FOUND, **IMMUTABLE})
def update_memory(
    memory_id: str, body: MemoryUpdate, memory: MemoryDep, key: ApiKeyDep
) -> MemoryPublic:
    """Change the text (re-embedded and re-extracted; the old text stays in history until a
    delete) and/or the metadata. An immutable memory needs ``force: true`` (409 otherwise)."""
    visible_memory(memory, key, memory_id)
    changed = memory.update(
        memory_id,
        text=body.text,
        metadata=body.metadata,
        force=body.force,
        actor=actor_of(key),
    )
    return MemoryPublic.of(changed)


@router.delete("/{memory_id}", responses=NOT_FOUND)
def delete_memory(memory_id: str, memory: MemoryDep, key: ApiKeyDep) -> DeletedPublic:
    """Delete the memory and erase its text; its history keeps a tombstone."""
    visible_memory(memory, key, memory_id)
    memory.delete(memory_id, actor=actor_of(key))
    return DeletedPublic(deleted=1)


@router.get("/{memory_id}/history", responses=NOT_FOUND)
def memory_history(memory_id: str, memory: MemoryDep, key: ApiKeyDep) -> HistoryPublic:
    """Every event of a memory, oldest first (kept after deletion)."""
    return HistoryPublic(results=visible_history(memory, key, memory_id))


@router.post("/{memory_id}/supersede", responses={**NOT_FOUND, **CONFLICT})
def supersede_memory(
    memory_id: str, body: TransitionCreate, memory: MemoryDep, key: ApiKeyDep
) -> MemoryPublic:
    """Mark the memory superseded by ``new_memory_id`` (409 if it is no longer active)."""
    return _transition("supersede", memory_id, body, memory, key)


@router.post("/{memory_id}/merge", responses={**NOT_FOUND, **CONFLICT})
def merge_memory(
    memory_id: str, body: TransitionCreate, memory: MemoryDep, key: ApiKeyDep
) -> MemoryPublic:
    """Mark the memory merged into ``new_memory_id`` (409 if it is no longer active)."""
    return _transition("merge", memory_id, body, memory, key)


def _transition(
    action: Literal["supersede", "merge"],
    memory_id: str,
    body: TransitionCreate,
    memory: Memory,
    key: ApiKey,
) -> MemoryPublic:
    old = visible_memory(memory, key, memory_id)
    visible_memory(memory, key, body.new_memory_id)
    change = memory.supersede if action == "supersede" else memory.merge
    change(
        memory_id,
        body.new_memory_id,
        body.reason,
        user_id=old.user_id,
        agent_id=old.agent_id,
        run_id=old.run_id,
    )
    return MemoryPublic.of(memory.get(memory_id))
