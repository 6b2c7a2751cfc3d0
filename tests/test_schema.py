"""The schema on the real server: indexes exist, are ONLINE, have the embedder's dimension;
migrate is idempotent; a dimension mismatch fails fast naming both sizes."""

from __future__ import annotations

import neo4j
import pytest

from graphmem import SchemaMismatchError, Settings
from graphmem.adapters.neo4j import schema
from graphmem.ports.embedder import Embedder

pytestmark = pytest.mark.neo4j


def test_indexes_online_with_embedder_dimension(driver: neo4j.Driver, embedder: Embedder) -> None:
    indexes = schema.list_indexes(driver, "neo4j")
    for name in (*schema.VECTOR_INDEXES, *schema.FULLTEXT_INDEXES):
        assert indexes[name]["state"] == "ONLINE", name
    for name in schema.VECTOR_INDEXES:
        config = indexes[name]["options"]["indexConfig"]
        assert config["vector.dimensions"] == embedder.dimension == 384
        assert config["vector.similarity_function"] == "COSINE"
    assert indexes["memory_embedding"]["properties"] == [
        "embedding",
        "user_id",
        "agent_id",
        "run_id",
        "lifecycle_state",
    ]
    assert indexes["triplet_embedding"]["entityType"] == "RELATIONSHIP"
    assert indexes["triplet_fact"]["entityType"] == "RELATIONSHIP"
    names = set(indexes)
    for expected in (
        "constraint_unique_Memory_id",
        "constraint_unique_Entity_key",
        "index_Memory_user_id",
        "index_Memory_lifecycle_state",
        "index_Memory_agent_id",
        "index_Memory_run_id",
    ):
        assert expected in names, expected


def test_migrate_is_idempotent(driver: neo4j.Driver, embedder: Embedder) -> None:
    before = set(schema.list_indexes(driver, "neo4j"))
    schema.migrate(driver, "neo4j", embedder.dimension, embedder.name)
    assert set(schema.list_indexes(driver, "neo4j")) == before


def test_dimension_mismatch_fails_fast(driver: neo4j.Driver, settings: Settings) -> None:
    with pytest.raises(SchemaMismatchError, match=r"dimension 384 .* 1536"):
        schema.verify(driver, settings.neo4j.database, 1536)
