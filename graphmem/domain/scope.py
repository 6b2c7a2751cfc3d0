"""Who a memory belongs to: any combination of user, agent and run ids (at least one)."""

from __future__ import annotations

import hashlib
import re

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

_ID = re.compile(r"^[^\x00-\x1f\ud800-\udfff]{1,256}$")  # no control chars, no lone surrogates


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
        """A stable string naming exactly this scope (used for locking and entity keys)."""
        return "\x1f".join(v or "" for v in (self.user_id, self.agent_id, self.run_id))

    @property
    def tokens(self) -> str:
        """Lucene-safe tokens naming each scope id (full-text queries filter on them)."""
        return scope_tokens(self.user_id, self.agent_id, self.run_id)

    def params(self) -> dict[str, str | None]:
        return {"user_id": self.user_id, "agent_id": self.agent_id, "run_id": self.run_id}


def scope_token(prefix: str, value: str) -> str:
    return prefix + hashlib.sha256(value.encode()).hexdigest()[:20]


def scope_tokens(user_id: str | None, agent_id: str | None, run_id: str | None) -> str:
    pairs = (("u", user_id), ("a", agent_id), ("r", run_id))
    return " ".join(scope_token(p, v) for p, v in pairs if v is not None)
