"""Hostile input over HTTP: Cypher- and Lucene-syntax payloads in every string field of the
API's bodies and parameters, unicode edge cases, over-limit and deeply nested bodies, wrong
types. Each gets a 4xx or is stored as plain data and read back equal; never a 5xx."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from graphmem import ValidationError
from tests.api.conftest import MakeKey, bearer
from tests.test_hostile_input import PAYLOADS

pytestmark = pytest.mark.neo4j

UNICODE = [
    "e\u0301\u0301\u0301 combining marks",
    "\U0001f469\u200d\U0001f469\u200d\U0001f467 family ZWJ",
    "\u0000 NUL inside",
    "line\u2028separator\u2029paragraph",
    "\ufffe\uffff noncharacters",
    "A" * 5_000,
]


@pytest.fixture
def http(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


def ok_or_4xx(response: Any) -> int:
    assert response.status_code < 500, (response.status_code, response.text[:300])
    return response.status_code


@pytest.mark.parametrize("payload", PAYLOADS + UNICODE)
def test_payload_in_every_field(
    http: TestClient, make_key: MakeKey, user_id: str, payload: str
) -> None:
    scope = f"{user_id}{payload[:200]}"  # the payload inside the scope id as well
    try:
        headers = bearer(make_key(user_ids=[scope]))
    except ValidationError:  # not a valid scope id (e.g. NUL): the API must refuse it too
        headers = bearer(make_key(user_ids=[user_id]))
        refused = http.post(
            "/v1/memories",
            headers=headers,
            json={"messages": "x", "user_id": scope, "infer": False},
        )
        assert ok_or_4xx(refused) >= 400
        scope = user_id
    body = {
        "messages": [{"role": "user", "content": f"note {payload}", "name": payload}],
        "user_id": scope,
        "infer": True,
        "metadata": {payload: payload, "k": [payload]},
        "relations": [{"source": payload, "relation": payload, "target": f"{payload} t"}],
    }
    added = http.post("/v1/memories", json=body, headers=headers)
    if ok_or_4xx(added) != 200:
        return  # refused cleanly, e.g. NUL
    memory_id = added.json()["results"][0]["id"]
    stored = http.get(f"/v1/memories/{memory_id}", headers=headers).json()
    assert stored["text"] == f"note {payload}"
    assert stored["metadata"] == {payload: payload, "k": [payload]}
    assert stored["user_id"] == scope
    found = http.post(
        "/v1/memories/search",
        headers=headers,
        json={"query": payload, "user_id": scope, "threshold": 0.0},
    )
    assert ok_or_4xx(found) == 200
    assert {m["user_id"] for m in found.json()["results"]} <= {scope}
    listed = http.get("/v1/memories", params={"user_id": scope}, headers=headers)
    assert [m["id"] for m in listed.json()["results"]] == [memory_id]
    entities = http.get("/v1/entities", params={"user_id": scope}, headers=headers)
    assert ok_or_4xx(entities) == 200
    for entity in entities.json()["results"]:
        ok_or_4xx(http.get(f"/v1/entities/{entity['id']}/relations", headers=headers))
    for path in (
        f"/v1/memories/{payload}",
        f"/v1/entities/{payload}/relations",
        f"/v1/memories/{payload}/history",
    ):
        ok_or_4xx(http.get(path, headers=headers))
    updated = http.put(
        f"/v1/memories/{memory_id}",
        headers=headers,
        json={"text": payload, "metadata": {payload: {payload: payload}}},
    )
    if ok_or_4xx(updated) == 200:
        assert updated.json()["text"] == payload.strip() or updated.json()["text"] == payload
        assert updated.json()["metadata"] == {payload: {payload: payload}}


def test_payload_scope_ids_in_query_parameters(
    http: TestClient, make_key: MakeKey, user_id: str
) -> None:
    headers = bearer(make_key(user_ids=[user_id]))
    for payload in PAYLOADS:
        for params in (
            {"user_id": payload},
            {"agent_id": payload},
            {"run_id": payload},
            {"user_id": user_id, "cursor": payload},
        ):
            ok_or_4xx(http.get("/v1/memories", params=params, headers=headers))
            ok_or_4xx(http.get("/v1/entities", params=params, headers=headers))
        ok_or_4xx(http.get("/v1/dream/status", params={"user_id": payload}, headers=headers))


def test_over_limit_and_deeply_nested_bodies(
    http: TestClient, make_key: MakeKey, user_id: str
) -> None:
    headers = {**bearer(make_key(user_ids=[user_id])), "Content-Type": "application/json"}
    huge = json.dumps({"messages": "x" * 1_200_000, "user_id": user_id})
    assert http.post("/v1/memories", content=huge, headers=headers).status_code == 413
    for depth in (10_000, 100_000):
        nested = (
            '{"messages": "deep", "user_id": "'
            + user_id
            + '", "metadata": '
            + '{"a":' * depth
            + "1"
            + "}" * depth
            + "}"
        )
        assert ok_or_4xx(http.post("/v1/memories", content=nested, headers=headers)) >= 400
        arrays = (
            '{"query": "deep", "user_id": "'
            + user_id
            + '", "top_k": '
            + "[" * depth
            + "1"
            + "]" * depth
            + "}"
        )
        found = http.post("/v1/memories/search", content=arrays, headers=headers)
        assert ok_or_4xx(found) >= 400
    moderately = {
        "messages": "nested",
        "user_id": user_id,
        "infer": False,
        "metadata": json.loads('{"a":' * 50 + "1" + "}" * 50),
    }
    added = http.post("/v1/memories", json=moderately, headers=headers)
    if ok_or_4xx(added) == 200:
        got = http.get(f"/v1/memories/{added.json()['results'][0]['id']}", headers=headers)
        assert got.json()["metadata"] == moderately["metadata"]


WRONG_TYPES: list[tuple[str, str, Any]] = [
    ("post", "/v1/memories", {"messages": 123}),
    ("post", "/v1/memories", {"messages": [[]]}),
    ("post", "/v1/memories", {"messages": "x", "user_id": ["a"]}),
    ("post", "/v1/memories", {"messages": "x", "metadata": "str"}),
    ("post", "/v1/memories", {"messages": "x", "metadata": {"n": float("inf")}}),
    ("post", "/v1/memories", {"messages": "x", "relations": "x"}),
    ("post", "/v1/memories", {"messages": "x", "relations": [{"source": 1}]}),
    ("post", "/v1/memories", {"messages": "x", "timestamp": "yesterday-ish"}),
    ("post", "/v1/memories", {"messages": "x", "timestamp": 1e300}),
    ("post", "/v1/memories", {"messages": {"role": "king", "content": "x"}}),
    ("post", "/v1/memories", ["not", "an", "object"]),
    ("post", "/v1/memories", None),
    ("post", "/v1/memories/search", {"query": ["x"]}),
    ("post", "/v1/memories/search", {"query": "x", "threshold": "high"}),
    ("post", "/v1/memories/search", {"query": "x", "reference_date": {"a": 1}}),
    ("post", "/v1/memories/search", {"query": "x", "top_k": 10**30}),
    ("put", "/v1/memories/some-id", {"text": 5}),
    ("post", "/v1/memories/some-id/supersede", {"new_memory_id": 7}),
]


@pytest.mark.parametrize(("method", "path", "body"), WRONG_TYPES)
def test_wrong_types_are_4xx(
    http: TestClient, make_key: MakeKey, user_id: str, method: str, path: str, body: Any
) -> None:
    headers = {**bearer(make_key(user_ids=[user_id])), "Content-Type": "application/json"}
    raw = json.dumps(body, allow_nan=True).encode()
    response = http.request(method, path, content=raw, headers=headers)
    assert ok_or_4xx(response) >= 400


def test_invalid_utf8(http: TestClient, make_key: MakeKey, user_id: str) -> None:
    headers = {**bearer(make_key(user_ids=[user_id])), "Content-Type": "application/json"}
    bad_utf8 = b'{"messages": "\xff\xfe bad", "user_id": "' + user_id.encode() + b'"}'
    assert ok_or_4xx(http.post("/v1/memories", content=bad_utf8, headers=headers)) >= 400


# -- properties ---------------------------------------------------------------------------------
texts = st.text(min_size=1, max_size=40)
filters = st.fixed_dictionaries(
    {},
    optional={
        "latest_only": st.booleans(),
        "include_merged": st.booleans(),
        "limit": st.integers(-5, 1_200),
        "cursor": st.text(max_size=30),
        "agent_id": texts,
        "run_id": texts,
    },
)


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    params=filters,
    query=texts,
    top_k=st.integers(-2, 120),
    threshold=st.one_of(st.none(), st.floats(-1, 2, allow_nan=False)),
)
def test_filters_property(
    http: TestClient,
    make_key: MakeKey,
    user_id: str,
    params: dict[str, Any],
    query: str,
    top_k: int,
    threshold: float | None,
) -> None:
    headers = bearer(make_key(user_ids=[user_id]))
    listed = http.get("/v1/memories", params={"user_id": user_id, **params}, headers=headers)
    if ok_or_4xx(listed) == 200:
        assert {m["user_id"] for m in listed.json()["results"]} <= {user_id}
    ok_or_4xx(http.get("/v1/entities", params={"user_id": user_id, **params}, headers=headers))
    body = {
        "query": query,
        "user_id": user_id,
        "top_k": top_k,
        "threshold": threshold,
        **{k: v for k, v in params.items() if k in ("latest_only", "include_merged")},
    }
    found = http.post("/v1/memories/search", json=body, headers=headers)
    if ok_or_4xx(found) == 200:
        assert {m["user_id"] for m in found.json()["results"]} <= {user_id}


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(source=texts, relation=texts, target=texts, key=st.text(max_size=20), value=texts)
@example(source="a\x00", relation="b", target="c", key="k", value="v")
def test_relations_property(
    http: TestClient,
    make_key: MakeKey,
    user_id: str,
    source: str,
    relation: str,
    target: str,
    key: str,
    value: str,
) -> None:
    headers = bearer(make_key(user_ids=[user_id]))
    added = http.post(
        "/v1/memories",
        headers=headers,
        json={
            "messages": "property note",
            "user_id": user_id,
            "infer": False,
            "metadata": {key: value},
            "relations": [{"source": source, "relation": relation, "target": target}],
        },
    )
    if "\x00" in source + relation + target:  # refused like NUL in a text or a query
        assert added.status_code == 422, added.text
        return
    if ok_or_4xx(added) != 200:
        return
    memory_id = added.json()["results"][0]["id"]
    assert http.get(f"/v1/memories/{memory_id}", headers=headers).json()["metadata"] == {key: value}
    query = f"{source} {relation} {target}"
    found = http.post(
        "/v1/memories/search", headers=headers, json={"query": query, "user_id": user_id}
    )
    assert ok_or_4xx(found) == 200
    assert http.delete(f"/v1/memories/{memory_id}", headers=headers).status_code == 200


@pytest.mark.parametrize(
    ("path", "field"), [("/v1/memories", "messages"), ("/v1/memories/search", "query")]
)
def test_lone_surrogate_is_not_5xx(
    http: TestClient, make_key: MakeKey, user_id: str, path: str, field: str
) -> None:
    headers = {**bearer(make_key(user_ids=[user_id])), "Content-Type": "application/json"}
    body = '{"' + field + '": "lone \\ud800 half", "user_id": "' + user_id + '"}'
    ok_or_4xx(http.post(path, content=body, headers=headers))
