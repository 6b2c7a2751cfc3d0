"""The MCP server through the SDK's own client: in-process, over stdio (`graphmem mcp`), and
over streamable HTTP behind API keys."""

from __future__ import annotations

import json
import os
import socket
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
import httpx
import httpx2
import pytest
import uvicorn
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp_types import CallToolResult, TextContent

from graphmem import Memory, Settings
from graphmem.mcp_server import build_server, http_app
from tests.api.conftest import MakeKey, bearer

pytestmark = pytest.mark.neo4j

TOOLS = {"add_memory", "search_memories", "get_memories", "delete_memory"}


def payload(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, result.content
    return result.structured_content or json.loads(_text(result))


def _text(result: CallToolResult) -> str:
    [content] = result.content
    assert isinstance(content, TextContent)
    return content.text


async def round_trip(client: Client, user_id: str) -> None:
    """List the tools, then add, search, get and delete one memory."""
    assert {tool.name for tool in (await client.list_tools()).tools} == TOOLS
    added = payload(
        await client.call_tool(
            "add_memory",
            {"messages": "I am allergic to peanuts.", "user_id": user_id, "infer": False},
        )
    )
    memory_id = added["results"][0]["id"]
    found = payload(
        await client.call_tool(
            "search_memories", {"query": "Which food allergy do I have?", "user_id": user_id}
        )
    )
    assert found["results"][0]["id"] == memory_id
    listed = payload(await client.call_tool("get_memories", {"user_id": user_id}))
    assert [m["text"] for m in listed["results"]] == ["I am allergic to peanuts."]
    deleted = payload(await client.call_tool("delete_memory", {"memory_id": memory_id}))
    assert deleted == {"deleted": 1}


def test_in_process_round_trip(memory: Memory, user_id: str) -> None:
    async def scenario() -> None:
        async with Client(build_server(memory)) as client:
            await round_trip(client, user_id)
            missing = await client.call_tool("delete_memory", {"memory_id": "no-such-id"})
            assert missing.is_error and "No memory with id" in _text(missing)
            unscoped = await client.call_tool("get_memories", {})
            assert unscoped.is_error and "at least one of user_id" in _text(unscoped)

    anyio.run(scenario)


@pytest.mark.slow
def test_stdio_round_trip(settings: Settings, user_id: str) -> None:
    env = {
        "GRAPHMEM_NEO4J__URI": settings.neo4j.uri,
        "GRAPHMEM_NEO4J__PASSWORD": settings.neo4j.resolve_password().get_secret_value(),
    }
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "graphmem.cli", "mcp"], env=env, cwd=os.getcwd()
    )

    async def scenario() -> None:
        with tempfile.TemporaryFile("w+") as errlog:
            async with Client(stdio_client(params, errlog=errlog)) as client:
                await round_trip(client, user_id)

    anyio.run(scenario)


