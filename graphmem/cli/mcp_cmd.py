"""`graphmem mcp`: the MCP server over stdio (local use) or streamable HTTP (API keys)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer
import uvicorn

from graphmem.cli.serve_cmd import HostOption, PortOption, check_bind
from graphmem.memory import Memory
from graphmem.settings import Settings


class Transport(StrEnum):
    STDIO = "stdio"
    HTTP = "http"


def mcp(
    transport: Annotated[Transport, typer.Option(help="stdio, or streamable HTTP at /mcp.")] = (
        Transport.STDIO
    ),
    host: HostOption = None,
    port: PortOption = None,
) -> None:
    """Serve the memory tools to MCP clients (add_memory, search_memories, ...)."""
    from graphmem.mcp_server import build_server, http_app

    settings = Settings()
    bind = host or settings.api.host
    if transport is Transport.HTTP:
        check_bind(bind, settings.api.auth_enabled)
    with Memory(settings) as memory:
        if transport is Transport.STDIO:
            build_server(memory).run("stdio")
            return
        app = http_app(memory, auth_enabled=settings.api.auth_enabled, host=bind)
        uvicorn.run(app, host=bind, port=port or settings.api.mcp_port)
