"""The vector index's statement reads the gate of its own best hits (issue 14 §2): on the real
Neo4j, its gate rows equal what the gate statement returns for the same ids (superseded,
linked and context-keyed memories included), its hits equal the plain index statement's, and
a search that takes it returns what it returned with the gate read apart, without reading
those ids through the gate again."""

from __future__ import annotations

import threading
from typing import Any

import neo4j
import pytest

from graphmem import Memory, Settings
from graphmem.adapters.neo4j.search_store import Neo4jSearchStore
from graphmem.domain.search import SearchResult
from graphmem.ports.embedder import Embedder
from graphmem.ports.search import GatedHits, GateRow
from graphmem.services.search import SearchMemories

pytestmark = pytest.mark.neo4j

STATES = ["active", "superseded", "merged"]
QUERY = "where do I live and what do I cook"
NOTES = [
    "I cook carbonara on Sundays.",
    "My sister lives in Lyon.",
    "The bus leaves at eight.",
    "I keep the spare key under the blue flowerpot.",
    "We cook risotto when friends visit.",
    "My neighbour plays the cello at night.",
]


def _indexed(settings: Settings) -> Settings:
    """Every scope takes the vector index (no exact scan)."""
    search = settings.search.model_copy(update={"exact_scan_max": 0})
    return settings.model_copy(update={"search": search})


@pytest.fixture
def stored(memory: Memory, user_id: str) -> str:
    memory.add("I live in Tokyo.", user_id=user_id, run_id="s1")
    memory.add("I moved to Osaka.", user_id=user_id, run_id="s2")  # supersedes Tokyo
    memory.add(NOTES, user_id=user_id, infer=False)
    conversation = [
        {"role": "user", "name": "Ana", "content": "What should we cook tonight?"},
        {"role": "user", "name": "Ben", "content": "The pasta from Sunday, I'd say."},
    ]
    memory.add(conversation, user_id=user_id)  # the reply carries a context key
    return user_id


def _by_id(rows: list[GateRow]) -> dict[str, GateRow]:
    return {row.memory.id: row for row in rows}


def test_gate_rows_equal_the_gate_statement(
    driver: neo4j.Driver, settings: Settings, embedder: Embedder, stored: str
) -> None:
    store = Neo4jSearchStore(driver, settings.neo4j.database)
    scope = {"user_id": stored, "agent_id": None, "run_id": None}
    keys = [k.key for k in store.scope_keys(scope, STATES)]
    [vector] = embedder.embed([QUERY])
    hits, gated = store.memory_vector_index_gated(stored, keys, vector, STATES, None, 50, 6)
    assert hits == store.memory_vector_index(stored, keys, vector, STATES, None, 50)
    best = sorted(hits, key=lambda i: -hits[i])[:6]
    assert sorted(gated.ids) == sorted(best) and len(hits) > 6
    apart = _by_id(store.gate(gated.ids, vector, keys))
    assert _by_id(gated.rows) == apart and len(apart) == 6


def test_superseded_and_keyed_rows_are_equal(
    driver: neo4j.Driver, settings: Settings, embedder: Embedder, stored: str
) -> None:
    """Every hit gated (top above the count): the superseded Tokyo memory and the keyed reply
    are among them, and their rows are the gate's."""
    store = Neo4jSearchStore(driver, settings.neo4j.database)
    scope = {"user_id": stored, "agent_id": None, "run_id": None}
    keys = [k.key for k in store.scope_keys(scope, STATES)]
    [vector] = embedder.embed([QUERY])
    hits, gated = store.memory_vector_index_gated(stored, keys, vector, STATES, None, 50, 100)
    assert sorted(gated.ids) == sorted(hits)
    rows = _by_id(gated.rows)
    assert rows == _by_id(store.gate(list(hits), vector, keys))
    assert any(r.replaced_at is not None for r in rows.values())  # Tokyo, superseded
    assert any(r.memory.key_text for r in rows.values())  # the reply, keyed


class Spy:
    """The real store; records the ids of every gate read. ``apart``: the vector statement
    reads no gate (what a search did before), so its hits are gated by a read of their own."""

    def __init__(self, real: Neo4jSearchStore, apart: bool = False) -> None:
        self.real, self.apart = real, apart
        self.gate_reads: list[list[str]] = []
        self.in_statement: list[str] = []
        self.lock = threading.Lock()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def memory_vector_index_gated(self, *args: Any) -> tuple[dict[str, float], GatedHits]:
        hits, gated = self.real.memory_vector_index_gated(*args)
        if self.apart:
            return hits, GatedHits(ids=[], rows=[])
        self.in_statement.extend(gated.ids)
        return hits, gated

    def gate(self, ids: list[str], *args: Any, **kwargs: Any) -> list[GateRow]:
        with self.lock:
            self.gate_reads.append(list(ids))
        return self.real.gate(ids, *args, **kwargs)


def _search(store: Any, embedder: Embedder, settings: Settings, user_id: str) -> SearchResult:
    search = SearchMemories(store, embedder, _indexed(settings))
    try:
        scope = {"user_id": user_id, "agent_id": None, "run_id": None}
        return search(QUERY, scope=scope, top_k=5, explain=True)
    finally:
        search.close()


def test_a_search_returns_the_same_without_reading_those_ids_again(
    driver: neo4j.Driver, settings: Settings, embedder: Embedder, stored: str
) -> None:
    real = Neo4jSearchStore(driver, settings.neo4j.database)
    apart = Spy(real, apart=True)
    before = _search(apart, embedder, settings, stored)
    spy = Spy(real)
    after = _search(spy, embedder, settings, stored)
    assert after.explain is not None and before.explain is not None
    assert after.explain.signals["semantic"].startswith("ok (vector index")
    assert [(m.id, m.score) for m in after.results] == [(m.id, m.score) for m in before.results]
    assert after.explain == before.explain
    assert after.results and spy.in_statement
    # Before, every candidate went through a gate read; now those only the vector signal
    # found are gated by its own statement (an id another signal's early gate claimed first
    # may still be read there).
    assert len({i for read in apart.gate_reads for i in read}) == before.explain.candidates
    read_apart = {i for read in spy.gate_reads for i in read}
    assert len(read_apart) < after.explain.candidates
    assert read_apart | set(spy.in_statement) >= {m.id for m in after.results}
