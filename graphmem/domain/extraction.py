"""What an extractor (offline patterns or one LLM call) returns for one add."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field


class ExtractedEntity(BaseModel):
    name: str = Field(min_length=1, max_length=200)
    type: str | None = None


#: The target of a denial that ends an activity whatever it was done with: "I quit smoking"
#: denies ``smoking any_value``, which ends "I smoke ten cigarettes a day" (``smoke
#: cigarette``; graphmem/lifecycle/guards.py). Never the target of a stored triplet.
ANY_VALUE = "any_value"


class ExtractedTriplet(BaseModel):
    source: str = Field(min_length=1, max_length=200)
    predicate: str = Field(min_length=1, max_length=100)
    target: str = Field(min_length=1, max_length=200)
    fact: str = Field(min_length=1, max_length=1000)
    valid_from: datetime | None = None
    valid_to: datetime | None = None


class LifecycleProposal(BaseModel):
    """The extractor's claim about one older memory; the deterministic guards decide.
    ``end``: offline detection only; the old memory stays current, the ``ended`` facts of it
    that the new memory denies end."""

    action: Literal["merge", "supersede", "end"]
    old_memory_id: str
    reason: str | None = None
    ended: list[ExtractedTriplet] = Field(default_factory=list)


class ExtractedMemory(BaseModel):
    text: str = Field(min_length=1)
    source_index: int | None = None
    entities: list[ExtractedEntity] = Field(default_factory=list)
    triplets: list[ExtractedTriplet] = Field(default_factory=list)
    # facts the text says have ended ("I'm not vegan anymore": diet vegan); never stored as
    # triplets, read by the lifecycle only (graphmem/extraction/nlp/denials.py)
    denied: list[ExtractedTriplet] = Field(default_factory=list)
    proposals: list[LifecycleProposal] = Field(default_factory=list)
    event_date: datetime | None = None  # when what it tells happened ("yesterday" resolved)


class Extraction(BaseModel):
    memories: list[ExtractedMemory] = Field(default_factory=list)
    llm_calls: int = 0


class Message(BaseModel):
    """One conversation turn. ``system`` turns are context only, never stored."""

    role: Literal["user", "assistant", "system", "tool"] = "user"
    content: str
    name: str | None = None


class KnownEntity(BaseModel):
    """An entity of the owner that a message may mention: its name and stored type."""

    name: str
    type: str | None = None


class KnownMemory(BaseModel):
    """An existing active memory shown to the extractor so it can propose merge/supersede."""

    id: str
    text: str
    observed_at: datetime | None = None


class ExtractionRequest(BaseModel):
    messages: list[Message]
    observed_at: datetime
    similar: list[KnownMemory] = Field(default_factory=list)
    recent: list[str] = Field(default_factory=list)
    known_entities: list[str] = Field(default_factory=list)
    #: The known entities stored as persons: a third party named as the subject of a clause
    #: ("Tiago dropped swimming") is read as one even where the parser guesses another type.
    known_people: list[str] = Field(default_factory=list)
