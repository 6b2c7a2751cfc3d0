from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

from pydantic import BaseModel

from graphmem.domain.filters import MemoryFilter
from graphmem.domain.memory import MemoryRecord


class StateFact(BaseModel):
    """One memory asserting a state triplet (``user lives_in Paris``), with its lifecycle."""

    memory_id: str
    state: str
    observed_at: datetime
    replaced_at: datetime | None = None
    source_id: str
    source: str
    predicate: str
    target_id: str
    target: str


class RelationRow(BaseModel):
    """One current triplet between two entities (role resolution follows these)."""

    id: str
    source_id: str
    source: str
    predicate: str
    target_id: str
    target: str
    fact: str | None = None
    memory_ids: list[str] = []


class SearchStore(Protocol):
    """The index-backed candidate sources and the exact-cosine gate."""

    def scope_keys(self, scope: dict[str, str | None], states: list[str]) -> dict[str, int]: ...
    def memory_vector_exact(
        self,
        scope_keys: list[str],
        vector: list[float],
        states: list[str],
        before: datetime | None,
        k: int,
    ) -> dict[str, float]: ...
    def memory_vector_index(
        self,
        user_id: str,
        scope_keys: list[str],
        vector: list[float],
        states: list[str],
        before: datetime | None,
        k: int,
    ) -> dict[str, float]: ...
    def memory_fulltext(
        self, lucene: str, key_lucene: str, states: list[str], before: datetime | None, k: int
    ) -> dict[str, float]: ...
    def triplet_vector(self, owner: str, vector: list[float], k: int) -> list[dict[str, Any]]: ...
    def triplet_fulltext(self, lucene: str, k: int) -> list[dict[str, Any]]: ...
    def entities_by_name(self, lucene: str, k: int) -> list[dict[str, Any]]: ...
    def entities_by_key(self, keys: list[str]) -> list[dict[str, Any]]: ...
    def entities_by_vector(
        self, owner: str, vector: list[float], k: int
    ) -> list[dict[str, Any]]: ...
    def expand(self, seeds: list[str], depth: int) -> list[dict[str, Any]]: ...
    def entity_relations(self, entity_ids: list[str]) -> list[RelationRow]: ...
    def state_facts(self, owner: str, predicates: list[str]) -> list[StateFact]: ...
    def memory_vector_window(
        self,
        scope_keys: list[str],
        windows: list[tuple[datetime, datetime]],
        vector: list[float],
        states: list[str],
        before: datetime | None,
        k: int,
    ) -> dict[str, float]: ...
    def gate(
        self,
        ids: list[str],
        vector: list[float],
        scope_keys: list[str],
        memory_filter: MemoryFilter = ...,
    ) -> list[dict[str, Any]]: ...
    def linked(
        self, ids: list[str], scope_keys: list[str], states: list[str]
    ) -> list[MemoryRecord]: ...
    def record_access(self, ids: list[str], now: datetime) -> None: ...
