"""Time-aware search: which memories belong to the period the query asks about.

The query's intent (:mod:`graphmem.search.intent`) picks the rule:

- **current** — the state facts that hold at the reference date rank first (where the
  people the query is about live, their diet, their job, who they regularly do things with,
  and those companions' constraints such as an allergy): temporal score 1, for the latest
  memory stating each fact (the others are memories of the current period). When the query
  asks about the situation as a whole they also pass the semantic gate, since "my current
  situation" shares no words with "Alice is allergic to shellfish"; when it asks about one
  topic ("the current kitchen budget") only those that pass the gate on their own count, so
  a job or a home unrelated to the topic does not outrank it. A companion's constraint is
  scored at least just below the memory relating the person to that companion (relevance
  flows along the graph path), and memories of the current period (observed since the latest
  change of those facts) score ``PERIOD``, unless they say their state ended
  (:mod:`graphmem.search.bygone`). A query that asks what to avoid ("What should I avoid
  for dinner with Alice in Paris?") is current: its facts are the constraints of the
  people it is about and of their companions only.
- **past** — every state fact that has since been superseded held during a window
  ``[observed, replaced)``; a memory scores the share of those windows it was observed in
  (only the windows whose value the query names, for "when I lived in Beijing"). Memories
  observed in the windows are fetched as candidates, and a superseded memory keeps its full
  weight (it *is* the past the query asks about). The state statements themselves ("I live
  in Beijing", "I moved to Paris") bound the periods and get no temporal score: the query
  asks what happened while they held. Unless the query names the superseded state's own
  predicate ("where did I *work* before?" asks for ``works_at``, "which city did she *live*
  in before?" for ``lives_in``): then that statement is the answer, and it scores 1 like
  the period's memories. A memory whose text says its state ended ("I used to climb every
  weekend, but not anymore"; :mod:`graphmem.search.bygone`) scores 1 too, windows or not.
- **window** — a memory observed (or whose event date falls) inside the explicit window
  scores 1; memories of the window are fetched as candidates. A window named without a year
  ("in June", "during the summer", "on 4 July") is the latest such window that holds any of
  the search's candidates (up to ``YEARS_BACK`` years before the reference date's): a user
  whose memories stop in 2023 asking about "June" means June 2023, not an empty June 2026.
- **asks when** (with any of the above) — the question asks for a time ("When did…", "what
  year…"): a memory that states one scores ``STATES_TIME`` more (:mod:`graphmem.search.when`).
- **general** — nothing changes; no temporal score.

This module makes the plan (:mod:`graphmem.search.time_plan`), which scores the gated
memories; the candidates come from the temporal signal (:mod:`graphmem.search.signals.temporal`).
Everything here is deterministic and offline: search makes no LLM call.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from graphmem.domain.club_roles import NAMED_BY
from graphmem.domain.memory import LifecycleState
from graphmem.lifecycle.predicates import DEFAULT_FUNCTIONAL_PREDICATES, FORMER, normalize_name
from graphmem.ports.search import SearchStore, StateFact
from graphmem.search import lucene
from graphmem.search.context import SearchContext
from graphmem.search.intent import TimeIntent, detect
from graphmem.search.self_names import FIRST_PERSON
from graphmem.search.time_cues import AT_WORK
from graphmem.search.time_plan import TemporalPlan, earlier_years

#: How far back a window named without a year ("in June") may be read (see ``latest_window``).
YEARS_BACK = 10

#: Who someone regularly does things with: their constraints belong to the current view.
COMPANION_PREDICATES = frozenset(
    {"eats_with", "dines_with", "lives_with", "married_to", "dating", "partner_of", "friend_of"}
)
#: What a companion cannot or will not do: an allergy, a diet, an aversion, a health
#: condition.
CONSTRAINT_PREDICATES = frozenset(
    {
        "allergic_to", "avoids", "diet", "dislikes", "intolerant_to", "cannot_eat", "eats",
        "has_condition",
    }
)  # fmt: skip
#: What one does for fun ("Took up woodcarving", "I play padel"): a current question about
#: hobbies asks for the active ones (search/state_topics.py). They are no state of a
#: situation: not among the facts a whole-situation question pins, and they neither start a
#: current period nor open a past window.
PASTIME_PREDICATES = frozenset({"do", "play", "practice"})
#: A role held in a club, a team or a committee ("Keith holds_role chair"): who holds it now
#: answers "Who is chair?"; a question names it by the role, not by the predicate.
ROLE_PREDICATES = frozenset({"holds_role"})
STATE_PREDICATES = sorted(
    DEFAULT_FUNCTIONAL_PREDICATES
    | COMPANION_PREDICATES
    | CONSTRAINT_PREDICATES
    | PASTIME_PREDICATES
    | ROLE_PREDICATES
)
#: A state told as what was ("I finally quit the bank": ``former_works_at bank``, "retired
#: from the NHS"): no fact of now, and for a question about the past a state that ended when
#: it was told.
FORMER_PREDICATES = sorted(FORMER + p for p in DEFAULT_FUNCTIONAL_PREDICATES | ROLE_PREDICATES)


def _held_at(fact: StateFact, at: datetime) -> bool:
    """Was the fact asserted and not yet replaced at ``at``?"""
    if fact.observed_at > at or fact.state == LifecycleState.MERGED.value:
        return False
    return fact.replaced_at is None or fact.replaced_at > at


def _subjects(query: str, facts: list[StateFact], me: list[str]) -> set[str]:
    """Entity ids the query is about: those it names, the user for a first-person query;
    every subject when it names nobody (a query that names someone without a state fact, as
    "What sport does Lena do now?" when only her brother's home is known, has none)."""
    words = set(lucene.terms(query))
    named = {f.source_id for f in facts if lucene.names(words, f.source)}
    if words & FIRST_PERSON:
        named |= {f.source_id for f in facts if normalize_name(f.source) in me}
    if named or _names_someone(query):
        return named
    return {f.source_id for f in facts}


def _names_someone(query: str) -> bool:
    """A capitalised word past the first, other than "I": the query names someone or
    something, so the state facts of everyone else are not its subject."""
    return any(
        word[:1].isupper() and word != "I" and word.strip("?!.,:;'’s").isalpha()
        for word in query.split()[1:]
    )


def _current(
    plan: TemporalPlan,
    facts: list[StateFact],
    query: str,
    at: datetime,
    me: list[str],
    pastimes: Sequence[StateFact] = (),
) -> None:
    held = [f for f in facts if _held_at(f, at)]
    held_pastimes = [f for f in pastimes if _held_at(f, at)]
    # food made for others: their constraints, not the cook's
    subjects = _subjects(query, held + held_pastimes, [] if plan.intent.served else me)
    mine = [f for f in held if f.source_id in subjects]
    companions = {f.target_id for f in mine if f.predicate in COMPANION_PREDICATES}
    theirs = [f for f in held if f.source_id in companions and f.predicate in CONSTRAINT_PREDICATES]
    told = mine
    hobbies: list[StateFact] = []
    if plan.intent.constraints:  # what to avoid: the constraints, not the homes and jobs
        told = [f for f in mine if f.predicate in CONSTRAINT_PREDICATES]
    elif not plan.intent.whole:  # one topic: hobbies may be it (asked only by their topic)
        hobbies = [f for f in held_pastimes if f.source_id in subjects]
        told = mine + hobbies
    plan.facts = {f.memory_id: 1.0 for f in _latest_statements(told + theirs)}
    # "where do I *live* now?" names lives_in; a pastime is asked only by its topic: the
    # word "do" is in nearly every question ("What does Leo do for a living?")
    plan.asked = _named([f for f in told + theirs if f.predicate not in PASTIME_PREDICATES], query)
    for f in told + theirs:  # what each is about, read against the query's vector later
        plan.fact_predicates.setdefault(f.memory_id, set()).add(f.predicate)
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
    # what to avoid is asked of the constraints, not of whatever the current period holds
    plan.period_start = None if plan.intent.constraints else max(changes, default=None)
    since = f", current period since {plan.period_start.date()}" if plan.period_start else ""
    reach = "the situation as a whole" if plan.intent.whole else "one topic: gated as usual"
    plan.note = (
        f"current ({plan.intent.cue!r}, {reach}): {len(mine)} state facts, "
        f"{len(hobbies)} pastimes, "
        f"{len(theirs)} companion constraints{since}"
    )


def _latest_statements(facts: list[StateFact]) -> list[StateFact]:
    """One memory per fact, the latest that states it: five dinners with Alice each assert
    ``eats_with Alice``, and the current view wants that fact once, beside where the user
    lives and what they eat, not five times in their place. The others are memories of the
    current period like any (``PERIOD``)."""
    latest: dict[tuple[str, str, str], StateFact] = {}
    for fact in facts:
        key = (fact.source_id, fact.predicate, fact.target_id)
        kept = latest.get(key)
        if kept is None or (fact.observed_at, fact.memory_id) > (kept.observed_at, kept.memory_id):
            latest[key] = fact
    return list(latest.values())


_LINKS = frozenset({"in", "at", "of", "with", "to", "for", "on", "by"})


def _predicate_words(predicate: str) -> list[str]:
    return [w for w in predicate.lower().split("_") if w and w not in _LINKS]


def _named(facts: list[StateFact], query: str) -> set[str]:
    """The memories stating a fact whose predicate the query names ("where did I *work*
    before?" names ``works_at``, "where do I *live* now?" ``lives_in``), or, for a role, the
    role ("Who is *chair* now?" names ``Keith holds_role chair``)."""
    words = {_stem(w) for w in lucene.terms(AT_WORK.sub("", query))}  # not "write at work"
    return {f.memory_id for f in facts if words & {_stem(w) for w in _naming_words(f)}}


def _naming_words(fact: StateFact) -> list[str]:
    if fact.predicate in ROLE_PREDICATES:  # "Who *sings* in the band now?": the singer
        return [*lucene.terms(fact.target), *NAMED_BY.get(fact.target.lower(), ())]
    return _predicate_words(fact.predicate)


def _stem(word: str) -> str:
    """A crude stem, enough to tell "lived"/"living"/"lives" and "live" apart from the rest."""
    for suffix in ("ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def _past(
    plan: TemporalPlan, facts: list[StateFact], query: str, at: datetime, me: list[str]
) -> None:
    ended = [f for f in facts if f.replaced_at is not None and f.replaced_at <= at]
    anchor = set(lucene.terms(plan.intent.anchor or ""))
    if anchor:
        ended = [f for f in ended if lucene.names(anchor, f.target)] or ended
    subjects = _subjects(query, ended, me)
    windows = {
        (f.observed_at, f.replaced_at)
        for f in ended
        if f.source_id in subjects and f.replaced_at is not None and f.observed_at < f.replaced_at
    }
    plan.windows = sorted(windows)
    plan.boundaries = {f.memory_id for f in facts}
    plan.asked = _named([f for f in ended if f.source_id in subjects], query)
    shown = ", ".join(f"{s.date()}..{e.date()}" for s, e in plan.windows[:5]) or "none"
    count = len(plan.windows)
    plan.note = f"past ({plan.intent.cue!r}): {count} superseded-state windows ({shown})"


def plan(store: SearchStore, ctx: SearchContext, at: datetime) -> TemporalPlan:
    """Read the query's intent and fetch the state facts it needs (no query for general)."""
    intent = detect(ctx.query, at)
    result = TemporalPlan(intent=intent, note=intent.describe())
    if intent.kind == "window" and intent.start is not None and intent.end is not None:
        result.windows = [(intent.start, intent.end)]
        if intent.yearless:  # "in June": this year's, else the latest one with memories
            result.windows += earlier_years((intent.start, intent.end), YEARS_BACK)
            result.latest_window = True
    elif intent.kind in ("current", "past"):
        wanted = (
            STATE_PREDICATES if intent.kind == "current" else STATE_PREDICATES + FORMER_PREDICATES
        )
        read = store.state_facts(ctx.owner.key, wanted)
        facts = [_as_ended(f) for f in read if f.predicate not in PASTIME_PREDICATES]
        if intent.kind == "current":
            pastimes = [f for f in read if f.predicate in PASTIME_PREDICATES]
            _current(result, facts, ctx.query, at, ctx.self_names, pastimes)
        else:
            _past(result, facts, ctx.query, at, ctx.self_names)
    if intent.tensed and not result.windows:  # "Where did Gary work?", nothing ended
        general = TimeIntent(asks=intent.asks)
        return TemporalPlan(intent=general, note=f"{general.describe()}; past tense, none ended")
    return result


def _as_ended(fact: StateFact) -> StateFact:
    """A fact told as former (:data:`FORMER_PREDICATES`) ended when it was told."""
    if not fact.predicate.startswith(FORMER) or fact.replaced_at is not None:
        return fact
    return fact.model_copy(update={"replaced_at": fact.observed_at})
