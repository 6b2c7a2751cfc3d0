"""Who is calling: the one check of an API key, shared by the REST API and MCP over HTTP."""

from __future__ import annotations

from datetime import UTC, datetime

from graphmem.domain.keys import ApiKey
from graphmem.errors import AuthError
from graphmem.services.keys import Keys

# Stands for every caller when auth is explicitly disabled (loopback only).
UNRESTRICTED = ApiKey(id="auth-disabled", prefix="-", admin=True, created_at=datetime.now(UTC))


def authenticate(token: str | None, keys: Keys, auth_enabled: bool) -> ApiKey:
    """The caller's key; AuthError when auth is on and the token is missing, unknown or
    revoked."""
    if not auth_enabled:
        return UNRESTRICTED
    if not token:
        raise AuthError("missing API key: send 'Authorization: Bearer <key>'")
    key = keys.lookup(token)
    if key is None or key.revoked:
        raise AuthError("invalid or revoked API key")
    return key
