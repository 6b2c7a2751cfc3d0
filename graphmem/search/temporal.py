"""Time-aware search: which memories belong to the period the query asks about.

The query's intent (:mod:`graphmem.search.intent`) picks the rule:

- **current** — the state facts that hold at the reference date rank first (where the
  people the query is about live, their diet, their job, who they regularly do things with,
  and those companions' constraints such as an allergy): temporal score 1, and they pass the
  semantic gate, since "my current situation" shares no words with "Alice is allergic to
  shellfish". A companion's constraint is scored at least just below the memory relating
  the person to that companion (relevance flows along the graph path), and memories of the
  current period (observed since the latest change of those facts) score ``PERIOD``.
- **past** — every state fact that has since been superseded held during a window
  ``[observed, replaced)``; a memory scores the share of those windows it was observed in
  (only the windows whose value the query names, for "when I lived in Beijing"). Memories
  observed in the windows are fetched as candidates, and a superseded memory keeps its full
  weight (it *is* the past the query asks about). The state statements themselves ("I live
  in Beijing", "I moved to Paris") bound the periods and get no temporal score: the query
  asks what happened while they held.
- **window** — a memory observed (or whose event date falls) inside the explicit window
  scores 1; memories of the window are fetched as candidates.
- **general** — nothing changes; no temporal score.

Everything here is deterministic and offline: search makes no LLM call.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from graphmem.domain.memory import LifecycleState, MemoryRecord
from graphmem.lifecycle.predicates import DEFAULT_FUNCTIONAL_PREDICATES
from graphmem.ports.search import SearchStore, StateFact
from graphmem.search import lucene
from graphmem.search.candidates import Pool
from graphmem.search.context import SearchContext
from graphmem.search.intent import TimeIntent, detect
from graphmem.search.signals.entities import FIRST_PERSON, SELF_ENTITY

PERIOD = 0.5  # a memory of the current period that states no current fact
#: A companion's constraint ranks just below the relation that makes them a companion.
INHERIT = 0.98
#: Who someone regularly does things with: their constraints belong to the current view.
COMPANION_PREDICATES = frozenset(
    {"eats_with", "dines_with", "lives_with", "married_to", "dating", "partner_of", "friend_of"}
)
#: What a companion cannot or will not do: an allergy, a diet, an aversion.
CONSTRAINT_PREDICATES = frozenset(
    {"allergic_to", "avoids", "diet", "dislikes", "intolerant_to", "cannot_eat", "eats"}
)
STATE_PREDICATES = sorted(
    DEFAULT_FUNCTIONAL_PREDICATES | COMPANION_PREDICATES | CONSTRAINT_PREDICATES
)

Window = tuple[datetime, datetime]


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


def _held_at(fact: StateFact, at: datetime) -> bool:
    """Was the fact asserted and not yet replaced at ``at``?"""
    if fact.observed_at > at or fact.state == LifecycleState.MERGED.value:
        return False
    return fact.replaced_at is None or fact.replaced_at > at


def _subjects(query: str, facts: list[StateFact]) -> set[str]:
    """Entity ids the query is about: those it names, the user for a first-person query;
    every subject when it names none."""
    words = set(lucene.terms(query))
    named = {f.source_id for f in facts if _names(words, f.source)}
    if words & FIRST_PERSON:
        named |= {f.source_id for f in facts if f.source.casefold() == SELF_ENTITY}
    return named or {f.source_id for f in facts}


def _names(words: set[str], name: str) -> bool:
    parts = set(lucene.terms(name))
    return bool(parts) and parts <= words


def _current(plan: TemporalPlan, facts: list[StateFact], query: str, at: datetime) -> None:
    held = [f for f in facts if _held_at(f, at)]
    subjects = _subjects(query, held)
    mine = [f for f in held if f.source_id in subjects]
    companions = {f.target_id for f in mine if f.predicate in COMPANION_PREDICATES}
    theirs = [
        f for f in held if f.source_id in companions and f.predicate in CONSTRAINT_PREDICATES
    ]
    plan.facts = {f.memory_id: 1.0 for f in mine + theirs}
    for fact in theirs:
        plan.via.setdefault(fact.memory_id, set()).update(
            f.memory_id
            for f in mine
            if f.predicate in COMPANION_PREDICATES and f.target_id == fact.source_id
        )
    changes = [
        f.replaced_at
        for f in facts
        if f.source_id in subjects and f.replaced_at is not None and f.replaced_at <= at
    ]
    plan.period_start = max(changes, default=None)
    since = f", current period since {plan.period_start.date()}" if plan.period_start else ""
    plan.note = (
        f"current ({plan.intent.cue!r}): {len(mine)} state facts, "
        f"{len(theirs)} companion constraints{since}"
    )


def _past(plan: TemporalPlan, facts: list[StateFact], query: str, at: datetime) -> None:
    ended = [f for f in facts if f.replaced_at is not None and f.replaced_at <= at]
    anchor = set(lucene.terms(plan.intent.anchor or ""))
    if anchor:
        ended = [f for f in ended if _names(anchor, f.target)] or ended
    subjects = _subjects(query, ended)
    windows = {
        (f.observed_at, f.replaced_at)
        for f in ended
        if f.source_id in subjects and f.replaced_at is not None and f.observed_at < f.replaced_at
    }
    plan.windows = sorted(windows)
    plan.boundaries = {f.memory_id for f in facts}
    shown = ", ".join(f"{s.date()}..{e.date()}" for s, e in plan.windows[:5]) or "none"
    count = len(plan.windows)
    plan.note = f"past ({plan.intent.cue!r}): {count} superseded-state windows ({shown})"


def plan(store: SearchStore, ctx: SearchContext, at: datetime) -> TemporalPlan:
    """Read the query's intent and fetch the state facts it needs (no query for general)."""
    intent = detect(ctx.query, at)
    result = TemporalPlan(intent=intent, note=intent.describe())
    if intent.kind == "window" and intent.start is not None and intent.end is not None:
        result.windows = [(intent.start, intent.end)]
    elif intent.kind in ("current", "past"):
        facts = store.state_facts(ctx.owner.key, STATE_PREDICATES)
        (_current if intent.kind == "current" else _past)(result, facts, ctx.query, at)
    return result


def collect(
    store: SearchStore, ctx: SearchContext, temporal: TemporalPlan, pool: Pool, k: int
) -> None:
    """Bring the plan's memories into the candidate pool: the current state facts, and the
    memories observed in the plan's windows (best cosine first)."""
    for memory_id in temporal.facts:
        pool.add("temporal", memory_id, temporal.facts[memory_id])
    if temporal.windows:
        found = store.memory_vector_window(
            ctx.scope_keys, temporal.windows, ctx.vector, ctx.fetch_states, ctx.before, k
        )
        for memory_id in found:
            pool.add("temporal", memory_id, 0.0)
    # Without a time intent the signal reads nothing (and so cannot stand in for the others).
    pool.status["temporal"] = temporal.note if temporal.active else "off: no time intent"

