from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol


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
        self, lucene: str, states: list[str], before: datetime | None, k: int
    ) -> dict[str, float]: ...
    def triplet_vector(
        self, owner: str, user_id: str | None, vector: list[float], k: int
    ) -> list[dict[str, Any]]: ...
    def triplet_fulltext(self, lucene: str, k: int) -> list[dict[str, Any]]: ...
    def entities_by_name(self, lucene: str, k: int) -> list[dict[str, Any]]: ...
    def entities_by_key(self, keys: list[str]) -> list[dict[str, Any]]: ...
    def entities_by_vector(
        self, owner: str, vector: list[float], k: int
    ) -> list[dict[str, Any]]: ...
    def expand(self, seeds: list[str], depth: int) -> list[dict[str, Any]]: ...
    def gate(
        self, ids: list[str], vector: list[float], scope_keys: list[str]
    ) -> list[dict[str, Any]]: ...
    def record_access(self, ids: list[str], now: datetime) -> None: ...
