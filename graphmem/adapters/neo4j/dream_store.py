"""Neo4jDreamStore: Dream's storage port on one driver, every statement from ``cypher/dream``."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import neo4j

from graphmem.adapters.neo4j import dream_tx
from graphmem.adapters.neo4j.records import memory_from_map, native_map
from graphmem.adapters.neo4j.scoped import statement
from graphmem.adapters.neo4j.statements import Statements
from graphmem.adapters.neo4j.transitions import apply_only
from graphmem.domain.memory import MemoryRecord
from graphmem.domain.scope import Scope
from graphmem.domain.transitions import TransitionRequest
from graphmem.dream.models import (
    Candidate,
    DreamRunRecord,
    DreamScopeState,
    LeaseClaim,
    NewSynthesis,
    SynthesisRecord,
    WriteResult,
)


def _owners(user_id: str | None, agent_id: str | None) -> dict[str, str | None]:
    """Dream scopes, their runs and syntheses belong to owners: a user's hold no agent id, so
    an agent id narrows only when no user is named (then it names the agent's own graph)."""
    return {"user_id": user_id, "agent_id": None if user_id else agent_id, "run_id": None}


def _candidate(row: neo4j.Record, new: bool) -> Candidate:
    return Candidate.model_validate({**native_map(row.data()), "new": new})


class Neo4jDreamStore:
    def __init__(self, driver: neo4j.Driver, database: str) -> None:
        self.statements = Statements(driver, database)

    # -- scopes -----------------------------------------------------------------------------
    def enable(self, scope: Scope, now: datetime) -> DreamScopeState:
        [row] = self.statements.write(
            "dream/enable_scope",
            "enable Dream",
            scope_key=scope.key,
            user_id=scope.user_id,
            agent_id=scope.agent_id,
            now=now,
        )
        return DreamScopeState.model_validate(native_map(row.data()))

    def scope_pairs(
        self, user_id: str | None, agent_id: str | None
    ) -> list[tuple[str | None, str | None]]:
        scope = {"user_id": user_id, "agent_id": agent_id, "run_id": None}
        rows = self.statements.read(statement("dream/scope_pairs", scope), "list scopes", **scope)
        return [(r["user_id"], r["agent_id"]) for r in rows]

    def eligible_scopes(self, user_id: str | None, agent_id: str | None) -> list[DreamScopeState]:
        scope = _owners(user_id, agent_id)
        rows = self.statements.read(
            statement("dream/eligible_scopes", scope), "list Dream scopes", **scope
        )
        return [DreamScopeState.model_validate(native_map(r.data())) for r in rows]

    def scope_state(self, scope_key: str) -> DreamScopeState | None:
        rows = self.statements.read("dream/scope_state", "read a Dream scope", scope_key=scope_key)
        return DreamScopeState.model_validate(native_map(rows[0].data())) if rows else None

    def advance_scope(self, scope_key: str, watermark: datetime | None, now: datetime) -> None:
        self.statements.write(
            "dream/advance_scope",
            "advance the Dream watermark",
            scope_key=scope_key,
            watermark=watermark,
            now=now,
        )

    # -- candidates -------------------------------------------------------------------------
    def new_memories(self, scope_key: str, since: datetime, limit: int) -> list[Candidate]:
        """A Dream scope's key is its owner's key: every memory of the owner, any run."""
        rows = self.statements.read(
            "dream/new_memories", "read new memories", owner=scope_key, since=since, limit=limit
        )
        return [_candidate(r, new=True) for r in rows]

    def related_memories(
        self, scope_key: str, new_ids: Sequence[str], min_cosine: float, limit: int
    ) -> list[Candidate]:
        if limit == 0 or not new_ids:
            return []
        rows = self.statements.read(
            "dream/related_memories",
            "read related memories",
            owner=scope_key,
            new_ids=list(new_ids),
            min_cosine=min_cosine,
            limit=limit,
        )
        return [_candidate(r, new=False) for r in rows]

    # -- lease and syntheses ----------------------------------------------------------------
    def acquire_lease(self, claim: LeaseClaim) -> bool:
        return self.statements.in_write_tx("take the Dream lease", dream_tx.claim_lease, claim)

    def release_lease(self, claim: LeaseClaim) -> None:
        self.statements.in_write_tx("release the Dream lease", dream_tx.release_lease, claim)

    def write_synthesis(self, synthesis: NewSynthesis, claim: LeaseClaim) -> WriteResult:
        return self.statements.in_write_tx(
            "write a synthesis", dream_tx.write_synthesis, synthesis, claim
        )

    def find_synthesis(self, scope_key: str, source_set_hash: str) -> str | None:
        rows = self.statements.read(
            "dream/find_synthesis",
            "look up syntheses",
            scope_key=scope_key,
            source_set_hash=source_set_hash,
        )
        return rows[0]["id"] if rows else None

    def overlapping_syntheses(
        self, scope_key: str, source_ids: Sequence[str]
    ) -> dict[str, list[str]]:
        rows = self.statements.read(
            "dream/overlapping_syntheses",
            "look up syntheses",
            scope_key=scope_key,
            source_ids=list(source_ids),
        )
        return {r["id"]: list(r["source_ids"]) for r in rows}

    def supersede(self, old_id: str, new_id: str, reason: str, at: datetime) -> bool:
        request = TransitionRequest(
            action="supersede", old_id=old_id, new_id=new_id, reason=reason, at=at
        )
        return self.statements.in_write_tx("supersede a synthesis", apply_only, request).applied

    def sources(self, synthesis_id: str) -> list[MemoryRecord]:
        rows = self.statements.read("dream/sources", "read synthesis sources", id=synthesis_id)
        return [memory_from_map(r["memory"]) for r in rows]

    # -- runs -------------------------------------------------------------------------------
    def record_run(self, run: DreamRunRecord, keep: int) -> None:
        """Store the run and keep only the scope's newest ``keep`` run records."""
        self.statements.write(
            "dream/record_run", "record a Dream run", run=run.model_dump(), keep=keep
        )

    def runs(self, user_id: str | None, agent_id: str | None, limit: int) -> list[DreamRunRecord]:
        scope = _owners(user_id, agent_id)
        rows = self.statements.read(
            statement("dream/runs", scope), "list Dream runs", **scope, limit=limit
        )
        return [DreamRunRecord.model_validate(native_map(r["run"])) for r in rows]

    def syntheses(
        self, user_id: str | None, agent_id: str | None, limit: int
    ) -> list[SynthesisRecord]:
        scope = _owners(user_id, agent_id)
        rows = self.statements.read(
            statement("dream/syntheses", scope), "list syntheses", **scope, limit=limit
        )
        return [SynthesisRecord.model_validate(native_map(r.data())) for r in rows]
