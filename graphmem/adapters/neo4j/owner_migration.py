"""Carries a store written before owners existed over to one graph per owner.

Before, entities, triplets, duplicate checks and Dream were keyed by the exact scope (user,
agent, run): "Alice" said in two runs was two entities. Now they are keyed by the owner (see
``graphmem.domain.scope``). This migration, run by ``graphmem migrate``:

1. stamps every memory with its owner's key;
2. gives every entity its owner-level key; where the owner already has an entity of that name
   (same owner, same name, another run), it re-points the duplicate's mentions and triplets
   to it (a current triplet both had gains the union of their memory ids) and deletes the
   duplicate only once no edge is left on it;
3. stamps every triplet with its source entity's owner;
4. moves Dream from (user, agent) scopes to their owner's scope;
5. records on each owner's Scope the names its role "user" memories carried (what a
   first-person search reads as "I", graphmem/search/self_names.py; adds since 2026-12-05
   record them as they write).

Each step walks the store in id order, in batches, one transaction per batch. It is
idempotent (rows already migrated are skipped) and resumable: run it again after an
interruption and it carries on where the data says it stopped.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import neo4j
from pydantic import BaseModel

from graphmem.adapters.neo4j.driver import translated
from graphmem.cypher_catalog import query
from graphmem.domain.scope import MAX_USER_SPEAKERS, SELF_ENTITY, Scope, entity_key, owner_scope
from graphmem.lifecycle.predicates import speaker_keys

SCOPE_PAGE = 200  # owner scopes per transaction, at least, when recording user speakers


class MigrationReport(BaseModel):
    memories_stamped: int = 0
    entities_rekeyed: int = 0
    entities_merged: int = 0
    mentions_moved: int = 0
    triplets_moved: int = 0
    triplets_merged: int = 0
    dream_scopes_folded: int = 0
    user_speakers_recorded: int = 0

    def lines(self) -> list[str]:
        return [f" ~ {name.replace('_', ' ')}: {value}" for name, value in self]


def _run(tx: neo4j.ManagedTransaction, name: str, **params: Any) -> list[neo4j.Record]:
    return list(tx.run(query(name), params))


def _speakers(actors: list[str]) -> list[str]:
    """The names as an add records them (a few at most)."""
    return speaker_keys(sorted(actors), SELF_ENTITY)[:MAX_USER_SPEAKERS]


def _owner(row: dict[str, Any]) -> Scope:
    return owner_scope(row["user_id"], row["agent_id"], row["run_id"])


def _pages(
    session: neo4j.Session,
    name: str,
    batch: int,
    work: Callable[[neo4j.ManagedTransaction, list[dict[str, Any]]], None],
) -> None:
    """Walk ``name`` (a page query ordered by id) batch by batch, one write per page."""
    after = ""
    while True:
        rows = [
            r.data()
            for r in session.execute_read(lambda tx, a=after: _run(tx, name, after=a, limit=batch))
        ]
        if not rows:
            return
        session.execute_write(work, rows)
        after = rows[-1]["id"]


class OwnerMigration:
    def __init__(self, driver: neo4j.Driver, database: str, batch_size: int = 500) -> None:
        self.driver = driver
        self.database = database
        self.batch = batch_size
        self.report = MigrationReport()

    def __call__(self) -> MigrationReport:
        with (
            translated("migrate to owner keys"),
            self.driver.session(database=self.database) as session,
        ):
            _pages(session, "migrate/memories_page", self.batch, self._stamp_memories)
            _pages(session, "migrate/entities_page", self.batch, self._entities)
            session.execute_write(self._fold_dream_scopes)
            pages = max(self.batch, SCOPE_PAGE)  # one small read per owner
            _pages(session, "migrate/scopes_page", pages, self._user_speakers)
        return self.report

    # -- memories ---------------------------------------------------------------------------
    def _stamp_memories(self, tx: neo4j.ManagedTransaction, rows: list[dict[str, Any]]) -> None:
        todo = [{"id": r["id"], "owner": _owner(r).key} for r in rows]
        todo = [t for t, r in zip(todo, rows, strict=True) if r["owner"] != t["owner"]]
        if todo:
            _run(tx, "migrate/set_memory_owners", rows=todo)
        self.report.memories_stamped += len(todo)

    # -- entities and their edges -----------------------------------------------------------
    def _entities(self, tx: neo4j.ManagedTransaction, rows: list[dict[str, Any]]) -> None:
        for row in rows:
            owner = _owner(row)
            key = entity_key(owner.key, row["normalized_name"])
            if row["key"] == key and row["owner"] == owner.key and not row["legacy"]:
                continue
            target = _run(tx, "migrate/entity_target", key=key, id=row["id"])
            if target:
                self._merge(tx, row["id"], target[0]["id"])
                survivor = target[0]["id"]
            else:
                _run(
                    tx,
                    "migrate/rekey_entity",
                    id=row["id"],
                    key=key,
                    owner=owner.key,
                    scope_tokens=owner.tokens,
                    **owner.params(),
                )
                self.report.entities_rekeyed += 1
                survivor = row["id"]
            _run(tx, "migrate/stamp_relations", id=survivor)

    def _merge(self, tx: neo4j.ManagedTransaction, from_id: str, to_id: str) -> None:
        [mentions] = _run(tx, "migrate/move_mentions", from_id=from_id, to_id=to_id)
        [triplets] = _run(tx, "migrate/move_relations", from_id=from_id, to_id=to_id)
        [deleted] = _run(tx, "migrate/delete_entity", id=from_id)
        self.report.mentions_moved += mentions["moved"]
        self.report.triplets_moved += triplets["moved"]
        self.report.triplets_merged += triplets["merged"]
        self.report.entities_merged += deleted["deleted"]

    # -- who speaks as the user -------------------------------------------------------------
    def _user_speakers(self, tx: neo4j.ManagedTransaction, rows: list[dict[str, Any]]) -> None:
        owners = [r["id"] for r in rows if _owner(r).key == r["id"]]
        if not owners:
            return
        found = {r["owner"]: r["actors"] for r in _run(tx, "migrate/owner_actors", owners=owners)}
        records = [{"key": key, "names": _speakers(found.get(key, []))} for key in owners]
        _run(tx, "migrate/set_user_speakers", rows=records)
        self.report.user_speakers_recorded += sum(1 for r in records if r["names"])

    # -- Dream ------------------------------------------------------------------------------
    def _fold_dream_scopes(self, tx: neo4j.ManagedTransaction) -> None:
        now = datetime.now(UTC)
        for row in _run(tx, "migrate/dream_scopes"):
            owner = _owner(row.data())
            if row["key"] == owner.key:
                continue
            _run(
                tx,
                "migrate/fold_dream_scope",
                from_key=row["key"],
                to_key=owner.key,
                now=now,
                **owner.params(),
            )
            self.report.dream_scopes_folded += 1
