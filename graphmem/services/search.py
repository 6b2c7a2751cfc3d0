"""The search use case: resolve scopes, gather candidates from every signal (Neo4j indexes),
gate on exact cosine, fuse, apply lifecycle / time views, return memories and relations."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from datetime import UTC, datetime
from functools import partial
from typing import Any, TypeVar

from graphmem.domain.filters import NO_FILTER, MemoryFilter
from graphmem.domain.memory import MemoryRecord
from graphmem.domain.scope import SELF_ENTITY
from graphmem.domain.search import ScoredMemory, SearchExplain, SearchResult
from graphmem.domain.views import fetch_states
from graphmem.errors import GraphMemError, StorageError, StorageUnavailableError, ValidationError
from graphmem.ports.embedder import Embedder
from graphmem.ports.search import GateRow, ScopeStats, SearchStore
from graphmem.search import resolved, roles, self_names, temporal
from graphmem.search.candidates import Pool
from graphmem.search.context import SearchContext
from graphmem.search.ranking import gate_and_rank
from graphmem.search.relations import relations_for
from graphmem.search.sets import category
from graphmem.search.signals import Collect, entities, fulltext, members, triplets, vector
from graphmem.search.signals import temporal as time_window
from graphmem.search.state_topics import StateTopics
from graphmem.search.time_plan import TemporalPlan
from graphmem.services import inputs
from graphmem.services.gating import RESOLVED, EarlyGate, GatePolicy
from graphmem.settings import Settings

logger = logging.getLogger(__name__)
T = TypeVar("T")
MAX_TOP_K = 100
DECAY_POOL = 50
#: The candidate signals, merged in this order; each runs on its own thread.
SIGNALS: tuple[tuple[str, Collect], ...] = (
    ("semantic", vector.collect),
    ("fulltext", fulltext.collect),
    ("triplet", triplets.collect),
    ("entity", entities.collect),
    ("temporal", time_window.collect),
    ("members", members.collect),
)


def _wait(future: Future[None], until: float, name: str) -> None:
    """The signal's result, or StorageUnavailableError once the signals' time is up (the
    query may still be running; its answer is ignored)."""
    try:
        future.result(timeout=max(0.0, until - time.monotonic()))
    except FutureTimeout as exc:
        future.cancel()  # still queued behind other searches' signals: never start it
        error = StorageUnavailableError(f"search signal {name} did not answer in time")
        error.reason = f"{name}: no answer within search.signal_timeout_s"
        raise error from exc


def _ran(part: Pool, name: str) -> bool:
    """Whether a signal was on for this query (a failed one counts as on)."""
    return not part.status.get(name, "").startswith("off")


def _worst(errors: list[StorageError]) -> StorageError:
    """Unavailability first: the client should retry, not report a defect."""
    unavailable = [e for e in errors if isinstance(e, StorageUnavailableError)]
    return (unavailable or errors)[0]


def _log_failure(signal: str, exc: StorageError) -> None:
    # The class and the short reason only: the message may quote the query's text.
    logger.warning(
        "search signal %s failed, search degraded: %s (%s)", signal, type(exc).__name__, exc.reason
    )


def _or_failed(name: str, failed: dict[str, StorageError], run: Callable[[], T]) -> T | None:
    """A preparation step (time intent, role resolution) that fails leaves the search
    degraded, like a failed signal, instead of failing it."""
    try:
        return run()
    except StorageError as exc:
        _log_failure(name, exc)
        failed[name] = exc
        return None


class SearchMemories:
    def __init__(
        self,
        store: SearchStore,
        embedder: Embedder,
        settings: Settings,
        writing: Callable[[], bool] | None = None,
    ) -> None:
        """``writing``: whether a write transaction of this process is running (the early
        gate's ``auto`` mode gates early only when nothing else runs)."""
        self.store = store
        self.embedder = embedder
        self.settings = settings
        self._gating = GatePolicy(settings.search.early_gate, writing or (lambda: False))
        self._topics = StateTopics(embedder)
        self._background = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gm-access")
        # Signals run side by side (room for a few searches', and for abandoned ones).
        self._signals = ThreadPoolExecutor(max_workers=16, thread_name_prefix="gm-signal")

    def __call__(
        self,
        query: Any,
        *,
        scope: dict[str, str | None],
        top_k: Any = 10,
        threshold: Any = None,
        latest_only: bool = False,
        include_merged: bool = False,
        reference_date: Any = None,
        explain: bool = False,
        memory_filter: MemoryFilter = NO_FILTER,
        include_linked: bool = False,
    ) -> SearchResult:
        """``memory_filter`` (metadata, date ranges) narrows the gate's candidates and the
        semantic exact scan; ``include_linked`` adds the memories the results link to."""
        now = datetime.now(UTC)
        failed: dict[str, StorageError] = {}
        draft = self._draft(
            query, scope, top_k, threshold, latest_only, include_merged, reference_date, explain
        ).model_copy(update={"memory_filter": memory_filter})
        ctx, time_plan, resolution, lexical = self._context(draft, now, failed)
        if not ctx.scope_keys:
            return SearchResult(
                explain=SearchExplain(signals={"all": "scope has no memories"}) if explain else None
            )
        resolved_vector: list[list[float]] = []
        # A resolved query is embedded while the signals run; without one, each signal's
        # candidates are gated as soon as it answers, if the policy says so.
        during = partial(self._embed_into, resolved_vector, resolution.query)
        with self._gating.search() as how:
            early_gate = not resolution.resolved and GatePolicy.early(how)
            pool, early = self._gather(
                ctx,
                during if resolution.resolved else None,
                early_gate=early_gate,
                started={"fulltext": lexical},
            )
            roles.collect(resolution, pool)
            resolved.mark_anchored(resolution, pool)  # Karl's facts, for Karl's daughter
            for name, exc in failed.items():
                pool.failed.append(name)
                pool.status[name] = f"failed: {type(exc).__name__} ({exc.reason})"
            if early is not None:
                rows = self._gate_rest(early, pool)
            else:
                vector_of_resolved = resolved_vector[0] if resolved_vector else None
                rows = self._gate(pool, ctx, resolution, vector_of_resolved)
        ctx = self._topics.for_ended(ctx, pool, draft.query)  # a named person's, if asked
        results, gated_out = gate_and_rank(rows, pool, ctx, self.settings.search, now)
        self._record_access([m.id for m in results], now)
        return SearchResult(
            results=results,
            relations=relations_for(pool, results, ctx.reference_date, now, ctx.top_k),
            degraded=bool(pool.failed),
            failed_signals=pool.failed,
            linked=self._linked(results, ctx) if include_linked else [],
            explain=SearchExplain(
                signals=pool.status,
                failed_signals=pool.failed,
                candidates=len(rows),
                gated_out=gated_out,
                exact_vector_scan=vector.exact(ctx, self.settings.search),
                time_intent=time_plan.note,
                updates=pool.updates,
                gate=RESOLVED if resolution.resolved else how,
            )
            if explain
            else None,
        )

    def _plan_and_resolve(
        self, ctx: SearchContext, now: datetime, failed: dict[str, StorageError]
    ) -> tuple[TemporalPlan, roles.Resolution, list[str]]:
        """The query's time plan and role resolution (they read the query and the owner's
        graph only), after reading who "I" is (:mod:`graphmem.search.self_names`); a step
        that fails is noted in ``failed`` and leaves the search degraded."""
        me = _or_failed(
            "self", failed, lambda: self_names.read(self.store, ctx.owner.key, ctx.query)
        )
        ctx = ctx.model_copy(update={"self_names": me or [SELF_ENTITY]})
        resolve = partial(roles.resolve, self.store, ctx, self.settings.search.role_resolution)
        resolution = _or_failed("roles", failed, resolve) or roles.Resolution(query=ctx.query)
        # about whom the roles resolved to ("...cooking for my son?": the son's allergy)
        about = ctx.model_copy(update={"query": resolution.query}) if resolution.resolved else ctx
        plan = partial(temporal.plan, self.store, about, ctx.reference_date or now)
        time_plan = _or_failed("temporal", failed, plan) or TemporalPlan(note="failed")
        return time_plan, resolution, ctx.self_names

    def _gate(
        self,
        pool: Pool,
        ctx: SearchContext,
        resolution: roles.Resolution,
        resolved_vector: list[float] | None,
    ) -> list[GateRow]:
        """The exact cosine of every candidate; those about a resolved person are also read
        against the resolved query in the same statement (:mod:`graphmem.search.resolved`)."""
        if not pool.ids():
            return []
        about = resolved.reached(resolution, pool) if resolved_vector is not None else []
        rows = self.store.gate(
            pool.ids(),
            ctx.vector,
            ctx.scope_keys,
            ctx.memory_filter,
            resolved_vector if about else None,
            about,
        )
        if not about:
            return rows
        pool.status["roles"] = resolved.status(pool.status.get("roles", ""), rows)
        return resolved.reread(rows)

    def _embed_into(self, vectors: list[list[float]], text: str) -> None:
        vectors.extend(self.embedder.embed([text]))

    def _gate_rest(self, early: EarlyGate, pool: Pool) -> list[GateRow]:
        """The gate rows, most read while the signals ran; the rest read now."""
        return early.rows(pool, time.monotonic() + self.settings.search.signal_timeout_s)

    def _linked(self, results: list[ScoredMemory], ctx: SearchContext) -> list[MemoryRecord]:
        shown = {m.id for m in results}
        ids = [i for m in results for i in m.linked_memory_ids if i not in shown]
        unique = list(dict.fromkeys(ids))
        return self.store.linked(unique, ctx.scope_keys, ctx.fetch_states) if unique else []

    def _draft(
        self,
        query: Any,
        scope: dict[str, str | None],
        top_k: Any,
        threshold: Any,
        latest_only: bool,
        include_merged: bool,
        reference_date: Any,
        explain: bool,
    ) -> SearchContext:
        """The validated inputs as a context without the query vector and scope keys yet."""
        text = inputs.check_text(query, self.settings.limits, where="query")
        if not any(scope.values()):
            raise ValidationError("search needs at least one of user_id, agent_id, run_id")
        inputs.check_limit(top_k, MAX_TOP_K, where="top_k")
        gate = self.settings.search.threshold if threshold is None else threshold
        if isinstance(gate, bool) or not isinstance(gate, int | float) or not -1 <= gate <= 1:
            raise ValidationError("threshold is a cosine similarity between -1 and 1")
        reference = (
            None
            if reference_date is None
            else inputs.timestamp_of(reference_date, datetime.now(UTC))
        )
        per_signal_k = max(self.settings.search.candidates_per_signal, 3 * top_k)
        if self.settings.search.decay_enabled:
            per_signal_k = max(per_signal_k, DECAY_POOL)
        return SearchContext(
            query=text,
            vector=[],
            scope=scope,
            scope_keys=[],
            scope_size=0,
            fetch_states=fetch_states(latest_only, include_merged, reference),
            reference_date=reference,
            top_k=top_k,
            per_signal_k=per_signal_k,
            threshold=float(gate),
            latest_only=latest_only,
            include_merged=include_merged,
            explain=explain,
        )

    def _context(
        self, draft: SearchContext, now: datetime, failed: dict[str, StorageError]
    ) -> tuple[SearchContext, TemporalPlan, roles.Resolution, tuple[Future[None], Pool]]:
        """The scope lookup, and the time plan and role resolution, run on worker threads
        while this thread embeds the query (with a set question's category,
        :mod:`graphmem.search.sets`, in the same call); then the context the signals read
        (the lexical and entity signals read a resolved query's names). The full-text
        signal, which reads no vector, starts as soon as the scope and the resolution are
        known (its future and its pool are returned), so its statement overlaps the
        embedding."""
        keys_read = self._signals.submit(self.store.scope_keys, draft.scope, draft.fetch_states)
        planned = self._signals.submit(self._plan_and_resolve, draft, now, failed)
        lexical = Pool()
        lexical_read = self._signals.submit(self._lexical, draft, keys_read, planned, lexical)
        asked = category(draft.query) if self.settings.search.weight_members > 0 else None
        [vector, *category_vector] = self.embedder.embed([draft.query, *filter(None, [asked])])
        keys = keys_read.result()
        time_plan, resolution, me = planned.result()
        topics = frozenset(self._topics.of_query(vector, draft.query, time_plan))
        self._topics.apply(time_plan, topics)
        update: dict[str, Any] = {
            "self_names": me,
            "vector": vector,
            "scope_keys": [k.key for k in keys],
            "scope_size": sum(k.memories for k in keys),
            "time_plan": time_plan,
            "category": asked,
            "category_vector": category_vector[0] if category_vector else [],
            "topics": topics,
        }
        if resolution.resolved:
            update["query"] = resolution.query
        return draft.model_copy(update=update), time_plan, resolution, (lexical_read, lexical)

    def _lexical(
        self,
        draft: SearchContext,
        keys_read: Future[list[ScopeStats]],
        planned: Future[tuple[TemporalPlan, roles.Resolution, list[str]]],
        part: Pool,
    ) -> None:
        """The full-text signal, once the scope keys and the resolved query are known."""
        keys = [k.key for k in keys_read.result()]
        _, resolution, _ = planned.result()
        if not keys:  # the search answers "scope has no memories" without the signals
            return
        query = resolution.query if resolution.resolved else draft.query
        ctx = draft.model_copy(update={"scope_keys": keys, "query": query})
        fulltext.collect(self.store, ctx, part, self.settings.search)

    def _gather(
        self,
        ctx: SearchContext,
        during: Callable[[], None] | None = None,
        early_gate: bool = False,
        started: dict[str, tuple[Future[None], Pool]] | None = None,
    ) -> tuple[Pool, EarlyGate | None]:
        """Each signal fills its own pool on its own thread; they are merged in a fixed
        order, so the result is the same as gathering them one after another. A signal whose
        query fails is left out (the search is degraded); when none answered, the search
        fails with the signals' error. ``during`` runs on this thread meanwhile. With
        ``early_gate``, each signal's candidates are gated as soon as it answered
        (:mod:`graphmem.services.gating`). ``started``: signals already running (their
        future and pool), waited for here like the others."""
        settings = self.settings.search
        started = started or {}
        parts = {name: started[name][1] if name in started else Pool() for name, _ in SIGNALS}
        early = (
            EarlyGate(lambda ids: self._gate_ids(ids, ctx), self._signals) if early_gate else None
        )

        def run(name: str, collect: Collect, part: Pool) -> None:
            if name in started:
                started[name][0].result()
            else:
                collect(self.store, ctx, part, settings)
            if early is not None and part.scores:
                early.submit(part.ids())

        futures = {
            name: self._signals.submit(run, name, collect, parts[name]) for name, collect in SIGNALS
        }
        until = time.monotonic() + settings.signal_timeout_s
        if during is not None:
            during()
        pool, errors = Pool(), dict[str, StorageError]()
        for name, future in futures.items():
            try:
                _wait(future, until, name)
            except StorageError as exc:
                errors[name] = exc
                _log_failure(name, exc)
                pool.failed.append(name)
                pool.status[name] = f"failed: {type(exc).__name__} ({exc.reason})"
                continue
            pool.merge(parts[name])
        if errors and len(errors) == sum(_ran(parts[n], n) for n, _ in SIGNALS):
            raise _worst(list(errors.values()))
        return pool, early

    def _gate_ids(self, ids: list[str], ctx: SearchContext) -> list[GateRow]:
        return self.store.gate(ids, ctx.vector, ctx.scope_keys, ctx.memory_filter)

    def _record_access(self, ids: list[str], now: datetime) -> None:
        """Only decay reads access data, so only then is it written (off the request path)."""
        if ids and self.settings.search.decay_enabled:
            self._background.submit(self._write_access, ids, now)

    def _write_access(self, ids: list[str], now: datetime) -> None:
        try:
            self.store.record_access(ids, now)
        except GraphMemError as exc:  # the search already answered; decay data is late
            logger.warning("could not record search access for %d memories: %s", len(ids), exc)

    def close(self) -> None:
        # A signal stuck on an unanswered Bolt request must not hold the caller's close.
        self._signals.shutdown(wait=False, cancel_futures=True)
        self._background.shutdown(wait=True)
