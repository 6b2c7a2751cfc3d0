"""Caps on every amplifier and clean errors for odd input (issue 15 items 3 and 10).

Each case runs through the Python API (a ValidationError naming the limit or field) and over
REST (422 naming it), and nothing is written. Over a real HTTP connection the 422 keeps the
keep-alive connection open.
"""

from __future__ import annotations

import base64
import http.client
import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode, urlsplit

import neo4j
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from benchmarks.load import ApiServer
from graphmem import Memory, ValidationError
from tests.api.conftest import MakeKey, bearer

pytestmark = pytest.mark.neo4j

REL = {"source": "Ann", "relation": "knows", "target": "Ben"}
CJK_QUERY = "".join(chr(0x4E00 + i) for i in range(1_100))
BAD_CURSOR = base64.urlsafe_b64encode(b"[" * 1_000).decode().rstrip("=")
LONE = "\ud800"

# name -> (add keyword arguments, what the error must name)
OVER_LIMITS: dict[str, tuple[dict[str, Any], str]] = {
    "relations": (
        {"messages": "fine", "relations": [REL] * 101},
        "max_relations_per_add",
    ),
    "messages": (
        {"messages": [f"message {i}" for i in range(1_001)]},
        "max_messages_per_add",
    ),
    "relations x messages": (
        {"messages": [f"message {i}" for i in range(101)], "relations": [REL] * 100},
        "max_relation_links_per_add",
    ),
}

# name -> (add keyword arguments holding a lone surrogate, the field the error names)
SURROGATES: dict[str, tuple[dict[str, Any], str]] = {
    "metadata key": (
        {"messages": "fine", "metadata": {LONE: "v"}},
        "metadata",
    ),
    "metadata value": (
        {"messages": "fine", "metadata": {"k": [LONE]}},
        "metadata",
    ),
    "message name": (
        {"messages": [{"role": "user", "content": "fine", "name": f"a{LONE}"}]},
        "messages[0].name",
    ),
    "message content": (
        {"messages": [{"role": "user", "content": LONE}]},
        "messages[0].content",
    ),
    "relation": (
        {"messages": "fine", "relations": [{**REL, "target": LONE}]},
        "relations[0].target",  # refused by the model's own string check
    ),
}


def nodes_of(driver: neo4j.Driver, user_id: str) -> int:
    records = driver.execute_query(
        "MATCH (n) WHERE n.user_id = $u RETURN count(n) AS c", u=user_id
    ).records
    return records[0]["c"]


@pytest.fixture
def rest(app: FastAPI, make_key: MakeKey, user_id: str) -> Iterator[TestClient]:
    headers = bearer(make_key(user_ids=[user_id]))
    with TestClient(app, headers=headers, raise_server_exceptions=False) as client:
        yield client


def _post_json(rest: TestClient, path: str, body: dict[str, Any]) -> Any:
    """JSON text with ``\\ud800`` escapes, as a client in another language would send it."""
    text = json.dumps(body)  # ensure_ascii: a lone surrogate becomes the escape "\\ud800"
    return rest.post(path, content=text, headers={"Content-Type": "application/json"})


def _names(detail: Any, field: str) -> bool:
    """A 422 body names ``field`` (graphmem's message, or FastAPI's list of locations) and
    says why: a lone surrogate / not a unicode string."""
    text = json.dumps(detail).lower()
    parts = [p for p in re.split(r"\W+", field) if p]
    return all(p in text for p in parts) and ("surrogate" in text or "unicode" in text)


@pytest.mark.parametrize("case", sorted(OVER_LIMITS))
def test_over_limit_python(memory: Memory, driver: neo4j.Driver, user_id: str, case: str) -> None:
    kwargs, limit = OVER_LIMITS[case]
    for infer in (False, True):
        with pytest.raises(ValidationError, match=limit):
            memory.add(user_id=user_id, infer=infer, **kwargs)
    assert nodes_of(driver, user_id) == 0


@pytest.mark.parametrize("case", sorted(OVER_LIMITS))
def test_over_limit_rest(rest: TestClient, driver: neo4j.Driver, user_id: str, case: str) -> None:
    kwargs, limit = OVER_LIMITS[case]
    response = rest.post("/v1/memories", json={**kwargs, "user_id": user_id})
    assert response.status_code == 422, response.text[:300]
    assert limit in response.json()["detail"]
    assert nodes_of(driver, user_id) == 0


def test_limits_are_settings(memory: Memory, driver: neo4j.Driver, user_id: str) -> None:
    limits = memory.settings.limits.model_copy(update={"max_relation_links_per_add": 3})
    settings = memory.settings.model_copy(update={"limits": limits})
    small = Memory(settings, driver=memory.driver, embedder=memory.embedder)
    with pytest.raises(ValidationError, match=r"2 x 2 = 4.*max_relation_links_per_add"):
        small.add(["one", "two"], user_id=user_id, infer=False, relations=[REL, REL])
    assert nodes_of(driver, user_id) == 0
    small.add(
        ["one", "two", {"role": "system", "content": "context"}],
        user_id=user_id,
        infer=False,
        relations=[REL],
    )
    assert nodes_of(driver, user_id) > 0


