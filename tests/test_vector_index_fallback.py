"""The memory vector index failing inside Neo4j costs no result: the semantic signal answers
from the exact scan, says so in ``explain``, and keeps to the exact scan for a while instead
of asking the broken index again (search/signals/vector.py). The index is made to fail for
real: it is dropped inside the test database (and re-created after)."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import neo4j
import pytest

from graphmem import Memory, Settings
from graphmem.errors import StorageUnavailableError
from graphmem.ports.embedder import Embedder
from graphmem.search import index_breaker
from graphmem.search.candidates import Pool
from graphmem.search.context import SearchContext
from graphmem.search.index_breaker import BREAKER_COOLDOWN_S, IndexBreaker
from graphmem.search.signals import vector
from tests.support.indexes import index_dropped

pytestmark = pytest.mark.neo4j

SECRET = "Alice keeps the spare key under the blue flowerpot."
QUERY = "where is the spare key"


@pytest.fixture
def large(memory: Memory) -> Memory:
    """Every scope searched through the vector index (as a large one would be)."""
    search = memory.settings.search.model_copy(update={"exact_scan_max": 0})
    settings = memory.settings.model_copy(update={"search": search})
    return Memory(settings, driver=memory.driver, embedder=memory.embedder)


@pytest.fixture
def no_memory_vector_index(
    large: Memory, driver: neo4j.Driver, settings: Settings, embedder: Embedder
) -> Iterator[None]:
    """Dropped once the Memory exists (a new one would refuse to start without it)."""
    with index_dropped(driver, settings.neo4j.database, embedder, "memory_embedding"):
        yield


def test_a_failing_vector_index_falls_back_to_the_exact_scan(
    memory: Memory,
    large: Memory,
    user_id: str,
    no_memory_vector_index: None,
    caplog: pytest.LogCaptureFixture,
) -> None:
    memory.add(SECRET, user_id=user_id, infer=False)
    memory.add("Bob plays chess on Sundays.", user_id=user_id, infer=False)
    with caplog.at_level(logging.ERROR, logger="graphmem.search.signals.vector"):
        found = large.search(QUERY, user_id=user_id, explain=True)
    assert not found.degraded, found.failed_signals
    assert found.results[0].text == SECRET
    assert found.explain is not None
    status = found.explain.signals["semantic"]
    assert status.startswith("ok (exact scan: the vector index failed"), status
    assert found.results[0].score_breakdown is not None
    assert found.results[0].score_breakdown.semantic > 0.3
    logged = [r.getMessage() for r in caplog.records]
    assert logged and "DROP INDEX memory_embedding" in logged[0]
    assert all("spare key" not in m for m in logged)  # no query or memory text in the log

    again = large.search(QUERY, user_id=user_id, explain=True)  # the index is not asked again
    assert again.explain is not None and not again.degraded
    assert again.explain.signals["semantic"].startswith("ok (exact scan: the vector index failed")
    assert [r.text for r in again.results] == [r.text for r in found.results]


def test_the_breaker_skips_the_index_after_a_failure_or_an_unanswered_call() -> None:
    """The timing rules on explicit clocks (no Neo4j): a failure skips the index for the
    cooldown; a call unanswered for longer than the signal timeout skips it while pending;
    an answer clears both."""
    breaker = IndexBreaker()
    assert breaker.skipped(5.0, now=0.0) is None
    hung = breaker.start(now=0.0)
    assert breaker.skipped(5.0, now=4.0) is None  # still within the signals' time
    assert breaker.skipped(5.0, now=6.0) == "an earlier search of it is still unanswered"
    breaker.finish(hung, "Neo.DatabaseError.Statement.ExecutionFailed", now=130.0)
    assert breaker.skipped(5.0, now=131.0) == "Neo.DatabaseError.Statement.ExecutionFailed"
    assert breaker.skipped(5.0, now=130.0 + BREAKER_COOLDOWN_S) is None  # tried again
    ok = breaker.start(now=500.0)
    breaker.finish(ok, None, now=500.1)
    assert breaker.failed_at is None and breaker.skipped(5.0, now=501.0) is None


def test_busy_but_answering_calls_never_count_as_unanswered() -> None:
    """Under load calls overlap all the time: only the oldest call still waiting counts."""
    breaker = IndexBreaker()
    previous = breaker.start(now=0.0)
    for second in range(1, 20):
        current = breaker.start(now=float(second))
        breaker.finish(previous, None, now=second + 0.5)
        assert breaker.skipped(5.0, now=second + 0.6) is None
        previous = current


class _HangingIndex:
    """Stands in for the store's two vector reads only: the index call ends as the driver
    ends a hung one (unavailable, after the clock moved past the signals' time)."""

    def __init__(self, clock: list[float], took: float) -> None:
        self.clock, self.took, self.exact_calls = clock, took, 0

    def memory_vector_index(self, *args: object) -> dict[str, float]:
        self.clock[0] += self.took
        raise StorageUnavailableError("no answer")

    def memory_vector_exact(self, *args: object) -> dict[str, float]:
        self.exact_calls += 1
        return {}


@pytest.mark.parametrize(("took", "skipped_after"), [(120.0, True), (0.1, False)])
def test_an_index_call_that_ends_unavailable_long_after_the_timeout_trips_the_breaker(
    monkeypatch: pytest.MonkeyPatch, took: float, skipped_after: bool
) -> None:
    clock = [1000.0]
    monkeypatch.setattr(index_breaker.time, "monotonic", lambda: clock[0])
    store = _HangingIndex(clock, took)
    settings = Settings().search.model_copy(update={"exact_scan_max": 0})
    ctx = SearchContext(
        query=QUERY, vector=[0.1] * 384, scope={"user_id": "u", "agent_id": None, "run_id": None},
        scope_keys=["k"], scope_size=10, fetch_states=["active"], reference_date=None, top_k=10,
        per_signal_k=50, threshold=0.0, latest_only=False, include_merged=False, explain=True,
    )  # fmt: skip
    with pytest.raises(StorageUnavailableError):  # this search's signal fails as before
        vector.collect(store, ctx, Pool(), settings)  # type: ignore[arg-type]
    pool = Pool()
    if skipped_after:  # the next search goes straight to the exact scan
        vector.collect(store, ctx, pool, settings)  # type: ignore[arg-type]
        assert store.exact_calls == 1
        assert pool.status["semantic"].startswith("ok (exact scan: the vector index failed")
    else:  # a brief outage: the next search asks the index again
        with pytest.raises(StorageUnavailableError):
            vector.collect(store, ctx, pool, settings)  # type: ignore[arg-type]
        assert store.exact_calls == 0
