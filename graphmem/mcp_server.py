"""graphmem as MCP tools for agents: add_memory, search_memories, get_memories, delete_memory.

Over stdio the server acts for the local user who started it (like the Python API). Over
streamable HTTP every request carries an API key (``Authorization: Bearer <key>``): a small
ASGI middleware checks it and the tools stay inside the key's scopes, as the REST API does.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import anyio.to_thread
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.transport_security import TransportSecuritySettings
from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from graphmem.domain.keys import ApiKey
from graphmem.errors import AuthError, GraphMemError, NotFoundError, StorageUnavailableError
from graphmem.host_guard import LoopbackGuard, is_loopback
from graphmem.memory import Memory
from graphmem.services.auth import authenticate
from graphmem.services.filters import without_scope
from graphmem.services.keys import Keys

STATE_KEY = "graphmem_api_key"
LOCAL = ApiKey(id="local", prefix="-", admin=True, created_at=datetime.now(UTC))
INSTRUCTIONS = (
    "Long-term memory. Store facts worth remembering with add_memory and look them up with "
    "search_memories before answering; always pass the same user_id (and agent_id) you were "
    "given."
)

MessagesArg = str | list[dict[str, str]]


def build_server(memory: Memory, *, require_key: bool = False) -> MCPServer:
    """The tools on one ``Memory``. ``require_key``: every call must carry a checked key
    (HTTP); otherwise a call without one acts for the local user (stdio)."""
    server = MCPServer("graphmem", instructions=INSTRUCTIONS)

    def principal(ctx: Context) -> ApiKey:
        request = ctx.request_context.request
        state = getattr(request, "scope", {}).get("state") or {}
        key = state.get(STATE_KEY)
        if isinstance(key, ApiKey):
            return key
        if require_key:
            raise ToolError("an API key is required")
        return LOCAL

    @server.tool()
    def add_memory(
        ctx: Context,
        messages: MessagesArg,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        metadata: dict[str, Any] | None = None,
        infer: bool = True,
        timestamp: str | None = None,
        relations: list[dict[str, str]] | None = None,
        immutable: bool = False,
        exclude_from_dream: bool = False,
    ) -> dict[str, Any]:
        """Remember a text or a conversation ([{"role": "user", "content": "..."}]);
        ``timestamp`` is when it was said (ISO 8601), ``relations`` triplets the agent
        already knows ([{"source", "relation", "target"}])."""
        with _tool_errors():
            scope = principal(ctx).resolve_scope(user_id, agent_id, run_id)
            added = memory.add(
                messages,
                **scope,
                metadata=metadata,
                infer=infer,
                timestamp=timestamp,
                relations=relations,
                immutable=immutable,
                exclude_from_dream=exclude_from_dream,
            )
            return added.model_dump(mode="json")

    @server.tool()
    def search_memories(
        ctx: Context,
        query: str,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        top_k: int = 10,
        latest_only: bool = False,
        include_merged: bool = False,
        reference_date: str | None = None,
        threshold: float | None = None,
        explain: bool = False,
        filters: dict[str, Any] | None = None,
        include_linked: bool = False,
    ) -> dict[str, Any]:
        """The memories (and relations) that matter for a query, best first;
        ``reference_date`` (ISO 8601) moves "now" for time-aware questions; ``filters``:
        {"metadata": {key: value | {"in": [...]}}, "observed_at"/"event_date": {"gte": ...}}."""
        with _tool_errors():
            key = principal(ctx)
            scope = key.resolve_scope(user_id, agent_id, run_id)
            found = memory.search(
                query,
                **scope,
                top_k=top_k,
                latest_only=latest_only,
                include_merged=include_merged,
                reference_date=reference_date,
                threshold=threshold,
                explain=explain,
                filters=without_scope(filters),
                include_linked=include_linked,
            )
            return key.visible_search(found).model_dump(mode="json")

    @server.tool()
    def get_memories(
        ctx: Context,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        limit: int = 100,
        latest_only: bool = False,
        include_merged: bool = False,
        filters: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Memories of a scope, newest first; ``filters`` as in search_memories."""
        with _tool_errors():
            key = principal(ctx)
            scope = key.resolve_scope(user_id, agent_id, run_id)
            page = key.visible(
                memory.get_all(
                    without_scope(filters),
                    **scope,
                    limit=limit,
                    latest_only=latest_only,
                    include_merged=include_merged,
                )
            )
            return {"results": [m.model_dump(mode="json") for m in page]}

    @server.tool()
    def delete_memory(ctx: Context, memory_id: str) -> dict[str, Any]:
        """Forget one memory by id."""
        with _tool_errors():
            if not principal(ctx).can_see(memory.get(memory_id)):
                raise NotFoundError(f"No memory with id {memory_id!r}")
            memory.delete(memory_id, actor=f"mcp:{principal(ctx).id}")
            return {"deleted": 1}

    return server


@contextmanager
def _tool_errors() -> Iterator[None]:
    """graphmem errors become tool errors the model can read; storage outages stay vague."""
    try:
        yield
    except StorageUnavailableError as exc:
        raise ToolError("the memory store is unavailable; retry shortly") from exc
    except GraphMemError as exc:
        raise ToolError(str(exc)) from exc


class ApiKeyMiddleware:
    """Checks ``Authorization: Bearer <key>`` on every HTTP request with the REST API's
    ``authenticate`` (401 when missing, unknown or revoked) and hands the key to the tools
    through the request scope's state."""

    def __init__(self, app: ASGIApp, keys: Keys) -> None:
        self.app = app
        self.keys = keys

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        token = _bearer(Headers(scope=scope).get("authorization"))
        try:
            key = await anyio.to_thread.run_sync(self._lookup, token)
        except StorageUnavailableError:
            response = JSONResponse({"detail": "the memory store is unavailable"}, 503)
            await response(scope, receive, send)
            return
        if key is None:
            response = JSONResponse(
                {"detail": "invalid, revoked or missing API key"},
                401,
                headers={"WWW-Authenticate": "Bearer"},
            )
            await response(scope, receive, send)
            return
        scope.setdefault("state", {})[STATE_KEY] = key
        await self.app(scope, receive, send)

    def _lookup(self, token: str | None) -> ApiKey | None:
        try:
            return authenticate(token, self.keys, auth_enabled=True)
        except AuthError:
            return None


def _bearer(header: str | None) -> str | None:
    scheme, _, token = (header or "").partition(" ")
    if scheme.lower() != "bearer":
        return None
    return token.strip() or None


def http_app(memory: Memory, *, auth_enabled: bool, host: str) -> ASGIApp:
    """The streamable-HTTP app at ``/mcp`` (stateless, JSON responses), behind API keys
    unless auth is explicitly disabled."""
    server = build_server(memory, require_key=auth_enabled)
    app = server.streamable_http_app(
        stateless_http=True,
        json_response=True,
        host=host,
        transport_security=_transport_security(host),
    )
    if not auth_enabled:  # loopback only: refuse rebound names and other sites
        return LoopbackGuard(app)
    return ApiKeyMiddleware(app, memory.keys)


def _transport_security(host: str) -> TransportSecuritySettings | None:
    """The SDK's DNS-rebinding check for every loopback bind address (it turns it on by itself
    only for the literal hosts 127.0.0.1, localhost and ::1)."""
    if not is_loopback(host):
        return None
    bound = f"[{host.strip('[]')}]" if ":" in host else host
    names = sorted({bound, "127.0.0.1", "localhost", "[::1]"})
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=[f"{name}:*" for name in names],
        allowed_origins=[f"{scheme}://{name}:*" for name in names for scheme in ("http", "https")],
    )
