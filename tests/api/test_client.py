"""GraphMemClient and AsyncGraphMemClient against the app: the Python API over HTTP, with the
same error tree."""

from __future__ import annotations

from collections.abc import Iterator

import anyio
import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from graphmem import Memory
from graphmem.client import AsyncGraphMemClient, GraphMemClient
from graphmem.errors import (
    AuthError,
    LifecycleConflictError,
    NotFoundError,
    PermissionDeniedError,
    StorageUnavailableError,
    ValidationError,
)
from tests.api.conftest import MakeKey

pytestmark = pytest.mark.neo4j


@pytest.fixture
def sync_client(app: FastAPI, make_key: MakeKey, user_id: str) -> Iterator[GraphMemClient]:
    token = make_key(user_ids=[user_id])
    with TestClient(app) as http, GraphMemClient(api_key=token, http_client=http) as client:
        yield client


def test_sync_client_round_trip(sync_client: GraphMemClient, user_id: str) -> None:
    added = sync_client.add(
        [{"role": "user", "content": "I live in Tokyo."}, "I live in Osaka."],
        user_id=user_id,
        infer=False,
        metadata={"source": "client"},
        relations=[{"source": "I", "relation": "live in", "target": "Osaka"}],
    )
    old, new = (r.id for r in added.results)
    assert sync_client.get(old).metadata == {"source": "client"}
    sync_client.supersede(old, new, reason="moved")
    with pytest.raises(LifecycleConflictError):
        sync_client.supersede(old, new)
    assert sync_client.get(old).lifecycle_state == "superseded"
    assert [m.id for m in sync_client.get_all(latest_only=True)] == [new]
    page, cursor = sync_client.get_page(user_id=user_id, limit=1)
    assert len(page) == 1 and cursor is not None
    rest, end = sync_client.get_page(user_id=user_id, limit=1, cursor=cursor)
    assert {page[0].id, rest[0].id} == {old, new} and end is not None
    assert sync_client.update(new, text="I live in Kyoto.").text == "I live in Kyoto."
    assert [e.event for e in sync_client.history(new)][-1] == "UPDATE"
    found = sync_client.search("Where do I live?", top_k=3)
    assert found.results and found.results[0].id in {old, new}
    entities = sync_client.entities()
    assert "Osaka" in {e.name for e in entities}
    osaka = next(e for e in entities if e.name == "Osaka")
    assert sync_client.entity_relations(osaka.id)[0].target == "Osaka"
    sync_client.delete(old)
    with pytest.raises(NotFoundError):
        sync_client.get(old)
    assert sync_client.delete_all(user_id=user_id) == 1


def test_sync_client_error_tree(
    sync_client: GraphMemClient, app: FastAPI, other_user: str, memory: Memory
) -> None:
    theirs = memory.add("Not yours.", user_id=other_user, infer=False).results[0].id
    with pytest.raises(NotFoundError):
        sync_client.get(theirs)
    with pytest.raises(PermissionDeniedError):
        sync_client.get_all(user_id=other_user)
    with pytest.raises(ValidationError, match="must not be empty"):
        sync_client.add("   ", infer=False)
    with pytest.raises(ValidationError, match="top_k"):
        sync_client.search("x", top_k=0)
    with TestClient(app) as http, GraphMemClient(api_key="gm_wrong", http_client=http) as bad:
        with pytest.raises(AuthError) as caught:
            bad.get_all(user_id=other_user)
        assert not isinstance(caught.value, PermissionDeniedError)


def test_unreachable_api_is_storage_unavailable() -> None:
    with (
        GraphMemClient("http://127.0.0.1:1", api_key="gm_x", timeout=2) as client,
        pytest.raises(StorageUnavailableError, match="cannot reach the graphmem API"),
    ):
        client.get("anything")


def test_async_client_round_trip(app: FastAPI, make_key: MakeKey, user_id: str) -> None:
    token = make_key(user_ids=[user_id])

    async def scenario() -> None:
        transport = httpx.ASGITransport(app=app)
        async with (
            httpx.AsyncClient(transport=transport, base_url="http://testserver") as http,
            AsyncGraphMemClient(api_key=token, http_client=http) as client,
        ):
            added = await client.add("My dog is called Rex.", infer=False)
            memory_id = added.results[0].id
            assert (await client.get(memory_id)).text == "My dog is called Rex."
            assert [m.id for m in await client.get_all()] == [memory_id]
            found = await client.search("What is my dog's name?")
            assert found.results[0].id == memory_id
            updated = await client.update(memory_id, metadata={"pet": "dog"})
            assert updated.metadata == {"pet": "dog"}
            assert [e.event for e in await client.history(memory_id)] == ["ADD", "UPDATE"]
            other = (await client.add("My dog Rex is a beagle.", infer=False)).results[0].id
            await client.merge(memory_id, other)
            with pytest.raises(LifecycleConflictError):
                await client.merge(memory_id, other)
            await client.delete(other)
            with pytest.raises(NotFoundError):
                await client.delete(other)
            assert await client.entities() == []
            assert await client.delete_all(user_id=user_id) == 1

    anyio.run(scenario)
