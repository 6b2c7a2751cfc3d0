"""API keys as ``(:ApiKey)`` nodes: the `graphmem.ports.keys.KeyStore` port on Neo4j. Only
the sha256 of a token is stored (`graphmem.services.keys` makes tokens and hashes them)."""

from __future__ import annotations

from datetime import datetime

import neo4j

from graphmem.adapters.neo4j.records import native_map
from graphmem.adapters.neo4j.statements import Statements
from graphmem.domain.keys import ApiKey


def _key(row: neo4j.Record) -> ApiKey:
    return ApiKey.model_validate(native_map(row["key"]))


class Neo4jKeyStore:
    """Create, look up, list and revoke API keys on one driver."""

    def __init__(self, driver: neo4j.Driver, database: str) -> None:
        self.statements = Statements(driver, database)

    def insert(self, key: ApiKey, token_hash: str) -> ApiKey:
        [row] = self.statements.write(
            "keys/create",
            "create an API key",
            id=key.id,
            hash=token_hash,
            prefix=key.prefix,
            user_ids=key.user_ids,
            agent_ids=key.agent_ids,
            admin=key.admin,
            all_users=key.all_users,
            allow_dream=key.allow_dream,
            now=key.created_at,
        )
        return _key(row)

    def by_hash(self, token_hash: str) -> ApiKey | None:
        rows = self.statements.read("keys/by_hash", "check an API key", hash=token_hash)
        return _key(rows[0]) if rows else None

    def list(self) -> list[ApiKey]:
        return [_key(r) for r in self.statements.read("keys/list", "list API keys")]

    def revoke(self, ref: str, now: datetime) -> ApiKey | None:
        rows = self.statements.write("keys/revoke", "revoke an API key", ref=ref, now=now)
        return _key(rows[0]) if rows else None
