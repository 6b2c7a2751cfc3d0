"""API keys and what each may touch. A key is bound to user ids and/or agent ids (each
non-empty list pins that scope id to one of its values), or it is an admin key."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol, TypedDict

from pydantic import BaseModel, Field

from graphmem.errors import PermissionDeniedError


class ScopeIds(TypedDict):
    user_id: str | None
    agent_id: str | None
    run_id: str | None


class Owned(Protocol):
    """Anything that carries scope ids: a memory, an entity, a history event."""

    @property
    def user_id(self) -> str | None: ...
    @property
    def agent_id(self) -> str | None: ...


class ApiKey(BaseModel):
    """A stored key, without its secret (only the sha256 of the token is kept)."""

    id: str
    prefix: str
    user_ids: list[str] = Field(default_factory=list)
    agent_ids: list[str] = Field(default_factory=list)
    admin: bool = False
    created_at: datetime
    revoked_at: datetime | None = None

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None

    @property
    def scoped(self) -> bool:
        """A non-admin key bound to at least one user or agent id (any other sees nothing)."""
        return bool(self.user_ids or self.agent_ids)

    def can_see(self, owned: Owned) -> bool:
        """Whether something stored under these scope ids lies inside this key."""
        if self.admin:
            return True
        return (
            self.scoped
            and _allowed(owned.user_id, self.user_ids)
            and _allowed(owned.agent_id, self.agent_ids)
        )

    def resolve_scope(
        self, user_id: str | None, agent_id: str | None, run_id: str | None
    ) -> ScopeIds:
        """The scope a request may use: ids outside the key raise PermissionDeniedError; a
        missing id the key pins to exactly one value defaults to it."""
        if not self.admin:
            if not self.scoped:
                raise PermissionDeniedError("this API key is bound to no scope")
            user_id = _pick("user_id", user_id, self.user_ids)
            agent_id = _pick("agent_id", agent_id, self.agent_ids)
        return ScopeIds(user_id=user_id, agent_id=agent_id, run_id=run_id)


def _allowed(value: str | None, allowed: list[str]) -> bool:
    return not allowed or value in allowed


def _pick(name: str, given: str | None, allowed: list[str]) -> str | None:
    if not allowed:
        return given
    if given is None:
        if len(allowed) == 1:
            return allowed[0]
        raise PermissionDeniedError(f"this API key needs {name}: name one of the key's own")
    if given not in allowed:
        raise PermissionDeniedError(f"{name} is outside this API key's scope")
    return given
