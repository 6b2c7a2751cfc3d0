"""Conversions between Neo4j values and domain models."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from neo4j.time import DateTime
from pydantic import TypeAdapter

from graphmem.domain.graph import TripletRecord
from graphmem.domain.memory import HistoryEvent, MemoryRecord


def native(value: Any) -> Any:
    return value.to_native() if isinstance(value, DateTime) else value


_DATETIME = TypeAdapter(datetime)
MEMORY_DATETIMES = ("created_at", "updated_at", "observed_at", "event_date", "last_accessed_at")


def parse_datetime(value: str | None) -> datetime | None:
    """An ISO-8601 string from Cypher's ``toString(datetime)`` (nanoseconds truncated). A
    date-time stored with a named zone prints it after the offset (``…Z[UTC]``,
    ``…+01:00[Europe/Paris]``); the offset alone fixes the instant, so the name is dropped."""
    return None if value is None else _DATETIME.validate_python(value.split("[", 1)[0])


def native_map(data: dict[str, Any]) -> dict[str, Any]:
    return {k: native(v) for k, v in data.items() if v is not None}


def memory_from_map(data: dict[str, Any]) -> MemoryRecord:
    values = native_map(data)
    raw_metadata = values.pop("metadata", None)
    values["metadata"] = json.loads(raw_metadata) if raw_metadata else {}
    return MemoryRecord.model_validate(values)


def history_from_map(data: dict[str, Any]) -> HistoryEvent:
    return HistoryEvent.model_validate(native_map(data))


def triplet_from_record(data: dict[str, Any]) -> TripletRecord:
    return TripletRecord.model_validate(native_map(data))


def to_metadata_json(metadata: dict[str, Any] | None) -> str | None:
    return None if metadata is None else json.dumps(metadata, sort_keys=True, ensure_ascii=False)
