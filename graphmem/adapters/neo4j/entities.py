"""Reads of the entity graph: entities of a scope, one entity, the triplets around it."""

from __future__ import annotations

from typing import Any

import neo4j

from graphmem.adapters.neo4j.driver import translated
from graphmem.adapters.neo4j.records import native_map, triplet_from_record
from graphmem.cypher_catalog import query
from graphmem.domain.graph import EntityRecord, TripletRecord
from graphmem.ports.store import ScopeFilter


class EntityReader:
    def __init__(self, driver: neo4j.Driver, database: str) -> None:
        self.driver = driver
        self.database = database

    def _read(self, name: str, action: str, **params: Any) -> list[neo4j.Record]:
        with translated(action):
            return self.driver.execute_query(
                query(name), params, database_=self.database, routing_=neo4j.RoutingControl.READ
            ).records

    def list(self, scope: ScopeFilter, limit: int) -> list[EntityRecord]:
        rows = self._read("entity/list_in_scope", "list entities", **scope, limit=limit)
        return [EntityRecord.model_validate(native_map(r["entity"])) for r in rows]

    def get(self, entity_id: str, scope: ScopeFilter) -> EntityRecord | None:
        rows = self._read("entity/get", "get an entity", id=entity_id, **scope)
        return EntityRecord.model_validate(native_map(rows[0]["entity"])) if rows else None

    def relations(self, entity_id: str, limit: int) -> list[TripletRecord]:
        rows = self._read(
            "entity/relations", "read an entity's relations", id=entity_id, limit=limit
        )
        return [triplet_from_record(r.data()) for r in rows]
