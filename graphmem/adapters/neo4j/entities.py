"""Reads of the entity graph: entities of a scope, one entity, the triplets around it."""

from __future__ import annotations

import neo4j

from graphmem.adapters.neo4j.records import native_map, triplet_from_record
from graphmem.adapters.neo4j.statements import Statements
from graphmem.domain.graph import EntityRecord, TripletRecord
from graphmem.domain.scope import owner_scope
from graphmem.ports.store import ScopeFilter


def owner_key(scope: ScopeFilter) -> str:
    return owner_scope(scope.get("user_id"), scope.get("agent_id"), scope.get("run_id")).key


class EntityReader:
    def __init__(self, driver: neo4j.Driver, database: str) -> None:
        self.statements = Statements(driver, database)

    def list(self, scope: ScopeFilter, limit: int) -> list[EntityRecord]:
        """Entities of the filter's owner; an agent or run id narrows to those mentioned by
        that agent's / run's memories."""
        rows = self.statements.read(
            "entity/list_in_scope",
            "list entities",
            owner=owner_key(scope),
            agent_id=scope.get("agent_id"),
            run_id=scope.get("run_id"),
            limit=limit,
        )
        return [EntityRecord.model_validate(native_map(r["entity"])) for r in rows]

    def get(self, entity_id: str, scope: ScopeFilter) -> EntityRecord | None:
        owner = owner_key(scope) if any(scope.values()) else None
        rows = self.statements.read("entity/get", "get an entity", id=entity_id, owner=owner)
        return EntityRecord.model_validate(native_map(rows[0]["entity"])) if rows else None

    def relations(self, entity_id: str, limit: int) -> list[TripletRecord]:
        rows = self.statements.read(
            "entity/relations", "read an entity's relations", id=entity_id, limit=limit
        )
        return [triplet_from_record(r.data()) for r in rows]
