"""Results returned by the write path."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, Field

from graphmem.domain.graph import TripletRecord


class AddEvent(StrEnum):
    ADD = "ADD"
    NOOP = "NOOP"


class Transition(BaseModel):
    """A lifecycle change requested by an add, and whether it was written. ``end``: the old
    memory stays current and only the facts of it the new one denies end (their triplets get
    ``valid_to``)."""

    action: Literal["merge", "supersede", "end"]
    old_memory_id: str
    new_memory_id: str
    outcome: Literal["applied", "lost_race", "rejected"]
    reason: str | None = None


class AddItem(BaseModel):
    id: str
    memory: str
    event: AddEvent
    relations: list[TripletRecord] = Field(default_factory=list)
    transitions: list[Transition] = Field(default_factory=list)


class AddResult(BaseModel):
    results: list[AddItem] = Field(default_factory=list)
    llm_calls: int = 0
