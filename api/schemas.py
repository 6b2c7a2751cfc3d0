"""Request and response bodies of the REST API. Requests refuse unknown fields."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic import ValidationError as PydanticValidationError

from graphmem.domain.graph import EntityRecord, RelationInput, TripletRecord
from graphmem.domain.memory import HistoryEvent, MemoryRecord
from graphmem.domain.search import RelationHit, ScoredMemory, SearchExplain
from graphmem.errors import ValidationError

ScopeId = Annotated[str, Field(min_length=1, max_length=256)] | None
Text = Annotated[str, Field(min_length=1)]


class RequestModel(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MessageIn(RequestModel):
    role: Literal["user", "assistant", "system", "tool"] = "user"
    content: Text
    name: str | None = None


RangeOp = Literal["gte", "gt", "lte", "lt"]


class FiltersIn(RequestModel):
    """Narrowing beyond the scope ids (``graphmem.services.filters`` checks the values):
    ``metadata``: key → value, ``{"eq": value}`` or ``{"in": [values]}``; ``observed_at`` and
    ``event_date``: ``{"gte"|"gt"|"lte"|"lt": ISO 8601 or epoch seconds}``."""

    metadata: dict[str, Any] | None = None
    observed_at: dict[RangeOp, str | float] | None = None
    event_date: dict[RangeOp, str | float] | None = None

    def as_filters(self) -> dict[str, Any]:
        return self.model_dump(exclude_none=True)


def filters_from_json(text: str) -> dict[str, Any]:
    """A ``filters`` query parameter: JSON of :class:`FiltersIn`; a 422 names what is wrong."""
    try:
        return FiltersIn.model_validate_json(text).as_filters()
    except PydanticValidationError as exc:
        raise ValidationError(f"filters: {exc.errors()[0]['msg']}") from exc


class ScopeQuery(RequestModel):
    user_id: ScopeId = None
    agent_id: ScopeId = None
    run_id: ScopeId = None


class MemoryListQuery(ScopeQuery):
    latest_only: bool = False
    include_merged: bool = False
    limit: int = Field(default=100, ge=1, le=1000)
    cursor: str | None = Field(default=None, description="next_cursor of the previous page")
    filters: str | None = Field(
        default=None,
        max_length=16_384,
        description="JSON of the search body's filters (metadata, observed_at, event_date)",
    )

    def parsed_filters(self) -> dict[str, Any] | None:
        return None if self.filters is None else filters_from_json(self.filters)


class EntityListQuery(ScopeQuery):
    limit: int = Field(default=100, ge=1, le=1000)


class LimitQuery(RequestModel):
    limit: int = Field(default=100, ge=1, le=1000)


class MemoryCreate(RequestModel):
    """Mirrors ``Memory.add``: a string, one message or a list of messages (or strings)."""

    messages: Text | MessageIn | Annotated[list[MessageIn | Text], Field(min_length=1)]
    user_id: ScopeId = None
    agent_id: ScopeId = None
    run_id: ScopeId = None
    metadata: dict[str, Any] | None = None
    infer: bool = True
    timestamp: str | float | None = Field(
        default=None, description="ISO 8601 or epoch seconds; when the conversation happened"
    )
    immutable: bool = False
    exclude_from_dream: bool = Field(
        default=False,
        description="Freeze the memories: never merged, superseded or consolidated by Dream "
        "(still updatable and deletable)",
    )
    relations: list[RelationInput] | None = None


class MemoryUpdate(RequestModel):
    text: Text | None = None
    metadata: dict[str, Any] | None = None
    force: bool = Field(default=False, description="needed to change an immutable memory")


class TransitionCreate(RequestModel):
    new_memory_id: str = Field(min_length=1)
    reason: str | None = Field(default=None, max_length=1000)


class SearchRequest(RequestModel):
    """Mirrors ``Memory.search``."""

    query: str = Field(min_length=1)
    user_id: ScopeId = None
    agent_id: ScopeId = None
    run_id: ScopeId = None
    top_k: int = Field(default=10, ge=1, le=100)
    threshold: float | None = Field(default=None, ge=0.0, le=1.0)
    latest_only: bool = False
    include_merged: bool = False
    reference_date: str | float | None = Field(
        default=None, description="ISO 8601 or epoch seconds: the moment 'now' means"
    )
    explain: bool = False
    filters: FiltersIn | None = None
    include_linked: bool = Field(
        default=False, description="also return the memories the results are linked to"
    )


class MemoryPublic(MemoryRecord):
    """A memory as the API returns it (``hash``: sha256 of its normalised text)."""

    @classmethod
    def of(cls, record: MemoryRecord) -> MemoryPublic:
        return cls.model_validate(record.model_dump())


class MemoriesPublic(BaseModel):
    results: list[MemoryPublic]
    next_cursor: str | None = None


class ScoredMemoryPublic(ScoredMemory):
    """A search hit: a memory with its score (and breakdown with ``explain``)."""


class SearchPublic(BaseModel):
    results: list[ScoredMemoryPublic] = Field(default_factory=list)
    relations: list[RelationHit] = Field(default_factory=list)
    degraded: bool = Field(
        default=False,
        description="Some search signals failed; the results "
        "come from the others (named in failed_signals)",
    )
    failed_signals: list[str] = Field(default_factory=list)
    explain: SearchExplain | None = None
    linked: list[MemoryPublic] = Field(
        default_factory=list, description="with include_linked: memories the results link to"
    )


class HistoryPublic(BaseModel):
    results: list[HistoryEvent]


class EntitiesPublic(BaseModel):
    results: list[EntityRecord]


class RelationsPublic(BaseModel):
    results: list[TripletRecord]


class DeletedPublic(BaseModel):
    deleted: int


class HealthPublic(BaseModel):
    status: Literal["ok"] = "ok"


class ErrorPublic(BaseModel):
    detail: str


class InvalidPublic(BaseModel):
    """422: a reason, or FastAPI's field-level list (``loc``, ``msg``, ``type``)."""

    detail: str | list[dict[str, Any]]


class UnhealthyPublic(BaseModel):
    status: Literal["unavailable"] = "unavailable"
    reason: str
