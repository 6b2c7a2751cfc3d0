"""The REST API remembers a checked key for ``api.key_cache_s``: repeated requests cost no
key-store round trip (and no worker-thread hop for the check), and a key revoked by another
process (the CLI, another worker) answers 401 once that bound has passed. Real Neo4j."""

from __future__ import annotations

import time
from collections.abc import Iterator

import neo4j
import pytest
from fastapi.testclient import TestClient

import api.deps
from api import create_app
from graphmem import Memory, Settings
from graphmem.adapters.neo4j.keys import Neo4jKeyStore
from graphmem.domain.keys import ApiKey
from graphmem.ports.embedder import Embedder
from graphmem.services.keys import Keys
from tests.api.conftest import bearer

pytestmark = pytest.mark.neo4j

CACHE_S = 1.0


class CountingStore:
    """The real key store, counting ``by_hash`` round trips."""

    def __init__(self, inner: Neo4jKeyStore) -> None:
        self.inner = inner
        self.lookups = 0

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)

    def by_hash(self, token_hash: str) -> ApiKey | None:
        self.lookups += 1
        return self.inner.by_hash(token_hash)


@pytest.fixture
def server_memory(settings: Settings, driver: neo4j.Driver, embedder: Embedder) -> Iterator[Memory]:
    """The server process's Memory, with a short key cache and a counting key store."""
    api_settings = settings.api.model_copy(
        update={"key_cache_s": CACHE_S, "request_deadline_s": 60.0}
    )
    server = Memory(
        settings.model_copy(update={"api": api_settings}), driver=driver, embedder=embedder
    )
    server.keys.store = CountingStore(server.keys.store)  # type: ignore[assignment]
    yield server
    server.close()


@pytest.fixture
def other_process(driver: neo4j.Driver, settings: Settings) -> Keys:
    """Keys of another process (``graphmem keys revoke``) on the same database."""
    return Keys(Neo4jKeyStore(driver, settings.neo4j.database))


def test_a_key_is_checked_once_then_remembered(
    server_memory: Memory, other_process: Keys, user_id: str
) -> None:
    server_memory.keys.cache_s = 60.0  # longer than five requests take on a loaded machine
    token, key = other_process.create(user_ids=[user_id])
    app = create_app(server_memory.settings, memory=server_memory)
    with TestClient(app, headers=bearer(token)) as client:
        for _ in range(5):
            assert client.get("/v1/memories", params={"user_id": user_id}).status_code == 200
    assert server_memory.keys.store.lookups == 1  # type: ignore[attr-defined]
    other_process.revoke(key.id)


def test_a_remembered_key_needs_no_worker_thread(
    server_memory: Memory, other_process: Keys, user_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    server_memory.keys.cache_s = 60.0
    token, key = other_process.create(user_ids=[user_id])
    app = create_app(server_memory.settings, memory=server_memory)
    with TestClient(app, headers=bearer(token)) as client:
        assert client.get("/v1/memories", params={"user_id": user_id}).status_code == 200

        async def no_thread(*_: object) -> None:
            raise AssertionError("a remembered key was checked on a worker thread")

        monkeypatch.setattr(api.deps, "run_in_threadpool", no_thread)
        assert client.get("/v1/memories", params={"user_id": user_id}).status_code == 200
    other_process.revoke(key.id)


def test_revoked_elsewhere_is_401_within_the_cache_time(
    server_memory: Memory, other_process: Keys, user_id: str
) -> None:
    token, key = other_process.create(user_ids=[user_id])
    app = create_app(server_memory.settings, memory=server_memory)
    with TestClient(app, headers=bearer(token)) as client:
        assert client.get("/v1/memories", params={"user_id": user_id}).status_code == 200
        other_process.revoke(key.prefix)
        time.sleep(CACHE_S + 0.1)
        assert client.get("/v1/memories", params={"user_id": user_id}).status_code == 401


def test_revoked_in_this_process_is_401_at_once(server_memory: Memory, user_id: str) -> None:
    token, key = server_memory.keys.create(user_ids=[user_id])
    app = create_app(server_memory.settings, memory=server_memory)
    with TestClient(app, headers=bearer(token)) as client:
        assert client.get("/v1/memories", params={"user_id": user_id}).status_code == 200
        server_memory.keys.revoke(key.id)
        assert client.get("/v1/memories", params={"user_id": user_id}).status_code == 401
