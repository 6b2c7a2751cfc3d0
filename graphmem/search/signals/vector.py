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
index costs exactness of nothing and time only on large scopes."""

from __future__ import annotations

import logging
import threading
import time
import weakref
from dataclasses import dataclass, field

from graphmem.errors import StorageError, StorageUnavailableError
from graphmem.ports.search import SearchStore
from graphmem.search.candidates import Pool
from graphmem.search.context import SearchContext
from graphmem.settings import SearchSettings

INDEX_LIMIT = 10_000
BREAKER_COOLDOWN_S = 300.0

logger = logging.getLogger(__name__)


@dataclass
class IndexBreaker:
    """The memory vector index's health as this process saw it, per store."""

    failed_at: float | None = None
    reason: str = ""
    # the start time of each index call not yet answered, by call
    pending: dict[int, float] = field(default_factory=dict)
    calls: int = 0
    reported: bool = False  # the failure was logged (once until the index answers again)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def skipped(self, timeout_s: float, now: float) -> str | None:
        """Why the index is skipped now, or None to ask it."""
        with self.lock:
            if self.failed_at is not None and now - self.failed_at < BREAKER_COOLDOWN_S:
                return self.reason
            if self.pending and now - min(self.pending.values()) > timeout_s:
                return "an earlier search of it is still unanswered"
            return None

    def start(self, now: float) -> int:
        """Record an index call; returns its token for ``finish``."""
        with self.lock:
            self.calls += 1
            self.pending[self.calls] = now
            return self.calls

    def finish(self, call: int, error: str | None, now: float) -> None:
        with self.lock:
            self.pending.pop(call, None)
            if error is not None:
                self.failed_at, self.reason = now, error
            else:
                self.reported = False
                if self.failed_at is not None and now - self.failed_at >= BREAKER_COOLDOWN_S:
                    self.failed_at, self.reason = None, ""

    def report_once(self, reason: str) -> None:
        with self.lock:
            if self.reported:
                return
            self.reported = True
        logger.error(
            "the memory vector index failed (%s); searches of large scopes use the exact scan "
            "until it answers again (retried after %.0f s). If this repeats, rebuild the "
            "index: DROP INDEX memory_embedding (and memory_key_embedding), then "
            "`graphmem migrate`",
            reason,
            BREAKER_COOLDOWN_S,
        )


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
        breaker = _breaker(store)
        skipped = breaker.skipped(settings.signal_timeout_s, time.monotonic())
        if skipped is None:
            hits, mode = _index(store, ctx, settings, user_id, breaker)
        else:
            breaker.report_once(skipped)
            hits, mode = _exact(store, ctx), f"exact scan: the vector index failed ({skipped})"
    for memory_id, score in sorted(hits.items(), key=lambda kv: -kv[1])[: ctx.per_signal_k]:
        pool.add("semantic", memory_id, score)
    pool.status["semantic"] = f"ok ({mode}, {len(hits)} hits)"


def _exact(store: SearchStore, ctx: SearchContext) -> dict[str, float]:
    return store.memory_vector_exact(
        ctx.scope_keys,
        ctx.vector,
        ctx.fetch_states,
        ctx.before,
        ctx.per_signal_k,
        ctx.memory_filter,
    )


def _index(
    store: SearchStore,
    ctx: SearchContext,
    settings: SearchSettings,
    user_id: str,
    breaker: IndexBreaker,
) -> tuple[dict[str, float], str]:
    """The index's hits, or the exact scan's when the index fails inside Neo4j (not when
    Neo4j is unreachable: the exact scan could not answer either)."""
    k = min(ctx.per_signal_k * settings.index_overfetch, INDEX_LIMIT)
    started = time.monotonic()
    call = breaker.start(started)
    try:
        hits = store.memory_vector_index(
            user_id, ctx.scope_keys, ctx.vector, ctx.fetch_states, ctx.before, k
        )
    except StorageUnavailableError:
        # A call that ends this way long after the signals' time is the index's hang (the
        # connection gave up on it), not a brief outage: skip the index for the cooldown.
        now = time.monotonic()
        hung = now - started > settings.signal_timeout_s
        breaker.finish(call, "no answer from the index" if hung else None, now)
        raise
    except StorageError as exc:
        reason = exc.reason or type(exc).__name__
        breaker.finish(call, reason, time.monotonic())
        breaker.report_once(reason)
        return _exact(store, ctx), f"exact scan: the vector index failed ({reason})"
    breaker.finish(call, None, time.monotonic())
    return hits, "vector index"
