"""The semantic gate, then fusion. Every candidate, whichever signal found it, gets its exact
cosine to the query; below the threshold it is dropped (a full-text- or entity-only hit is
kept when its cosine passes, or when a fact it asserted, matched by the triplet signal, is that
close to the query). Then

    final = (w_sem·cosine⁺ + w_ft·fulltext + w_ent·entity + w_tri·triplet
             + w_time·temporal + w_members·members)
            × lifecycle × decay × question × address × listener × others × answer

where entity is the best of the graph expansion's score and the speaker match (the memory's
actor is named in the query, :mod:`graphmem.search.speaker`, applied here after the gate),
with full-text divided by the query's best Lucene score, lifecycle = superseded_factor for a
memory superseded at the reference date, question = question_factor for a memory that only asks
(:mod:`graphmem.search.asking`), address = address_factor for a memory that only addresses a
speaker the query names (:mod:`graphmem.search.address`), listener = listener_factor for a
memory that speaks only of its listener and does not only ask
(:mod:`graphmem.search.listener`), others = others_factor for a memory
whose matching facts are all another person's when the query asks about the asker
(:mod:`graphmem.search.asker`), answer = answer_factor for a memory that holds no answer of
the kind the query asks for when another does (an amount, an age…:
:mod:`graphmem.search.answer_kinds`), and a superseded memory capped just
below its replacement when both are candidates. ``members`` is 0 except for a set question
(:mod:`graphmem.search.signals.members`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphmem.domain import views
from graphmem.domain.memory import LifecycleState, MemoryRecord
from graphmem.domain.search import ScoreBreakdown, ScoredMemory
from graphmem.ports.search import GateRow
from graphmem.search import (
    address,
    answer_kinds,
    asking,
    decay,
    listener,
    role_holders,
    speaker,
    updates,
)
from graphmem.search.candidates import SIGNALS, Pool
from graphmem.search.context import SearchContext
from graphmem.search.ended import about, asks_what_was, ended_pairs
from graphmem.search.time_plan import INHERIT, TemporalPlan
from graphmem.search.told_changes import told_changes
from graphmem.search.told_ends import told_ends
from graphmem.settings import SearchSettings


def _weights(settings: SearchSettings) -> dict[str, float]:
    return {
        "semantic": settings.weight_semantic,
        "fulltext": settings.weight_fulltext,
        "entity": settings.weight_entity,
        "triplet": settings.weight_triplet,
    }


@dataclass(slots=True)
class _Parts:
    """A score breakdown while the ranking may still change ``final`` and ``sources``."""

    values: dict[str, Any]
    final: float
    sources: list[str]

    def model(self) -> ScoreBreakdown:
        return ScoreBreakdown(**self.values, final=self.final, sources=self.sources)


@dataclass(slots=True)
class _Ranked:
    """A candidate being ranked, in plain values: the pydantic result (``ScoredMemory``) is
    built only for the memories returned. ``score_breakdown`` only with ``explain``."""

    memory: MemoryRecord
    score: float
    score_breakdown: _Parts | None

    @property
    def id(self) -> str:
        return self.memory.id

    @property
    def text(self) -> str:
        return self.memory.text

    @property
    def actor(self) -> str | None:
        return self.memory.actor

    @property
    def observed_at(self) -> datetime:
        return self.memory.observed_at

    def result(self) -> ScoredMemory:
        breakdown = self.score_breakdown
        return ScoredMemory(
            **self.memory.model_dump(),
            score=self.score,
            score_breakdown=breakdown.model() if breakdown is not None else None,
        )


def _score(
    row: GateRow,
    pool: Pool,
    ctx: SearchContext,
    settings: SearchSettings,
    now: datetime,
    said: float,
    people: frozenset[str],
    answer: float,
) -> _Ranked | None:
    memory, time_plan = row.memory, ctx.time_plan
    state = views.state_at(memory, row.replaced_at, ctx.reference_date)
    if not views.observed_by(memory, ctx.reference_date):
        return None
    if not views.visible(state, ctx.latest_only, ctx.include_merged):
        return None
    signals = dict(pool.scores.get(memory.id, {}))
    signals["semantic"] = max(row.cosine, 0.0)
    sources = sorted(s for s in pool.scores.get(memory.id, {}) if s in SIGNALS)
    if said > signals.get("entity", 0.0):
        signals["entity"] = said
        sources.append("speaker")
    weights = _weights(settings)
    shaped = {s: signals.get(s, 0.0) for s in SIGNALS}
    shaped["entity"] **= settings.entity_exponent  # a weak link counts less than linearly
    fused = sum(weights[s] * shaped[s] for s in SIGNALS)
    temporal = time_plan.score(memory, _topic_cosine(row, pool, time_plan))
    if temporal > 0:
        fused += settings.weight_temporal * temporal
        sources.append("temporal")
    members = signals.get("members", 0.0)
    if members > 0:
        fused += settings.weight_members * members
        sources.append("members")
    retired = state != LifecycleState.ACTIVE and not time_plan.past
    lifecycle = settings.superseded_factor if retired else 1.0
    factor = 1.0
    if settings.decay_enabled:
        factor = decay.multiplier(memory, row.access_count, row.last_accessed_at, now)
    asks = asking.factor(memory.text, settings.question_factor)
    addressed = address.factor(memory.text, memory.actor, people, settings.address_factor)
    listens = 1.0  # a memory that only asks has its own factor
    if not asking.only_asks(memory.text):
        listens = listener.factor(memory.text, memory.role, ctx.query, settings.listener_factor)
    others = settings.others_factor if pool.told_of_others(memory.id, memory.actor) else 1.0
    if memory.id in pool.others_than_named:
        others = min(others, settings.named_others_factor)
    final = fused * lifecycle * factor * asks * addressed * listens * others * answer
    if not ctx.explain:
        return _Ranked(memory, final, None)
    values = {s: round(signals.get(s, 0.0), 4) for s in SIGNALS}
    values.update(lifecycle=lifecycle, temporal=round(temporal, 4), decay=round(factor, 4))
    values.update(members=round(members, 4))
    values.update(question=asks, address=addressed, listener=listens, others=others, answer=answer)
    return _Ranked(memory, final, _Parts(values, round(final, 4), sources or ["gate"]))


def _lacking(
    passed: list[GateRow], query: str, answer_factor: float
) -> Callable[[MemoryRecord], float]:
    """A memory's answer factor: ``answer_factor`` when the query asks for a kind of answer
    (an amount, an age…) that some gated memory holds and this one does not, else 1
    (:mod:`graphmem.search.answer_kinds`)."""
    test = answer_kinds.answer_test(query)
    if test is None or answer_factor >= 1.0:
        return lambda _: 1.0
    held = {r.memory.id for r in passed if test(r.memory.text)}
    if not held:
        return lambda _: 1.0
    return lambda memory: 1.0 if memory.id in held else answer_factor


def _topic_cosine(row: GateRow, pool: Pool, time_plan: TemporalPlan) -> float:
    """The cosine a memory's time score reads: for a current fact the query is about by
    meaning, the better of its text's and its matched fact's ("Nadia lives in Burnage" for
    "Where does Nadia live now?", told as "we got the keys to our own house in Burnage!")."""
    if row.memory.id not in time_plan.by_topic:
        return row.cosine
    return max(row.cosine, pool.fact_cosines.get(row.memory.id, -1.0))


def gate_and_rank(
    rows: list[GateRow],
    pool: Pool,
    ctx: SearchContext,
    settings: SearchSettings,
    now: datetime,
) -> tuple[list[ScoredMemory], int]:
    """Return the ``ctx.top_k`` best memories (ranked over the whole pool, best first) and
    how many the gate dropped."""
    time_plan = ctx.time_plan
    by_fact = {
        r.memory.id
        for r in rows
        if r.cosine < ctx.threshold
        and (_by_fact(r, pool, ctx) or (settings.fact_gate and time_plan.asked_by_topic(r.memory)))
    }
    passed = [
        r
        for r in rows
        if r.cosine >= ctx.threshold or r.memory.id in by_fact or time_plan.pinned(r.memory)
    ]
    passed += _enders(rows, passed, pool)
    passed += _named_kind(rows, passed, ctx, pool)
    if by_fact:
        pool.status["triplet"] = (
            f"{pool.status.get('triplet', 'ok')}; {len(by_fact)} through the gate by a matched fact"
        )
    time_plan.settle([r.memory for r in passed])
    time_plan.relate([r.cosine for r in passed])
    words = speaker.query_words(ctx.query)
    named = {r.memory.actor for r in passed if speaker.named(r.memory.actor, words)}
    weight = settings.speaker_match
    said = {r.memory.id: weight for r in passed if weight > 0 and r.memory.actor in named}
    people = address.named_people(named)
    lacking = _lacking(passed, ctx.query, settings.answer_factor)
    scores = (
        _score(r, pool, ctx, settings, now, said.get(r.memory.id, 0.0), people, lacking(r.memory))
        for r in passed
    )
    scored = [m for m in scores if m is not None]
    matched = sum(1 for m in scored if m.id in said)
    pool.status["speaker"] = speaker.status(matched, settings.speaker_match)
    by_id = {m.id: m for m in scored}
    replaced_at = {r.memory.id: r.replaced_at for r in reversed(rows)}  # the first row's
    for m in scored:
        replacement = by_id.get(m.memory.replacement_memory_id or "")
        retired = views.state_at(m.memory, replaced_at.get(m.id), ctx.reference_date)
        if replacement is not None and retired != LifecycleState.ACTIVE and not time_plan.past:
            m.score = min(m.score, replacement.score * 0.99)
    _inherit(scored, by_id, time_plan)
    scored.sort(key=lambda m: (-m.score, m.id))
    if settings.update_pairing:
        pool.updates = updates.apply(
            scored,
            past=time_plan.past,
            describe=ctx.explain,
            in_window=lambda memory_id: time_plan.in_window(by_id[memory_id].memory),
            ended=[
                *_ended(pool, by_id, ctx, now),
                *told_ends(scored),
                *told_changes(scored, ctx.query),
                *role_holders.pairs(pool.role_steps, by_id, _active(by_id)),
            ],
        )
    scored.sort(key=lambda m: (-m.score, m.id))
    return [m.result() for m in scored[: ctx.top_k]], len(rows) - len(passed)


def _named_kind(
    rows: list[GateRow], passed: list[GateRow], ctx: SearchContext, pool: Pool
) -> list[GateRow]:
    """Rows below the gate that name the kind of thing the question asks for by a closed
    list of names ("Which dating app do I use?": a memory naming Bumble), reported in the
    semantic signal's status."""
    test = answer_kinds.named_kind_test(ctx.query)
    if test is None:
        return []
    kept = {r.memory.id for r in passed}
    found = [r for r in rows if r.memory.id not in kept and test(r.memory.text)]
    if found:
        pool.status["semantic"] = (
            f"{pool.status.get('semantic', 'ok')}; {len(found)} through the gate by naming "
            f"the kind asked ({answer_kinds.asked(ctx.query)})"
        )
    return found


