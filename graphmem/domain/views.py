"""Lifecycle views: which states a read shows, and which state a memory was in at a
reference date. ``get_all`` lists the view's states; search fetches candidates in them (every
state when it looks back to a reference date) and shows a gated memory only if its state at
that date is in the view."""

from __future__ import annotations

from datetime import datetime

from graphmem.domain.memory import LifecycleState, MemoryRecord

DEFAULT_VIEW = (LifecycleState.ACTIVE, LifecycleState.SUPERSEDED)


def states_for(latest_only: bool, include_merged: bool) -> tuple[LifecycleState, ...]:
    """Default: active and superseded, merged hidden; ``latest_only``: active only;
    ``include_merged``: everything. ``latest_only`` wins when both are set."""
    if latest_only:
        return (LifecycleState.ACTIVE,)
    if include_merged:
        return tuple(LifecycleState)
    return DEFAULT_VIEW


def visible(state: LifecycleState, latest_only: bool, include_merged: bool) -> bool:
    return state in states_for(latest_only, include_merged)


def fetch_states(
    latest_only: bool, include_merged: bool, reference_date: datetime | None
) -> list[str]:
    """Which stored states a search's candidate sources may return. With a reference date a
    memory retired later was current then, so every state is fetched and judged at that
    date (:func:`state_at`)."""
    if reference_date is not None:
        return [s.value for s in LifecycleState]
    return [s.value for s in states_for(latest_only, include_merged)]


def state_at(
    memory: MemoryRecord, replaced_at: datetime | None, reference: datetime | None
) -> LifecycleState:
    """The memory's state at ``reference``: a memory retired after it was active then."""
    if memory.lifecycle_state == LifecycleState.ACTIVE or reference is None:
        return memory.lifecycle_state
    if replaced_at is not None and replaced_at > reference:
        return LifecycleState.ACTIVE
    return memory.lifecycle_state


def observed_by(memory: MemoryRecord, reference: datetime | None) -> bool:
    return reference is None or memory.observed_at <= reference
