"""Filters on search and listing beyond the scope ids: metadata equality and ``in``, and
ranges on ``observed_at`` and ``event_date``.

A metadata filter never names a property: each memory stores its scalar metadata entries as
*terms* (``metadata_terms``, strings of the key and the JSON value, see :func:`metadata_terms`),
and a filter is a list of term groups — every group must match, any term of a group may. The
statements seek the scope's index first and test terms on the rows found, so the keys and values
are always Cypher parameters.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel, ConfigDict

# Scalars a metadata filter can compare; lists in stored metadata contribute one term each.
Scalar = str | int | float | bool
ONE_TICK = timedelta(microseconds=1)


class DateRange(BaseModel):
    """``gte`` inclusive, ``lt`` exclusive (``gt``/``lte`` are folded into these)."""

    model_config = ConfigDict(frozen=True)

    gte: datetime | None = None
    lt: datetime | None = None


class MemoryFilter(BaseModel):
    """What a caller asked for beyond the scope; empty means no narrowing."""

    model_config = ConfigDict(frozen=True)

    metadata: tuple[tuple[str, ...], ...] = ()
    observed_at: DateRange = DateRange()
    event_date: DateRange = DateRange()

    @property
    def empty(self) -> bool:
        return (
            not self.metadata
            and self.observed_at == DateRange()
            and (self.event_date == DateRange())
        )

    def params(self) -> dict[str, Any]:
        """The one ``$filter`` map parameter the filtered statements read."""
        return {
            "meta": [list(group) for group in self.metadata],
            "observed_gte": self.observed_at.gte,
            "observed_lt": self.observed_at.lt,
            "event_gte": self.event_date.gte,
            "event_lt": self.event_date.lt,
        }


NO_FILTER = MemoryFilter()


def term(key: str, value: Scalar) -> str:
    """One metadata entry as a term: the key and the JSON value, so 1, "1" and true differ."""
    return json.dumps([key, value], ensure_ascii=False, separators=(",", ":"))


def metadata_terms(metadata: dict[str, Any] | None) -> list[str]:
    """The terms a memory's metadata contributes: each scalar entry, and each scalar element
    of a list entry (so ``{"tags": ["a", "b"]}`` matches a filter on ``tags`` = "a")."""
    terms: list[str] = []
    for key, value in sorted((metadata or {}).items()):
        values = value if isinstance(value, list) else [value]
        terms.extend(term(key, v) for v in values if _is_scalar(v))
    return sorted(set(terms))


def _is_scalar(value: Any) -> bool:
    return isinstance(value, str | int | float | bool) and value == value  # drops NaN
