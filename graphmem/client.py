"""Python clients for the graphmem REST API: ``GraphMemClient`` (sync) and
``AsyncGraphMemClient``, mirroring ``Memory`` over HTTP and raising the same error tree.

Each method is described once, as a ``_Call`` (method, path, query, body, how to parse the
answer); the two clients only differ in how they send it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, Generic, Self, TypedDict, TypeVar
from urllib.parse import quote

import httpx
from typing_extensions import Unpack

from graphmem.domain.graph import EntityRecord, TripletRecord
from graphmem.domain.memory import HistoryEvent, MemoryRecord
from graphmem.domain.results import AddResult
from graphmem.domain.search import SearchResult
from graphmem.errors import (
    AuthError,
    GraphMemError,
    LifecycleConflictError,
    LLMError,
    NotFoundError,
    PermissionDeniedError,
    StorageUnavailableError,
    ValidationError,
)

__all__ = ["AddOptions", "AsyncGraphMemClient", "GraphMemClient", "ListOptions", "SearchOptions"]

T = TypeVar("T")
DEFAULT_URL = "http://127.0.0.1:8000"
_ERRORS: dict[int, type[GraphMemError]] = {
    401: AuthError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: LifecycleConflictError,
    413: ValidationError,
    422: ValidationError,
    502: LLMError,
    503: StorageUnavailableError,
}


class AddOptions(TypedDict, total=False):
    metadata: dict[str, Any] | None
    timestamp: str | int | float | None
    infer: bool
    immutable: bool
    exclude_from_dream: bool
    relations: list[dict[str, str]] | None


class ListOptions(TypedDict, total=False):
    limit: int
    latest_only: bool
    include_merged: bool
    cursor: str | None


class SearchOptions(TypedDict, total=False):
    top_k: int
    threshold: float | None
    latest_only: bool
    include_merged: bool
    reference_date: str | int | float | None
    explain: bool


@dataclass(frozen=True)
class _Call(Generic[T]):
    method: str
    path: str
    parse: Callable[[Any], T]
    params: dict[str, Any] = field(default_factory=dict)
    body: dict[str, Any] | None = None

    def request(
        self, client: httpx.Client | httpx.AsyncClient, headers: dict[str, str]
    ) -> httpx.Request:
        params = {k: v for k, v in self.params.items() if v is not None}
        return client.build_request(
            self.method, self.path, params=params, json=self.body, headers=headers
        )

    def result(self, response: httpx.Response) -> T:
        if response.is_error:
            raise _ERRORS.get(response.status_code, GraphMemError)(_detail(response))
        return self.parse(response.json())


def _detail(response: httpx.Response) -> str:
    try:
        detail = response.json().get("detail")
    except (ValueError, AttributeError):
        detail = None
    if isinstance(detail, list):  # FastAPI's field-level reasons
        detail = "; ".join(
            f"{'.'.join(map(str, d.get('loc', [])))}: {d.get('msg')}" for d in detail
        )
    return f"HTTP {response.status_code}: {detail or response.reason_phrase}"


def _unreachable(base_url: object, exc: httpx.TransportError) -> StorageUnavailableError:
    return StorageUnavailableError(f"cannot reach the graphmem API at {base_url}: {exc}")


# -- the calls, described once ------------------------------------------------------------------
def _memory(data: Any) -> MemoryRecord:
    return MemoryRecord.model_validate(data)


def _memories(data: Any) -> list[MemoryRecord]:
    return [MemoryRecord.model_validate(m) for m in data["results"]]


def _page(data: Any) -> tuple[list[MemoryRecord], str | None]:
    return _memories(data), data.get("next_cursor")


def _nothing(_: Any) -> None:
    return None


def _scope(user_id: str | None, agent_id: str | None, run_id: str | None) -> dict[str, Any]:
    return {"user_id": user_id, "agent_id": agent_id, "run_id": run_id}


def _add(messages: Any, scope: dict[str, Any], options: AddOptions) -> _Call[AddResult]:
    body = {"messages": messages, **scope, **options}
    return _Call("POST", "/v1/memories", AddResult.model_validate, body=body)


def _list(
    scope: dict[str, Any], options: ListOptions
) -> _Call[tuple[list[MemoryRecord], str | None]]:
    return _Call("GET", "/v1/memories", _page, params={**scope, **options})


def _search(query: str, scope: dict[str, Any], options: SearchOptions) -> _Call[SearchResult]:
    body = {"query": query, **scope, **options}
    return _Call("POST", "/v1/memories/search", SearchResult.model_validate, body=body)


def _get(memory_id: str) -> _Call[MemoryRecord]:
    return _Call("GET", f"/v1/memories/{_quote(memory_id)}", _memory)


def _update(
    memory_id: str, text: str | None, metadata: dict[str, Any] | None, force: bool
) -> _Call[MemoryRecord]:
    body = {"text": text, "metadata": metadata, "force": force}
    return _Call("PUT", f"/v1/memories/{_quote(memory_id)}", _memory, body=body)


def _delete(memory_id: str) -> _Call[None]:
    return _Call("DELETE", f"/v1/memories/{_quote(memory_id)}", _nothing)


def _delete_all(scope: dict[str, Any]) -> _Call[int]:
    return _Call("DELETE", "/v1/memories", lambda d: int(d["deleted"]), params=scope)


def _history(memory_id: str) -> _Call[list[HistoryEvent]]:
    def parse(data: Any) -> list[HistoryEvent]:
        return [HistoryEvent.model_validate(e) for e in data["results"]]

    return _Call("GET", f"/v1/memories/{_quote(memory_id)}/history", parse)


def _transition(action: str, old_id: str, new_id: str, reason: str | None) -> _Call[None]:
    body = {"new_memory_id": new_id, "reason": reason}
    return _Call("POST", f"/v1/memories/{_quote(old_id)}/{action}", _nothing, body=body)


def _entities(scope: dict[str, Any], limit: int) -> _Call[list[EntityRecord]]:
    def parse(data: Any) -> list[EntityRecord]:
        return [EntityRecord.model_validate(e) for e in data["results"]]

    return _Call("GET", "/v1/entities", parse, params={**scope, "limit": limit})


def _relations(entity_id: str, limit: int) -> _Call[list[TripletRecord]]:
    def parse(data: Any) -> list[TripletRecord]:
        return [TripletRecord.model_validate(t) for t in data["results"]]

    path = f"/v1/entities/{_quote(entity_id)}/relations"
    return _Call("GET", path, parse, params={"limit": limit})


def _quote(value: str) -> str:
    return quote(value, safe="")


# -- the two clients ------------------------------------------------------------------------------
class _Options:
    """Shared constructor arguments and headers."""

    def __init__(self, base_url: str, api_key: str | None) -> None:
        self.base_url = base_url.rstrip("/")
        self.headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}


class GraphMemClient:
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
        self._options = _Options(base_url, api_key)
        self._owns_client = http_client is None
        self._http = http_client or httpx.Client(base_url=self._options.base_url, timeout=timeout)

    def _run(self, call: _Call[T]) -> T:
        try:
            response = self._http.send(call.request(self._http, self._options.headers))
        except httpx.TransportError as exc:
            raise _unreachable(self._http.base_url, exc) from exc
        return call.result(response)

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
        return self._run(_add(messages, _scope(user_id, agent_id, run_id), options))

    def get(self, memory_id: str) -> MemoryRecord:
        return self._run(_get(memory_id))

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
        return self._run(_list(_scope(user_id, agent_id, run_id), options))

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
        return self._run(_search(query, _scope(user_id, agent_id, run_id), options))

    def update(
        self,
        memory_id: str,
        text: str | None = None,
        metadata: dict[str, Any] | None = None,
        *,
        force: bool = False,
    ) -> MemoryRecord:
        return self._run(_update(memory_id, text, metadata, force))

    def delete(self, memory_id: str) -> None:
        self._run(_delete(memory_id))

    def delete_all(
        self, *, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None
    ) -> int:
        return self._run(_delete_all(_scope(user_id, agent_id, run_id)))

    def history(self, memory_id: str) -> list[HistoryEvent]:
        return self._run(_history(memory_id))

    def supersede(self, old_id: str, new_id: str, reason: str | None = None) -> None:
        self._run(_transition("supersede", old_id, new_id, reason))

    def merge(self, old_id: str, new_id: str, reason: str | None = None) -> None:
        self._run(_transition("merge", old_id, new_id, reason))

    def entities(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        limit: int = 100,
    ) -> list[EntityRecord]:
        return self._run(_entities(_scope(user_id, agent_id, run_id), limit))

    def entity_relations(self, entity_id: str, *, limit: int = 100) -> list[TripletRecord]:
        return self._run(_relations(entity_id, limit))

    def close(self) -> None:
        if self._owns_client:
            self._http.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class AsyncGraphMemClient:
    """The same API for asyncio code (``await client.add(...)``)."""

    def __init__(
        self,
        base_url: str = DEFAULT_URL,
        api_key: str | None = None,
        *,
        timeout: float = 60.0,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        self._options = _Options(base_url, api_key)
        self._owns_client = http_client is None
        self._http = http_client or httpx.AsyncClient(
            base_url=self._options.base_url, timeout=timeout
        )

    async def _run(self, call: _Call[T]) -> T:
        try:
            response = await self._http.send(call.request(self._http, self._options.headers))
        except httpx.TransportError as exc:
            raise _unreachable(self._http.base_url, exc) from exc
        return call.result(response)

    async def add(
        self,
        messages: Any,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        **options: Unpack[AddOptions],
    ) -> AddResult:
        return await self._run(_add(messages, _scope(user_id, agent_id, run_id), options))

    async def get(self, memory_id: str) -> MemoryRecord:
        return await self._run(_get(memory_id))

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
        return await self._run(_list(_scope(user_id, agent_id, run_id), options))

    async def search(
        self,
        query: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        **options: Unpack[SearchOptions],
    ) -> SearchResult:
        return await self._run(_search(query, _scope(user_id, agent_id, run_id), options))

    async def update(
        self,
        memory_id: str,
        text: str | None = None,
        metadata: dict[str, Any] | None = None,
        *,
        force: bool = False,
    ) -> MemoryRecord:
        return await self._run(_update(memory_id, text, metadata, force))

    async def delete(self, memory_id: str) -> None:
        await self._run(_delete(memory_id))

    async def delete_all(
        self, *, user_id: str | None = None, agent_id: str | None = None, run_id: str | None = None
    ) -> int:
        return await self._run(_delete_all(_scope(user_id, agent_id, run_id)))

    async def history(self, memory_id: str) -> list[HistoryEvent]:
        return await self._run(_history(memory_id))

    async def supersede(self, old_id: str, new_id: str, reason: str | None = None) -> None:
        await self._run(_transition("supersede", old_id, new_id, reason))

    async def merge(self, old_id: str, new_id: str, reason: str | None = None) -> None:
        await self._run(_transition("merge", old_id, new_id, reason))

    async def entities(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        limit: int = 100,
    ) -> list[EntityRecord]:
        return await self._run(_entities(_scope(user_id, agent_id, run_id), limit))

    async def entity_relations(self, entity_id: str, *, limit: int = 100) -> list[TripletRecord]:
        return await self._run(_relations(entity_id, limit))

    async def aclose(self) -> None:
        if self._owns_client:
            await self._http.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()
