"""Dream over HTTP with the real Neo4j: enable, dry-run, status, scope checks."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from graphmem import Memory
from tests.support.dream import WAKE_UPS, YOGA, seed

pytestmark = pytest.mark.neo4j


def test_enable_dry_run_and_status(client: TestClient, user_id: str, memory: Memory) -> None:
    enabled = client.post("/v1/dream/enable", json={"user_id": user_id})
    assert enabled.status_code == 200, enabled.text
    assert [s["user_id"] for s in enabled.json()["scopes"]] == [user_id]
    seed(memory, user_id, YOGA + WAKE_UPS)
    run = client.post("/v1/dream/run", json={"user_id": user_id, "dry_run": True})
    assert run.status_code == 200, run.text
    report = run.json()
    assert report["dry_run"] is True
    groups = [g for s in report["scopes"] for g in s["groups"]]
    assert any(g["qualified"] for g in groups)
    status = client.get("/v1/dream/status", params={"user_id": user_id})
    assert status.status_code == 200
    assert [s["user_id"] for s in status.json()["scopes"]] == [user_id]


def test_dream_respects_the_key_scope(client: TestClient, other_user: str) -> None:
    assert client.post("/v1/dream/run", json={"user_id": other_user}).status_code == 403
    assert client.get("/v1/dream/status", params={"user_id": other_user}).status_code == 403
    assert client.post("/v1/dream/enable", json={"user_id": other_user}).status_code == 403


def test_sources_of_a_non_synthesis_is_422(client: TestClient, user_id: str) -> None:
    added = client.post("/v1/memories", json={"messages": "plain", "user_id": user_id,
                                              "infer": False}).json()
    mid = added["results"][0]["id"]
    response = client.get(f"/v1/dream/syntheses/{mid}/sources", params={"user_id": user_id})
    assert response.status_code == 422
