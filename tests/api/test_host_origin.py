"""Host and Origin checks while API keys are off (DNS rebinding, cross-site posts), against real
servers on loopback addresses: the REST API and the MCP server over streamable HTTP."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
import uvicorn
from starlette.types import ASGIApp

from api import create_app
from graphmem import Memory, Settings
from graphmem.host_guard import host_refusal, origin_refusal
from graphmem.mcp_server import http_app
from tests.api.conftest import MakeKey, bearer

pytestmark = pytest.mark.neo4j

EVIL = "evil.example"
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "probe", "version": "1"},
    },
}
MCP_HEADERS = {"Accept": "application/json, text/event-stream"}


def _free_port(host: str) -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


@contextmanager
def serving(app: ASGIApp, host: str) -> Iterator[str]:
    """The app under uvicorn on ``host`` (a loopback address) and a free port; yields its URL."""
    port = _free_port(host)
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.05)
    try:
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.fixture
def open_settings(settings: Settings) -> Settings:
    api = settings.api.model_copy(update={"auth_enabled": False})
    return settings.model_copy(update={"api": api})


@pytest.fixture(params=["127.0.0.1", "127.0.0.2"])
def rest_url(
    request: pytest.FixtureRequest, open_settings: Settings, memory: Memory
) -> Iterator[str]:
    with serving(create_app(open_settings, memory=memory), request.param) as url:
        yield url


def _port(url: str) -> int:
    return httpx.URL(url).port or 80


def test_rest_refuses_a_rebound_host(rest_url: str, memory: Memory, user_id: str) -> None:
    [stored] = memory.add("The safe code is 2468.", user_id=user_id, infer=False).results
    scope = {"user_id": user_id}
    port = _port(rest_url)
    with httpx.Client(base_url=rest_url, timeout=30) as http:
        for host in (EVIL, f"{EVIL}:{port}", f"127.0.0.1.{EVIL}:{port}", f"localhost:{port + 1}"):
            read = http.get("/v1/memories", params=scope, headers={"Host": host})
            assert read.status_code == 421, (host, read.text)
            assert "2468" not in read.text and "Host" in read.json()["detail"]
            gone = http.delete(f"/v1/memories/{stored.id}", headers={"Host": host})
            assert gone.status_code == 421
        assert memory.get(stored.id).lifecycle_state == "active"
        bound = httpx.URL(rest_url).host
        for host in (f"{bound}:{port}", f"localhost:{port}", f"127.0.0.9:{port}"):
            fine = http.get("/v1/memories", params=scope, headers={"Host": host})
            assert fine.status_code == 200, (host, fine.text)
            assert [m["id"] for m in fine.json()["results"]] == [stored.id]


def test_rest_refuses_cross_site_writes(rest_url: str, memory: Memory, user_id: str) -> None:
    body = {"messages": "Planted by a web page.", "user_id": user_id, "infer": False}
    with httpx.Client(base_url=rest_url, timeout=30) as http:
        for origin in (f"http://{EVIL}", "null", f"http://{EVIL}:{_port(rest_url)}"):
            planted = http.post("/v1/memories", json=body, headers={"Origin": origin})
            assert planted.status_code == 403, (origin, planted.text)
            assert "cross-site" in planted.json()["detail"]
        assert memory.get_all(user_id=user_id) == []
        read = http.get(
            "/v1/memories", params={"user_id": user_id}, headers={"Origin": f"http://{EVIL}"}
        )
        assert read.status_code == 200  # no CORS headers: the page cannot read the answer
        assert "access-control-allow-origin" not in read.headers
        local = http.post("/v1/memories", json=body, headers={"Origin": "http://localhost:3000"})
        assert local.status_code == 200, local.text


def test_rest_with_keys_is_unchanged(
    settings: Settings, memory: Memory, make_key: MakeKey, user_id: str
) -> None:
    """With API keys on, the key is the guard (a reverse proxy may send any Host)."""
    token = make_key(user_ids=[user_id])
    with (
        serving(create_app(settings, memory=memory), "127.0.0.1") as url,
        httpx.Client(base_url=url, timeout=30) as http,
    ):
        assert http.get("/v1/memories", headers={"Host": EVIL}).status_code == 401
        keyed = http.get("/v1/memories", headers={"Host": "api.example", **bearer(token)})
        assert keyed.status_code == 200


@pytest.mark.parametrize("auth_enabled", [False, True])
@pytest.mark.parametrize("bind", ["127.0.0.1", "127.0.0.2"])
def test_mcp_http_refuses_a_rebound_host_on_every_loopback_bind(
    memory: Memory, make_key: MakeKey, user_id: str, bind: str, auth_enabled: bool
) -> None:
    headers: dict[str, str] = dict(MCP_HEADERS)
    if auth_enabled:
        headers |= bearer(make_key(user_ids=[user_id]))
    post: Callable[..., Any]
    with (
        serving(http_app(memory, auth_enabled=auth_enabled, host=bind), bind) as url,
        httpx.Client(base_url=url, timeout=30, headers=headers) as http,
    ):
        post = http.post
        port = _port(url)
        for host in (EVIL, f"{EVIL}:{port}"):
            refused = post("/mcp", json=INITIALIZE, headers={"Host": host})
            assert refused.status_code in (403, 421), (host, refused.text)
        cross = post("/mcp", json=INITIALIZE, headers={"Origin": f"http://{EVIL}"})
        assert cross.status_code == 403, cross.text
        fine = post("/mcp", json=INITIALIZE, headers={"Host": f"{bind}:{port}"})
        assert fine.status_code == 200, fine.text
        assert fine.json()["result"]["serverInfo"]["name"] == "graphmem"


# -- the rules themselves (no server) -----------------------------------------------------------
@pytest.mark.parametrize(
    ("host", "allowed"),
    [
        ("127.0.0.1:8000", True),
        ("127.3.4.5:8000", True),
        ("localhost:8000", True),
        ("LOCALHOST:8000", True),
        ("[::1]:8000", True),
        ("127.0.0.1:8001", False),
        ("127.0.0.1", False),  # port 80, not the server's
        (EVIL, False),
        (f"{EVIL}:8000", False),
        ("localhost.evil.example:8000", False),
        ("0.0.0.0:8000", False),
        ("10.0.0.1:8000", False),
        ("[::1:8000", False),
        ("", False),
        (None, False),
    ],
)
def test_host_rule(host: str | None, allowed: bool) -> None:
    assert (host_refusal(host, 8000) is None) is allowed


@pytest.mark.parametrize(
    ("origin", "method", "allowed"),
    [
        (None, "POST", True),
        ("http://localhost:3000", "POST", True),
        ("http://127.0.0.1:8000", "DELETE", True),
        ("https://[::1]", "PUT", True),
        ("http://evil.example", "POST", False),
        ("http://evil.example", "GET", True),  # reads: the Host check and no CORS suffice
        ("null", "DELETE", False),
        ("file://", "POST", False),
        ("http://localhost.evil.example", "POST", False),
    ],
)
def test_origin_rule(origin: str | None, method: str, allowed: bool) -> None:
    assert (origin_refusal(origin, method) is None) is allowed
