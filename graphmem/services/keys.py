"""API keys: ``Memory.keys``. A token is ``gm_`` and 43 random characters, shown once when
the key is created; the store keeps only its sha256. A key is bound to user ids and/or agent
ids, or is admin (`graphmem.domain.keys`).

A key the store returned is remembered for ``cache_s`` seconds (``api.key_cache_s``), so a
request does not cost a round trip to Neo4j for its key. A key only changes by being revoked:
revoked through this ``Keys`` it is rejected at once; revoked elsewhere (the CLI, another
worker process) it stops working within ``cache_s``. Unknown tokens are never remembered, so
a new key works at once."""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from graphmem.domain.keys import ApiKey
from graphmem.errors import NotFoundError, ValidationError
from graphmem.ports.keys import KeyStore
from graphmem.services import inputs

TOKEN_PREFIX = "gm_"
PREFIX_CHARS = 11  # "gm_" and 8 random characters: shown in listings, accepted by revoke
MAX_CACHED = 10_000  # keys remembered at once; past it the oldest entries are dropped


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


class Keys:
    """Create, look up, list and revoke API keys in one key store."""

    def __init__(
        self,
        store: KeyStore,
        cache_s: float = 0.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.cache_s = cache_s
        self._clock = clock
        self._cache: dict[str, tuple[float, ApiKey]] = {}  # token hash -> (expires, key)
        self._lock = threading.Lock()

    def create(
        self,
        *,
        user_ids: Sequence[str] = (),
        agent_ids: Sequence[str] = (),
        admin: bool = False,
        all_users: bool = False,
        allow_dream: bool = False,
    ) -> tuple[str, ApiKey]:
        """A new key bound to these ids (or admin); returns ``(token, key)``. ``all_users``
        lets a key bound only to agents act on memories that name a user; ``allow_dream``
        lets it run Dream on demand."""
        _check_ids(user_ids, agent_ids, admin)
        if all_users and (admin or user_ids or not agent_ids):
            raise ValidationError("--all-users is for keys bound only to agent ids")
        token = new_token()
        key = ApiKey(
            id=str(uuid.uuid4()),
            prefix=token[:PREFIX_CHARS],
            user_ids=list(user_ids),
            agent_ids=list(agent_ids),
            admin=admin,
            all_users=all_users,
            allow_dream=allow_dream,
            created_at=datetime.now(UTC),
        )
        return token, self.store.insert(key, hash_token(token))

    def lookup(self, token: str) -> ApiKey | None:
        """The key for this token, revoked or not; None when the token is unknown."""
        if not token.startswith(TOKEN_PREFIX):
            return None
        token_hash = hash_token(token)
        key = self._cached(token_hash)
        if key is None:
            key = self.store.by_hash(token_hash)
            if key is not None:
                self._remember(token_hash, key)
        return key

    def cached(self, token: str) -> ApiKey | None:
        """The key for this token if it is remembered (no I/O); None when the store must be
        asked."""
        return self._cached(hash_token(token)) if token.startswith(TOKEN_PREFIX) else None

    def _cached(self, token_hash: str) -> ApiKey | None:
        with self._lock:
            entry = self._cache.get(token_hash)
        if entry is None or entry[0] <= self._clock():
            return None
        return entry[1]

    def _remember(self, token_hash: str, key: ApiKey) -> None:
        if self.cache_s <= 0:
            return
        with self._lock:
            if len(self._cache) >= MAX_CACHED:
                for stale in list(self._cache)[: MAX_CACHED // 2]:  # oldest first
                    del self._cache[stale]
            self._cache[token_hash] = (self._clock() + self.cache_s, key)

    def list(self) -> list[ApiKey]:
        """Every key, oldest first (never a token or its hash)."""
        return self.store.list()

    def revoke(self, ref: str) -> ApiKey:
        """Revoke the key with this id or prefix (idempotent). This process stops accepting
        it at once; other processes within their ``cache_s``."""
        key = self.store.revoke(ref, datetime.now(UTC))
        with self._lock:
            self._cache.clear()
        if key is None:
            raise NotFoundError(f"No single API key with id or prefix {ref!r}")
        return key


def _check_ids(user_ids: Sequence[str], agent_ids: Sequence[str], admin: bool) -> None:
    if not admin and not (user_ids or agent_ids):
        raise ValidationError("an API key needs at least one user id or agent id, or admin")
    for user_id in user_ids:
        inputs.scope_of(user_id, None, None)
    for agent_id in agent_ids:
        inputs.scope_of(None, agent_id, None)
