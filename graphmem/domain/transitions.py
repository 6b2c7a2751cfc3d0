"""A lifecycle transition as the store is asked to write it, and what happened."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field


class TransitionRequest(BaseModel):
    action: Literal["merge", "supersede"]
    old_id: str
    new_id: str
    reason: str
    at: datetime
    predicates: list[str] = Field(default_factory=list)


class TransitionOutcome(BaseModel):
    applied: bool
    old_state: str | None
