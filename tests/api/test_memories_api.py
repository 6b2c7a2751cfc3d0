"""Every endpoint of the REST API, over HTTP, against the real Neo4j."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from api import create_app
from graphmem import Settings, StorageError
from graphmem.client import GraphMemClient
from graphmem.services.keys import Keys

pytestmark = pytest.mark.neo4j


def add(client: TestClient, *texts: str, **body: Any) -> list[str]:
    response = client.post("/v1/memories", json={"messages": list(texts), "infer": False, **body})
    assert response.status_code == 200, response.text
    return [r["id"] for r in response.json()["results"]]


def test_add_returns_events_and_stores_every_field(client: TestClient, user_id: str) -> None:
    response = client.post(
        "/v1/memories",
        json={
            "messages": [
                {"role": "user", "content": "I love hiking in the Alps."},
                {"role": "system", "content": "be nice"},
                "Noted: mountain hikes.",
            ],
            "user_id": user_id,
            "agent_id": "trip-planner",
            "metadata": {"source": "chat"},
            "timestamp": "2025-01-15T10:00:00Z",
            "infer": False,
            "immutable": True,
        },
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert [r["event"] for r in body["results"]] == ["ADD", "ADD"]
    assert body["llm_calls"] == 0
    stored = client.get(f"/v1/memories/{body['results'][0]['id']}").json()
    assert stored["text"] == "I love hiking in the Alps."
    assert stored["user_id"] == user_id
    assert stored["agent_id"] == "trip-planner"
    assert stored["metadata"] == {"source": "chat"}
    assert stored["observed_at"].startswith("2025-01-15T10:00:00")
    assert stored["immutable"] is True
    assert stored["lifecycle_state"] == "active"


def test_duplicate_add_is_noop(client: TestClient, user_id: str) -> None:
    [first] = add(client, "I drink my coffee black.", user_id=user_id)
    again = client.post(
        "/v1/memories", json={"messages": "i drink my COFFEE black.", "infer": False}
    ).json()
    assert again["results"][0] == {**again["results"][0], "event": "NOOP", "id": first}


def test_list_paginates_with_opaque_cursor(client: TestClient, user_id: str) -> None:
    ids = add(client, *(f"Fact number {i}." for i in range(5)), user_id=user_id)
    seen: list[str] = []
    cursor = None
    pages = 0
    while True:
        params: dict[str, Any] = {"user_id": user_id, "limit": 2}
        if cursor:
            params["cursor"] = cursor
        page = client.get("/v1/memories", params=params).json()
        seen += [m["id"] for m in page["results"]]
        pages += 1
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert sorted(seen) == sorted(ids)
    assert len(seen) == len(set(seen)) == 5
    assert pages == 3


def test_list_views_and_default_scope(client: TestClient, user_id: str) -> None:
    old, new = add(client, "I live in Tokyo.", "I live in Osaka.", user_id=user_id)
    response = client.post(f"/v1/memories/{old}/supersede", json={"new_memory_id": new})
    assert response.status_code == 200, response.text
    everything = client.get("/v1/memories").json()["results"]  # key's only user by default
    assert {m["id"] for m in everything} == {old, new}
    latest = client.get("/v1/memories", params={"latest_only": True}).json()["results"]
    assert [m["id"] for m in latest] == [new]


def test_update_text_and_metadata_then_history(client: TestClient, user_id: str) -> None:
    [memory_id] = add(client, "My cat is Tom.", user_id=user_id)
    updated = client.put(f"/v1/memories/{memory_id}", json={"text": "My cat is Felix."})
    assert updated.status_code == 200, updated.text
    assert updated.json()["text"] == "My cat is Felix."
    meta = client.put(f"/v1/memories/{memory_id}", json={"metadata": {"pet": "cat"}}).json()
    assert meta["metadata"] == {"pet": "cat"}
    assert meta["text"] == "My cat is Felix."
    events = client.get(f"/v1/memories/{memory_id}/history").json()["results"]
    assert [e["event"] for e in events] == ["ADD", "UPDATE", "UPDATE"]
    assert events[1]["old_text"] == "My cat is Tom."
    assert events[1]["new_text"] == "My cat is Felix."


def test_delete_one_keeps_history(client: TestClient, user_id: str) -> None:
    [memory_id] = add(client, "Temporary fact.", user_id=user_id)
    assert client.delete(f"/v1/memories/{memory_id}").json() == {"deleted": 1}
    assert client.get(f"/v1/memories/{memory_id}").status_code == 404
    assert client.delete(f"/v1/memories/{memory_id}").status_code == 404
    events = client.get(f"/v1/memories/{memory_id}/history").json()["results"]
    assert [e["event"] for e in events] == ["ADD", "DELETE"]


def test_delete_scope(client: TestClient, user_id: str) -> None:
    add(client, "One.", "Two.", "Three.", user_id=user_id)
    add(client, "Run fact.", user_id=user_id, run_id="run-1")
    assert client.delete("/v1/memories", params={"run_id": "run-1"}).json() == {"deleted": 1}
    assert client.delete("/v1/memories", params={"user_id": user_id}).json() == {"deleted": 3}
    assert client.get("/v1/memories", params={"user_id": user_id}).json()["results"] == []


def test_supersede_then_conflict(client: TestClient, user_id: str) -> None:
    old, new, newer = add(
        client, "I work at Acme.", "I work at Globex.", "I work at Initech.", user_id=user_id
    )
    response = client.post(
        f"/v1/memories/{old}/supersede", json={"new_memory_id": new, "reason": "changed jobs"}
    )
    assert response.status_code == 200, response.text
    assert response.json()["lifecycle_state"] == "superseded"
    assert response.json()["replacement_memory_id"] == new
    again = client.post(f"/v1/memories/{old}/supersede", json={"new_memory_id": newer})
    assert again.status_code == 409
    assert "superseded" in again.json()["detail"]
    kinds = [e["event"] for e in client.get(f"/v1/memories/{old}/history").json()["results"]]
    assert kinds == ["ADD", "SUPERSEDE"]


def test_merge_then_conflict(client: TestClient, user_id: str) -> None:
    old, new = add(client, "I like tea.", "I really like green tea.", user_id=user_id)
    merged = client.post(f"/v1/memories/{old}/merge", json={"new_memory_id": new})
    assert merged.status_code == 200, merged.text
    assert merged.json()["lifecycle_state"] == "merged"
    assert client.post(f"/v1/memories/{old}/merge", json={"new_memory_id": new}).status_code == 409
    assert client.post(f"/v1/memories/{new}/merge", json={"new_memory_id": new}).status_code == 422


def test_transition_to_unknown_memory_is_404(client: TestClient, user_id: str) -> None:
    [memory_id] = add(client, "Lonely fact.", user_id=user_id)
    response = client.post(f"/v1/memories/{memory_id}/merge", json={"new_memory_id": "nope"})
    assert response.status_code == 404


def test_search(client: TestClient, user_id: str) -> None:
    add(client, "I am allergic to peanuts.", "My favourite colour is blue.", user_id=user_id)
    response = client.post(
        "/v1/memories/search",
        json={"query": "What food allergies do I have?", "user_id": user_id, "explain": True},
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["results"][0]["text"] == "I am allergic to peanuts."
    assert body["results"][0]["score"] > 0
    assert body["explain"] is not None
    assert body["results"][0]["score_breakdown"] is not None


def test_entities_and_relations(client: TestClient, user_id: str) -> None:
    add(
        client,
        "Alice moved to Paris.",
        user_id=user_id,
        relations=[{"source": "Alice", "relation": "lives in", "target": "Paris"}],
    )
    entities = client.get("/v1/entities", params={"user_id": user_id}).json()["results"]
    by_name = {e["name"]: e for e in entities}
    assert {"Alice", "Paris"} <= set(by_name)
    relations = client.get(f"/v1/entities/{by_name['Alice']['id']}/relations").json()["results"]
    assert [(r["source"], r["target"]) for r in relations] == [("Alice", "Paris")]
    from_paris = client.get(f"/v1/entities/{by_name['Paris']['id']}/relations").json()
    assert [r["id"] for r in from_paris["results"]] == [r["id"] for r in relations]
    assert client.get("/v1/entities/no-such-entity/relations").status_code == 404


def test_healthz_and_docs(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    assert client.get("/docs").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/v1/memories", "/v1/memories/search", "/v1/entities", "/healthz"} <= set(paths)


@pytest.mark.slow
def test_app_owns_its_memory_for_its_lifetime(settings: Settings, user_id: str) -> None:
    app = create_app(settings)  # no Memory injected: the lifespan makes one and closes it
    with TestClient(app) as client:
        assert client.get("/healthz").json() == {"status": "ok"}
        owned = app.state.memory
        assert owned.get_all(user_id=user_id) == []
    with pytest.raises(StorageError):
        owned.get_all(user_id=user_id)  # closed at shutdown


@pytest.mark.slow
def test_graphmem_serve_end_to_end(settings: Settings, keys: Keys, user_id: str) -> None:
    """`graphmem serve` migrates, listens, and answers the client over real HTTP."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {
        **os.environ,
        "GRAPHMEM_NEO4J__URI": settings.neo4j.uri,
        "GRAPHMEM_NEO4J__PASSWORD": settings.neo4j.resolve_password().get_secret_value(),
        # this test is about serving, not deadlines: a first add on a loaded machine (the
        # first embedding) may take longer than the 10 s default (tests/api/test_deadline.py)
        "GRAPHMEM_API__REQUEST_DEADLINE_S": "60",
    }
    command = [sys.executable, "-m", "graphmem.cli", "serve", "--port", str(port)]
    server = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    token, key = keys.create(user_ids=[user_id])
    try:
        url = f"http://127.0.0.1:{port}"
        _wait_healthy(url, server)
        with GraphMemClient(url, api_key=token) as client:
            added = client.add("Served over HTTP.", infer=False)
            assert client.get(added.results[0].id).text == "Served over HTTP."
    finally:
        keys.revoke(key.id)
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=30) == 0


