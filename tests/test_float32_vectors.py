"""Vectors are stored as float32 (half the bytes of a list property), on every write path and
after `migrate` rewrote a store written with 64-bit lists; real Neo4j."""

from __future__ import annotations

from collections.abc import Sequence

import neo4j
import numpy as np
import pytest

from graphmem import Memory, Settings
from graphmem.adapters.neo4j import schema
from graphmem.ports.embedder import Embedder

pytestmark = pytest.mark.neo4j

CONVERSATION = [
    {"role": "user", "name": "Ana", "content": "Did you go to the climbing gym in Lyon?"},
    {"role": "user", "name": "Ben", "content": "Yes, I went there with my sister Clara."},
]

VECTORS = """
MATCH (m:Memory {user_id: $user_id}) WHERE m.embedding IS NOT NULL
RETURN 'memory' AS kind, m.embedding AS v
UNION ALL MATCH (m:Memory {user_id: $user_id}) WHERE m.key_embedding IS NOT NULL
RETURN 'key' AS kind, m.key_embedding AS v
UNION ALL MATCH (e:Entity {user_id: $user_id}) WHERE e.embedding IS NOT NULL
RETURN 'entity' AS kind, e.embedding AS v
UNION ALL MATCH ()-[r:RELATES_TO {user_id: $user_id}]->()
RETURN 'triplet' AS kind, r.embedding AS v
"""

AS_FLOAT64 = """
MATCH (m:Memory {user_id: $user_id})
SET m.embedding = [x IN m.embedding | x + 1.0e-12],
    m.key_embedding = [x IN m.key_embedding | x + 1.0e-12]
WITH count(*) AS memories
MATCH (e:Entity {user_id: $user_id}) WHERE e.embedding IS NOT NULL
SET e.embedding = [x IN e.embedding | x + 1.0e-12]
WITH count(*) AS entities
MATCH ()-[r:RELATES_TO {user_id: $user_id}]->()
SET r.embedding = [x IN r.embedding | x + 1.0e-12]
RETURN count(*) AS triplets
"""


class Float64Embedder:
    """The session's embedder with a perturbation below float32 precision, so a vector stored
    as a 64-bit list reads back different from its float32 rounding."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.name = inner.name
        self.dimension = inner.dimension

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [[x + 1.0e-12 for x in v] for v in self.inner.embed(texts)]


def _float32(vector: list[float]) -> bool:
    as32 = np.asarray(vector, dtype=np.float32).astype(np.float64)
    return bool(np.array_equal(as32, np.asarray(vector, dtype=np.float64)))


def _kinds(driver: neo4j.Driver, user_id: str) -> dict[str, list[bool]]:
    out: dict[str, list[bool]] = {}
    for row in driver.execute_query(VECTORS, user_id=user_id).records:
        out.setdefault(row["kind"], []).append(_float32(row["v"]))
    return out


def test_every_write_path_stores_float32(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    memory = Memory(settings, driver=driver, embedder=Float64Embedder(embedder))
    added = memory.add(
        CONVERSATION,
        user_id=user_id,
        relations=[{"source": "Ben", "relation": "sibling_of", "target": "Clara"}],
    )
    memory.update(added.results[0].id, "Did you go to the climbing gym in Lyon last week?")
    kinds = _kinds(driver, user_id)
    assert set(kinds) == {"memory", "key", "entity", "triplet"}, kinds
    assert all(all(flags) for flags in kinds.values()), kinds
    # the values are the embedder's, rounded to float32: search still finds the memory
    found = memory.search("climbing gym", user_id=user_id, top_k=2).results
    assert added.results[0].id in {m.id for m in found}


def test_migrate_rewrites_64_bit_vectors_once(
    settings: Settings, memory: Memory, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    database = settings.neo4j.database
    memory.add(
        CONVERSATION,
        user_id=user_id,
        relations=[{"source": "Ben", "relation": "sibling_of", "target": "Clara"}],
    )
    memory.add("Clara climbs every Sunday.", user_id=user_id)  # no key: its own vector indexed
    driver.execute_query(AS_FLOAT64, user_id=user_id)  # a store written before float32
    driver.execute_query("MATCH (n:GraphMemMeta {key: 'vector_format'}) DELETE n")
    assert not any(any(f) for f in _kinds(driver, user_id).values())

    log = schema.migrate(driver, database, embedder.dimension, embedder.name)
    assert any("vectors rewritten as float32" in line for line in log), log
    kinds = _kinds(driver, user_id)
    assert set(kinds) >= {"memory", "key", "entity", "triplet"}
    assert all(all(flags) for flags in kinds.values()), kinds

    again = schema.migrate(driver, database, embedder.dimension, embedder.name)
    assert not any("float32" in line for line in again), again  # recorded: no second scan
