"""Memory vector similarity: exact cosine over a small scope, the vector index (filtered to
the user inside the index, over-fetched) over a large one.

A filtered search (metadata, date ranges) always takes the exact scan, with the gate's own
filter predicate: the index returns the nearest memories of the whole scope, and when none of
them passes the filter the gate would drop them all, however well a matching memory fits."""

from __future__ import annotations

from graphmem.ports.search import SearchStore
from graphmem.search.candidates import Pool
from graphmem.search.context import SearchContext
from graphmem.settings import SearchSettings

INDEX_LIMIT = 10_000


def exact(ctx: SearchContext, settings: SearchSettings) -> bool:
    """Whether the signal scans the scope exactly instead of asking the vector index."""
    small = ctx.scope_size <= settings.exact_scan_max
    return small or ctx.scope.get("user_id") is None or not ctx.memory_filter.empty


def collect(store: SearchStore, ctx: SearchContext, pool: Pool, settings: SearchSettings) -> None:
    user_id = ctx.scope.get("user_id")
    if exact(ctx, settings) or user_id is None:
        hits = store.memory_vector_exact(
            ctx.scope_keys,
            ctx.vector,
            ctx.fetch_states,
            ctx.before,
            ctx.per_signal_k,
            ctx.memory_filter,
        )
        mode = "exact scan" if ctx.memory_filter.empty else "exact scan, filtered"
    else:
        k = min(ctx.per_signal_k * settings.index_overfetch, INDEX_LIMIT)
        hits = store.memory_vector_index(
            user_id, ctx.scope_keys, ctx.vector, ctx.fetch_states, ctx.before, k
        )
        mode = "vector index"
    for memory_id, score in sorted(hits.items(), key=lambda kv: -kv[1])[: ctx.per_signal_k]:
        pool.add("semantic", memory_id, score)
    pool.status["semantic"] = f"ok ({mode}, {len(hits)} hits)"
