"""Parse a caller's ``filters`` (Python, REST and MCP take the same shape) into a
:class:`~graphmem.domain.filters.MemoryFilter`, with the scope ids split out::

    {"metadata": {"topic": "food", "tags": {"in": ["a", "b"]}, "level": {"eq": 3}},
     "observed_at": {"gte": "2024-05-01", "lt": "2024-06-01"},
     "event_date": {"gt": "2024-05-01T12:00:00Z"}}

Anything else is an :class:`InvalidFilterError` naming the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from graphmem.domain.filters import ONE_TICK, DateRange, MemoryFilter, Scalar, term
from graphmem.errors import InvalidFilterError, ValidationError
from graphmem.services.inputs import check_unicode, timestamp_of

SCOPE_KEYS = ("user_id", "agent_id", "run_id")
RANGE_FIELDS = ("observed_at", "event_date")
RANGE_OPS = ("gte", "gt", "lte", "lt")
MAX_KEYS = 20
MAX_VALUES = 100
MAX_KEY_CHARS = 256
MAX_VALUE_CHARS = 1_000


def parse_filters(raw: Any) -> tuple[dict[str, Any], MemoryFilter]:
    """(scope ids found in ``raw``, the rest as a MemoryFilter); ``None`` is no filter."""
    if raw is None:
        return {}, MemoryFilter()
    if not isinstance(raw, Mapping):
        raise InvalidFilterError("filters must be an object")
    unknown = set(raw) - {*SCOPE_KEYS, "metadata", *RANGE_FIELDS}
    if unknown:
        raise InvalidFilterError(
            f"Unknown filter keys: {sorted(map(str, unknown))} (allowed: user_id, agent_id, "
            "run_id, metadata, observed_at, event_date)"
        )
    scope = {k: raw[k] for k in SCOPE_KEYS if k in raw}
    return scope, MemoryFilter(
        metadata=_metadata(raw.get("metadata")),
        observed_at=_range("observed_at", raw.get("observed_at")),
        event_date=_range("event_date", raw.get("event_date")),
    )


def without_scope(raw: Any) -> Any:
    """``raw`` unchanged, refused if it names a scope id: over REST and MCP the scope comes
    from its own parameters, checked against the caller's key, never from ``filters``."""
    if isinstance(raw, Mapping) and set(raw) & set(SCOPE_KEYS):
        raise InvalidFilterError("filters cannot name user_id, agent_id or run_id here")
    return raw


def _metadata(raw: Any) -> tuple[tuple[str, ...], ...]:
    if raw is None:
        return ()
    if not isinstance(raw, Mapping) or not all(isinstance(k, str) for k in raw):
        raise InvalidFilterError("filters.metadata must be an object with string keys")
    if len(raw) > MAX_KEYS:
        raise InvalidFilterError(f"filters.metadata has more than {MAX_KEYS} keys")
    return tuple(_group(key, condition) for key, condition in raw.items())


def _group(key: str, condition: Any) -> tuple[str, ...]:
    where = f"filters.metadata.{key[:40]}"
    if not key or len(key) > MAX_KEY_CHARS:
        raise InvalidFilterError(f"{where}: a key has 1 to {MAX_KEY_CHARS} characters")
    _unicode(key, where)
    values = _values(condition, where)
    return tuple(sorted({term(key, _scalar(v, where)) for v in values}))


def _values(condition: Any, where: str) -> list[Any]:
    if not isinstance(condition, Mapping):
        return [condition]
    if len(condition) != 1 or next(iter(condition)) not in ("eq", "in"):
        raise InvalidFilterError(f"{where}: use a value, {{'eq': value}} or {{'in': [values]}}")
    if "eq" in condition:
        return [condition["eq"]]
    values = condition["in"]
    if not isinstance(values, list) or not 1 <= len(values) <= MAX_VALUES:
        raise InvalidFilterError(f"{where}: 'in' takes a list of 1 to {MAX_VALUES} values")
    return values


def _scalar(value: Any, where: str) -> Scalar:
    if not isinstance(value, str | int | float | bool) or value != value:
        raise InvalidFilterError(f"{where}: values are strings, numbers or booleans")
    if isinstance(value, str):
        if len(value) > MAX_VALUE_CHARS:
            raise InvalidFilterError(f"{where}: a value has at most {MAX_VALUE_CHARS} characters")
        _unicode(value, where)
    return value


def _unicode(text: str, where: str) -> None:
    try:
        check_unicode(text, where)
    except ValidationError as exc:
        raise InvalidFilterError(str(exc)) from exc


def _range(field: str, raw: Any) -> DateRange:
    if raw is None:
        return DateRange()
    where = f"filters.{field}"
    if not isinstance(raw, Mapping) or not raw or set(raw) - set(RANGE_OPS):
        raise InvalidFilterError(f"{where}: an object with any of {', '.join(RANGE_OPS)}")
    bounds = {op: _moment(raw[op], f"{where}.{op}") for op in RANGE_OPS if op in raw}
    gte = _latest(bounds.get("gte"), _plus_tick(bounds.get("gt")))
    lt = _earliest(bounds.get("lt"), _plus_tick(bounds.get("lte")))
    return DateRange(gte=gte, lt=lt)


def _moment(value: Any, where: str) -> datetime:
    if value is None:
        raise InvalidFilterError(f"{where}: a date-time (ISO 8601 or epoch seconds)")
    try:
        return timestamp_of(value, datetime.now().astimezone())
    except ValidationError as exc:
        raise InvalidFilterError(f"{where}: {exc}") from exc


def _plus_tick(moment: datetime | None) -> datetime | None:
    return None if moment is None else moment + ONE_TICK


def _latest(a: datetime | None, b: datetime | None) -> datetime | None:
    return max((x for x in (a, b) if x is not None), default=None)


def _earliest(a: datetime | None, b: datetime | None) -> datetime | None:
    return min((x for x in (a, b) if x is not None), default=None)
