"""Python clients for the graphmem REST API: ``GraphMemClient`` (sync) and
``AsyncGraphMemClient``, mirroring ``Memory`` over HTTP and raising the same error tree.

Each method is described once in `graphmem.client_calls` (method, path, query, body, how to
parse the answer); `graphmem.client_http` sends it, and closes, the sync or the async way.
"""

from __future__ import annotations

from typing import Any

import httpx
from typing_extensions import Unpack

from graphmem.client_calls import (
    AddOptions,
    ListOptions,
    SearchOptions,
    add_call,
    delete_all_call,
    delete_call,
    entities_call,
    get_call,
    history_call,
    list_call,
    relations_call,
    scope_params,
    search_call,
    transition_call,
    update_call,
)
from graphmem.client_http import DEFAULT_URL, AsyncHttp, SyncHttp
from graphmem.domain.graph import EntityRecord, TripletRecord
from graphmem.domain.memory import HistoryEvent, MemoryRecord
from graphmem.domain.results import AddResult
from graphmem.domain.search import SearchResult

__all__ = ["AddOptions", "AsyncGraphMemClient", "GraphMemClient", "ListOptions", "SearchOptions"]


class GraphMemClient(SyncHttp):
    """The REST API as a synchronous Python object. Pass ``http_client`` to reuse a configured
    ``httpx.Client`` (its ``base_url`` is then used as is)."""

    def __init__(
        self,
        base_url: str = DEFAULT_URL,
        api_key: str | None = None,
        *,
        timeout: float = 60.0,
        http_client: httpx.Client | None = None,
    ) -> None:
        super().__init__(base_url, api_key, timeout, http_client)

    def add(
        self,
        messages: Any,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        **options: Unpack[AddOptions],
    ) -> AddResult:
        """``Memory.add``; options: metadata, timestamp, infer, immutable,
        exclude_from_dream, relations."""
        return self._run(add_call(messages, scope_params(user_id, agent_id, run_id), options))

    def get(self, memory_id: str) -> MemoryRecord:
        return self._run(get_call(memory_id))

    def get_all(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        **options: Unpack[ListOptions],
    ) -> list[MemoryRecord]:
        """One page (options: limit, latest_only, include_merged, cursor)."""
        return self.get_page(user_id=user_id, agent_id=agent_id, run_id=run_id, **options)[0]

    def get_page(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        **options: Unpack[ListOptions],
    ) -> tuple[list[MemoryRecord], str | None]:
        """One page and the cursor of the next (None on the last page)."""
        return self._run(list_call(scope_params(user_id, agent_id, run_id), options))

    def search(
        self,
        query: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        **options: Unpack[SearchOptions],
    ) -> SearchResult:
        """``Memory.search``; options: top_k, threshold, latest_only, include_merged,
        reference_date, explain."""
        return self._run(search_call(query, scope_params(user_id, agent_id, run_id), options))

    def update(
        self,
        memory_id: str,
        text: str | None = None,
        metadata: dict[str, Any] | None = None,
        *,
        force: bool = False,
    ) -> MemoryRecord:
        return self._run(update_call(memory_id, text, metadata, force))

    def delete(self, memory_id: str) -> None:
        self._run(delete_call(memory_id))

    def delete_all(
        self, *, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None
    ) -> int:
        return self._run(delete_all_call(scope_params(user_id, agent_id, run_id)))

    def history(self, memory_id: str) -> list[HistoryEvent]:
        return self._run(history_call(memory_id))

    def supersede(self, old_id: str, new_id: str, reason: str | None = None) -> None:
        self._run(transition_call("supersede", old_id, new_id, reason))

    def merge(self, old_id: str, new_id: str, reason: str | None = None) -> None:
        self._run(transition_call("merge", old_id, new_id, reason))

    def entities(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        limit: int = 100,
    ) -> list[EntityRecord]:
        return self._run(entities_call(scope_params(user_id, agent_id, run_id), limit))

    def entity_relations(self, entity_id: str, *, limit: int = 100) -> list[TripletRecord]:
        return self._run(relations_call(entity_id, limit))


class AsyncGraphMemClient(AsyncHttp):
    """The same API for asyncio code (``await client.add(...)``)."""

    def __init__(
        self,
        base_url: str = DEFAULT_URL,
        api_key: str | None = None,
        *,
        timeout: float = 60.0,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        super().__init__(base_url, api_key, timeout, http_client)

    async def add(
        self,
        messages: Any,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        **options: Unpack[AddOptions],
    ) -> AddResult:
        return await self._run(add_call(messages, scope_params(user_id, agent_id, run_id), options))

    async def get(self, memory_id: str) -> MemoryRecord:
        return await self._run(get_call(memory_id))

    async def get_all(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        **options: Unpack[ListOptions],
    ) -> list[MemoryRecord]:
        page = await self.get_page(user_id=user_id, agent_id=agent_id, run_id=run_id, **options)
        return page[0]

    async def get_page(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        **options: Unpack[ListOptions],
    ) -> tuple[list[MemoryRecord], str | None]:
        return await self._run(list_call(scope_params(user_id, agent_id, run_id), options))

    async def search(
        self,
        query: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        **options: Unpack[SearchOptions],
    ) -> SearchResult:
        return await self._run(search_call(query, scope_params(user_id, agent_id, run_id), options))

    async def update(
        self,
        memory_id: str,
        text: str | None = None,
        metadata: dict[str, Any] | None = None,
        *,
        force: bool = False,
    ) -> MemoryRecord:
        return await self._run(update_call(memory_id, text, metadata, force))

    async def delete(self, memory_id: str) -> None:
        await self._run(delete_call(memory_id))

    async def delete_all(
        self, *, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None
    ) -> int:
        return await self._run(delete_all_call(scope_params(user_id, agent_id, run_id)))

    async def history(self, memory_id: str) -> list[HistoryEvent]:
        return await self._run(history_call(memory_id))

    async def supersede(self, old_id: str, new_id: str, reason: str | None = None) -> None:
        await self._run(transition_call("supersede", old_id, new_id, reason))

    async def merge(self, old_id: str, new_id: str, reason: str | None = None) -> None:
        await self._run(transition_call("merge", old_id, new_id, reason))

    async def entities(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        limit: int = 100,
    ) -> list[EntityRecord]:
        return await self._run(entities_call(scope_params(user_id, agent_id, run_id), limit))

    async def entity_relations(self, entity_id: str, *, limit: int = 100) -> list[TripletRecord]:
        return await self._run(relations_call(entity_id, limit))
