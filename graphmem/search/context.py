"""Everything one search needs, resolved once: query vector, scopes, views, how many
candidates each signal fetches, the memory filter and the time plan."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from graphmem.domain.filters import NO_FILTER, MemoryFilter
from graphmem.domain.scope import SELF_ENTITY, Scope, owner_scope
from graphmem.search.time_plan import TemporalPlan


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
    per_signal_k: int  # candidates each signal fetches
    threshold: float
    latest_only: bool
    include_merged: bool
    explain: bool
    # Metadata and date ranges: applied by the gate, and by the semantic signal's exact scan.
    memory_filter: MemoryFilter = NO_FILTER
    # Set once the query's time intent is read (before the signals run).
    time_plan: TemporalPlan = Field(default_factory=TemporalPlan)
    # A set question's category ("European countries", graphmem/search/sets.py) and its
    # vector, embedded with the query; None / empty for any other query.
    category: str | None = None
    category_vector: list[float] = Field(default_factory=list)
    # Who "I" is: normalised entity names (graphmem/search/self_names.py), read before the
    # time plan and the role resolution.
    self_names: list[str] = Field(default_factory=lambda: [SELF_ENTITY])
    # The state predicates the query is about by meaning (graphmem/search/state_topics.py;
    # of a question about one named person, as if asked of oneself): for ended facts.
    topics: frozenset[str] = frozenset()

    @property
    def before(self) -> datetime | None:
        return self.reference_date

    @property
    def owner(self) -> Scope:
        """Whose graph (entities, triplets) the search reads: the filter's user, else its
        agent, else its run. Run and agent filters narrow the memories at the gate."""
        scope = self.scope
        return owner_scope(scope.get("user_id"), scope.get("agent_id"), scope.get("run_id"))