def _enders(rows: list[GateRow], passed: list[GateRow], pool: Pool) -> list[GateRow]:
    """The gated-out memories that ended a fact of one that passed: they answer what the
    fact is now ("sold the Land Rover …" for "What do I use to get around the fields?")."""
    through = {r.memory.id for r in passed}
    return [
        r
        for r in rows
        if r.memory.id not in through and pool.enders.get(r.memory.id, set()) & through
    ]


def _by_fact(row: GateRow, pool: Pool, ctx: SearchContext) -> bool:
    """A fact the memory asserted, matched by the triplet signal, is as close to the query as
    the gate asks: "Left the pharmacy, starting at Roche in August" is far from "Where do I
    work?" in words, not in what it told ("Ilka works at Roche")."""
    return pool.fact_cosines.get(row.memory.id, -1.0) >= ctx.threshold


def _active(by_id: dict[str, _Ranked]) -> Callable[[str], bool]:
    def active(memory_id: str) -> bool:
        return by_id[memory_id].memory.lifecycle_state == LifecycleState.ACTIVE

    return active


def _ended(
    pool: Pool, by_id: dict[str, _Ranked], ctx: SearchContext, now: datetime
) -> list[updates.Pair]:
    """The pairs of ended facts (:mod:`.ended`), unless the question asks what was."""
    if ctx.time_plan.intent.kind == "general" and asks_what_was(ctx.query):
        return []
    active = _active(by_id)

    intent = ctx.time_plan.intent
    # a question about the past, or the present as a whole, asks about every state fact
    every = intent.kind == "past" or (intent.kind == "current" and intent.whole)
    asked = about(ctx.query, ctx.topics, everything=every)
    return ended_pairs(pool.triplets.values(), by_id, ctx.reference_date or now, active, asked)


def _inherit(scored: list[_Ranked], by_id: dict[str, _Ranked], time_plan: TemporalPlan) -> None:
    """A companion's constraint ranks at least just below the relation leading to them."""
    for m in scored:
        parents = [by_id[p].score for p in time_plan.via.get(m.id, ()) if p in by_id]
        if parents and max(parents) * INHERIT > m.score:
            m.score = max(parents) * INHERIT
            if m.score_breakdown is not None:
                m.score_breakdown.final = round(m.score, 4)
                m.score_breakdown.sources.append("companion")
