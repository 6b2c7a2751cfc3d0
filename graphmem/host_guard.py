"""DNS-rebinding and cross-site guard for the HTTP servers while API keys are off.

Without keys, only the loopback bind keeps strangers out, and a web page in the user's browser
can still reach a loopback port: through DNS rebinding (its own name resolving to 127.0.0.1)
or a cross-site form post. So every request must name a loopback host (``localhost``, an
address in 127.0.0.0/8 or ``::1``) on the port the server listens on, and a state-changing
request may only come from a loopback origin. Anything else is refused before the app runs:
421 for the Host, 403 for the Origin.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def is_loopback(host: str) -> bool:
    """``localhost`` or a loopback address (brackets around IPv6 allowed)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _split(host_header: str) -> tuple[str, int | None] | None:
    """``(name, port)`` of a Host header value; None when it cannot be parsed."""
    try:
        parts = urlsplit(f"//{host_header}")
        return parts.hostname or "", parts.port
    except ValueError:
        return None


def host_refusal(host_header: str | None, server_port: int | None) -> str | None:
    """Why this Host header is refused (None when it names this loopback server)."""
    parsed = _split(host_header or "")
    if parsed is None or not is_loopback(parsed[0]):
        return "Host must be a loopback name or address while API keys are disabled"
    port = parsed[1] if parsed[1] is not None else 80
    if server_port is not None and port != server_port:
        return "Host names another port than this server's"
    return None


def origin_refusal(origin: str | None, method: str) -> str | None:
    """Why this Origin is refused for this method (None when allowed)."""
    if origin is None or method in SAFE_METHODS:
        return None
    try:
        parts = urlsplit(origin)
        allowed = parts.scheme in ("http", "https") and is_loopback(parts.hostname or "")
    except ValueError:
        allowed = False
    return None if allowed else "cross-site requests are refused while API keys are disabled"


class LoopbackGuard:
    """ASGI middleware applying :func:`host_refusal` and :func:`origin_refusal`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        server = scope.get("server")
        port = server[1] if server else None
        reason = host_refusal(headers.get("host"), port)
        code = 421
        if reason is None:
            reason = origin_refusal(headers.get("origin"), scope.get("method", "GET"))
            code = 403
        if reason is None:
            await self.app(scope, receive, send)
            return
        await JSONResponse({"detail": reason}, status_code=code)(scope, receive, send)