def test_at_the_limits_is_accepted(memory: Memory, user_id: str) -> None:
    rels = [{"source": f"s{i}", "relation": "knows", "target": f"t{i}"} for i in range(100)]
    added = memory.add(
        [f"message {i}" for i in range(100)], user_id=user_id, infer=False, relations=rels
    )
    assert len(added.results) == 100
    assert len(memory.entities(user_id=user_id, limit=1000)) == 200


@pytest.mark.parametrize("case", sorted(SURROGATES))
def test_lone_surrogate_python(
    memory: Memory, driver: neo4j.Driver, user_id: str, case: str
) -> None:
    kwargs, field = SURROGATES[case]
    with pytest.raises(ValidationError) as raised:
        memory.add(user_id=user_id, infer=False, **kwargs)
    assert _names(str(raised.value), field), str(raised.value)
    assert nodes_of(driver, user_id) == 0


@pytest.mark.parametrize("case", sorted(SURROGATES))
def test_lone_surrogate_rest(
    rest: TestClient, driver: neo4j.Driver, user_id: str, case: str
) -> None:
    kwargs, field = SURROGATES[case]
    for infer in (False, True):
        response = _post_json(rest, "/v1/memories", {**kwargs, "user_id": user_id, "infer": infer})
        assert response.status_code == 422, response.text[:300]
        assert _names(response.json()["detail"], field), response.text[:300]
    assert nodes_of(driver, user_id) == 0


def test_lone_surrogate_in_scope_query_and_update(
    memory: Memory, rest: TestClient, user_id: str
) -> None:
    with pytest.raises(ValidationError, match="scope"):
        memory.add("fine", user_id=f"u{LONE}", infer=False)
    with pytest.raises(ValidationError, match=r"query.*lone surrogate"):
        memory.search(f"tea {LONE}", user_id=user_id)
    searched = _post_json(rest, "/v1/memories/search", {"query": LONE, "user_id": user_id})
    assert searched.status_code == 422
    assert _names(searched.json()["detail"], "query")
    memory_id = memory.add("I like tea", user_id=user_id, infer=False).results[0].id
    updated = rest.put(
        f"/v1/memories/{memory_id}",
        content=json.dumps({"text": LONE}),
        headers={"Content-Type": "application/json"},
    )
    assert updated.status_code == 422
    assert _names(updated.json()["detail"], "text")
    assert memory.get(memory_id).text == "I like tea"
    assert [e.event for e in memory.history(memory_id)] == ["ADD"]


def test_nested_cursor_is_422(rest: TestClient, user_id: str) -> None:
    response = rest.get("/v1/memories", params={"user_id": user_id, "cursor": BAD_CURSOR})
    assert response.status_code == 422
    assert "cursor" in response.json()["detail"]
    shallow = base64.urlsafe_b64encode(b"[" * 300).decode()  # under the length cap
    response = rest.get("/v1/memories", params={"user_id": user_id, "cursor": shallow})
    assert response.status_code == 422


def test_long_cjk_query_is_answered(memory: Memory, rest: TestClient, user_id: str) -> None:
    stored = memory.add("東京に住んでいます", user_id=user_id, infer=False).results[0].id
    query = "東京" + CJK_QUERY
    found = memory.search(query, user_id=user_id, threshold=0.0, top_k=5)
    assert stored in [m.id for m in found.results]
    response = rest.post(
        "/v1/memories/search", json={"query": query, "user_id": user_id, "threshold": 0.0}
    )
    assert response.status_code == 200, response.text[:300]
    assert stored in [m["id"] for m in response.json()["results"]]


def test_422s_keep_the_connection_alive(memory: Memory, make_key: MakeKey, user_id: str) -> None:
    """Over real HTTP/1.1 (uvicorn): every odd request gets its 422 on one connection."""
    headers = {**bearer(make_key(user_ids=[user_id])), "Content-Type": "application/json"}
    requests: list[tuple[str, str, dict[str, Any] | None, int]] = [
        ("POST", "/v1/memories", {**SURROGATES["metadata key"][0], "user_id": user_id}, 422),
        ("POST", "/v1/memories", {**SURROGATES["message name"][0], "user_id": user_id}, 422),
        ("POST", "/v1/memories", {**OVER_LIMITS["relations"][0], "user_id": user_id}, 422),
        ("GET", "/v1/memories?" + urlencode({"user_id": user_id, "cursor": BAD_CURSOR}), None, 422),
        ("POST", "/v1/memories/search", {"query": CJK_QUERY, "user_id": user_id}, 200),
        ("POST", "/v1/memories", {"messages": "fine", "user_id": user_id, "infer": False}, 200),
    ]
    with ApiServer(memory) as base:
        url = urlsplit(base)
        conn = http.client.HTTPConnection(url.hostname or "", url.port, timeout=60)
        try:
            conn.connect()
            sock = conn.sock
            for method, path, body, status in requests:
                conn.request(method, path, body=json.dumps(body) if body else None, headers=headers)
                response = conn.getresponse()
                response.read()
                assert response.status == status, (path, response.status)
                assert not response.will_close, path
                assert conn.sock is sock, path
        finally:
            conn.close()
    assert len(memory.get_all(user_id=user_id)) == 1
