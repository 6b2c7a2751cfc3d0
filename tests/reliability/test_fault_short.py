"""A short outage under load, on a Neo4j instance of the test's own (ports 27787/27774,
temporary home): requests fail fast with 503 while it is down, the service recovers by itself
once it is back, and no acknowledged write is missing or half-written."""

from __future__ import annotations

import pytest

from benchmarks.load import run_fault
from graphmem import Settings
from graphmem.ports.embedder import Embedder

pytestmark = [pytest.mark.neo4j, pytest.mark.slow]


def test_outage_fails_fast_and_recovers(settings: Settings, embedder: Embedder) -> None:
    report = run_fault(
        settings,
        seconds=8,
        agents=3,
        outage_s=5,
        post_s=15,  # > the deadline: agents held by the outage still send after the start
        connect_s=1.0,
        retry_s=2.0,
        seed=5,
        embedder=embedder,
    )
    fault, inv = report["fault"], report["invariants"]
    assert fault["statuses_down"].get("503", 0) > 0, fault
    assert fault["down_not_503"] == {}, fault
    assert fault["within_bound"], fault  # the request deadline (10 s) + 2 s margin
    assert fault["statuses_after"].get("200", 0) > 0, fault
    assert fault["errors_after_recovery"] == 0, fault
    assert inv["missing_acknowledged"] == [] and inv["scope_leaks"] == [], inv
    for name in ("orphan_entities", "orphan_triplets", "bad_lifecycle_links", "wrong_owner"):
        assert inv[name] == 0, inv
    assert fault["stopping_not_503"] == {}, fault
    assert report["violations"] == 0, report
