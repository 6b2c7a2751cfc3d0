"""A randomised (seeded) isolation probe over the REST API: six keys, each bound to its own
user_id, run ~40 mixed operations, many aimed at another scope's ids. No answer ever returns,
counts or names another scope's data: not lists, reads, history, search results or relations,
entities or entity relations, nor error bodies; and writes aimed at another scope's ids are
404 and change nothing."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from graphmem import Memory
from tests.api.conftest import MakeKey, bearer

pytestmark = pytest.mark.neo4j

SCOPES = 6
OPERATIONS = 40
SEED = 20261130


@dataclass
class Tenant:
    index: int
    user_id: str
    client: TestClient
    memories: dict[str, str] = field(default_factory=dict)  # id -> text
    entities: set[str] = field(default_factory=set)
    secrets: set[str] = field(default_factory=set)  # words only this tenant ever wrote


@pytest.fixture
def tenants(app: FastAPI, make_key: MakeKey, user_id: str) -> Iterator[list[Tenant]]:
    clients = []
    for i in range(SCOPES):
        uid = f"{user_id}-t{i}"
        clients.append(
            Tenant(
                i,
                uid,
                TestClient(
                    app, raise_server_exceptions=False, headers=bearer(make_key(user_ids=[uid]))
                ),
            )
        )
    for tenant in clients:
        tenant.client.__enter__()
    yield clients
    for tenant in clients:
        tenant.client.__exit__(None, None, None)


class Probe:
    def __init__(self, tenants: list[Tenant], rng: random.Random) -> None:
        self.tenants, self.rng, self.n = tenants, rng, 0
        self.log: list[str] = []

    def other(self, me: Tenant) -> Tenant:
        return self.rng.choice([t for t in self.tenants if t is not me])

    def foreign_id(self, me: Tenant) -> str | None:
        pool = [i for t in self.tenants if t is not me for i in t.memories]
        return self.rng.choice(pool) if pool else None

    def check(self, me: Tenant, response: httpx.Response, sent: str = "") -> None:
        """The body names nothing of another tenant (ids the caller sent itself aside)."""
        assert response.status_code < 500, response.text
        body = response.text.lower()
        for t in self.tenants:
            if t is me:
                continue
            for secret in t.secrets:
                assert secret.lower() not in body, (self.log[-1], secret)
            for memory_id in list(t.memories) + list(t.entities):
                assert memory_id in sent or memory_id not in body, (self.log[-1], memory_id)
            assert t.user_id.lower() not in body or t.user_id in sent, self.log[-1]

    # -- operations ---------------------------------------------------------------------------
    def add(self, me: Tenant) -> None:
        self.n += 1
        secret = f"zq{me.index}x{self.n}secret"
        me.secrets.add(secret)
        response = me.client.post(
            "/v1/memories",
            json={
                "messages": f"My codeword is {secret}",
                "user_id": me.user_id,
                "infer": self.rng.random() < 0.5,
                "metadata": {"secret": secret},
                "relations": [
                    {"source": f"{secret}src", "relation": "guards", "target": f"{secret}dst"}
                ],
            },
        )
        self.check(me, response)
        assert response.status_code == 200
        for item in response.json()["results"]:
            me.memories[item["id"]] = item["memory"]
        entities = me.client.get("/v1/entities", params={"user_id": me.user_id})
        self.check(me, entities)
        me.entities |= {e["id"] for e in entities.json()["results"]}

    def read_own(self, me: Tenant) -> None:
        listed = me.client.get(
            "/v1/memories", params={"user_id": me.user_id, "include_merged": True}
        )
        self.check(me, listed)
        assert {m["id"] for m in listed.json()["results"]} <= set(me.memories)
        found = me.client.post(
            "/v1/memories/search",
            json={
                "query": " ".join(s for t in self.tenants for s in t.secrets) or "codeword",
                "user_id": me.user_id,
                "threshold": 0.0,
                "top_k": 100,
            },
        )
        self.check(me, found)
        hits = found.json()
        assert {m["id"] for m in hits["results"]} <= set(me.memories)
        for relation in hits["relations"]:
            assert set(relation.get("memory_ids", [])) <= set(me.memories)
        for entity_id in list(me.entities)[:3]:
            self.check(me, me.client.get(f"/v1/entities/{entity_id}/relations"))

    def read_foreign(self, me: Tenant) -> None:
        memory_id = self.foreign_id(me)
        victim = self.other(me)
        if memory_id is not None:
            for path in (f"/v1/memories/{memory_id}", f"/v1/memories/{memory_id}/history"):
                response = me.client.get(path)
                self.check(me, response, sent=path)
                assert response.status_code == 404
        if victim.entities:
            entity_id = self.rng.choice(sorted(victim.entities))
            response = me.client.get(f"/v1/entities/{entity_id}/relations")
            self.check(me, response, sent=entity_id)
            assert response.status_code == 404
        for path in ("/v1/memories", "/v1/entities"):
            response = me.client.get(path, params={"user_id": victim.user_id})
            self.check(me, response, sent=victim.user_id)
            assert response.status_code == 403
        response = me.client.post(
            "/v1/memories/search", json={"query": "codeword", "user_id": victim.user_id}
        )
        self.check(me, response, sent=victim.user_id)
        assert response.status_code == 403

    def write_foreign(self, me: Tenant) -> None:
        memory_id = self.foreign_id(me)
        if memory_id is None:
            return
        own = next(iter(me.memories), None)
        attempts = [
            ("put", f"/v1/memories/{memory_id}", {"text": "overwritten"}),
            ("delete", f"/v1/memories/{memory_id}", None),
            ("post", f"/v1/memories/{memory_id}/supersede", {"new_memory_id": own or memory_id}),
            ("post", f"/v1/memories/{memory_id}/merge", {"new_memory_id": own or memory_id}),
        ]
        if own is not None:
            attempts.append(("post", f"/v1/memories/{own}/supersede", {"new_memory_id": memory_id}))
        for method, path, body in attempts:
            response = me.client.request(method, path, json=body)
            self.check(me, response, sent=path + memory_id)
            assert response.status_code == 404, (method, path, response.text)

    def step(self) -> None:
        me = self.rng.choice(self.tenants)
        action = self.rng.choices(
            ["add", "read_own", "read_foreign", "write_foreign"], [4, 2, 3, 3]
        )[0]
        if not me.memories and action == "read_own":
            action = "add"
        self.log.append(f"{me.index}:{action}")
        getattr(self, action)(me)


def test_randomised_isolation_probe(tenants: list[Tenant], memory: Memory) -> None:
    probe = Probe(tenants, random.Random(SEED))
    for tenant in tenants:
        probe.add(tenant)
    for _ in range(OPERATIONS):
        probe.step()
    for tenant in tenants:  # foreign writes changed nothing
        for memory_id, text in tenant.memories.items():
            stored = memory.get(memory_id)
            assert stored.user_id == tenant.user_id
            assert stored.lifecycle_state == "active"
            assert stored.text == text
        assert re.fullmatch(r"[0-9:a-z_ ]*", " ".join(probe.log))
    assert len(probe.log) == OPERATIONS
