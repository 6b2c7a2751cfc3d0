"""The Dream use case: enable scopes, run them (each under its lease, recorded as a DreamRun),
report status, and list a synthesis's sources."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from graphmem.domain.memory import MemoryRecord
from graphmem.dream.cooldown import Cooldown
from graphmem.dream.judge import Judge
from graphmem.dream.lease import Lease, utcnow
from graphmem.dream.models import (
    DreamReport,
    DreamRunRecord,
    DreamScopeState,
    DreamStatus,
    ScopeReport,
)
from graphmem.dream.ports import DreamStore
from graphmem.dream.scope_run import ScopePass
from graphmem.errors import (
    EmbeddingError,
    FeatureDisabledError,
    GraphMemError,
    LifecycleConflictError,
    LLMError,
    StorageError,
    StorageUnavailableError,
    ValidationError,
)
from graphmem.ports.embedder import Embedder
from graphmem.ports.llm import LLM
from graphmem.services import inputs
from graphmem.settings import DreamSettings

logger = logging.getLogger(__name__)

NO_LLM_NOTE = "no LLM is configured (GRAPHMEM_LLM__MODEL): nothing was judged or written"
DISABLED = "Dream is disabled for this project: set GRAPHMEM_DREAM__ENABLED=true"


class DreamRunner:
    def __init__(
        self,
        store: DreamStore,
        embedder: Embedder,
        settings: DreamSettings,
        llm: LLM | None,
        clock: Callable[[], datetime] = utcnow,
    ) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock
        self.judge = Judge(llm) if llm is not None else None
        self._pass = ScopePass(store, embedder, settings, self.judge, clock)
        self._cooldown = Cooldown(settings.min_interval_s, clock)

    # -- enabling ---------------------------------------------------------------------------
    def enable(
        self, *, user_id: str | None = None, agent_id: str | None = None, all_scopes: bool = False
    ) -> list[DreamScopeState]:
        """Start watching owners: the owner of every existing (user, agent) pair matching the
        filters, and of the given pair itself (Dream groups an owner's memories across agents
        and runs). Memories stored before enabling are never new evidence."""
        if not all_scopes and user_id is None and agent_id is None:
            raise ValidationError(
                "name a user id and/or agent id, or choose all scopes (--all, all_scopes=True)"
            )
        pairs = set(self.store.scope_pairs(user_id, agent_id))
        if not all_scopes:
            pairs.add((user_id, agent_id))
        now = self.clock()
        owners = {o.key: o for o in (inputs.scope_of(u, a, None).owner for u, a in pairs)}
        scopes = [owners[key] for key in sorted(owners)]
        return [self.store.enable(scope, now) for scope in scopes]

    # -- running ----------------------------------------------------------------------------
    def run(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        dry_run: bool = False,
        due_only: bool = False,
    ) -> DreamReport:
        """Run every enabled scope matching the filters (``due_only``: those whose cadence has
        passed). A dry run writes nothing and works while Dream is disabled."""
        if not dry_run and not self.settings.enabled:
            raise FeatureDisabledError(DISABLED)
        states = self.store.eligible_scopes(user_id, agent_id)
        if due_only:
            states = [s for s in states if self.due_at(s) <= self.clock()]
        return self._report(states, dry_run, due_only)

    def run_on_demand(
        self, *, user_id: str | None = None, agent_id: str | None = None, dry_run: bool = False
    ) -> DreamReport:
        """A run someone asked for over HTTP or MCP: refused while Dream is disabled for the
        project, even a dry run (FeatureDisabledError), and refused for scopes that ran less
        than ``min_interval_s`` ago (RateLimitedError, with the seconds to wait)."""
        if not self.settings.enabled:
            raise FeatureDisabledError(DISABLED)
        states = self.store.eligible_scopes(user_id, agent_id)
        self._cooldown.claim(states)
        return self._report(states, dry_run, False)

    def _report(self, states: list[DreamScopeState], dry_run: bool, due_only: bool) -> DreamReport:
        return DreamReport(
            dry_run=dry_run,
            scopes=[self.run_scope(s, dry_run=dry_run, due_only=due_only) for s in states],
        )

    def due_at(self, state: DreamScopeState) -> datetime:
        if state.last_run_at is None:
            return state.enabled_at or self.clock()
        return state.last_run_at + timedelta(hours=self.settings.cadence_hours)

    def next_due(self, *, user_id: str | None = None, agent_id: str | None = None) -> datetime:
        """When the earliest enabled scope is next due (now + poll interval if none is)."""
        states = self.store.eligible_scopes(user_id, agent_id)
        fallback = self.clock() + timedelta(seconds=self.settings.poll_seconds)
        return min([self.due_at(s) for s in states], default=fallback)

    def run_scope(
        self, state: DreamScopeState, *, dry_run: bool = False, due_only: bool = False
    ) -> ScopeReport:
        report = ScopeReport(
            scope_key=state.key,
            user_id=state.user_id,
            agent_id=state.agent_id,
            started_at=self.clock(),
        )
        if dry_run or self.judge is None:
            report.status = "dry_run" if dry_run else "no_llm"
            report.note = None if dry_run else NO_LLM_NOTE
            self._pass(state, report, None)
            report.finished_at = self.clock()
            return report
        return self._leased(state, report, due_only)

    def _leased(self, state: DreamScopeState, report: ScopeReport, due_only: bool) -> ScopeReport:
        lease = Lease(self.store, state.key, self.settings.lease_seconds, self.clock)
        report.dream_run_id = lease.owner
        if not lease.acquire():
            report.status, report.note = "skipped", "another worker holds this scope's lease"
            return self._record(report, None)
        watermark = None
        try:
            fresh = self.store.scope_state(state.key) or state
            if due_only and self.due_at(fresh) > self.clock():
                report.status, report.note = "skipped", "not due: another worker ran it"
                report.dream_run_id = None
                report.finished_at = self.clock()
                return report
            watermark = self._pass(fresh, report, lease)
        except GraphMemError as exc:
            report.status, report.note = "failed", failure_note(exc)
            logger.error("Dream run failed for a scope: %s: %s", type(exc).__name__, exc)
        finally:
            lease.release()
        return self._record(report, watermark)

    def _record(self, report: ScopeReport, watermark: datetime | None) -> ScopeReport:
        report.finished_at = self.clock()
        assert report.dream_run_id is not None
        run = DreamRunRecord(
            id=report.dream_run_id,
            scope_key=report.scope_key,
            user_id=report.user_id,
            agent_id=report.agent_id,
            status=report.status,
            note=report.note,
            started_at=report.started_at,
            finished_at=report.finished_at,
            examined=report.examined,
            qualified=report.qualified,
            written=report.written,
            skipped=report.skipped,
            details_json=_details(report),
        )
        self.store.record_run(run, self.settings.keep_runs_per_scope)
        if report.status == "completed":
            self.store.advance_scope(report.scope_key, watermark, report.finished_at)
        return report

    # -- reading ----------------------------------------------------------------------------
    def status(
        self, *, user_id: str | None = None, agent_id: str | None = None, limit: int = 20
    ) -> DreamStatus:
        return DreamStatus(
            scopes=self.store.eligible_scopes(user_id, agent_id),
            runs=self.store.runs(user_id, agent_id, limit),
            syntheses=self.store.syntheses(user_id, agent_id, limit),
        )

    def sources(self, synthesis_id: str) -> list[MemoryRecord]:
        return self.store.sources(synthesis_id)


# Notes are returned over HTTP and stored on run records: the error class and a fixed reason,
# never the error's own text (LLM endpoint URLs, Neo4j messages); that goes to the server log.
_REASONS: tuple[tuple[type[GraphMemError], str], ...] = (
    (StorageUnavailableError, "Neo4j was unreachable"),
    (StorageError, "a Neo4j statement failed"),
    (LLMError, "the LLM endpoint failed or answered invalid output"),
    (EmbeddingError, "the embedder failed"),
    (LifecycleConflictError, "a lifecycle change lost its race"),
)


def failure_note(exc: GraphMemError) -> str:
    reason = next((r for cls, r in _REASONS if isinstance(exc, cls)), "the run failed")
    return f"{type(exc).__name__}: {reason} (details in the server log)"


def _details(report: ScopeReport) -> str:
    """The groups examined, by memory id (the LLM's reason is left out: it quotes texts)."""
    groups = [g.model_dump(mode="json", exclude={"judge_reason"}) for g in report.groups]
    return json.dumps(groups, sort_keys=True, separators=(",", ":"))
