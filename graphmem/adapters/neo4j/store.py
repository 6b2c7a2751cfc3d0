"""Neo4jStore: the storage port on one driver, every statement from ``cypher/``."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import neo4j

from graphmem.adapters.neo4j import earlier_mentions
from graphmem.adapters.neo4j.erasure import DeleteMemories
from graphmem.adapters.neo4j.group_commit import GroupCommit
from graphmem.adapters.neo4j.records import (
    history_from_map,
    memory_from_map,
    native_map,
    triplet_from_record,
)
from graphmem.adapters.neo4j.scoped import statement
from graphmem.adapters.neo4j.statements import Statements
from graphmem.adapters.neo4j.transitions import apply_or_record
from graphmem.adapters.neo4j.updater import UpdateWriter
from graphmem.adapters.neo4j.writer import PlanWriter
from graphmem.domain.extraction import KnownEntity
from graphmem.domain.filters import NO_FILTER, MemoryFilter
from graphmem.domain.graph import TripletRecord
from graphmem.domain.memory import HistoryEvent, LifecycleState, MemoryRecord
from graphmem.domain.relatives import RelativeHolders, RelativeQuestion
from graphmem.domain.scope import Scope, entity_key
from graphmem.domain.transitions import TransitionOutcome, TransitionRequest
from graphmem.domain.writes import MemoryChange, WriteOutcome, WritePlan
from graphmem.ports.store import LifecycleStep, ScopeFilter

SIMILAR_OVERFETCH = 5  # each vector index's nearest per vector, per memory asked for
NO_LIMIT = 2**62  # an exact_scan_max no owner exceeds: always scan


def _order(plan: WritePlan) -> str:
    """Where a write's group-commit turn comes: the order PlanWriter takes its scope locks in
    (owner, then exact scope), so the works of one group lock in a single order."""
    return f"{plan.scope.owner.key}\x00{plan.scope.key}"


class Neo4jStore:
    def __init__(self, driver: neo4j.Driver, database: str, group_commit_max: int = 1) -> None:
        self.statements = Statements(driver, database)
        self.group_commit = GroupCommit(self.statements, group_commit_max)

    def writing(self) -> bool:
        """Whether a (grouped) write transaction of this process is running now."""
        return self.group_commit.busy

    def write_plan(
        self,
        plan: WritePlan,
        writer: type[PlanWriter] = PlanWriter,
        *,
        lifecycle: LifecycleStep | None = None,
    ) -> WriteOutcome:
        """Write one add and the lifecycle transitions it causes (``lifecycle``, given a view
        of the same transaction) in a single transaction; nothing is written if any step
        fails. Adds that overlap in time share a transaction (``group_commit``): each is
        still all or nothing, and a lone add never waits."""
        outcome = self.group_commit.run("store memories", writer(plan, lifecycle), _order(plan))
        earlier_mentions.link(self.statements, plan, outcome.created)
        return outcome

    # -- reads ------------------------------------------------------------------------------
    def find_duplicates(self, scope: Scope, hashes: Sequence[str]) -> dict[str, str]:
        rows = self.statements.read(
            "memory/find_duplicates",
            "look up duplicates",
            owner=scope.owner_key,
            hashes=list(hashes),
        )
        return {r["hash"]: r["id"] for r in rows}

    def existing_entity_keys(self, keys: Sequence[str]) -> set[str]:
        rows = self.statements.read("entity/existing_keys", "look up entities", keys=list(keys))
        return {r["key"] for r in rows}

    def known_entities_in(self, scope: Scope, names: Sequence[str]) -> list[KnownEntity]:
        keys = [entity_key(scope.owner_key, name) for name in names]
        if not keys:
            return []
        rows = self.statements.read("entity/existing_keys", "look up known names", keys=keys)
        return [KnownEntity(name=r["name"], type=r["type"]) for r in rows]

    def relative_holders(
        self, scope: Scope, questions: Sequence[RelativeQuestion]
    ) -> list[RelativeHolders]:
        if not questions:
            return []
        rows = self.statements.read(
            "entity/relative_holders",
            "look up named relatives",
            questions=[q.model_dump() for q in questions],
        )
        return [RelativeHolders.model_validate(dict(r)) for r in rows]

    def get(self, memory_id: str, scope: ScopeFilter) -> MemoryRecord | None:
        rows = self.statements.read("memory/get", "get a memory", id=memory_id, **scope)
        return memory_from_map(rows[0]["memory"]) if rows else None

    def list(
        self,
        scope: ScopeFilter,
        states: Sequence[LifecycleState],
        limit: int,
        cursor: tuple[datetime, str] | None = None,
        memory_filter: MemoryFilter = NO_FILTER,
    ) -> list[MemoryRecord]:
        rows = self.statements.read(
            statement("memory/list", scope),
            "list memories",
            **scope,
            states=[s.value for s in states],
            limit=limit,
            cursor_at=cursor[0] if cursor else None,
            cursor_id=cursor[1] if cursor else None,
            filter=memory_filter.params(),
        )
        return [memory_from_map(r["memory"]) for r in rows]

    def triplets_for(self, memory_ids: Sequence[str]) -> list[TripletRecord]:
        rows = self.statements.read(
            "triplet/for_memories", "read triplets", memory_ids=list(memory_ids)
        )
        return [triplet_from_record(r.data()) for r in rows]

    def history(self, memory_id: str) -> list[HistoryEvent]:
        rows = self.statements.read("history/for_memory", "read history", memory_id=memory_id)
        return [history_from_map(r["event"]) for r in rows]

    def similar_active_many(
        self,
        scope: Scope,
        vectors: Sequence[list[float]],
        k: int,
        exclude: Sequence[str] = (),
        *,
        exact_scan_max: int | None = None,
    ) -> list[list[dict[str, Any]]]:
        """Per vector (same order), the owner's ``k`` most similar active memories: one
        statement for all the messages of an add. A user owning more than ``exact_scan_max``
        memories is narrowed through the vector indexes first (None: always scan)."""
        if not vectors:
            return []
        rows = self.statements.read(
            "memory/similar_active_batch",
            "find similar memories",
            owner=scope.owner_key,
            user_id=scope.user_id,
            vectors=list(vectors),
            k=k,
            fetch=k * SIMILAR_OVERFETCH,
            exact_scan_max=NO_LIMIT if exact_scan_max is None else exact_scan_max,
            exclude=list(exclude),
        )
        out: list[list[dict[str, Any]]] = [[] for _ in vectors]
        for r in rows:
            data = native_map(r.data())
            out[data.pop("i")].append(data)
        return out

    def recent_texts(self, scope: Scope, limit: int) -> list[str]:
        rows = self.statements.read(
            "memory/recent_texts", "read recent memories", scope_key=scope.key, limit=limit
        )
        return [r["text"] for r in rows]

    def recent_turns(self, scope: Scope, limit: int) -> list[tuple[str, str | None, str]]:
        """(id, actor, text) of the exact scope's last ``limit`` memories, oldest first."""
        rows = self.statements.read(
            "memory/recent_turns", "read recent turns", scope_key=scope.key, limit=limit
        )
        return [(r["id"], r["actor"], r["text"]) for r in reversed(rows)]

    def transition(self, request: TransitionRequest) -> TransitionOutcome:
        """An explicit transition: applied, or its lost race recorded, in one transaction."""
        return self.statements.in_write_tx(f"{request.action} a memory", apply_or_record, request)

    def ids_in_scope(self, scope: ScopeFilter) -> list[str]:
        rows = self.statements.read(
            statement("memory/ids_in_scope", scope), "list memory ids", **scope
        )
        return [r["id"] for r in rows]

    # -- writes -----------------------------------------------------------------------------
    def update(self, change: MemoryChange) -> MemoryRecord | None:
        """Apply an explicit update in one transaction (see ``updater``; overlapping updates
        and adds share one, as ``write_plan``'s do); None when nothing was written (immutable
        without ``force``, or gone)."""
        row = self.group_commit.run("update a memory", UpdateWriter(change), _order(change.plan))
        if row is None:
            return None
        earlier_mentions.link(self.statements, change.plan, [change.memory_id])
        return memory_from_map(row)

    def delete(self, memory_ids: Sequence[str], actor: str | None = None) -> int:
        """Delete memories and erase their text everywhere (see ``erasure``; overlapping writes
        share a transaction, as ``write_plan``'s do); returns how many this call deleted (0 for
        one a concurrent delete removed first)."""
        work = DeleteMemories(memory_ids, actor)
        # after the works that lock scopes, in the id order DeleteMemories locks in
        order = "\uffff" + (work.ids[0] if work.ids else "")
        return self.group_commit.run("delete memories", work, order)

    def reset(self) -> None:
        self.statements.write_autocommit("memory/reset_all", "reset the store")
