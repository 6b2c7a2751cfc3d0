"""One indexed vector per memory (real Neo4j): a turn stored with its conversation context is
found through its context key's vector; its own text's vector is kept unindexed, as int8
bytes, for the exact comparisons (gate, lifecycle, dedupe, Dream). `migrate` moves a store
written with both vectors indexed, once, and search answers the same before and after."""

from __future__ import annotations

from datetime import UTC, datetime

import neo4j
import numpy as np
import pytest

from graphmem import Memory, Settings
from graphmem.adapters.neo4j import schema
from graphmem.adapters.neo4j.statements import Statements
from graphmem.ports.embedder import Embedder

pytestmark = pytest.mark.neo4j

CONVERSATION = [
    {"role": "user", "name": "Ana", "content": "Did you finish the mosaic for the library?"},
    {"role": "user", "name": "Ben", "content": "Almost, two tiles are still missing."},
    {"role": "user", "name": "Ana", "content": "My cousin in Porto makes those tiles."},
]

LAYOUT = """
MATCH (m:Memory {user_id: $user_id})
RETURN m.id AS id, m.embedding IS NOT NULL AS indexed_own, m.key_embedding IS NOT NULL AS keyed,
       m.text_embedding IS NOT NULL AS unindexed_own, m.text_embedding AS own_bytes
"""

#: the layout written before one vector per memory was indexed: own text in `embedding` always
AS_BEFORE = """
MATCH (m:Memory {user_id: $user_id}) WHERE m.text_embedding IS NOT NULL
CALL db.create.setNodeVectorProperty(m, 'embedding', [x IN m.text_embedding | toFloat(x) / 127.0])
SET m.text_embedding = null
RETURN count(m) AS moved
"""


def _layout(driver: neo4j.Driver, user_id: str) -> dict[str, tuple[bool, bool, bool]]:
    rows = driver.execute_query(LAYOUT, user_id=user_id).records
    return {r["id"]: (r["indexed_own"], r["keyed"], r["unindexed_own"]) for r in rows}


def test_each_memory_carries_one_indexed_vector(memory: Memory, user_id: str) -> None:
    added = memory.add(CONVERSATION, user_id=user_id, timestamp="2024-03-01T10:00:00Z")
    turns = [r.id for r in added.results]
    replies = turns[1:]
    [plain] = memory.add("The library reopens in May.", user_id=user_id).results  # no speaker
    layout = _layout(memory.driver, user_id)
    assert layout[plain.id] == (True, False, False)  # no key: own text indexed
    for turn in turns:  # the first turn too: its key is its own "Ana: …" line
        assert layout[turn] == (False, True, True)  # key indexed, own text kept unindexed
    own = memory.driver.execute_query(LAYOUT, user_id=user_id).records
    sizes = {r["id"]: len(r["own_bytes"]) for r in own if r["own_bytes"] is not None}
    assert sizes == {turn: 384 for turn in turns}  # int8: one byte per dimension
    # the gate reads the own text's vector: a query worded like the reply alone still scores
    # it by the better of its two vectors
    hit = memory.search("two tiles are still missing", user_id=user_id, top_k=1, explain=True)
    assert hit.results[0].id == replies[0]


def test_lifecycle_candidates_compare_own_texts(
    memory: Memory, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    added = memory.add(CONVERSATION, user_id=user_id)
    reply = added.results[1]
    later = memory.add("Two tiles are still missing from the mosaic.", user_id=user_id)
    rows = Statements(driver, memory.settings.neo4j.database).read(
        "memory/candidates_batch",
        "lifecycle candidates",
        items=[{"new_id": later.results[0].id, "query": None, "proposed": [], "slots": []}],
        k=10,
        fetch=50,
        exact_scan_max=1000,
        exclude=[],
    )
    cosines = {r["id"]: r["cosine"] for r in rows}
    own, new = np.asarray(embedder.embed([reply.memory, later.results[0].memory]))
    # the keyed reply is compared by its own text's vector, not by its context key's
    assert cosines[reply.id] == pytest.approx(float(own @ new), abs=1e-4)  # raw cosine


def test_migrate_moves_a_store_written_with_both_vectors_indexed(
    settings: Settings, memory: Memory, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    memory.add(CONVERSATION, user_id=user_id, timestamp="2024-03-01T10:00:00Z")
    query = "who makes tiles in Porto"
    before = [r.id for r in memory.search(query, user_id=user_id, top_k=1).results]
    moved = driver.execute_query(AS_BEFORE, user_id=user_id).records[0]["moved"]
    assert moved == 3  # every turn has a key (the first one its own line)
    driver.execute_query("MATCH (n:GraphMemMeta {key: 'vector_layout'}) DELETE n")
    old = [r.id for r in memory.search(query, user_id=user_id, top_k=1).results]
    assert old == before  # a store not yet migrated answers the same, only bigger

    database = settings.neo4j.database
    log = schema.migrate(driver, database, embedder.dimension, embedder.name)
    assert any("moved out of the index" in line for line in log), log
    assert all(v[0] != v[1] and v[1] == v[2] for v in _layout(driver, user_id).values())
    assert [r.id for r in memory.search(query, user_id=user_id, top_k=1).results] == before

    again = schema.migrate(driver, database, embedder.dimension, embedder.name)
    assert not any("moved out of the index" in line for line in again), again  # recorded


def test_dream_reads_a_keyed_memorys_own_text_direction(
    memory: Memory, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    added = memory.add(CONVERSATION, user_id=user_id)
    reply = added.results[1]
    [owner] = driver.execute_query(
        "MATCH (m:Memory {id: $id}) RETURN m.owner AS owner", id=reply.id
    ).records
    rows = Statements(driver, memory.settings.neo4j.database).read(
        "dream/new_memories",
        "Dream's new memories",
        owner=owner["owner"],
        since=datetime(2000, 1, 1, tzinfo=UTC),
        limit=10,
    )
    vectors = {r["id"]: np.asarray(r["embedding"], dtype=np.float64) for r in rows}
    kept = vectors[reply.id] / np.linalg.norm(vectors[reply.id])
    [own] = np.asarray(embedder.embed([reply.memory]))
    assert float(kept @ own) > 0.9999  # floats for Dream's grouping, the own text's direction
