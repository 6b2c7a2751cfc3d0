"""Applies and checks the graph schema.

``migrate`` is explicit and idempotent: neomodel installs the uniqueness constraints and range
indexes its node classes declare (`nodes`, one class per label); the vector indexes (dimension
from the embedder, scope filters declared in the index) and the full-text indexes come from
``cypher/schema``. neomodel is imported by ``migrate`` only. ``verify`` runs at start-up and
fails fast on a missing index or a dimension that differs from the embedder's; the store's
recorded embedder is checked by `embedder_meta.verify`.
"""

from __future__ import annotations

import io
from typing import Any, LiteralString

import neo4j

from graphmem.adapters.neo4j import embedder_meta, metadata_backfill, vector_format
from graphmem.adapters.neo4j.driver import translated
from graphmem.cypher_catalog import query
from graphmem.errors import SchemaMismatchError

VECTOR_INDEXES: tuple[LiteralString, ...] = (
    "memory_embedding",
    "memory_key_embedding",
    "entity_embedding",
    "triplet_embedding",
)
FULLTEXT_INDEXES = ("memory_text", "memory_key_text", "entity_name", "triplet_fact")
_CYPHER_SCHEMA = (
    "schema/vector_index_memory",
    "schema/vector_index_memory_key",
    "schema/fulltext_index_memory_key",
    "schema/vector_index_entity",
    "schema/vector_index_triplet",
    "schema/fulltext_index_memory",
    "schema/fulltext_index_entity",
    "schema/fulltext_index_triplet",
)


def migrate(driver: neo4j.Driver, database: str, dimension: int, identity: str) -> list[str]:
    """Create every constraint and index that is missing, record the embedder ``identity``
    unless one is recorded (see `embedder_meta`); return the log of what was done."""
    log = io.StringIO()
    with translated("apply the schema"):
        _install_node_classes(driver, database, log)
        for name in _CYPHER_SCHEMA:
            driver.execute_query(query(name), {"dimension": dimension}, database_=database)
            log.write(f" + index from {name}\n")
        driver.execute_query(query("schema/await_indexes"), {"seconds": 300}, database_=database)
    verify(driver, database, dimension)
    return (
        _summarise(log.getvalue().splitlines())
        + embedder_meta.record(driver, database, identity)
        + metadata_backfill.backfill(driver, database)
        + vector_format.rewrite_as_float32(driver, database)
        + vector_format.index_one_vector_per_memory(driver, database)
    )


def _install_node_classes(driver: neo4j.Driver, database: str, log: io.StringIO) -> None:
    """Each label's constraints and range indexes, as declared in `nodes` (neomodel)."""
    from neomodel import db as neomodel_db
    from neomodel import get_config as neomodel_config

    from graphmem.adapters.neo4j import nodes

    neomodel_config().database_name = database
    neomodel_db.set_connection(driver=driver)
    for cls in nodes.SCHEMA_CLASSES:
        neomodel_db.install_labels(cls, quiet=False, stdout=log)


def _summarise(lines: list[str]) -> list[str]:
    """neomodel logs "+ Creating X" then the server's "already exists" error for rules that
    were there: fold each such pair into "= X (already present)"."""
    out: list[str] = []
    for line in (raw for raw in lines if raw.strip()):
        if "AlreadyExists" in line and out and out[-1].startswith(" + Creating"):
            out[-1] = " = " + out[-1][len(" + Creating ") :] + " (already present)"
        else:
            out.append(line)
    return out


def list_indexes(driver: neo4j.Driver, database: str) -> dict[str, dict[str, Any]]:
    with translated("list indexes"):
        records = driver.execute_query(
            query("schema/list_indexes"), database_=database, routing_=neo4j.RoutingControl.READ
        ).records
    return {r["name"]: r.data() for r in records}


def verify(driver: neo4j.Driver, database: str, dimension: int) -> None:
    """Fail fast unless every index exists, is ONLINE and vectors have the embedder's size."""
    indexes = list_indexes(driver, database)
    missing = [n for n in (*VECTOR_INDEXES, *FULLTEXT_INDEXES) if n not in indexes]
    if missing:
        raise SchemaMismatchError(
            f"Missing indexes {missing}: run `graphmem migrate` against this database first."
        )
    for name in (*VECTOR_INDEXES, *FULLTEXT_INDEXES):
        if indexes[name]["state"] != "ONLINE":
            raise SchemaMismatchError(f"Index {name} is {indexes[name]['state']}, not ONLINE.")
    for name in VECTOR_INDEXES:
        config = indexes[name]["options"]["indexConfig"]
        found = int(config["vector.dimensions"])
        if found != dimension:
            raise SchemaMismatchError(
                f"Vector index {name} has dimension {found} but the embedder produces "
                f"{dimension}-dimensional vectors. Use the embedder the store was built with, "
                "or rebuild the indexes for the new embedder."
            )
