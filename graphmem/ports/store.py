from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, Protocol

from graphmem.domain.extraction import KnownEntity
from graphmem.domain.filters import MemoryFilter
from graphmem.domain.graph import TripletRecord
from graphmem.domain.memory import HistoryEvent, LifecycleState, MemoryRecord
from graphmem.domain.relatives import RelativeHolders, RelativeQuestion
from graphmem.domain.results import Transition
from graphmem.domain.scope import Scope, ScopeFilter
from graphmem.domain.transitions import CandidateRead, TransitionOutcome, TransitionRequest
from graphmem.domain.writes import MemoryChange, WriteOutcome, WritePlan


class LifecycleView(Protocol):
    """What lifecycle decisions read and write; inside an add, a view of its transaction."""

    def candidates_many(self, read: CandidateRead) -> dict[str, list[dict[str, Any]]]: ...
    def triplet_hits(self, memory_ids: Sequence[str]) -> dict[str, list[TripletRecord]]: ...
    def transition(self, request: TransitionRequest) -> TransitionOutcome: ...


# Run by write_plan after the add's writes, in the same transaction: (view, created ids) ->
# the transitions decided and written.
LifecycleStep = Callable[[LifecycleView, list[str]], list[Transition]]


class MemoryStore(Protocol):
    """Memories, entities, triplets and history, scoped by user / agent / run ids."""

    def write_plan(
        self, plan: WritePlan, *, lifecycle: LifecycleStep | None = ...
    ) -> WriteOutcome: ...
    def find_duplicates(self, scope: Scope, hashes: Sequence[str]) -> dict[str, str]: ...
    def existing_entity_keys(self, keys: Sequence[str]) -> set[str]: ...
    def known_entities_in(self, scope: Scope, names: Sequence[str]) -> list[KnownEntity]:
        """The owner's entities (name and type) among these normalised ``names``."""
        ...

    def relative_holders(
        self, scope: Scope, questions: Sequence[RelativeQuestion]
    ) -> list[RelativeHolders]:
        """Per question, in order: the named holders of a one-holder relation of a person,
        and whether its unnamed holder is stored (services/relatives.py)."""
        ...

    def get(self, memory_id: str, scope: ScopeFilter) -> MemoryRecord | None: ...
    def list(
        self,
        scope: ScopeFilter,
        states: Sequence[LifecycleState],
        limit: int,
        cursor: tuple[datetime, str] | None = ...,
        memory_filter: MemoryFilter = ...,
    ) -> list[MemoryRecord]: ...
    def triplets_for(self, memory_ids: Sequence[str]) -> list[TripletRecord]: ...
    def history(self, memory_id: str) -> list[HistoryEvent]: ...
    def similar_active_many(
        self,
        scope: Scope,
        vectors: Sequence[list[float]],
        k: int,
        exclude: Sequence[str] = ...,
        *,
        exact_scan_max: int | None = ...,
    ) -> list[list[dict[str, Any]]]: ...
    def recent_texts(self, scope: Scope, limit: int) -> list[str]: ...
    def recent_turns(self, scope: Scope, limit: int) -> list[tuple[str, str | None, str]]: ...
    def transition(self, request: TransitionRequest) -> TransitionOutcome: ...
    def ids_in_scope(self, scope: ScopeFilter) -> list[str]: ...
    def update(self, change: MemoryChange) -> MemoryRecord | None: ...
    def delete(self, memory_ids: Sequence[str], actor: str | None = ...) -> int: ...
    def reset(self) -> None: ...
