"""What one search's time intent decided (:mod:`graphmem.search.temporal` makes the plan):
the memories it pins, the windows it asks about, and the temporal score of a gated memory."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from graphmem.domain.memory import MemoryRecord
from graphmem.search.intent import TimeIntent, Window

PERIOD = 0.5  # a memory of the current period that states no current fact
#: A companion's constraint ranks just below the relation that makes them a companion.
INHERIT = 0.98


@dataclass
class TemporalPlan:
    """What one search's time intent decided; ``score`` is applied to every gated memory."""

    intent: TimeIntent = field(default_factory=TimeIntent)
    facts: dict[str, float] = field(default_factory=dict)  # memory id -> score (pinned)
    boundaries: set[str] = field(default_factory=set)  # past: the state statements themselves
    # current: a companion's constraint -> the memories relating the person to that companion
    via: dict[str, set[str]] = field(default_factory=dict)
    windows: list[Window] = field(default_factory=list)
    period_start: datetime | None = None
    note: str = "general (no time intent)"

    @property
    def active(self) -> bool:
        return self.intent.kind != "general"

    @property
    def past(self) -> bool:
        return self.intent.kind == "past"

    def pinned(self, memory_id: str) -> bool:
        """A current state fact passes the semantic gate whatever its cosine."""
        return self.intent.kind == "current" and memory_id in self.facts

    def score(self, memory: MemoryRecord) -> float:
        if self.intent.kind == "current":
            if memory.id in self.facts:
                return self.facts[memory.id]
            started = self.period_start
            return PERIOD if started is not None and memory.observed_at >= started else 0.0
        if not self.windows or memory.id in self.boundaries:
            return 0.0
        moments = [memory.observed_at, *_event_dates(memory)]
        inside = sum(1 for start, end in self.windows if any(start <= t < end for t in moments))
        if self.intent.kind == "window":
            return 1.0 if inside else 0.0
        return inside / len(self.windows)


def _event_dates(memory: MemoryRecord) -> list[datetime]:
    value = getattr(memory, "event_date", None)
    return [value] if isinstance(value, datetime) else []
