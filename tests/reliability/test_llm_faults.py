"""An LLM endpoint that fails (HTTP 500) or times out during an ``infer=True`` add, over the
REST API: 502 with a clear message, and nothing of the add is stored."""

from __future__ import annotations

from collections.abc import Iterator

import neo4j
import pytest
from fastapi.testclient import TestClient

from api import create_app
from graphmem import Memory, Settings
from graphmem.ports.embedder import Embedder
from tests.api.conftest import MakeKey, bearer
from tests.support.openai_server import Delay, OpenAICompatServer, Status

pytestmark = pytest.mark.neo4j


@pytest.fixture
def llm_client(
    settings: Settings,
    driver: neo4j.Driver,
    embedder: Embedder,
    openai_server: OpenAICompatServer,
    make_key: MakeKey,
    user_id: str,
) -> Iterator[TestClient]:
    llm = settings.llm.model_copy(
        update={
            "base_url": openai_server.base_url,
            "model": "test-model",
            "max_retries": 0,
            "timeout_s": 1.0,
        }
    )
    memory = Memory(settings.model_copy(update={"llm": llm}), driver=driver, embedder=embedder)
    app = create_app(memory.settings, memory=memory)
    with TestClient(app, headers=bearer(make_key(user_ids=[user_id]))) as client:
        yield client


def scope_nodes(driver: neo4j.Driver, user_id: str) -> int:
    return driver.execute_query(
        "MATCH (n) WHERE n.user_id = $u RETURN count(n) AS c", u=user_id
    ).records[0]["c"]


@pytest.mark.parametrize(
    "step", [Status(500), Status(503), Delay(3.0)], ids=["500", "503", "timeout"]
)
def test_llm_failure_is_502_and_stores_nothing(
    llm_client: TestClient,
    openai_server: OpenAICompatServer,
    driver: neo4j.Driver,
    user_id: str,
    step: Status | Delay,
) -> None:
    openai_server.script(step)
    response = llm_client.post(
        "/v1/memories",
        json={
            "messages": "I moved to Osaka last month",
            "user_id": user_id,
            "infer": True,
            "relations": [{"source": "me", "relation": "lives in", "target": "Osaka"}],
        },
    )
    assert response.status_code == 502
    assert response.json() == {"detail": "the language model endpoint failed; nothing was written"}
    assert openai_server.calls == 1  # max_retries=0: one attempt
    listed = llm_client.get("/v1/memories", params={"user_id": user_id, "include_merged": True})
    assert listed.json()["results"] == []
    assert scope_nodes(driver, user_id) == 0  # no memory, entity, history or triplet


def test_llm_recovers_after_a_failure(
    llm_client: TestClient, openai_server: OpenAICompatServer, user_id: str
) -> None:
    openai_server.script(Status(500), {"memories": [{"text": "Lives in Osaka"}]})
    assert (
        llm_client.post(
            "/v1/memories", json={"messages": "I live in Osaka", "user_id": user_id}
        ).status_code
        == 502
    )
    ok = llm_client.post("/v1/memories", json={"messages": "I live in Osaka", "user_id": user_id})
    assert ok.status_code == 200, ok.text
    listed = llm_client.get("/v1/memories", params={"user_id": user_id}).json()["results"]
    assert len(listed) == len(ok.json()["results"]) >= 1
