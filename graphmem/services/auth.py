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
    revoked. May ask the key store (I/O)."""
    if not auth_enabled:
        return UNRESTRICTED
    if not token:
        raise AuthError("missing API key: send 'Authorization: Bearer <key>'")
    return _valid(keys.lookup(token))


def authenticate_cached(token: str | None, keys: Keys, auth_enabled: bool) -> ApiKey | None:
    """``authenticate`` without I/O: the caller's key (or AuthError) when that can be told
    from the token and the keys remembered; None when the key store must be asked."""
    if not auth_enabled or not token:
        return authenticate(token, keys, auth_enabled)
    key = keys.cached(token)
    return None if key is None else _valid(key)


def _valid(key: ApiKey | None) -> ApiKey:
    if key is None or key.revoked:
        raise AuthError("invalid or revoked API key")
    return key
