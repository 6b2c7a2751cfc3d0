"""Dream over HTTP with the real Neo4j: enable, dry-run, status, scope checks; who may run it,
the project switch, the cool-down, capped run records and clean failure notes."""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator
from typing import Any

import neo4j
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from api import create_app
from graphmem import Memory, Settings
from graphmem.dream.runner import failure_note
from graphmem.errors import StorageError, StorageUnavailableError
from graphmem.ports.embedder import Embedder
from tests.api.conftest import MakeKey, bearer
from tests.support.dream import WAKE_UPS, YOGA, dream_runs, dream_settings, seed
from tests.support.openai_server import OpenAICompatServer, Status

pytestmark = pytest.mark.neo4j

DreamClient = Callable[..., TestClient]


@pytest.fixture
def dream_client(
    settings: Settings,
    driver: neo4j.Driver,
    embedder: Embedder,
    make_key: MakeKey,
    user_id: str,
) -> Iterator[DreamClient]:
    """``dream_client(key_binding, **dream_or_llm)``: a client of an app whose Memory has Dream
    enabled for the project (dream settings and LLM settings as given)."""
    opened: list[tuple[Memory, TestClient]] = []

    def make(
        binding: dict[str, Any] | None = None, *, dream: dict[str, Any] | None = None, **llm: Any
    ) -> TestClient:
        configured = dream_settings(settings, **llm)
        configured = configured.model_copy(
            update={"dream": configured.dream.model_copy(update=dream or {})}
        )
        memory = Memory(configured, driver=driver, embedder=embedder)
        token = make_key(**(binding or {"user_ids": [user_id], "allow_dream": True}))
        client = TestClient(create_app(configured, memory=memory), headers=bearer(token))
        opened.append((memory, client.__enter__()))
        return client

    yield make
    for memory, client in opened:
        client.__exit__(None, None, None)
        memory.close()


def test_enable_dry_run_and_status(dream_client: DreamClient, user_id: str, memory: Memory) -> None:
    client = dream_client()
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
    added = client.post(
        "/v1/memories", json={"messages": "plain", "user_id": user_id, "infer": False}
    ).json()
    mid = added["results"][0]["id"]
    response = client.get(f"/v1/dream/syntheses/{mid}/sources", params={"user_id": user_id})
    assert response.status_code == 422


def test_running_dream_needs_an_admin_or_allow_dream_key(
    dream_client: DreamClient, user_id: str, memory: Memory
) -> None:
    plain = dream_client({"user_ids": [user_id]})
    for path, extra in (("/v1/dream/enable", {}), ("/v1/dream/run", {"dry_run": True})):
        refused = plain.post(path, json={"user_id": user_id, **extra})
        assert refused.status_code == 403, refused.text
        assert "--allow-dream" in refused.json()["detail"]
    assert plain.get("/v1/dream/status", params={"user_id": user_id}).status_code == 200
    admin = dream_client({"admin": True})
    assert admin.post("/v1/dream/enable", json={"user_id": user_id}).status_code == 200
    run = admin.post("/v1/dream/run", json={"user_id": user_id, "dry_run": True})
    assert run.status_code == 200, run.text
    agent_only = dream_client({"agent_ids": ["bot"], "allow_dream": True})
    assert agent_only.post("/v1/dream/run", json={"dry_run": True}).status_code == 403
    assert agent_only.get("/v1/dream/status").status_code == 403


def test_dry_run_respects_the_project_switch(
    app: FastAPI, make_key: MakeKey, user_id: str, memory: Memory
) -> None:
    memory.enable_dream(user_id=user_id)
    token = make_key(user_ids=[user_id], allow_dream=True)
    with TestClient(app, headers=bearer(token)) as client:  # the session app: Dream is off
        for dry_run in (True, False):
            refused = client.post("/v1/dream/run", json={"user_id": user_id, "dry_run": dry_run})
            assert refused.status_code == 409, refused.text
            assert "GRAPHMEM_DREAM__ENABLED" in refused.json()["detail"]


