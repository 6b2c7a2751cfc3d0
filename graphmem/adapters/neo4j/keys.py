"""API keys as ``(:ApiKey)`` nodes. Only the sha256 of a token is stored; the token itself is
shown once, when the key is created."""

from __future__ import annotations

import hashlib
import secrets
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime

import neo4j

from graphmem.adapters.neo4j.records import native_map
from graphmem.adapters.neo4j.statements import Statements
from graphmem.domain.keys import ApiKey
from graphmem.errors import NotFoundError, ValidationError
from graphmem.services import inputs

TOKEN_PREFIX = "gm_"
PREFIX_CHARS = 11  # "gm_" and 8 random characters: shown in listings, accepted by revoke


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def _key(row: neo4j.Record) -> ApiKey:
    return ApiKey.model_validate(native_map(row["key"]))


class KeyStore:
    """Create, look up, list and revoke API keys on one driver."""

    def __init__(self, driver: neo4j.Driver, database: str) -> None:
        self.statements = Statements(driver, database)

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
        [row] = self.statements.write(
            "keys/create",
            "create an API key",
            id=str(uuid.uuid4()),
            hash=hash_token(token),
            prefix=token[:PREFIX_CHARS],
            user_ids=list(user_ids),
            agent_ids=list(agent_ids),
            admin=admin,
            all_users=all_users,
            allow_dream=allow_dream,
            now=datetime.now(UTC),
        )
        return token, _key(row)

    def lookup(self, token: str) -> ApiKey | None:
        """The key for this token, revoked or not; None when the token is unknown."""
        if not token.startswith(TOKEN_PREFIX):
            return None
        rows = self.statements.read("keys/by_hash", "check an API key", hash=hash_token(token))
        return _key(rows[0]) if rows else None

    def list(self) -> list[ApiKey]:
        return [_key(r) for r in self.statements.read("keys/list", "list API keys")]

    def revoke(self, ref: str) -> ApiKey:
        """Revoke the key with this id or prefix (idempotent)."""
        rows = self.statements.write(
            "keys/revoke", "revoke an API key", ref=ref, now=datetime.now(UTC)
        )
        if not rows:
            raise NotFoundError(f"No single API key with id or prefix {ref!r}")
        return _key(rows[0])


def _check_ids(user_ids: Sequence[str], agent_ids: Sequence[str], admin: bool) -> None:
    if not admin and not (user_ids or agent_ids):
        raise ValidationError("an API key needs at least one user id or agent id, or admin")
    for user_id in user_ids:
        inputs.scope_of(user_id, None, None)
    for agent_id in agent_ids:
        inputs.scope_of(None, agent_id, None)
