"""The key cache (``api.key_cache_s``): a request does not cost a key-store round trip for a key
seen in the last ``cache_s`` seconds, and revocation still holds: at once through the same
``Keys``, within ``cache_s`` when another process revokes. Unit tests over an in-memory key
store and a fake clock; the REST behaviour is in tests/api/test_key_cache_api.py."""

from __future__ import annotations

from datetime import datetime

import pytest

from graphmem.domain.keys import ApiKey
from graphmem.errors import AuthError
from graphmem.services.auth import authenticate, authenticate_cached
from graphmem.services.keys import MAX_CACHED, Keys


class CountingKeyStore:
    """A KeyStore in memory that counts the lookups it answers."""

    def __init__(self) -> None:
        self.by_token_hash: dict[str, ApiKey] = {}
        self.lookups = 0

    def insert(self, key: ApiKey, token_hash: str) -> ApiKey:
        self.by_token_hash[token_hash] = key
        return key

    def by_hash(self, token_hash: str) -> ApiKey | None:
        self.lookups += 1
        return self.by_token_hash.get(token_hash)

    def list(self) -> list[ApiKey]:
        return list(self.by_token_hash.values())

    def revoke(self, ref: str, now: datetime) -> ApiKey | None:
        for token_hash, key in self.by_token_hash.items():
            if ref in (key.id, key.prefix):
                revoked = key.model_copy(update={"revoked_at": key.revoked_at or now})
                self.by_token_hash[token_hash] = revoked
                return revoked
        return None


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store() -> CountingKeyStore:
    return CountingKeyStore()


@pytest.fixture
def clock() -> Clock:
    return Clock()


def test_a_known_key_is_looked_up_once_per_ttl(store: CountingKeyStore, clock: Clock) -> None:
    keys = Keys(store, cache_s=5.0, clock=clock)
    token, key = keys.create(user_ids=["alice"])
    assert keys.cached(token) is None  # creating does not remember
    for _ in range(10):
        assert authenticate(token, keys, auth_enabled=True) == key
    assert store.lookups == 1
    assert authenticate_cached(token, keys, auth_enabled=True) == key
    clock.now += 5.0
    assert authenticate_cached(token, keys, auth_enabled=True) is None  # expired: ask again
    assert authenticate(token, keys, auth_enabled=True) == key
    assert store.lookups == 2


def test_revoked_by_another_process_stops_working_within_the_ttl(
    store: CountingKeyStore, clock: Clock
) -> None:
    server = Keys(store, cache_s=5.0, clock=clock)
    cli = Keys(store, cache_s=5.0, clock=clock)  # another process on the same store
    token, key = server.create(user_ids=["alice"])
    assert authenticate(token, server, auth_enabled=True) == key
    cli.revoke(key.prefix)
    clock.now += 4.9
    assert authenticate(token, server, auth_enabled=True) == key  # the documented bound
    clock.now += 0.1
    with pytest.raises(AuthError):
        authenticate(token, server, auth_enabled=True)
    with pytest.raises(AuthError):  # and the revoked key is remembered as revoked
        authenticate_cached(token, server, auth_enabled=True)


def test_revoked_through_the_same_keys_stops_working_at_once(
    store: CountingKeyStore, clock: Clock
) -> None:
    keys = Keys(store, cache_s=5.0, clock=clock)
    token, key = keys.create(user_ids=["alice"])
    assert authenticate(token, keys, auth_enabled=True) == key
    keys.revoke(key.id)
    assert authenticate_cached(token, keys, auth_enabled=True) is None
    with pytest.raises(AuthError):
        authenticate(token, keys, auth_enabled=True)


def test_unknown_tokens_are_not_remembered(store: CountingKeyStore, clock: Clock) -> None:
    keys = Keys(store, cache_s=5.0, clock=clock)
    for _ in range(3):
        with pytest.raises(AuthError):
            authenticate("gm_unknown", keys, auth_enabled=True)
    assert store.lookups == 3
    with pytest.raises(AuthError):
        authenticate("not-a-graphmem-token", keys, auth_enabled=True)
    assert store.lookups == 3  # no prefix, no lookup


def test_ttl_zero_turns_the_cache_off(store: CountingKeyStore, clock: Clock) -> None:
    keys = Keys(store, cache_s=0.0, clock=clock)
    token, _ = keys.create(user_ids=["alice"])
    for _ in range(3):
        authenticate(token, keys, auth_enabled=True)
    assert store.lookups == 3
    assert authenticate_cached(token, keys, auth_enabled=True) is None


def test_without_io_when_no_lookup_is_needed(store: CountingKeyStore, clock: Clock) -> None:
    keys = Keys(store, cache_s=5.0, clock=clock)
    assert authenticate_cached(None, keys, auth_enabled=False) is not None
    with pytest.raises(AuthError):
        authenticate_cached(None, keys, auth_enabled=True)
    assert store.lookups == 0


def test_the_cache_is_bounded(store: CountingKeyStore, clock: Clock) -> None:
    keys = Keys(store, cache_s=5.0, clock=clock)
    tokens = [keys.create(user_ids=["alice"])[0] for _ in range(MAX_CACHED + 1)]
    for token in tokens:
        keys.lookup(token)
    assert len(keys._cache) <= MAX_CACHED
    assert keys.cached(tokens[-1]) is not None  # the newest stays
