"""The REST calls of the graphmem clients, described once.

Each method of ``GraphMemClient`` / ``AsyncGraphMemClient`` is a `Call`: HTTP method, path,
query parameters, JSON body and how to parse the answer. The clients only differ in how they
send it (`graphmem.client_http`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypedDict, TypeVar
from urllib.parse import quote

import httpx

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

__all__ = [
    "AddOptions",
    "Call",
    "ListOptions",
    "SearchOptions",
    "add_call",
    "delete_all_call",
    "delete_call",
    "entities_call",
    "get_call",
    "history_call",
    "list_call",
    "relations_call",
    "scope_params",
    "search_call",
    "transition_call",
    "unreachable",
    "update_call",
]

T = TypeVar("T")
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
class Call(Generic[T]):
    """One REST call: what to send, and how to read the answer (errors as `GraphMemError`)."""

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


def unreachable(base_url: object, exc: httpx.TransportError) -> StorageUnavailableError:
    """The error raised when the API cannot be reached at all."""
    return StorageUnavailableError(f"cannot reach the graphmem API at {base_url}: {exc}")


# -- parsing ------------------------------------------------------------------------------------
def _memory(data: Any) -> MemoryRecord:
    return MemoryRecord.model_validate(data)


def _memories(data: Any) -> list[MemoryRecord]:
    return [MemoryRecord.model_validate(m) for m in data["results"]]


def _page(data: Any) -> tuple[list[MemoryRecord], str | None]:
    return _memories(data), data.get("next_cursor")


def _nothing(_: Any) -> None:
    return None


def _quote(value: str) -> str:
    return quote(value, safe="")


# -- the calls ----------------------------------------------------------------------------------
def scope_params(user_id: str | None, agent_id: str | None, run_id: str | None) -> dict[str, Any]:
    return {"user_id": user_id, "agent_id": agent_id, "run_id": run_id}


def add_call(messages: Any, scope: dict[str, Any], options: AddOptions) -> Call[AddResult]:
    body = {"messages": messages, **scope, **options}
    return Call("POST", "/v1/memories", AddResult.model_validate, body=body)


def list_call(
    scope: dict[str, Any], options: ListOptions
) -> Call[tuple[list[MemoryRecord], str | None]]:
    return Call("GET", "/v1/memories", _page, params={**scope, **options})


def search_call(query: str, scope: dict[str, Any], options: SearchOptions) -> Call[SearchResult]:
    body = {"query": query, **scope, **options}
    return Call("POST", "/v1/memories/search", SearchResult.model_validate, body=body)


def get_call(memory_id: str) -> Call[MemoryRecord]:
    return Call("GET", f"/v1/memories/{_quote(memory_id)}", _memory)


def update_call(
    memory_id: str, text: str | None, metadata: dict[str, Any] | None, force: bool
) -> Call[MemoryRecord]:
    body = {"text": text, "metadata": metadata, "force": force}
    return Call("PUT", f"/v1/memories/{_quote(memory_id)}", _memory, body=body)


def delete_call(memory_id: str) -> Call[None]:
    return Call("DELETE", f"/v1/memories/{_quote(memory_id)}", _nothing)


def delete_all_call(scope: dict[str, Any]) -> Call[int]:
    return Call("DELETE", "/v1/memories", lambda d: int(d["deleted"]), params=scope)


def history_call(memory_id: str) -> Call[list[HistoryEvent]]:
    def parse(data: Any) -> list[HistoryEvent]:
        return [HistoryEvent.model_validate(e) for e in data["results"]]

    return Call("GET", f"/v1/memories/{_quote(memory_id)}/history", parse)


def transition_call(action: str, old_id: str, new_id: str, reason: str | None) -> Call[None]:
    body = {"new_memory_id": new_id, "reason": reason}
    return Call("POST", f"/v1/memories/{_quote(old_id)}/{action}", _nothing, body=body)


def entities_call(scope: dict[str, Any], limit: int) -> Call[list[EntityRecord]]:
    def parse(data: Any) -> list[EntityRecord]:
        return [EntityRecord.model_validate(e) for e in data["results"]]

    return Call("GET", "/v1/entities", parse, params={**scope, "limit": limit})


def relations_call(entity_id: str, limit: int) -> Call[list[TripletRecord]]:
    def parse(data: Any) -> list[TripletRecord]:
        return [TripletRecord.model_validate(t) for t in data["results"]]

    path = f"/v1/entities/{_quote(entity_id)}/relations"
    return Call("GET", path, parse, params={"limit": limit})
