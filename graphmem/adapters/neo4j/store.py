"""Neo4jStore: the storage port on one driver, every statement from ``cypher/``."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import neo4j

from graphmem.adapters.neo4j.driver import translated
from graphmem.adapters.neo4j.records import (
    history_from_map,
    memory_from_map,
    native_map,
    to_metadata_json,
    triplet_from_record,
)
from graphmem.adapters.neo4j.scoped import statement
from graphmem.adapters.neo4j.transitions import apply_transition, record_lost_race
from graphmem.adapters.neo4j.writer import PlanWriter, WriteOutcome
from graphmem.cypher_catalog import query
from graphmem.domain.graph import TripletRecord
from graphmem.domain.memory import HistoryEvent, LifecycleState, MemoryRecord
from graphmem.domain.scope import Scope
from graphmem.domain.transitions import TransitionOutcome, TransitionRequest
from graphmem.domain.writes import WritePlan
from graphmem.ports.store import ScopeFilter


def scope_filter(user_id: str | None, agent_id: str | None, run_id: str | None) -> ScopeFilter:
    return {"user_id": user_id, "agent_id": agent_id, "run_id": run_id}


class Neo4jStore:
    def __init__(self, driver: neo4j.Driver, database: str) -> None:
        self.driver = driver
        self.database = database

    # -- plumbing ---------------------------------------------------------------------------
    def read(self, name: str, action: str, **params: Any) -> list[neo4j.Record]:
        with translated(action):
            return self.driver.execute_query(
                query(name), params, database_=self.database, routing_=neo4j.RoutingControl.READ
            ).records

    def write(self, name: str, action: str, **params: Any) -> list[neo4j.Record]:
        with translated(action):
            return self.driver.execute_query(query(name), params, database_=self.database).records

    def write_plan(self, plan: WritePlan, writer: type[PlanWriter] = PlanWriter) -> WriteOutcome:
        """Write one add in a single transaction; nothing is written if any step fails."""
        with translated("store memories"), self.driver.session(database=self.database) as s:
            return s.execute_write(writer(plan))

    # -- reads ------------------------------------------------------------------------------
    def find_duplicates(self, scope: Scope, hashes: Sequence[str]) -> dict[str, str]:
        rows = self.read(
            "memory/find_duplicates",
            "look up duplicates",
            owner=scope.owner_key,
            hashes=list(hashes),
        )
        return {r["hash"]: r["id"] for r in rows}

    def existing_entity_keys(self, keys: Sequence[str]) -> set[str]:
        rows = self.read("entity/existing_keys", "look up entities", keys=list(keys))
        return {r["key"] for r in rows}

    def known_entity_names(self, scope: Scope, limit: int = 500) -> list[str]:
        rows = self.read(
            "entity/known_names", "list entities", owner=scope.owner_key, limit=limit
        )
        return [r["name"] for r in rows]

    def get(self, memory_id: str, scope: ScopeFilter) -> MemoryRecord | None:
        rows = self.read("memory/get", "get a memory", id=memory_id, **scope)
        return memory_from_map(rows[0]["memory"]) if rows else None

    def list(
        self,
        scope: ScopeFilter,
        states: Sequence[LifecycleState],
        limit: int,
        cursor: tuple[datetime, str] | None = None,
    ) -> list[MemoryRecord]:
        rows = self.read(
            statement("memory/list", scope),
            "list memories",
            **scope,
            states=[s.value for s in states],
            limit=limit,
            cursor_at=cursor[0] if cursor else None,
            cursor_id=cursor[1] if cursor else None,
        )
        return [memory_from_map(r["memory"]) for r in rows]

    def triplets_for(self, memory_ids: Sequence[str]) -> list[TripletRecord]:
        rows = self.read("triplet/for_memories", "read triplets", memory_ids=list(memory_ids))
        return [triplet_from_record(r.data()) for r in rows]

    def history(self, memory_id: str) -> list[HistoryEvent]:
        rows = self.read("history/for_memory", "read history", memory_id=memory_id)
        return [history_from_map(r["event"]) for r in rows]

    def similar_active(
        self, scope: Scope, vector: list[float], k: int, exclude: Sequence[str] = ()
    ) -> list[dict[str, Any]]:
        rows = self.read(
            "memory/similar_active",
            "find similar memories",
            owner=scope.owner_key,
            vector=vector,
            k=k,
            exclude=list(exclude),
        )
        return [native_map(r.data()) for r in rows]

    def recent_texts(self, scope: Scope, limit: int) -> list[str]:
        rows = self.read(
            "memory/recent_texts", "read recent memories", scope_key=scope.key, limit=limit
        )
        return [r["text"] for r in rows]

    def candidates(
        self, new_id: str, k: int, exclude: Sequence[str], proposed: Sequence[str]
    ) -> list[dict[str, Any]]:
        rows = self.read(
            "memory/candidates",
            "find lifecycle candidates",
            new_id=new_id,
            k=k,
            exclude=list(exclude),
            proposed=list(proposed),
        )
        return [native_map(r.data()) for r in rows]

    def transition(self, request: TransitionRequest) -> TransitionOutcome:
        outcome = apply_transition(self.driver, self.database, request)
        if not outcome.applied:
            record_lost_race(self.driver, self.database, request, outcome.old_state)
        return outcome

    def ids_in_scope(self, scope: ScopeFilter) -> list[str]:
        rows = self.read(statement("memory/ids_in_scope", scope), "list memory ids", **scope)
        return [r["id"] for r in rows]

    # -- writes -----------------------------------------------------------------------------
    def update(
        self,
        memory: MemoryRecord,
        *,
        text: str | None,
        text_hash: str | None,
        embedding: list[float] | None,
        metadata: dict[str, Any] | None,
    ) -> MemoryRecord:
        now = datetime.now(UTC)

        def work(tx: neo4j.ManagedTransaction) -> dict[str, Any]:
            row = tx.run(
                query("memory/update"),
                id=memory.id,
                text=text,
                hash=text_hash,
                embedding=embedding,
                metadata=to_metadata_json(metadata),
                now=now,
            ).single(strict=True)
            event = {
                "id": str(uuid.uuid4()),
                "memory_id": memory.id,
                "event": "UPDATE",
                "old_text": row["old_text"],
                "new_text": row["memory"]["text"],
                "at": now,
                "user_id": memory.user_id,
                "agent_id": memory.agent_id,
                "run_id": memory.run_id,
            }
            tx.run(query("history/create_batch"), rows=[event]).consume()
            return row["memory"]

        with translated("update a memory"), self.driver.session(database=self.database) as s:
            return memory_from_map(s.execute_write(work))

    def delete(self, memory_ids: Sequence[str]) -> int:
        now = datetime.now(UTC)

        def work(tx: neo4j.ManagedTransaction) -> int:
            rows = list(tx.run(query("memory/delete_batch"), ids=list(memory_ids)))
            events = [
                {
                    "id": str(uuid.uuid4()),
                    "memory_id": r["id"],
                    "event": "DELETE",
                    "old_text": r["text"],
                    "at": now,
                    "user_id": r["user_id"],
                    "agent_id": r["agent_id"],
                    "run_id": r["run_id"],
                }
                for r in rows
            ]
            if events:
                tx.run(query("history/create_batch"), rows=events).consume()
            return len(rows)

        with translated("delete memories"), self.driver.session(database=self.database) as s:
            return s.execute_write(work)

    def reset(self) -> None:
        with translated("reset the store"), self.driver.session(database=self.database) as s:
            s.run(query("memory/reset_all")).consume()
