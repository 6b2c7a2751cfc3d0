"""Key semantics: a key bound only to an agent acts only on memories that name no user (unless
created with ``all_users``); bulk delete needs an explicit scope, and an admin key to span
users. Against the real Neo4j, through the REST API and the keys CLI."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from graphmem import Memory, Settings
from graphmem.cli import app as cli_app
from graphmem.errors import ValidationError
from graphmem.services.keys import Keys
from tests.api.conftest import MakeKey, bearer

pytestmark = pytest.mark.neo4j


@dataclass
class Seeded:
    agent: str
    alice: str
    bob: str
    alice_memory: str
    bob_memory: str
    agent_memory: str


@pytest.fixture
def seeded(memory: Memory, user_id: str, other_user: str) -> Seeded:
    agent = f"bot-{uuid.uuid4()}"

    def add(text: str, user: str | None) -> str:
        return memory.add(text, user_id=user, agent_id=agent, infer=False).results[0].id

    return Seeded(
        agent=agent,
        alice=user_id,
        bob=other_user,
        alice_memory=add("Alice keeps her passport in the blue drawer.", user_id),
        bob_memory=add("Bob keeps his passport in the red drawer.", other_user),
        agent_memory=add("The bot keeps its notes about passports in the archive.", None),
    )


@pytest.fixture
def agent_only(app: FastAPI, make_key: MakeKey, seeded: Seeded) -> Iterator[TestClient]:
    with TestClient(app, headers=bearer(make_key(agent_ids=[seeded.agent]))) as client:
        yield client


@pytest.fixture
def all_users(app: FastAPI, make_key: MakeKey, seeded: Seeded) -> Iterator[TestClient]:
    token = make_key(agent_ids=[seeded.agent], all_users=True)
    with TestClient(app, headers=bearer(token)) as client:
        yield client


def _ids(response: Any) -> set[str]:
    assert response.status_code == 200, response.text
    return {m["id"] for m in response.json()["results"]}


def test_agent_only_key_cannot_name_a_user(agent_only: TestClient, seeded: Seeded) -> None:
    alice = {"user_id": seeded.alice}
    probes = [
        agent_only.post("/v1/memories/search", json={"query": "passport drawer", **alice}),
        agent_only.get("/v1/memories", params=alice),
        agent_only.get("/v1/entities", params=alice),
        agent_only.delete("/v1/memories", params=alice),
        agent_only.post("/v1/memories", json={"messages": "x", "infer": False, **alice}),
    ]
    assert [p.status_code for p in probes] == [403] * len(probes)
    assert "--all-users" in probes[0].json()["detail"]
    for probe in probes:
        assert "drawer" not in probe.text


def test_agent_only_key_sees_only_memories_naming_no_user(
    agent_only: TestClient, seeded: Seeded, memory: Memory
) -> None:
    assert _ids(agent_only.get("/v1/memories")) == {seeded.agent_memory}
    found = agent_only.post("/v1/memories/search", json={"query": "Where is the passport?"})
    assert _ids(found) == {seeded.agent_memory}
    assert "drawer" not in found.text
    for other in (seeded.alice_memory, seeded.bob_memory):
        assert agent_only.get(f"/v1/memories/{other}").status_code == 404
        assert agent_only.delete(f"/v1/memories/{other}").status_code == 404
    assert agent_only.get(f"/v1/memories/{seeded.agent_memory}").status_code == 200
    added = agent_only.post("/v1/memories", json={"messages": "Bot only.", "infer": False})
    assert added.status_code == 200, added.text
    assert memory.get(added.json()["results"][0]["id"]).user_id is None
    assert memory.get(seeded.alice_memory).lifecycle_state == "active"


def test_all_users_key_reaches_users_of_its_agent(all_users: TestClient, seeded: Seeded) -> None:
    alice = all_users.post(
        "/v1/memories/search", json={"query": "passport drawer", "user_id": seeded.alice}
    )
    assert _ids(alice) == {seeded.alice_memory}
    everyone = _ids(all_users.get("/v1/memories"))
    assert everyone == {seeded.alice_memory, seeded.bob_memory, seeded.agent_memory}
    assert all_users.get(f"/v1/memories/{seeded.bob_memory}").status_code == 200


def test_bulk_delete_needs_an_explicit_scope(
    agent_only: TestClient,
    all_users: TestClient,
    client: TestClient,
    seeded: Seeded,
    memory: Memory,
) -> None:
    for caller in (agent_only, all_users, client):
        answer = caller.delete("/v1/memories")
        assert answer.status_code == 422, answer.text
        assert "explicit" in answer.text
    assert len(memory.get_all(agent_id=seeded.agent)) == 3


def test_bulk_delete_across_users_needs_admin(
    agent_only: TestClient,
    all_users: TestClient,
    admin: TestClient,
    seeded: Seeded,
    memory: Memory,
) -> None:
    for caller in (agent_only, all_users):
        answer = caller.delete("/v1/memories", params={"agent_id": seeded.agent})
        assert answer.status_code == 403, answer.text
        assert "admin" in answer.json()["detail"]
    assert len(memory.get_all(agent_id=seeded.agent)) == 3
    one_user = {"user_id": seeded.alice, "agent_id": seeded.agent}
    assert all_users.delete("/v1/memories", params=one_user).json() == {"deleted": 1}
    spanning = admin.delete("/v1/memories", params={"agent_id": seeded.agent})
    assert spanning.json() == {"deleted": 2}


def test_all_users_is_only_for_agent_only_keys(keys: Keys, user_id: str) -> None:
    for binding in (
        {"user_ids": [user_id], "agent_ids": ["a"]},
        {"user_ids": [user_id]},
        {"admin": True},
    ):
        with pytest.raises(ValidationError, match="all-users"):
            keys.create(all_users=True, **binding)  # type: ignore[arg-type]


def test_keys_cli_stores_the_flags(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, keys: Keys
) -> None:
    monkeypatch.setenv("GRAPHMEM_NEO4J__URI", settings.neo4j.uri)
    monkeypatch.setenv(
        "GRAPHMEM_NEO4J__PASSWORD", settings.neo4j.resolve_password().get_secret_value()
    )
    runner = CliRunner()
    agent = f"bot-{uuid.uuid4()}"
    created = runner.invoke(
        cli_app, ["keys", "create", "--agent-id", agent, "--all-users", "--allow-dream"]
    )
    assert created.exit_code == 0, created.output
    token = created.stdout.strip()
    key = keys.lookup(token)
    assert key is not None and key.all_users and key.allow_dream and not key.admin
    listed = json.loads(runner.invoke(cli_app, ["keys", "list", "--json"]).stdout)
    [row] = [k for k in listed if k["id"] == key.id]
    assert row["all_users"] is True and row["allow_dream"] is True
    plain = runner.invoke(cli_app, ["keys", "list"]).stdout
    [line] = [line for line in plain.splitlines() if key.id in line]
    assert "all-users" in line and "dream" in line
    keys.revoke(key.id)
