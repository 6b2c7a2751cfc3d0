"""Everything one search needs, resolved once: query vector, scopes, views, pool size."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict

from graphmem.domain.memory import LifecycleState


class SearchContext(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    query: str
    vector: list[float]
    scope: dict[str, str | None]
    scope_keys: list[str]
    scope_size: int
    fetch_states: list[str]
    reference_date: datetime | None
    top_k: int
    pool: int
    threshold: float
    latest_only: bool
    include_merged: bool
    explain: bool

    @property
    def before(self) -> datetime | None:
        return self.reference_date


def fetch_states(
    latest_only: bool, include_merged: bool, reference_date: datetime | None
) -> list[str]:
    """Which stored states a candidate source may return. With a reference date a memory
    retired later was current then, so retired ones are fetched and judged at that date."""
    if include_merged or reference_date is not None:
        return [s.value for s in LifecycleState]
    if latest_only:
        return [LifecycleState.ACTIVE.value]
    return [LifecycleState.ACTIVE.value, LifecycleState.SUPERSEDED.value]
