"""An index made to fail for real: dropped inside the test database, re-created after; and
an index rebuilt after Neo4j's own vector-search defect broke it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import LiteralString, TypeVar

import neo4j

from graphmem.adapters.neo4j import schema
from graphmem.errors import StorageError
from graphmem.ports.embedder import Embedder

T = TypeVar("T")


@contextmanager
def index_dropped(
    driver: neo4j.Driver, database: str, embedder: Embedder, name: LiteralString
) -> Iterator[None]:
    """``name`` is one of graphmem's own index names (a constant of the test, never input)."""
    driver.execute_query(f"DROP INDEX {name} IF EXISTS", database_=database)
    try:
        yield
    finally:
        schema.migrate(driver, database, embedder.dimension, embedder.name)


def rebuilt_on_defect(
    driver: neo4j.Driver, database: str, embedder: Embedder, run: Callable[[], T]
) -> T:
    """``run()``; on Neo4j 2026.08.1's filtered-vector-search defect ("Index N out of
    bounds", docs/reliability.md, 2c), which can leave a vector index broken until it is
    rebuilt, rebuild graphmem's vector indexes as an operator does (drop them, then
    `graphmem migrate`) and run once more. Any other error, or the defect again, fails."""
    try:
        return run()
    except (neo4j.exceptions.DatabaseError, StorageError) as error:
        if "out of bounds" not in str(error):
            raise
    for name in schema.VECTOR_INDEXES:
        driver.execute_query(f"DROP INDEX {name} IF EXISTS", database_=database)
    schema.migrate(driver, database, embedder.dimension, embedder.name)
    driver.execute_query("CALL db.awaitIndexes(300)", database_=database)
    return run()
