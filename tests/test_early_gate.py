"""Each signal's candidates are gated as soon as that signal answers (services/gating.py), on
the real Neo4j: every candidate is gated exactly once, split over more than one gate read,
and the search returns what one gate read after all signals returns (rankings, scores,
explain). An early gate that fails is an optimisation lost, not a degraded search: its
candidates are gated again after the signals."""

from __future__ import annotations

import threading
from typing import Any

import neo4j
import pytest

from graphmem import Memory, Settings
from graphmem.adapters.neo4j.search_store import Neo4jSearchStore
from graphmem.domain.search import SearchResult
from graphmem.errors import StorageUnavailableError
from graphmem.ports.embedder import Embedder
from graphmem.ports.search import GateRow
from graphmem.services.gating import ALONE, BUSY, NEVER, GatePolicy
from graphmem.services.search import SearchMemories

pytestmark = pytest.mark.neo4j

NOTES = [
    "I keep the spare key under the blue flowerpot.",
    "The flowerpot by the door holds basil.",
    "Bob plays chess on Sundays.",
    "My spare glasses are in the car.",
    "The key to the shed hangs in the kitchen.",
]
QUERY = "where is the spare key"


class GateCalls:
    """The real store; records the ids of every gate read, and fails the first ``fail``.

    The vector signal's read waits until the first gate read has started, so the full-text
    signal (a subset of this scope: the vector signal returns all five notes) always answers
    first and its candidates are gated apart: which signal answers first is otherwise up to
    the machine's timing."""

    def __init__(self, real: Neo4jSearchStore, fail: int = 0) -> None:
        self.real, self.fail = real, fail
        self.calls: list[list[str]] = []
        self.lock = threading.Lock()
        self.first_gate = threading.Event()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def _after_first_gate(self, name: str, *args: Any, **kwargs: Any) -> Any:
        assert self.first_gate.wait(timeout=60), "the full-text signal's gate never started"
        return getattr(self.real, name)(*args, **kwargs)

    def memory_vector_exact(self, *args: Any, **kwargs: Any) -> Any:
        return self._after_first_gate("memory_vector_exact", *args, **kwargs)

    def memory_vector_index(self, *args: Any, **kwargs: Any) -> Any:
        return self._after_first_gate("memory_vector_index", *args, **kwargs)

    def gate(self, ids: list[str], *args: Any, **kwargs: Any) -> list[GateRow]:
        with self.lock:
            self.calls.append(list(ids))
            failing = len(self.calls) <= self.fail
        self.first_gate.set()
        if failing:
            raise StorageUnavailableError("Neo4j is unreachable")
        return self.real.gate(ids, *args, **kwargs)


class CountedGate:
    """The real store; records the ids of every gate read (no ordering imposed)."""

    def __init__(self, real: Neo4jSearchStore) -> None:
        self.real = real
        self.calls: list[list[str]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def gate(self, ids: list[str], *args: Any, **kwargs: Any) -> list[GateRow]:
        self.calls.append(list(ids))
        return self.real.gate(ids, *args, **kwargs)


def _search(
    store: Any,
    embedder: Embedder,
    settings: Settings,
    user_id: str,
    writing: Any = None,
) -> SearchResult:
    search = SearchMemories(store, embedder, settings, writing)
    try:
        scope = {"user_id": user_id, "agent_id": None, "run_id": None}
        return search(QUERY, scope=scope, explain=True)
    finally:
        search.close()


def _ranking(found: SearchResult) -> list[tuple[str, float]]:
    return [(m.id, m.score) for m in found.results]


@pytest.fixture
def stored(memory: Memory, user_id: str) -> str:
    for note in NOTES:
        memory.add(note, user_id=user_id, infer=False)
    return user_id


def test_each_candidate_is_gated_once_as_its_signal_answers(
    driver: neo4j.Driver, settings: Settings, embedder: Embedder, stored: str
) -> None:
    store = GateCalls(Neo4jSearchStore(driver, settings.neo4j.database))
    found = _search(store, embedder, settings, stored)
    gated = [i for call in store.calls for i in call]
    assert len(store.calls) >= 2  # the semantic and the full-text signal's, apart
    assert len(gated) == len(set(gated))  # none twice
    assert found.explain is not None and found.explain.candidates == len(set(gated))
    scope = {"user_id": stored, "agent_id": None, "run_id": None}
    keys = [k.key for k in store.real.scope_keys(scope, ["active"])]
    one_read = store.real.gate(gated, embedder.embed([QUERY])[0], keys)
    assert sorted(r.memory.id for r in one_read) == sorted(gated)
    assert found.results and found.results[0].text == NOTES[0]


def test_a_failed_early_gate_is_read_again_not_degraded(
    driver: neo4j.Driver, settings: Settings, embedder: Embedder, stored: str
) -> None:
    real = Neo4jSearchStore(driver, settings.neo4j.database)
    healthy = _search(GateCalls(real), embedder, settings, stored)
    store = GateCalls(real, fail=1)
    found = _search(store, embedder, settings, stored)
    assert not found.degraded and found.failed_signals == []
    assert _ranking(found) == _ranking(healthy)
    assert found.explain is not None and healthy.explain is not None
    assert found.explain.candidates == healthy.explain.candidates
    assert len(store.calls) >= 3  # the failed early read's ids were read once more


def test_a_search_gates_once_while_a_write_runs_with_the_same_results(
    driver: neo4j.Driver, settings: Settings, embedder: Embedder, stored: str
) -> None:
    """Under concurrent requests the early gate's extra round trips cost more than they save:
    ``auto`` gates once, after the signals, and the answer is the same."""
    real = Neo4jSearchStore(driver, settings.neo4j.database)
    alone = _search(GateCalls(real), embedder, settings, stored)
    store = CountedGate(real)
    busy = _search(store, embedder, settings, stored, writing=lambda: True)
    assert len(store.calls) == 1
    assert _ranking(busy) == _ranking(alone)
    assert alone.explain is not None and busy.explain is not None
    assert (alone.explain.gate, busy.explain.gate) == (ALONE, BUSY)
    assert busy.explain.candidates == alone.explain.candidates


def test_early_gate_never_reads_the_gate_once(
    driver: neo4j.Driver, settings: Settings, embedder: Embedder, stored: str
) -> None:
    never = settings.model_copy(
        update={"search": settings.search.model_copy(update={"early_gate": "never"})}
    )
    store = CountedGate(Neo4jSearchStore(driver, settings.neo4j.database))
    found = _search(store, embedder, never, stored)
    assert len(store.calls) == 1
    assert found.explain is not None and found.explain.gate == NEVER
    assert found.results and found.results[0].text == NOTES[0]


def test_auto_gates_early_only_for_a_search_alone_in_the_process() -> None:
    writing = threading.Event()
    policy = GatePolicy("auto", writing.is_set)
    with policy.search() as first, policy.search() as second:
        assert (first, second) == (ALONE, BUSY)
    with policy.search() as after:
        assert after == ALONE  # the count went back down
    writing.set()
    with policy.search() as during_a_write:
        assert during_a_write == BUSY
    assert GatePolicy.early(ALONE) and not GatePolicy.early(BUSY)


def test_memory_search_reports_how_it_gated(memory: Memory, stored: str) -> None:
    found = memory.search(QUERY, user_id=stored, explain=True)
    assert found.explain is not None and found.explain.gate == ALONE
