"""The shortened load test: 4 agents for ~10 s against the session's Neo4j, through uvicorn
on loopback. No 5xx, and every graph invariant of `benchmarks/load.py` holds afterwards."""

from __future__ import annotations

import pytest

from benchmarks.load import run_load
from graphmem import Memory

pytestmark = [pytest.mark.neo4j, pytest.mark.slow]


def test_short_load_keeps_every_invariant(memory: Memory) -> None:
    report = run_load(memory, seconds=10, agents=4, seed=11)
    load, inv = report["load"], report["invariants"]
    assert load["requests"] > 50
    assert load["server_errors"] == 0, load["statuses"]
    assert not [s for s in load["statuses"] if not s.isdigit()], load["statuses"]
    assert inv["acknowledged_adds"] > 10
    assert inv["missing_acknowledged"] == []
    assert inv["scope_leaks"] == []
    assert report["violations"] == 0, inv