# -- streamable HTTP behind API keys ------------------------------------------------------------
@pytest.fixture(scope="module")
def mcp_url(memory: Memory) -> Iterator[str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = http_app(memory, auth_enabled=True, host="127.0.0.1")
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "MCP HTTP server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/mcp"
    server.should_exit = True
    thread.join(timeout=10)


@asynccontextmanager
async def http_client(url: str, token: str) -> AsyncIterator[Client]:
    async with (
        httpx2.AsyncClient(headers=bearer(token), timeout=30) as http,
        Client(streamable_http_client(url, http_client=http)) as client,
    ):
        yield client


def test_http_round_trip_with_key(mcp_url: str, make_key: MakeKey, user_id: str) -> None:
    token = make_key(user_ids=[user_id])

    async def scenario() -> None:
        async with http_client(mcp_url, token) as client:
            await round_trip(client, user_id)

    anyio.run(scenario)


def test_http_key_scopes_the_tools(
    mcp_url: str, make_key: MakeKey, user_id: str, other_user: str, memory: Memory
) -> None:
    theirs = memory.add("Their secret.", user_id=other_user, infer=False).results[0].id
    token = make_key(user_ids=[user_id])

    async def scenario() -> None:
        async with http_client(mcp_url, token) as client:
            outside = await client.call_tool("get_memories", {"user_id": other_user})
            assert outside.is_error and "outside this API key" in _text(outside)
            hidden = await client.call_tool("delete_memory", {"memory_id": theirs})
            assert hidden.is_error and "No memory with id" in _text(hidden)
            mine = payload(
                await client.call_tool(
                    "add_memory", {"messages": "Defaulted to my user.", "infer": False}
                )
            )
            assert mine["results"][0]["event"] == "ADD"

    anyio.run(scenario)
    assert memory.get(theirs).text == "Their secret."
    assert [m.text for m in memory.get_all(user_id=user_id)] == ["Defaulted to my user."]


def test_http_agent_only_key_sees_only_memories_naming_no_user(
    mcp_url: str, make_key: MakeKey, user_id: str, memory: Memory
) -> None:
    agent = f"bot-{uuid.uuid4()}"
    users = (
        memory.add(
            "Alice hides the spare key under the mat.", user_id=user_id, agent_id=agent, infer=False
        )
        .results[0]
        .id
    )
    own = (
        memory.add("The bot hides its logs in the spare folder.", agent_id=agent, infer=False)
        .results[0]
        .id
    )
    token = make_key(agent_ids=[agent])

    async def scenario() -> None:
        async with http_client(mcp_url, token) as client:
            named = await client.call_tool("get_memories", {"user_id": user_id})
            assert named.is_error and "--all-users" in _text(named)
            listed = payload(await client.call_tool("get_memories", {}))
            assert [m["id"] for m in listed["results"]] == [own]
            found = payload(await client.call_tool("search_memories", {"query": "spare key"}))
            assert [m["id"] for m in found["results"]] == [own]
            hidden = await client.call_tool("delete_memory", {"memory_id": users})
            assert hidden.is_error and "No memory with id" in _text(hidden)

    anyio.run(scenario)
    assert memory.get(users).lifecycle_state == "active"


def test_http_without_valid_key_is_401(mcp_url: str, make_key: MakeKey, user_id: str) -> None:
    request = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    headers = {"Accept": "application/json, text/event-stream"}
    for auth in ({}, bearer("gm_unknown"), {"Authorization": "Basic abc"}):
        response = httpx.post(mcp_url, json=request, headers={**headers, **auth})
        assert response.status_code == 401, auth
        assert response.headers["www-authenticate"] == "Bearer"


def test_tools_take_the_rest_parameters(memory: Memory, user_id: str) -> None:
    """MCP parity: timestamp, relations, immutable on add; reference_date, include_merged,
    threshold, explain on search; latest_only, include_merged on listing."""

    async def scenario() -> None:
        async with Client(build_server(memory)) as client:
            added = payload(
                await client.call_tool(
                    "add_memory",
                    {
                        "messages": "Ines can't eat gluten.",
                        "user_id": user_id,
                        "timestamp": "2024-03-01T10:00:00Z",
                        "immutable": True,
                        "relations": [{"source": "Ines", "relation": "avoids", "target": "gluten"}],
                    },
                )
            )
            [item] = added["results"]
            assert ("Ines", "avoids", "gluten") in {
                (r["source"], r["predicate"], r["target"]) for r in item["relations"]
            }
            stored = memory.get(item["id"])
            assert stored.immutable and stored.observed_at.year == 2024
            found = payload(
                await client.call_tool(
                    "search_memories",
                    {
                        "query": "what can't Ines eat?",
                        "user_id": user_id,
                        "explain": True,
                        "reference_date": "2024-06-01T00:00:00Z",
                        "include_merged": True,
                        "threshold": 0.0,
                    },
                )
            )
            assert found["results"][0]["id"] == item["id"]
            assert found["explain"]["time_intent"].startswith("general")
            early = payload(
                await client.call_tool(
                    "search_memories",
                    {
                        "query": "what can't Ines eat?",
                        "user_id": user_id,
                        "reference_date": "2024-01-01T00:00:00Z",
                    },
                )
            )
            assert early["results"] == []  # said after that reference date
            listed = payload(
                await client.call_tool(
                    "get_memories",
                    {
                        "user_id": user_id,
                        "latest_only": True,
                        "include_merged": False,
                    },
                )
            )
            assert [m["id"] for m in listed["results"]] == [item["id"]]

    anyio.run(scenario)


def test_tools_take_filters_but_never_a_scope_in_them(memory: Memory, user_id: str) -> None:
    memory.add("Oat milk for the office.", user_id=user_id, metadata={"topic": "food"}, infer=False)
    memory.add("The laptop battery died.", user_id=user_id, metadata={"topic": "tech"}, infer=False)

    async def scenario() -> None:
        async with Client(build_server(memory)) as client:
            tech = {"metadata": {"topic": "tech"}}
            found = payload(
                await client.call_tool(
                    "search_memories",
                    {
                        "query": "what happened?",
                        "user_id": user_id,
                        "threshold": 0.0,
                        "filters": tech,
                    },
                )
            )
            assert [r["text"] for r in found["results"]] == ["The laptop battery died."]
            listed = payload(
                await client.call_tool(
                    "get_memories",
                    {
                        "user_id": user_id,
                        "filters": {"metadata": {"topic": {"in": ["food"]}}},
                    },
                )
            )
            assert [m["text"] for m in listed["results"]] == ["Oat milk for the office."]
            widened = await client.call_tool(
                "get_memories",
                {
                    "user_id": user_id,
                    "filters": {"user_id": "someone-else"},
                },
            )
            assert widened.is_error and "cannot name user_id" in _text(widened)

    anyio.run(scenario)
