"""Entities and relationship triplets as the domain sees them."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field, field_validator


class RelationInput(BaseModel):
    """A triplet an agent already knows: ``{"source", "relation", "target"}``."""

    model_config = ConfigDict(extra="forbid")

    source: str = Field(min_length=1, max_length=200)
    relation: str = Field(min_length=1, max_length=100)
    target: str = Field(min_length=1, max_length=200)

    @field_validator("source", "relation", "target")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be blank")
        return value.strip()


class EntityRecord(BaseModel):
    id: str
    name: str
    normalized_name: str
    type: str | None = None
    user_id: str | None = None
    agent_id: str | None = None
    run_id: str | None = None


class TripletRecord(BaseModel):
    id: str
    source: str
    predicate: str
    target: str
    fact: str
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    memory_ids: list[str] = Field(default_factory=list)
