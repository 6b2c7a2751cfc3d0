"""API keys: 401 without a valid key, 403 outside the key's scopes, 404 for other tenants' ids
(indistinguishable from ids that do not exist), on every endpoint; and the keys CLI."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from api import create_app
from graphmem import Memory, Settings
from graphmem.cli import app as cli_app
from graphmem.services.keys import Keys, hash_token
from tests.api.conftest import MakeKey, bearer

pytestmark = pytest.mark.neo4j

SECRET = "Bob's secret: the vault code is 4711."


@dataclass
class Tenant:
    user_id: str
    memory_id: str
    other_memory_id: str
    entity_id: str


@pytest.fixture
def bob(memory: Memory, other_user: str) -> Tenant:
    first, second = memory.add(
        [SECRET, "Bob likes jazz."],
        user_id=other_user,
        infer=False,
        relations=[{"source": "Bob", "relation": "likes", "target": "Jazz"}],
    ).results
    [entity] = [e for e in memory.entities(user_id=other_user) if e.name == "Bob"]
    return Tenant(other_user, first.id, second.id, entity.id)


def test_missing_invalid_and_revoked_keys_are_401(app: FastAPI, keys: Keys, user_id: str):
    with TestClient(app) as anonymous:
        response = anonymous.get("/v1/memories", params={"user_id": user_id})
        assert response.status_code == 401
        assert response.headers["www-authenticate"] == "Bearer"
        for header in ("Bearer gm_not-a-real-key", "Bearer ", "Basic dXNlcjpwYXNz", "gm_x"):
            answer = anonymous.get("/v1/memories", headers={"Authorization": header})
            assert answer.status_code == 401, header
        token, key = keys.create(user_ids=[user_id])
        assert anonymous.get("/v1/memories", headers=bearer(token)).status_code == 200
        keys.revoke(key.prefix)
        assert anonymous.get("/v1/memories", headers=bearer(token)).status_code == 401


def test_keys_are_stored_hashed(keys: Keys, driver, user_id: str) -> None:
    token, key = keys.create(user_ids=[user_id])
    [row] = driver.execute_query(
        "MATCH (k:ApiKey {id: $id}) RETURN k {.*} AS k", id=key.id, database_="neo4j"
    ).records
    assert token.startswith("gm_") and key.prefix == token[:11]
    assert row["k"]["hash"] == hash_token(token)
    assert token not in json.dumps(row["k"], default=str)
    keys.revoke(key.id)


def test_scope_outside_key_is_403_everywhere(client: TestClient, bob: Tenant) -> None:
    other = {"user_id": bob.user_id}
    probes = [
        client.post("/v1/memories", json={"messages": "x", "infer": False, **other}),
        client.get("/v1/memories", params=other),
        client.delete("/v1/memories", params=other),
        client.post("/v1/memories/search", json={"query": "vault code", **other}),
        client.get("/v1/entities", params=other),
    ]
    assert [p.status_code for p in probes] == [403] * len(probes)
    for probe in probes:
        assert "4711" not in probe.text


def test_other_tenants_ids_are_404_everywhere(
    client: TestClient, bob: Tenant, memory: Memory, user_id: str
) -> None:
    [mine] = [r.id for r in memory.add("Mine.", user_id=user_id, infer=False).results]
    for target in (bob.memory_id, "no-such-memory"):
        probes = [
            client.get(f"/v1/memories/{target}"),
            client.put(f"/v1/memories/{target}", json={"text": "hijacked"}),
            client.delete(f"/v1/memories/{target}"),
            client.get(f"/v1/memories/{target}/history"),
            client.post(f"/v1/memories/{target}/supersede", json={"new_memory_id": mine}),
            client.post(f"/v1/memories/{target}/merge", json={"new_memory_id": mine}),
            client.post(f"/v1/memories/{mine}/supersede", json={"new_memory_id": target}),
            client.post(f"/v1/memories/{mine}/merge", json={"new_memory_id": target}),
        ]
        assert [p.status_code for p in probes] == [404] * len(probes), target
        for probe in probes:
            assert "4711" not in probe.text
            assert probe.json()["detail"].replace(target, "ID") in {
                "No memory with id 'ID'",
                "No history for memory id 'ID'",
            }
    assert client.get(f"/v1/entities/{bob.entity_id}/relations").status_code == 404
    # nothing of Bob's changed
    assert memory.get(bob.memory_id).text == SECRET
    assert memory.get(bob.memory_id).lifecycle_state == "active"
    assert len(memory.get_all(user_id=bob.user_id)) == 2


def test_key_with_several_users_must_name_one(
    app: FastAPI, make_key: MakeKey, user_id: str, bob: Tenant, memory: Memory
) -> None:
    token = make_key(user_ids=[user_id, bob.user_id])
    with TestClient(app, headers=bearer(token)) as both:
        assert both.get("/v1/memories").status_code == 403
        listed = both.get("/v1/memories", params={"user_id": bob.user_id}).json()["results"]
        assert len(listed) == 2
        assert both.get(f"/v1/memories/{bob.memory_id}").status_code == 200


def test_agent_bound_key(app: FastAPI, make_key: MakeKey, user_id: str, memory: Memory) -> None:
    memory.add("Agent-less memory.", user_id=user_id, infer=False)
    token = make_key(agent_ids=["planner"], all_users=True)
    with TestClient(app, headers=bearer(token)) as agent:
        added = agent.post(
            "/v1/memories", json={"messages": "Planner note.", "user_id": user_id, "infer": False}
        )
        assert added.status_code == 200, added.text
        stored = agent.get(f"/v1/memories/{added.json()['results'][0]['id']}").json()
        assert stored["agent_id"] == "planner"
        texts = [m["text"] for m in agent.get("/v1/memories").json()["results"]]
        assert "Planner note." in texts and "Agent-less memory." not in texts
        other_agent = agent.get("/v1/memories", params={"agent_id": "spy"})
        assert other_agent.status_code == 403
        [plain] = [m for m in memory.get_all(user_id=user_id) if m.agent_id is None]
        assert agent.get(f"/v1/memories/{plain.id}").status_code == 404


def test_admin_key_reaches_every_scope(admin: TestClient, bob: Tenant) -> None:
    assert admin.get(f"/v1/memories/{bob.memory_id}").json()["text"] == SECRET
    listed = admin.get("/v1/memories", params={"user_id": bob.user_id}).json()["results"]
    assert len(listed) == 2
    assert admin.get("/v1/memories").status_code == 422  # still needs a scope id
    assert admin.delete("/v1/memories").status_code == 422
    assert admin.post("/v1/memories/search", json={"query": "vault"}).status_code == 422


def test_auth_disabled_needs_no_key(settings: Settings, memory: Memory, user_id: str) -> None:
    api = settings.api.model_copy(update={"auth_enabled": False})
    open_app = create_app(settings.model_copy(update={"api": api}), memory=memory)
    with TestClient(open_app, base_url="http://127.0.0.1") as anyone:
        response = anyone.get("/v1/memories", params={"user_id": user_id})
        assert response.status_code == 200


# -- CLI ------------------------------------------------------------------------------------------
@pytest.fixture
def cli_env(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("GRAPHMEM_NEO4J__URI", settings.neo4j.uri)
    password = settings.neo4j.resolve_password().get_secret_value()
    monkeypatch.setenv("GRAPHMEM_NEO4J__PASSWORD", password)
    return CliRunner()


def test_keys_cli_create_list_revoke(cli_env: CliRunner, app: FastAPI, user_id: str) -> None:
    created = cli_env.invoke(cli_app, ["keys", "create", "--user-id", user_id])
    assert created.exit_code == 0, created.output
    token = created.stdout.strip()
    assert token.startswith("gm_") and "\n" not in token
    with TestClient(app, headers=bearer(token)) as client:
        assert client.get("/v1/memories").status_code == 200
        listed = cli_env.invoke(cli_app, ["keys", "list", "--json"])
        [row] = [k for k in json.loads(listed.stdout) if k["prefix"] == token[:11]]
        assert row["user_ids"] == [user_id] and row["revoked_at"] is None
        assert "hash" not in row and token not in listed.stdout
        plain = cli_env.invoke(cli_app, ["keys", "list"])
        assert token[:11] in plain.stdout and token not in plain.stdout
        revoked = cli_env.invoke(cli_app, ["keys", "revoke", token[:11]])
        assert revoked.exit_code == 0, revoked.output
        # Another process revoked it: the server stops accepting it within api.key_cache_s.
        bound = time.monotonic() + app.state.memory.keys.cache_s + 0.5
        while client.get("/v1/memories").status_code != 401:
            assert time.monotonic() < bound, "a key revoked by the CLI was still accepted"
            time.sleep(0.2)


def test_keys_cli_errors(cli_env: CliRunner) -> None:
    unscoped = cli_env.invoke(cli_app, ["keys", "create"])
    assert unscoped.exit_code == 1
    assert "at least one user id or agent id" in unscoped.stderr
    unknown = cli_env.invoke(cli_app, ["keys", "revoke", "gm_nope"])
    assert unknown.exit_code == 1
    assert "No single API key" in unknown.stderr


def test_serve_refuses_public_bind_without_auth(
    cli_env: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_API__AUTH_ENABLED", "false")
    for command in (["serve", "--host", "0.0.0.0"], ["mcp", "--transport", "http", "--host", "::"]):
        result = cli_env.invoke(cli_app, command)
        assert result.exit_code == 1, result.output
        assert "refusing to listen" in result.stderr
