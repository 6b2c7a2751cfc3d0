"""Lifecycle and time: which state a memory was in at the reference date, and whether the
requested view shows it. A memory retired after the reference date was current then."""

from __future__ import annotations

from datetime import datetime

from graphmem.domain.memory import LifecycleState, MemoryRecord


def state_at(
    memory: MemoryRecord, replaced_at: datetime | None, reference: datetime | None
) -> LifecycleState:
    if memory.lifecycle_state == LifecycleState.ACTIVE or reference is None:
        return memory.lifecycle_state
    if replaced_at is not None and replaced_at > reference:
        return LifecycleState.ACTIVE
    return memory.lifecycle_state


def visible(state: LifecycleState, latest_only: bool, include_merged: bool) -> bool:
    if latest_only:
        return state == LifecycleState.ACTIVE
    return include_merged or state != LifecycleState.MERGED


def observed_by(memory: MemoryRecord, reference: datetime | None) -> bool:
    return reference is None or memory.observed_at <= reference
