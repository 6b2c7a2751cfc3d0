"""Who a memory belongs to: any combination of user, agent and run ids (at least one).

The *owner* of a memory is its user, or its agent when it names no user (or its run when it
names neither). Entities, duplicate detection, lifecycle candidates and Dream are per owner,
across runs: "Alice" is one Entity per owner. The run id (and the agent id of a memory that
names a user) stays on the memory as provenance and as a filter. This module is the one place
that says so: the owner rule, the owner key, the entity-key format and the scope filter
(the ids a read narrows to, any of them None) live here.
"""

from __future__ import annotations

import hashlib
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from graphmem.errors import ValidationError

_ID = re.compile(r"^[^\x00-\x1f\ud800-\udfff]{1,256}$")  # no control chars, no lone surrogates
SEPARATOR = "\x1f"
# Which index a scope filter seeks on: the most selective id it names.
Anchor = Literal["user", "agent", "run", "all"]
# The ids a read narrows to ({"user_id", "agent_id", "run_id"}); None matches any.
ScopeFilter = dict[str, str | None]


class Scope(BaseModel):
    model_config = ConfigDict(frozen=True)

    user_id: str | None = None
    agent_id: str | None = None
    run_id: str | None = None

    @field_validator("user_id", "agent_id", "run_id")
    @classmethod
    def _valid_id(cls, value: str | None) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str) or not _ID.match(value) or not value.strip():
            raise ValueError("scope ids are 1-256 printable characters, not blank")
        return value

    @model_validator(mode="after")
    def _at_least_one(self) -> Scope:
        if self.user_id is None and self.agent_id is None and self.run_id is None:
            raise ValueError("at least one of user_id, agent_id, run_id is required")
        return self

    @property
    def key(self) -> str:
        """A stable string naming exactly this scope (the Scope node of these ids)."""
        return SEPARATOR.join(v or "" for v in (self.user_id, self.agent_id, self.run_id))

    @property
    def tokens(self) -> str:
        """Lucene-safe tokens naming each scope id (full-text queries filter on them)."""
        return scope_tokens(self.user_id, self.agent_id, self.run_id)

    @property
    def owner(self) -> Scope:
        """The scope naming only the owner: the user, else the agent, else the run."""
        return owner_scope(self.user_id, self.agent_id, self.run_id)

    @property
    def owner_key(self) -> str:
        """The owner's key (the key of its owner scope): entities, dedupe, lifecycle and
        Dream are grouped by it."""
        return self.owner.key

    def params(self) -> dict[str, str | None]:
        return {"user_id": self.user_id, "agent_id": self.agent_id, "run_id": self.run_id}


def owner_scope(user_id: str | None, agent_id: str | None, run_id: str | None) -> Scope:
    if user_id is not None:
        return Scope(user_id=user_id)
    if agent_id is not None:
        return Scope(agent_id=agent_id)
    return Scope(run_id=run_id)


def scope_filter(user_id: str | None, agent_id: str | None, run_id: str | None) -> ScopeFilter:
    """The ids a read narrows to, checked as a written scope's are (an id no scope can have,
    "u\x1f", is refused with the reason rather than matched against nothing)."""
    for value in (user_id, agent_id, run_id):
        if value is not None and (
            not isinstance(value, str) or not _ID.match(value) or not value.strip()
        ):
            raise ValidationError("scope ids are 1-256 printable characters, not blank")
    return {"user_id": user_id, "agent_id": agent_id, "run_id": run_id}


#: The entity a message without a name speaks as ("I", "my" of a role "user" message).
SELF_ENTITY = "user"
#: How many names of role "user" speakers the owner's Scope records (more: nobody is "I").
MAX_USER_SPEAKERS = 4


def entity_key(owner_key: str, normalized_name: str) -> str:
    """One Entity per owner and normalised name."""
    return f"{owner_key}{SEPARATOR}{normalized_name}"


def anchor(user_id: str | None, agent_id: str | None, run_id: str | None) -> Anchor:
    """Which id a scope filter seeks on (an equality the planner serves from an index); the
    other ids given narrow the rows found. Null ids match anything."""
    if user_id is not None:
        return "user"
    if agent_id is not None:
        return "agent"
    if run_id is not None:
        return "run"
    return "all"


def scope_token(prefix: str, value: str) -> str:
    return prefix + hashlib.sha256(value.encode()).hexdigest()[:20]


def scope_tokens(user_id: str | None, agent_id: str | None, run_id: str | None) -> str:
    pairs = (("u", user_id), ("a", agent_id), ("r", run_id))
    return " ".join(scope_token(p, v) for p, v in pairs if v is not None)
