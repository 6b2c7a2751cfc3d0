"""``Memory.keys`` on the real Neo4j: keys are created bound to ids, found by their token only,
listed without secrets, revoked by id or prefix; ``authenticate`` (REST and MCP) on top."""

from __future__ import annotations

import neo4j
import pytest

from graphmem import Memory
from graphmem.domain.keys import ApiKey
from graphmem.errors import AuthError, NotFoundError, ValidationError
from graphmem.services.auth import UNRESTRICTED, authenticate
from graphmem.services.keys import PREFIX_CHARS, TOKEN_PREFIX, hash_token

pytestmark = pytest.mark.neo4j


def test_create_then_lookup_by_token_only(memory: Memory, user_id: str) -> None:
    token, key = memory.keys.create(user_ids=[user_id], allow_dream=True)
    assert token.startswith(TOKEN_PREFIX) and key.prefix == token[:PREFIX_CHARS]
    assert key.user_ids == [user_id] and key.allow_dream and not key.admin
    assert memory.keys.lookup(token) == key
    assert memory.keys.lookup(token + "x") is None
    assert memory.keys.lookup(token.removeprefix(TOKEN_PREFIX)) is None
    assert memory.keys.lookup(hash_token(token)) is None


def test_only_the_hash_is_stored(memory: Memory, driver: neo4j.Driver, user_id: str) -> None:
    token, key = memory.keys.create(agent_ids=[user_id])
    [row] = driver.execute_query(
        "MATCH (k:ApiKey {id: $id}) RETURN properties(k) AS k", id=key.id
    ).records
    assert row["k"]["hash"] == hash_token(token)
    assert token not in {str(v) for v in row["k"].values()}
    listed = [k for k in memory.keys.list() if k.id == key.id]
    assert listed == [key] and "hash" not in listed[0].model_dump()


def test_list_is_oldest_first(memory: Memory, user_id: str) -> None:
    made = [memory.keys.create(user_ids=[user_id])[1] for _ in range(3)]
    ours = [k.id for k in memory.keys.list() if k.id in {m.id for m in made}]
    assert ours == [m.id for m in made]


def test_revoke_by_id_or_prefix_is_idempotent(memory: Memory, user_id: str) -> None:
    token, key = memory.keys.create(user_ids=[user_id])
    first = memory.keys.revoke(key.prefix)
    assert first.revoked and first.id == key.id
    again = memory.keys.revoke(key.id)
    assert again.revoked_at == first.revoked_at
    found = memory.keys.lookup(token)
    assert found is not None and found.revoked


def test_revoke_unknown_is_not_found(memory: Memory) -> None:
    with pytest.raises(NotFoundError, match="No single API key"):
        memory.keys.revoke("gm_nope")


def test_create_checks_its_binding(memory: Memory, user_id: str) -> None:
    with pytest.raises(ValidationError, match="at least one user id or agent id"):
        memory.keys.create()
    with pytest.raises(ValidationError, match="--all-users"):
        memory.keys.create(user_ids=[user_id], all_users=True)
    with pytest.raises(ValidationError):
        memory.keys.create(user_ids=[""])
    _token, key = memory.keys.create(admin=True)
    assert key.admin and key.user_ids == [] and key.agent_ids == []
    memory.keys.revoke(key.id)


def test_authenticate(memory: Memory, user_id: str) -> None:
    token, key = memory.keys.create(user_ids=[user_id])
    assert authenticate(token, memory.keys, auth_enabled=True) == key
    assert authenticate(None, memory.keys, auth_enabled=False) is UNRESTRICTED
    for bad in (None, "", "gm_unknown", "Bearer " + token):
        with pytest.raises(AuthError):
            authenticate(bad, memory.keys, auth_enabled=True)
    memory.keys.revoke(key.id)
    with pytest.raises(AuthError, match="revoked"):
        authenticate(token, memory.keys, auth_enabled=True)


def test_health_passes_on_a_migrated_store(memory: Memory) -> None:
    assert memory.health() is None
    assert isinstance(UNRESTRICTED, ApiKey) and UNRESTRICTED.admin
