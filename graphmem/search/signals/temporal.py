"""Time intent: the plan's memories join the candidates (the current state facts, and the
memories observed in the plan's windows, best cosine first). The plan itself is made before
the signals run (:mod:`graphmem.search.temporal`) and rides on the context."""

from __future__ import annotations

from graphmem.ports.search import SearchStore
from graphmem.search.candidates import Pool
from graphmem.search.context import SearchContext
from graphmem.settings import SearchSettings


def collect(store: SearchStore, ctx: SearchContext, pool: Pool, settings: SearchSettings) -> None:
    plan = ctx.time_plan
    for memory_id in plan.facts:
        pool.add("temporal", memory_id, plan.facts[memory_id])
    if plan.windows:
        found = store.memory_vector_window(
            ctx.scope_keys,
            plan.windows,
            ctx.vector,
            ctx.fetch_states,
            ctx.before,
            ctx.per_signal_k,
        )
        for memory_id in found:
            pool.add("temporal", memory_id, 0.0)
    # Without a time intent the signal reads nothing (and so cannot stand in for the others).
    pool.status["temporal"] = plan.note if plan.active else "off: no time intent"
