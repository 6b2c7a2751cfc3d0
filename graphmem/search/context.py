"""Everything one search needs, resolved once: query vector, scopes, views, pool size."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict

from graphmem.domain.memory import LifecycleState
from graphmem.domain.scope import Scope, owner_scope


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

    @property
    def owner(self) -> Scope:
        """Whose graph (entities, triplets) the search reads: the filter's user, else its
        agent, else its run. Run and agent filters narrow the memories at the gate."""
        scope = self.scope
        return owner_scope(scope.get("user_id"), scope.get("agent_id"), scope.get("run_id"))


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
