"""Filters over REST and MCP-equivalent checks: the same shape as the Python API, a 422 naming
the problem, and no way to widen the scope through ``filters`` (real Neo4j)."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from graphmem import Memory

pytestmark = pytest.mark.neo4j


@pytest.fixture
def notes(memory: Memory, user_id: str) -> None:
    memory.add(
        "Oat milk for the office.",
        user_id=user_id,
        metadata={"topic": "food"},
        timestamp="2024-05-02",
        infer=False,
    )
    memory.add(
        "The laptop battery died.",
        user_id=user_id,
        metadata={"topic": "tech"},
        timestamp="2024-06-03",
        infer=False,
    )


def test_search_with_filters(client: TestClient, user_id: str, notes: None) -> None:
    body = {
        "query": "what happened?",
        "user_id": user_id,
        "threshold": 0.0,
        "filters": {"metadata": {"topic": {"in": ["tech"]}}},
    }
    response = client.post("/v1/memories/search", json=body)
    assert response.status_code == 200, response.text
    assert [r["text"] for r in response.json()["results"]] == ["The laptop battery died."]


def test_list_with_filters_as_json(client: TestClient, user_id: str, notes: None) -> None:
    filters = json.dumps({"observed_at": {"lt": "2024-06-01"}})
    response = client.get("/v1/memories", params={"user_id": user_id, "filters": filters})
    assert response.status_code == 200, response.text
    assert [r["text"] for r in response.json()["results"]] == ["Oat milk for the office."]


@pytest.mark.parametrize(
    "filters",
    [
        {"user_id": "someone-else"},
        {"metadata": {"topic": {"like": "f%"}}},
        {"observed_at": {"gte": "not a date"}},
        {"colour": "red"},
    ],
)
def test_bad_filters_are_422(client: TestClient, user_id: str, filters: dict) -> None:  # type: ignore[type-arg]
    body = {"query": "x", "user_id": user_id, "filters": filters}
    assert client.post("/v1/memories/search", json=body).status_code == 422
    params = {"user_id": user_id, "filters": json.dumps(filters)}
    response = client.get("/v1/memories", params=params)
    assert response.status_code == 422, response.text
    assert "filters" in response.text


def test_list_filters_that_are_not_json_are_422(client: TestClient, user_id: str) -> None:
    response = client.get("/v1/memories", params={"user_id": user_id, "filters": "{topic"})
    assert response.status_code == 422
    assert "filters" in response.text


def test_search_include_linked_over_rest(client: TestClient, memory: Memory, user_id: str) -> None:
    daughter = memory.add("Ines is Karl's daughter.", user_id=user_id).results[0].id
    memory.add("Karl goes sailing every summer in Brittany.", user_id=user_id)
    body = {"query": "sailing in Brittany", "user_id": user_id, "top_k": 1, "include_linked": True}
    response = client.post("/v1/memories/search", json=body)
    assert response.status_code == 200, response.text
    assert [m["id"] for m in response.json()["linked"]] == [daughter]
    assert response.json()["results"][0]["linked_memory_ids"] == [daughter]
