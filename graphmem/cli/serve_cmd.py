"""`graphmem serve`: the REST API under uvicorn (the schema is migrated first)."""

from __future__ import annotations

from typing import Annotated

import typer
import uvicorn

from graphmem.cli.migrate_cmd import migrate
from graphmem.errors import ConfigurationError
from graphmem.host_guard import is_loopback
from graphmem.settings import Settings

HostOption = Annotated[str | None, typer.Option(help="Bind address (default: settings).")]
PortOption = Annotated[int | None, typer.Option(help="Port (default: settings).")]


def check_bind(host: str, auth_enabled: bool) -> None:
    """Without API keys, only this machine may connect."""
    if not auth_enabled and not is_loopback(host):
        raise ConfigurationError(
            f"API keys are disabled (GRAPHMEM_API__AUTH_ENABLED=false): refusing to listen on "
            f"{host!r}. Bind to 127.0.0.1, or enable auth and create keys with "
            "`graphmem keys create`."
        )


def serve(
    host: HostOption = None,
    port: PortOption = None,
    workers: Annotated[int | None, typer.Option(help="Worker processes.")] = None,
) -> None:
    """Serve the REST API (docs at /docs). Keys: `graphmem keys create`."""
    settings = Settings()
    bind = host or settings.api.host
    check_bind(bind, settings.api.auth_enabled)
    migrate()
    uvicorn.run(
        "api.app:create_app",
        factory=True,
        host=bind,
        port=port or settings.api.port,
        workers=workers or settings.api.workers,
    )
