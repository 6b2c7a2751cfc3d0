"""Lifecycle views shared by get_all and search."""

from __future__ import annotations

from graphmem.domain.memory import LifecycleState

DEFAULT_VIEW = (LifecycleState.ACTIVE, LifecycleState.SUPERSEDED)


def states_for(latest_only: bool, include_merged: bool) -> tuple[LifecycleState, ...]:
    """Default: active and superseded, merged hidden; ``latest_only``: active only;
    ``include_merged``: everything. ``latest_only`` wins when both are set."""
    if latest_only:
        return (LifecycleState.ACTIVE,)
    if include_merged:
        return tuple(LifecycleState)
    return DEFAULT_VIEW
