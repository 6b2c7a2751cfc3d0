"""Dream with several workers, against the real Neo4j: the scope lease lets one run work and
the others skip; a crashed worker's lease expires; writes are guarded by the lease."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import neo4j
import pytest

from graphmem import Memory, Settings
from graphmem.adapters.neo4j.dream_store import Neo4jDreamStore
from graphmem.domain.scope import Scope
from graphmem.dream import DreamReport
from graphmem.dream.models import LeaseClaim, NewSynthesis
from graphmem.ports.embedder import Embedder
from tests.support.dream import WAKE_UPS, YOGA, dream_runs, dream_settings, holds, seed, syntheses
from tests.support.openai_server import Delay, OpenAICompatServer

pytestmark = pytest.mark.neo4j


@pytest.fixture
def workers(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, openai_server: OpenAICompatServer
) -> Iterator[list[Memory]]:
    """Two workers (as two processes would be) sharing the server and the LLM endpoint."""
    configured = dream_settings(
        settings, base_url=openai_server.base_url, model="test-model", max_retries=0, timeout_s=10.0
    )
    memories = [Memory(configured, driver=driver, embedder=embedder) for _ in range(2)]
    yield memories
    for m in memories:
        m.close()


@pytest.fixture
def store(settings: Settings, driver: neo4j.Driver) -> Neo4jDreamStore:
    return Neo4jDreamStore(driver, settings.neo4j.database)


def claim(scope_key: str, owner: str, *, ago_s: float = 0, valid_s: float = 60) -> LeaseClaim:
    now = datetime.now(UTC) - timedelta(seconds=ago_s)
    return LeaseClaim(
        scope_key=scope_key, owner=owner, now=now, expires_at=now + timedelta(seconds=valid_s)
    )


def test_two_concurrent_runs_write_one_synthesis_and_leave_sources_unchanged(
    workers: list[Memory], openai_server: OpenAICompatServer, driver: neo4j.Driver, user_id: str
) -> None:
    first = workers[0]
    first.enable_dream(user_id=user_id)
    ids = seed(first, user_id, YOGA + WAKE_UPS)
    before = [first.get(i).model_dump() for i in ids]
    openai_server.script(Delay(1.5, then=holds()))  # the winner holds its lease meanwhile
    barrier = threading.Barrier(2)

    def run(worker: Memory) -> DreamReport:
        barrier.wait()
        return worker.dream(user_id=user_id)

    with ThreadPoolExecutor(2) as pool:
        reports = list(pool.map(run, workers))

    statuses = sorted(r.scopes[0].status for r in reports)
    assert statuses == ["completed", "skipped"]
    assert openai_server.calls == 1
    [syn] = syntheses(driver, user_id)
    assert sorted(syn["sources"]) == sorted(ids)
    assert sorted(r["status"] for r in dream_runs(driver, user_id)) == ["completed", "skipped"]

    rerun = workers[1].dream(user_id=user_id).scopes[0]
    assert (rerun.status, rerun.new_memories, rerun.written) == ("completed", 0, 0)
    assert len(syntheses(driver, user_id)) == 1 and openai_server.calls == 1
    assert [first.get(i).model_dump() for i in ids] == before


def race(store: Neo4jDreamStore, key: str, n: int = 12) -> list[bool]:
    barrier = threading.Barrier(n)

    def take(i: int) -> bool:
        barrier.wait()
        return store.acquire_lease(claim(key, f"worker-{i}"))

    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(take, range(n)))


@pytest.mark.parametrize("existing", ["none", "expired"])
def test_exactly_one_of_many_takes_the_lease(
    store: Neo4jDreamStore, user_id: str, existing: str
) -> None:
    key = Scope(user_id=user_id).key
    if existing == "expired":
        assert store.acquire_lease(claim(key, "crashed", ago_s=7200, valid_s=3600))
    won = race(store, key)
    assert won.count(True) == 1
    winner = f"worker-{won.index(True)}"
    assert store.acquire_lease(claim(key, winner))  # the holder renews
    store.release_lease(claim(key, "someone-else"))  # only the holder may release
    assert not store.acquire_lease(claim(key, "late"))
    store.release_lease(claim(key, winner))
    assert store.acquire_lease(claim(key, "late"))


def test_a_held_lease_skips_and_a_crashed_workers_lease_expires(
    workers: list[Memory],
    store: Neo4jDreamStore,
    openai_server: OpenAICompatServer,
    driver: neo4j.Driver,
    user_id: str,
) -> None:
    worker = workers[0]
    [state] = worker.enable_dream(user_id=user_id)
    seed(worker, user_id, YOGA)
    assert store.acquire_lease(claim(state.key, "busy-worker"))
    skipped = worker.dream(user_id=user_id).scopes[0]
    assert skipped.status == "skipped" and "lease" in (skipped.note or "")
    assert openai_server.calls == 0 and syntheses(driver, user_id) == []

    # the busy worker crashed an hour ago: its lease ran out
    assert store.acquire_lease(claim(state.key, "busy-worker", ago_s=7200, valid_s=3600))
    openai_server.script(holds("User goes to a morning yoga class before work"))
    done = worker.dream(user_id=user_id).scopes[0]
    assert done.status == "completed" and done.written == 1


def test_a_synthesis_write_needs_the_lease(
    store: Neo4jDreamStore,
    embedder: Embedder,
    workers: list[Memory],
    driver: neo4j.Driver,
    user_id: str,
) -> None:
    worker = workers[0]
    [state] = worker.enable_dream(user_id=user_id)
    ids = seed(worker, user_id, YOGA[:3])
    assert store.acquire_lease(claim(state.key, "holder"))
    synthesis = NewSynthesis(
        id="syn-" + user_id,
        text="User does yoga",
        hash="h",
        scope_key=state.key,
        scope_tokens=Scope(user_id=user_id).tokens,
        user_id=user_id,
        observed_at=datetime.now(UTC),
        embedding=embedder.embed(["User does yoga"])[0],
        metadata_json="{}",
        source_ids=ids,
        source_set_hash="hash-" + user_id,
    )
    assert store.write_synthesis(synthesis, claim(state.key, "intruder")) == "lease_lost"
    assert store.write_synthesis(synthesis, claim(state.key, "holder")) == "written"
    again = synthesis.model_copy(update={"id": "syn2-" + user_id})
    assert store.write_synthesis(again, claim(state.key, "holder")) == "already_synthesized"
    assert len(syntheses(driver, user_id)) == 1
