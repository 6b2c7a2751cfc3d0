"""What one search's time intent decided (:mod:`graphmem.search.temporal` makes the plan):
the memories it pins, the windows it asks about, and the temporal score of a gated memory."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from graphmem.domain.memory import MemoryRecord
from graphmem.search.bygone import tells_past
from graphmem.search.intent import TimeIntent
from graphmem.search.when import states_time
from graphmem.search.windows import Window

PERIOD = 0.5  # a memory of the current period that states no current fact
#: A state fact when the query asks about the situation as a whole ("remember my current
#: situation", "given how things are for me now"): the state facts are the answer and rank
#: first, so a well-worded episode of the period ("Lunch with Bea at a café, Sunday") must
#: not take the place of where the user lives (it scores ``PERIOD``).
SITUATION = 2.0
#: A memory that states a time, for a question asking when (added to the intent's score),
#: in full within ``ON_TOPIC`` of the most relevant memory's cosine, fading below: a time
#: stated about something else ("signed up for a half marathon in April", for "When is
#: Meera's wedding?") counts less.
STATES_TIME = 0.3
#: Past, one topic: a memory of the period within this share of the best cosine is about the
#: topic (full past score; the other signals order them); below it the score fades.
ON_TOPIC = 0.8
#: Past, a state the query names ("where did I live before Lisbon?"): the statements of it
#: are the answer; another memory of the period scores this share of its past score.
BESIDE_ASKED = 0.5
#: A companion's constraint ranks just below the relation that makes them a companion.
INHERIT = 0.98


@dataclass
class TemporalPlan:
    """What one search's time intent decided; ``score`` is applied to every gated memory."""

    intent: TimeIntent = field(default_factory=TimeIntent)
    facts: dict[str, float] = field(default_factory=dict)  # memory id -> score (pinned)
    boundaries: set[str] = field(default_factory=set)  # past: the state statements themselves
    # the state statements whose predicate the query names: past, the superseded ones
    # ("where did I work before"); current, the current ones ("where do I live now")
    asked: set[str] = field(default_factory=set)
    # of those, the ones asked by topic (search/state_topics.py): the question's meaning is
    # theirs, whatever its words ("what does Leo do for a living?" for "copywriter here")
    by_topic: set[str] = field(default_factory=set)
    # current: each current fact's memory -> its predicates (search/state_topics.py)
    fact_predicates: dict[str, set[str]] = field(default_factory=dict)
    # current: a companion's constraint -> the memories relating the person to that companion
    via: dict[str, set[str]] = field(default_factory=dict)
    windows: list[Window] = field(default_factory=list)
    # The windows are one yearless window in successive earlier years, latest first: the
    # search keeps the latest that holds a candidate (``settle``).
    latest_window: bool = False
    period_start: datetime | None = None
    # current or past, one topic: the best cosine among the gated memories (``relate``)
    best_cosine: float = 0.0
    note: str = "general (no time intent)"

    @property
    def active(self) -> bool:
        return self.intent.kind != "general" or self.intent.asks

    @property
    def past(self) -> bool:
        return self.intent.kind == "past"

    def in_window(self, memory: MemoryRecord) -> bool | None:
        """Whether the memory falls in the window a window query names; None for any other
        query (then newer evidence about one thing ranks first, or older for a past one)."""
        if self.intent.kind != "window" or not self.windows:
            return None
        return _inside(memory, self.windows) > 0

    def pinned(self, memory: MemoryRecord) -> bool:
        """A current state fact passes the semantic gate whatever its cosine when the query
        asks about the situation as a whole ("my current situation" shares no words with
        "Alice is allergic to shellfish"); for one topic of it ("the current kitchen
        budget") a state fact must pass the gate on its own, like any memory. Likewise a
        memory of the window when the window is all the query asks about ("what did I do
        two months ago?" shares no words with "Visited the Prado with my cousin"), or of a
        past state's time when that time is ("what was life like back when I lived in
        Leeds?")."""
        if not self.intent.whole:
            return False
        if self.intent.kind == "window":
            return bool(self.windows) and _inside(memory, self.windows) > 0
        if self.past:  # "what was life like back when I lived in Leeds?"
            return memory.id not in self.boundaries and _inside(memory, self.windows) > 0
        return self.intent.kind == "current" and memory.id in self.facts

    def settle(self, memories: list[MemoryRecord]) -> None:
        """For a window named without a year, keep the latest year's that holds a memory."""
        if not self.latest_window:
            return
        held = [w for w in self.windows if any(_inside(m, [w]) for m in memories)]
        chosen = held[0] if held else self.windows[0]
        self.windows, self.latest_window = [chosen], False
        self.note += f"; no year named: {chosen[0].date()} .. {chosen[1].date()} chosen"

    def asked_by_topic(self, memory: MemoryRecord) -> bool:
        """A current fact a one-topic question is about by meaning ("Took up woodcarving
        instead" for "What do I do in my free time these days?"): its answer however it is
        worded, which passes the gate by its fact (``search.fact_gate``; since the twentieth
        stop: a newer export of the embedder put this one just under the gate)."""
        return (
            self.intent.kind == "current" and not self.intent.whole and memory.id in self.by_topic
        )

    def relate(self, cosines: list[float]) -> None:
        """Note the best cosine among the gated memories (see ``score``)."""
        self.best_cosine = max(cosines, default=0.0)

    def score(self, memory: MemoryRecord, cosine: float = 1.0) -> float:
        """The temporal score of a gated memory with ``cosine`` to the query. For a current
        question about one topic it is scaled by how close the memory comes to the most
        relevant one: among the memories about the topic the current ones rank first, and a
        current fact about something else (a job, for the kitchen budget) gets little. So for
        a past question about one topic: a memory of the period about something else gets
        little. A constraint asked for ("what should I avoid …") is not scaled: an allergy
        shares no words with "avoid"."""
        said = self.intent.asks and (memory.event_date is not None or states_time(memory.text))
        intent = self._intent_score(memory)
        constraint = self.intent.constraints and memory.id in self.facts
        if self.intent.kind == "current" and not self.intent.whole and not constraint:
            # squared: a memory of the period about something else must get little; and a
            # current fact nothing unless the query is about its topic ("I work as a nurse"
            # for "what sport do I do?": search/state_topics.py)
            elsewhere = memory.id in self.facts and memory.id not in self.asked
            # a fact the question is about by meaning is scaled linearly: it may be worded far
            # from the question ("freelance copywriter here" for "what does Leo do for a
            # living?"); one it only names by a word ("work" in "what shifts do I work?") not
            power = 1 if memory.id in self.by_topic else 2
            intent *= 0.0 if elsewhere else self._closeness(cosine) ** power
        if self.past and not self.intent.whole and memory.id not in self.asked:
            # a topic asked of the past ("where did we eat back then?"): among the memories
            # of the period, those about the topic first, not every one observed in it; and
            # below the statements of a state the query names, which answer it
            intent *= min(1.0, self._closeness(cosine) / ON_TOPIC)
            if self.asked:
                intent *= BESIDE_ASKED
        if self.intent.kind == "past" and tells_past(memory.text):
            # it says its state ended: the past asked about, as far as it is about the topic
            intent = max(intent, self._closeness(cosine))
        on_topic = min(1.0, self._closeness(cosine) / ON_TOPIC)
        return intent + (STATES_TIME * on_topic if said else 0.0)

    def _closeness(self, cosine: float) -> float:
        """``cosine`` over the best among the gated memories, in [0, 1] (1 without one)."""
        if self.best_cosine <= 0:
            return 1.0
        return max(0.0, min(1.0, cosine / self.best_cosine))

    def _intent_score(self, memory: MemoryRecord) -> float:
        if self.intent.kind == "current":
            if memory.id in self.facts:
                return self.facts[memory.id] * (SITUATION if self.intent.whole else 1.0)
            started = self.period_start
            recent = started is not None and memory.observed_at >= started
            return PERIOD if recent and not tells_past(memory.text) else 0.0
        if self.intent.kind == "past" and memory.id in self.asked:
            return 1.0
        if not self.windows or memory.id in self.boundaries:
            return 0.0
        inside = _inside(memory, self.windows)
        if self.intent.kind == "window":
            return 1.0 if inside else 0.0
        return inside / len(self.windows)


def _inside(memory: MemoryRecord, windows: list[Window]) -> int:
    """How many of ``windows`` the memory's observation or event date falls in."""
    moments = [memory.observed_at, *([memory.event_date] if memory.event_date else [])]
    return sum(1 for start, end in windows if any(start <= t < end for t in moments))


def earlier_years(window: Window, years: int) -> list[Window]:
    """The same window 1..``years`` years earlier (a year without its day, 29 February, is
    left out)."""
    out: list[Window] = []
    for back in range(1, years + 1):
        try:
            start = window[0].replace(year=window[0].year - back)
            end = window[1].replace(year=window[1].year - back)
        except ValueError:
            continue
        out.append((start, end))
    return out
