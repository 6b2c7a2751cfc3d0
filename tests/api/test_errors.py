"""Error paths: 422 with reasons, 404, 413, 503 while Neo4j is away (and recovery when it is
back), 500/502 without internals."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from api import create_app
from graphmem import Memory, Settings
from graphmem.errors import LLMError, StorageError
from graphmem.ports.embedder import Embedder
from tests.api.conftest import MakeKey, bearer
from tests.api.tcp_proxy import TcpProxy

pytestmark = pytest.mark.neo4j


def test_invalid_bodies_are_422_with_field_reasons(client: TestClient, user_id: str) -> None:
    extra = client.post("/v1/memories", json={"messages": "hi", "bogus": 1})
    assert extra.status_code == 422
    assert [e["loc"] for e in extra.json()["detail"]] == [["body", "bogus"]]
    missing = client.post("/v1/memories", json={"user_id": user_id})
    assert ["body", "messages"] in [e["loc"] for e in missing.json()["detail"]]
    wrong_type = client.post("/v1/memories/search", json={"query": "x", "top_k": "many"})
    assert wrong_type.status_code == 422
    assert client.post("/v1/memories", content=b"{not json").status_code == 422


def test_invalid_queries_are_422(client: TestClient) -> None:
    for params in ({"limit": 0}, {"limit": 5000}, {"bogus": "x"}, {"cursor": "not-a-cursor"}):
        response = client.get("/v1/memories", params=params)
        assert response.status_code == 422, params


def test_graphmem_validation_error_is_422_with_reason(client: TestClient) -> None:
    blank = client.post("/v1/memories", json={"messages": "   ", "infer": False})
    assert blank.status_code == 422
    assert blank.json() == {"detail": "messages[0].content must not be empty"}
    update = client.put("/v1/memories/whatever", json={})
    assert update.status_code in (404, 422)


def test_unknown_ids_and_routes_are_404(client: TestClient) -> None:
    assert client.get("/v1/memories/does-not-exist").json() == {
        "detail": "No memory with id 'does-not-exist'"
    }
    assert client.get("/v1/nothing-here").status_code == 404


@pytest.fixture
def small_app(settings: Settings, memory: Memory) -> FastAPI:
    api = settings.api.model_copy(update={"max_body_bytes": 2_000})
    return create_app(settings.model_copy(update={"api": api}), memory=memory)


def test_oversized_bodies_are_413(small_app: FastAPI, make_key: MakeKey, user_id: str) -> None:
    with TestClient(small_app, headers=bearer(make_key(user_ids=[user_id]))) as client:
        big = {"messages": "x" * 3_000, "infer": False}
        response = client.post("/v1/memories", json=big)
        assert response.status_code == 413
        assert response.json() == {"detail": "request body too large"}
        chunks = (b"x" * 1_000 for _ in range(3))  # no Content-Length: counted as it streams
        streamed = client.post(
            "/v1/memories", content=chunks, headers={"Content-Type": "application/json"}
        )
        assert streamed.status_code == 413
        assert streamed.json() == {"detail": "request body too large"}
        small = client.post("/v1/memories", json={"messages": "fits", "infer": False})
        assert small.status_code == 200


def test_default_limit_is_one_megabyte(client: TestClient) -> None:
    response = client.post("/v1/memories", json={"messages": "x" * 1_100_000})
    assert response.status_code == 413


def test_unexpected_errors_are_500_without_internals(small_app: FastAPI) -> None:
    def crash() -> None:
        raise RuntimeError("password=hunter2 at bolt://10.0.0.7")

    def storage() -> None:
        raise StorageError("Neo4j failed: Neo.ClientError.Statement.SyntaxError near 'MATCH'")

    def llm() -> None:
        raise LLMError("the model answered: <the user's memory text>")

    for path, handler in (("/crash", crash), ("/storage", storage), ("/llm", llm)):
        small_app.add_api_route(path, handler)
    with TestClient(small_app, raise_server_exceptions=False) as client:
        assert client.get("/crash").json() == {"detail": "internal error"}
        assert client.get("/crash").status_code == 500
        assert client.get("/storage").json() == {"detail": "internal error"}
        llm_answer = client.get("/llm")
        assert llm_answer.status_code == 502
        assert "memory text" not in llm_answer.text


# -- Neo4j away and back ------------------------------------------------------------------------


@pytest.fixture
def flaky_memory(settings: Settings, embedder: Embedder, proxy: TcpProxy) -> Iterator[Memory]:
    """A Memory with its own driver, reaching Neo4j through the proxy; fails fast."""
    neo = settings.neo4j.model_copy(
        update={
            "uri": f"bolt://127.0.0.1:{proxy.port}",
            "connection_timeout_s": 1.0,
            "max_transaction_retry_time_s": 0.0,
        }
    )
    with Memory(settings.model_copy(update={"neo4j": neo}), embedder=embedder) as flaky:
        yield flaky


def test_503_while_neo4j_is_away_then_recovers(
    flaky_memory: Memory, proxy: TcpProxy, make_key: MakeKey, user_id: str, settings: Settings
) -> None:
    app = create_app(flaky_memory.settings, memory=flaky_memory)
    api = settings.api.model_copy(update={"auth_enabled": False})
    open_app = create_app(
        flaky_memory.settings.model_copy(update={"api": api}), memory=flaky_memory
    )
    token = make_key(user_ids=[user_id])
    with (
        TestClient(app, headers=bearer(token)) as client,
        TestClient(open_app, base_url="http://127.0.0.1") as anyone,  # a loopback Host
    ):
        assert client.post("/v1/memories", json={"messages": "Before.", "infer": False}).is_success
        proxy.stop()
        down = [
            client.get("/v1/memories"),  # the key lookup fails first
            anyone.get("/v1/memories", params={"user_id": user_id}),
            anyone.post("/v1/memories", json={"messages": "During.", "user_id": user_id}),
        ]
        assert [r.status_code for r in down] == [503, 503, 503]
        for response in down:
            assert response.json() == {"detail": "the memory store is unavailable; retry shortly"}
        health = client.get("/healthz")
        assert health.status_code == 503
        assert health.json() == {"status": "unavailable", "reason": "Neo4j is unreachable"}
        proxy.start()
        assert client.get("/healthz").json() == {"status": "ok"}
        texts = [m["text"] for m in client.get("/v1/memories").json()["results"]]
        assert texts == ["Before."]
