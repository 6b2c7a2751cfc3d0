"""Issue 15: one signal's failure no longer fails the whole search. A signal is made to fail
for real: its full-text index is dropped inside the test database (and re-created after).
The search answers with the other signals, flags itself degraded and names the signal, in
Python, over REST and in explain; the log names the error, never the query or memory text.
When every signal fails, the search fails (unavailability first, so the client retries)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from typing import Any

import neo4j
import pytest
from fastapi.testclient import TestClient

from graphmem import Memory, Settings
from graphmem.adapters.neo4j.search_store import Neo4jSearchStore
from graphmem.errors import StorageError, StorageUnavailableError
from graphmem.ports.embedder import Embedder
from graphmem.ports.search import TripletTerms
from graphmem.services.search import SearchMemories
from tests.support.indexes import index_dropped

pytestmark = pytest.mark.neo4j

SECRET = "Alice keeps the spare key under the blue flowerpot."
QUERY = "where is the spare key"


@pytest.fixture
def stored(memory: Memory, user_id: str) -> str:
    memory.add(SECRET, user_id=user_id, infer=False)
    memory.add("Bob plays chess on Sundays.", user_id=user_id, infer=False)
    return user_id


@pytest.fixture
def no_memory_text_index(
    driver: neo4j.Driver, settings: Settings, embedder: Embedder
) -> Iterator[None]:
    """The memory full-text index is gone (as if broken); re-created after the test."""
    with index_dropped(driver, settings.neo4j.database, embedder, "memory_text"):
        yield


def test_a_failed_signal_degrades_the_search_instead_of_failing_it(
    memory: Memory,
    stored: str,
    client: TestClient,
    no_memory_text_index: None,
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="graphmem.services.search"):
        found = memory.search(QUERY, user_id=stored, explain=True)
    assert found.degraded and found.failed_signals == ["fulltext"]
    assert found.results and found.results[0].text == SECRET  # the semantic signal answered
    assert found.explain is not None and found.explain.failed_signals == ["fulltext"]
    assert found.explain.signals["fulltext"].startswith("failed: StorageError")
    assert found.explain.signals["semantic"].startswith("ok")
    logged = [r.getMessage() for r in caplog.records if "fulltext" in r.getMessage()]
    assert logged and "StorageError" in logged[0], caplog.records
    assert all(
        "spare key" not in r.getMessage() and "Alice" not in r.getMessage() for r in caplog.records
    )

    response = client.post(
        "/v1/memories/search", json={"query": QUERY, "user_id": stored, "explain": True}
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["degraded"] is True and body["failed_signals"] == ["fulltext"]
    assert body["results"][0]["text"] == SECRET
    assert body["explain"]["failed_signals"] == ["fulltext"]


def test_a_healthy_search_is_not_degraded(memory: Memory, stored: str, client: TestClient) -> None:
    found = memory.search(QUERY, user_id=stored, explain=True)
    assert not found.degraded and found.failed_signals == []
    assert found.explain is not None and found.explain.failed_signals == []
    body = client.post("/v1/memories/search", json={"query": QUERY, "user_id": stored}).json()
    assert body["degraded"] is False and body["failed_signals"] == []


SIGNAL_QUERIES = (
    "memory_vector_exact",
    "memory_vector_index",
    "memory_fulltext",
    "triplets",
    "entities_by_name",
    "entities_by_key",
    "entity_seeds",
    "expand",
)


class SignalsDown:
    """The real store, except that every signal's query fails: those named in ``broken`` with
    a Neo4j error, the others as unreachable (scope resolution still reaches Neo4j)."""

    def __init__(self, real: Neo4jSearchStore, broken: set[str]) -> None:
        self.real, self.broken = real, broken

    def __getattr__(self, name: str) -> Any:
        if name not in SIGNAL_QUERIES:
            return getattr(self.real, name)

        def fail(*_: object, **__: object) -> Any:
            if name in self.broken:
                raise StorageError(f"Neo4j failed to search ({name})")
            raise StorageUnavailableError("Neo4j is unreachable")

        return fail


@pytest.mark.parametrize(
    ("broken", "expected"),
    [
        (set(), StorageUnavailableError),
        ({"memory_fulltext", "memory_vector_exact"}, StorageUnavailableError),  # unavailable first
        (set(SIGNAL_QUERIES), StorageError),
    ],
)
def test_when_every_signal_fails_the_search_fails(
    driver: neo4j.Driver,
    settings: Settings,
    embedder: Embedder,
    stored: str,
    broken: set[str],
    expected: type[StorageError],
) -> None:
    store = SignalsDown(Neo4jSearchStore(driver, settings.neo4j.database), broken)
    search = SearchMemories(store, embedder, settings)  # type: ignore[arg-type]
    try:
        with pytest.raises(expected) as raised:
            search(QUERY, scope={"user_id": stored, "agent_id": None, "run_id": None})
        assert type(raised.value) is expected
    finally:
        search.close()


class TripletHangs:
    """The real store, except that the triplet query never answers until released:
    what Neo4j 2026.08.1 did on a Bolt connection whose error it could not send."""

    def __init__(self, real: Neo4jSearchStore, release: threading.Event) -> None:
        self.real, self.release = real, release

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def triplets(self, *_: object, **__: object) -> TripletTerms:
        self.release.wait(timeout=60)
        return TripletTerms(by_vector=[], terms=[])


def test_a_signal_that_never_answers_is_left_out(
    driver: neo4j.Driver, settings: Settings, embedder: Embedder, stored: str
) -> None:
    release = threading.Event()
    quick = settings.model_copy(
        update={"search": settings.search.model_copy(update={"signal_timeout_s": 0.5})}
    )
    store = TripletHangs(Neo4jSearchStore(driver, settings.neo4j.database), release)
    search = SearchMemories(store, embedder, quick)  # type: ignore[arg-type]
    try:
        found = search(
            QUERY, scope={"user_id": stored, "agent_id": None, "run_id": None}, explain=True
        )
        assert not release.is_set()  # answered while the triplet query still hung
        assert found.degraded and found.failed_signals == ["triplet"]
        assert found.results[0].text == SECRET
        assert found.explain is not None
        assert found.explain.signals["triplet"].startswith("failed: StorageUnavailableError")
    finally:
        release.set()
        search.close()
