"""Decay (issue 4 §5): a multiplier in [0.3, 1.5] from access recency and frequency, off by
default; searches record access off the request path; nothing is ever deleted by decay."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import neo4j
import pytest

from graphmem import Memory, Settings
from graphmem.domain.memory import MemoryRecord
from graphmem.ports.embedder import Embedder
from graphmem.search import decay

NOW = datetime(2026, 6, 1, tzinfo=UTC)


def record(created: datetime) -> MemoryRecord:
    return MemoryRecord(
        id="m", text="t", hash="h", created_at=created, updated_at=created, observed_at=created
    )


def test_multiplier_stays_in_bounds_and_rewards_recent_frequent_use() -> None:
    old = record(NOW - timedelta(days=3650))
    assert decay.multiplier(old, 0, None, NOW) == pytest.approx(decay.LOW, abs=1e-3)
    assert decay.multiplier(old, 10_000, NOW, NOW) == pytest.approx(decay.HIGH)
    fresh = record(NOW)
    values = [
        decay.multiplier(fresh, n, NOW - timedelta(days=d), NOW)
        for n in (0, 1, 10, 100)
        for d in (0, 15, 30, 365)
    ]
    assert all(decay.LOW <= v <= decay.HIGH for v in values)
    month_ago = NOW - timedelta(days=30)
    assert decay.multiplier(fresh, 5, NOW, NOW) > decay.multiplier(fresh, 5, month_ago, NOW)
    assert decay.multiplier(fresh, 20, NOW, NOW) > decay.multiplier(fresh, 2, NOW, NOW)


def access_counts(driver: neo4j.Driver, user_id: str) -> dict[str, int]:
    records = driver.execute_query(
        "MATCH (m:Memory {user_id: $u}) RETURN m.text AS text, m.access_count AS n", u=user_id
    ).records
    return {r["text"]: r["n"] or 0 for r in records}


def wait_for(check, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "access was not recorded in time"
        time.sleep(0.1)


@pytest.mark.neo4j
def test_off_by_default_nothing_is_recorded(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    assert memory.settings.search.decay_enabled is False
    memory.add(["I swim on Mondays.", "I swim on Fridays."], user_id=user_id, infer=False)
    result = memory.search("when do I swim?", user_id=user_id, explain=True)
    assert all(m.score_breakdown and m.score_breakdown.decay == 1.0 for m in result.results)
    time.sleep(0.5)
    assert set(access_counts(driver, user_id).values()) == {0}


@pytest.mark.neo4j
def test_used_memories_rise_and_nothing_is_deleted(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    on = settings.model_copy(
        update={"search": settings.search.model_copy(update={"decay_enabled": True})}
    )
    with Memory(on, driver=driver, embedder=embedder) as memory:
        memory.add(
            ["I swim on Mondays at the city pool.", "I swim on Fridays at the lake."],
            user_id=user_id,
            infer=False,
        )
        # A question only the lake memory answers well, asked often: its accesses pile up.
        for _ in range(6):
            memory.search("swimming at the lake", user_id=user_id, top_k=1)
        wait_for(lambda: access_counts(driver, user_id)["I swim on Fridays at the lake."] >= 6)
        result = memory.search("when do I swim?", user_id=user_id, top_k=2, explain=True)
    counts = access_counts(driver, user_id)
    assert counts["I swim on Mondays at the city pool."] <= 1
    assert len(result.results) == 2 and len(counts) == 2  # nothing deleted
    lake, pool = sorted(result.results, key=lambda m: "lake" not in m.text)
    assert lake.score_breakdown is not None and pool.score_breakdown is not None
    assert lake.score_breakdown.decay > pool.score_breakdown.decay
    assert all(0.3 <= m.score_breakdown.decay <= 1.5 for m in (lake, pool))
