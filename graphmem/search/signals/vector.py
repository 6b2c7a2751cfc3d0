"""Memory vector similarity: exact cosine over a small scope, the vector index (filtered to
the user inside the index, over-fetched) over a large one.

A filtered search (metadata, date ranges) always takes the exact scan, with the gate's own
filter predicate: the index returns the nearest memories of the whole scope, and when none of
them passes the filter the gate would drop them all, however well a matching memory fits.

When the vector index fails inside Neo4j (on 2026.08.1 a filtered vector search can break
an index under concurrent writes: every search of it then fails, or goes unanswered,
docs/reliability.md §2c), the signal answers from the exact scan instead, says so in its
status, and keeps doing so for ``BREAKER_COOLDOWN_S`` before it tries the index again (a
call still unanswered after ``search.signal_timeout_s`` counts as a failure too), so a broken
index costs exactness of nothing and time only on large scopes (search/index_breaker.py)."""

from __future__ import annotations

import logging
import threading
import weakref

from graphmem.ports.search import SearchStore
from graphmem.search.candidates import Pool
from graphmem.search.context import SearchContext
from graphmem.search.index_breaker import BREAKER_COOLDOWN_S, IndexBreaker
from graphmem.settings import SearchSettings

INDEX_LIMIT = 10_000

logger = logging.getLogger(__name__)

_BREAKERS: weakref.WeakKeyDictionary[SearchStore, IndexBreaker] = weakref.WeakKeyDictionary()
_BREAKERS_LOCK = threading.Lock()


def _breaker(store: SearchStore) -> IndexBreaker:
    with _BREAKERS_LOCK:
        breaker = _BREAKERS.get(store)
        if breaker is None:
            breaker = _BREAKERS[store] = IndexBreaker()
        return breaker


def exact(ctx: SearchContext, settings: SearchSettings) -> bool:
    """Whether the signal scans the scope exactly instead of asking the vector index."""
    small = ctx.scope_size <= settings.exact_scan_max
    return small or ctx.scope.get("user_id") is None or not ctx.memory_filter.empty


def collect(store: SearchStore, ctx: SearchContext, pool: Pool, settings: SearchSettings) -> None:
    user_id = ctx.scope.get("user_id")
    if exact(ctx, settings) or user_id is None:
        hits = _exact(store, ctx)
        mode = "exact scan" if ctx.memory_filter.empty else "exact scan, filtered"
    else:
        k = min(ctx.per_signal_k * settings.index_overfetch, INDEX_LIMIT)
        breaker = _breaker(store)
        hits, failed = breaker.ask(
            lambda: store.memory_vector_index(
                user_id, ctx.scope_keys, ctx.vector, ctx.fetch_states, ctx.before, k
            ),
            lambda: _exact(store, ctx),
            settings.signal_timeout_s,
        )
        if failed is None:
            mode = "vector index"
        else:
            _report_once(breaker, failed)
            mode = f"exact scan: the vector index failed ({failed})"
    for memory_id, score in sorted(hits.items(), key=lambda kv: -kv[1])[: ctx.per_signal_k]:
        pool.add("semantic", memory_id, score)
    pool.status["semantic"] = f"ok ({mode}, {len(hits)} hits)"


def _report_once(breaker: IndexBreaker, reason: str) -> None:
    if not breaker.first_report():
        return
    logger.error(
        "the memory vector index failed (%s); searches of large scopes use the exact scan "
        "until it answers again (retried after %.0f s). If this repeats, rebuild the "
        "index: DROP INDEX memory_embedding (and memory_key_embedding), then "
        "`graphmem migrate`",
        reason,
        BREAKER_COOLDOWN_S,
    )


def _exact(store: SearchStore, ctx: SearchContext) -> dict[str, float]:
    return store.memory_vector_exact(
        ctx.scope_keys,
        ctx.vector,
        ctx.fetch_states,
        ctx.before,
        ctx.per_signal_k,
        ctx.memory_filter,
    )
