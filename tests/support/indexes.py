"""An index made to fail for real: dropped inside the test database, re-created after."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import LiteralString

import neo4j

from graphmem.adapters.neo4j import schema
from graphmem.ports.embedder import Embedder


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
