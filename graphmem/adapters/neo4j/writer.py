"""Writes a WritePlan in one managed transaction: lock the scope, re-check duplicates, write,
then (for an inferred add) decide and write the lifecycle transitions in the same
transaction."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

import neo4j

from graphmem.adapters.neo4j.lifecycle_view import TxLifecycleView
from graphmem.adapters.neo4j.records import to_metadata_json, triplet_from_record
from graphmem.adapters.neo4j.vector_codec import own_vector
from graphmem.cypher_catalog import query
from graphmem.domain.filters import metadata_terms
from graphmem.domain.graph import TripletRecord
from graphmem.domain.scope import MAX_USER_SPEAKERS
from graphmem.domain.writes import WriteOutcome, WritePlan
from graphmem.ports.store import LifecycleStep


class PlanWriter:
    """The transaction function for an add. Managed transactions may retry it: it is pure in
    its inputs (ids are generated before), so a retry writes the same thing once."""

    def __init__(self, plan: WritePlan, lifecycle: LifecycleStep | None = None) -> None:
        self.plan = plan
        self.lifecycle = lifecycle
        self.now = datetime.now(UTC)

    def __call__(self, tx: neo4j.ManagedTransaction) -> WriteOutcome:
        duplicates = self._lock_and_find_duplicates(tx)
        keep = [m for m in self.plan.memories if m.id not in duplicates]
        created = [m.id for m in keep]
        triplets = self._write(tx, keep, set(created), link=True)
        if created and self.plan.entity_merges:
            self._merge_relatives(tx)
        transitions = (
            self.lifecycle(TxLifecycleView(tx), created) if self.lifecycle and created else []
        )
        return WriteOutcome(
            created=created, duplicates=duplicates, triplets=triplets, transitions=transitions
        )

    def _run(self, tx: neo4j.ManagedTransaction, name: str, **params: Any) -> list[neo4j.Record]:
        return list(tx.run(query(name), params))

    def _write(
        self, tx: neo4j.ManagedTransaction, memories: list[Any], kept: set[str], link: bool
    ) -> list[TripletRecord]:
        """Create ``memories``, then merge the entities and triplets of the ``kept`` ones, and
        (with ``link``) link the new memories to related ones: one statement, one round trip."""
        links = self.plan.links
        rows = self._memory_rows(memories)
        entities = self._entity_rows(kept)
        triplets = self._triplet_rows(kept)
        link_ids = [m.id for m in memories] if link and links.per_memory > 0 else []
        if not (rows or entities or triplets):
            return []
        records = self._run(
            tx,
            "memory/write_batch",
            rows=rows,
            entities=entities,
            triplets=triplets,
            link_ids=link_ids,
            k=links.per_memory,
            max_mentions=links.max_mentions,
            now=self.now,
        )
        return [triplet_from_record(r.data()) for r in records]

    def _merge_relatives(self, tx: neo4j.ManagedTransaction) -> None:
        """Stored unnamed relatives become the holder this add named (before the lifecycle
        reads the owner's triplets; the statement re-checks under the owner's lock)."""
        merges = [m.model_dump() for m in self.plan.entity_merges]
        self._run(tx, "entity/merge_relative", merges=merges, now=self.now)

    def _scopes(self) -> list[dict[str, Any]]:
        """The scopes whose locks the write takes: the owner's first (dedupe, entities and
        lifecycle are per owner), then the exact scope's; always in that order, so two writes
        cannot deadlock."""
        scope = self.plan.scope
        owner = scope.owner
        locks = [{"key": owner.key, **owner.params()}]
        if scope.key != owner.key:
            locks.append({"key": scope.key, **scope.params()})
        return locks

    def _lock_scope(self, tx: neo4j.ManagedTransaction) -> None:
        """The scope locks alone (an update, which has no duplicates to re-check)."""
        self._run(tx, "memory/lock_and_find_duplicates", **self._lock_params([]))

    def _lock_and_find_duplicates(self, tx: neo4j.ManagedTransaction) -> dict[str, str]:
        """Take the scope locks, then re-check duplicates under them (planned id -> stored id),
        in one statement."""
        by_hash = {m.hash: m.id for m in self.plan.memories}
        rows = self._run(tx, "memory/lock_and_find_duplicates", **self._lock_params(list(by_hash)))
        return {by_hash[r["hash"]]: r["id"] for r in rows}

    def _lock_params(self, hashes: list[str]) -> dict[str, Any]:
        return {
            "scopes": self._scopes(),
            "now": self.now,
            "owner": self.plan.scope.owner_key,
            "hashes": hashes,
            "speakers": self.plan.user_speakers,
            "max_speakers": MAX_USER_SPEAKERS,
        }

    def _memory_rows(self, memories: list[Any]) -> list[dict[str, Any]]:
        scope = self.plan.scope
        return [
            {
                **m.model_dump(exclude={"metadata"}),
                **own_vector(m.embedding, keyed=m.key_embedding is not None),
                "metadata": to_metadata_json(m.metadata),
                "metadata_terms": metadata_terms(m.metadata) or None,
                "scope_key": scope.key,
                "scope_tokens": scope.tokens,
                "owner": scope.owner_key,
                **scope.params(),
                "event": self._add_event(m),
            }
            for m in memories
        ]

    def _add_event(self, memory: Any) -> dict[str, Any]:
        """The memory's ADD history event, written with it (absent keys are not stored)."""
        return {
            "id": str(uuid.uuid4()),
            "memory_id": memory.id,
            "event": "ADD",
            "new_text": memory.text,
            "at": self.now,
            **self.plan.scope.params(),
        }

    def _entity_rows(self, kept: set[str]) -> list[dict[str, Any]]:
        """The entities the kept memories mention, each with the ids of those mentioning it."""
        mentioned_by: dict[str, list[str]] = {}
        for mid, key in self.plan.mentions:
            if mid in kept:
                mentioned_by.setdefault(key, []).append(mid)
        owner = self.plan.scope.owner
        return [
            {
                **e.model_dump(),
                "owner": owner.key,
                "scope_tokens": owner.tokens,
                **owner.params(),
                "memory_ids": mentioned_by[e.key],
            }
            for e in self.plan.entities
            if e.key in mentioned_by
        ]

    def _triplet_rows(self, kept: set[str]) -> list[dict[str, Any]]:
        rows = []
        owner = self.plan.scope.owner
        for t in self.plan.triplets:
            ids = [mid for mid in t.memory_ids if mid in kept]
            if ids:
                rows.append(
                    {
                        **t.model_dump(),
                        "memory_ids": ids,
                        "owner": owner.key,
                        "scope_tokens": owner.tokens,
                        **owner.params(),
                    }
                )
        return rows
