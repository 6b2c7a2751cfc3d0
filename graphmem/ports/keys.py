"""The API-key store: keys are created, looked up by the hash of their token, listed and
revoked. The store never sees a token, only its hash (``graphmem.services.keys``)."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from graphmem.domain.keys import ApiKey


class KeyStore(Protocol):
    def insert(self, key: ApiKey, token_hash: str) -> ApiKey:
        """Store a new key (``key.created_at`` is its creation time) under ``token_hash``."""
        ...

    def by_hash(self, token_hash: str) -> ApiKey | None:
        """The key stored under this hash, revoked or not; None when there is none."""
        ...

    def list(self) -> list[ApiKey]:
        """Every key, oldest first."""
        ...

    def revoke(self, ref: str, now: datetime) -> ApiKey | None:
        """Revoke the one key whose id or prefix is ``ref`` (a revoked key keeps its first
        revocation time); None when no single key matches."""
        ...
