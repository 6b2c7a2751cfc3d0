"""API keys and what each may touch. A key is bound to user ids and/or agent ids (each
non-empty list pins that scope id to one of its values), or it is an admin key.

A key bound only to agents acts only on memories that name no user, unless it was created
with ``all_users``. Running Dream on demand needs an admin key or ``allow_dream``. See
docs/security.md."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol, TypedDict, TypeVar

from pydantic import BaseModel, Field

from graphmem.domain.search import SearchResult
from graphmem.errors import PermissionDeniedError

USERLESS = (
    "this API key is bound to agents only: it acts on memories that name no user "
    "(create it with --all-users to reach users' memories)"
)


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


T = TypeVar("T", bound=Owned)


class ApiKey(BaseModel):
    """A stored key, without its secret (only the sha256 of the token is kept)."""

    id: str
    prefix: str
    user_ids: list[str] = Field(default_factory=list)
    agent_ids: list[str] = Field(default_factory=list)
    admin: bool = False
    all_users: bool = False  # an agent-only key may also act on memories that name a user
    allow_dream: bool = False  # may run Dream on demand (admin keys always may)
    created_at: datetime
    revoked_at: datetime | None = None

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None

    @property
    def scoped(self) -> bool:
        """A non-admin key bound to at least one user or agent id (any other sees nothing)."""
        return bool(self.user_ids or self.agent_ids)

    @property
    def userless_only(self) -> bool:
        """Bound to agents only, without ``all_users``: it sees only memories naming no user."""
        return not self.admin and not self.user_ids and not self.all_users

    def can_see(self, owned: Owned) -> bool:
        """Whether something stored under these scope ids lies inside this key."""
        if self.admin:
            return True
        if self.userless_only and owned.user_id is not None:
            return False
        return (
            self.scoped
            and _allowed(owned.user_id, self.user_ids)
            and _allowed(owned.agent_id, self.agent_ids)
        )

    def visible(self, found: Sequence[T]) -> list[T]:
        """What a listing may show: an agent-only key's scope (agent id, no user id) also
        matches memories that name a user, which lie outside the key."""
        return [item for item in found if self.can_see(item)]

    def visible_search(self, found: SearchResult) -> SearchResult:
        """A search answer without the memories outside the key, nor the relations only they
        explain."""
        if not self.userless_only:
            return found
        results = self.visible(found.results)
        shown = {m.id for m in results}
        relations = [r for r in found.relations if shown.intersection(r.memory_ids)]
        linked = self.visible(found.linked)
        return found.model_copy(
            update={"results": results, "relations": relations, "linked": linked}
        )

    def check_dream_scope(self) -> None:
        """Dream's filters treat a missing user id as any user: an agent-only key would reach
        users' scopes, so it may use Dream only with ``all_users``."""
        if self.userless_only:
            raise PermissionDeniedError(
                "Dream scopes span the users of an agent: this agent-only API key needs "
                "--all-users to use Dream"
            )

    def check_dream_run(self) -> None:
        """Enabling or running Dream on demand costs minutes of work (and LLM calls): admin
        keys, or keys created with ``allow_dream``."""
        self.check_dream_scope()
        if not (self.admin or self.allow_dream):
            raise PermissionDeniedError(
                "running Dream needs an admin key or one created with --allow-dream"
            )

    def check_bulk_delete(self, scope: ScopeIds) -> None:
        """Deleting every memory of a scope that spans users (no user id) needs an admin key."""
        if not self.admin and scope["user_id"] is None:
            raise PermissionDeniedError(
                "deleting across users needs an admin key: name a user_id, or delete by id"
            )

    def resolve_scope(
        self, user_id: str | None, agent_id: str | None, run_id: str | None
    ) -> ScopeIds:
        """The scope a request may use: ids outside the key raise PermissionDeniedError; a
        missing id the key pins to exactly one value defaults to it."""
        if not self.admin:
            if not self.scoped:
                raise PermissionDeniedError("this API key is bound to no scope")
            if self.userless_only and user_id is not None:
                raise PermissionDeniedError(USERLESS)
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