def _wait_healthy(url: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        assert server.poll() is None, "graphmem serve exited"
        try:
            if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.25)
    raise AssertionError("graphmem serve did not become healthy")


def test_history_after_delete_is_a_tombstone(client: TestClient, user_id: str) -> None:
    [memory_id] = add(client, "My passport number is QX-8841.", user_id=user_id)
    updated = client.put(f"/v1/memories/{memory_id}", json={"text": "It is QX-8842 now."})
    assert updated.status_code == 200, updated.text
    assert client.delete(f"/v1/memories/{memory_id}").status_code == 200
    response = client.get(f"/v1/memories/{memory_id}/history")
    assert response.status_code == 200, response.text
    events = response.json()["results"]
    assert [e["event"] for e in events] == ["ADD", "UPDATE", "DELETE"]
    assert "QX-88" not in response.text
    for event in events:
        assert event["old_text"] is None and event["new_text"] is None
        assert event["memory_id"] == memory_id and event["user_id"] == user_id
    assert events[-1]["actor"].startswith("api-key:")


def test_update_of_an_immutable_memory_needs_force(client: TestClient, user_id: str) -> None:
    [memory_id] = add(client, "My allergy: penicillin.", user_id=user_id, immutable=True)
    refused = client.put(f"/v1/memories/{memory_id}", json={"text": "No allergies."})
    assert refused.status_code == 409, refused.text
    assert "immutable" in refused.json()["detail"] and "force" in refused.json()["detail"]
    assert client.get(f"/v1/memories/{memory_id}").json()["text"] == "My allergy: penicillin."
    forced = client.put(f"/v1/memories/{memory_id}", json={"text": "No allergies.", "force": True})
    assert forced.status_code == 200, forced.text
    assert forced.json()["text"] == "No allergies." and forced.json()["immutable"] is True
    assert client.delete(f"/v1/memories/{memory_id}").status_code == 200


def test_reset_is_not_exposed_over_http(app: FastAPI) -> None:
    """Wiping every tenant stays a Python call for the operator (``Memory.reset``)."""
    paths: dict[str, dict[str, Any]] = app.openapi()["paths"]
    assert not [path for path in paths if "reset" in path.lower()]
    deletes = {path for path, methods in paths.items() if "delete" in methods}
    assert deletes == {"/v1/memories", "/v1/memories/{memory_id}"}