def test_on_demand_runs_have_a_cool_down(
    dream_client: DreamClient, user_id: str, other_user: str, memory: Memory
) -> None:
    client = dream_client(
        {"user_ids": [user_id, other_user], "allow_dream": True}, dream={"min_interval_s": 3600}
    )
    for user in (user_id, other_user):
        memory.enable_dream(user_id=user)
    first = client.post("/v1/dream/run", json={"user_id": user_id, "dry_run": True})
    assert first.status_code == 200, first.text
    again = client.post("/v1/dream/run", json={"user_id": user_id, "dry_run": True})
    assert again.status_code == 429, again.text
    assert 3500 < int(again.headers["retry-after"]) <= 3600
    assert "GRAPHMEM_DREAM__MIN_INTERVAL_S" in again.json()["detail"]
    other = client.post("/v1/dream/run", json={"user_id": other_user, "dry_run": True})
    assert other.status_code == 200, other.text  # the cool-down is per scope
    unlimited = dream_client(dream={"min_interval_s": 0})
    for _ in range(2):
        assert unlimited.post("/v1/dream/run", json={"user_id": user_id}).status_code == 200


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_failure_notes_name_the_error_class_not_the_endpoint(
    dream_client: DreamClient, user_id: str, memory: Memory
) -> None:
    url = f"http://127.0.0.1:{_closed_port()}/v1"
    client = dream_client(
        dream={"min_interval_s": 0}, base_url=url, model="test-model", max_retries=0, timeout_s=5.0
    )
    client.post("/v1/dream/enable", json={"user_id": user_id})
    seed(memory, user_id, YOGA)
    run = client.post("/v1/dream/run", json={"user_id": user_id})
    assert run.status_code == 200, run.text
    [scope] = run.json()["scopes"]
    assert scope["status"] == "failed"
    assert scope["note"].startswith("LLMError: ")
    status = client.get("/v1/dream/status", params={"user_id": user_id})
    [recorded] = status.json()["runs"]
    assert recorded["note"] == scope["note"]
    for text in (run.text, status.text):
        assert "127.0.0.1" not in text and "http://" not in text and "Traceback" not in text


def test_failure_notes_with_a_failing_llm_server(
    dream_client: DreamClient, user_id: str, memory: Memory, openai_server: OpenAICompatServer
) -> None:
    client = dream_client(
        dream={"min_interval_s": 0},
        base_url=openai_server.base_url,
        model="test-model",
        max_retries=0,
        timeout_s=5.0,
    )
    client.post("/v1/dream/enable", json={"user_id": user_id})
    seed(memory, user_id, YOGA)
    openai_server.script(Status(500, "upstream exploded at http://10.9.8.7/internal"))
    [scope] = client.post("/v1/dream/run", json={"user_id": user_id}).json()["scopes"]
    assert scope["status"] == "failed" and scope["note"].startswith("LLMError: ")
    assert "10.9.8.7" not in scope["note"] and "exploded" not in scope["note"]
    assert openai_server.base_url not in scope["note"]


def test_run_records_are_capped_per_scope(
    dream_client: DreamClient,
    user_id: str,
    memory: Memory,
    driver: neo4j.Driver,
    openai_server: OpenAICompatServer,
) -> None:
    client = dream_client(
        dream={"min_interval_s": 0, "keep_runs_per_scope": 2},
        base_url=openai_server.base_url,
        model="test-model",
        max_retries=0,
        timeout_s=5.0,
    )
    client.post("/v1/dream/enable", json={"user_id": user_id})
    seed(memory, user_id, YOGA)
    ids = []
    for _ in range(4):
        openai_server.script(Status(500))
        [scope] = client.post("/v1/dream/run", json={"user_id": user_id}).json()["scopes"]
        ids.append(scope["dream_run_id"])
    assert [r["id"] for r in dream_runs(driver, user_id)] == ids[-2:]


def test_failure_note_keeps_neo4j_text_out() -> None:
    leak = StorageError("Neo4j failed to read: Neo.ClientError.Statement: bolt://10.1.2.3:7687")
    note = failure_note(leak)
    assert note.startswith("StorageError: a Neo4j statement failed")
    assert "10.1.2.3" not in note and "Neo.ClientError" not in note
    assert failure_note(StorageUnavailableError("bolt://10.1.2.3")).startswith(
        "StorageUnavailableError: Neo4j was unreachable"
    )
