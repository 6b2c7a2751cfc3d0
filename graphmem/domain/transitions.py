"""A lifecycle transition as the store is asked to write it, and what happened."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field


class EndedFact(BaseModel):
    """A fact an ``end`` transition ends: its subject's and its value's entity keys and its
    predicate."""

    source_key: str
    predicate: str
    target_key: str


class TransitionRequest(BaseModel):
    action: Literal["merge", "supersede", "end"]
    old_id: str
    new_id: str
    reason: str
    at: datetime
    predicates: list[str] = Field(default_factory=list)
    ended: list[EndedFact] = Field(default_factory=list)


class TransitionOutcome(BaseModel):
    applied: bool
    old_state: str | None


class Slot(BaseModel):
    """A fact's subject entity and predicate; ``holder``: the key is the person a one-holder
    role is held for (the fact's target: "Tom manager_of Sven" is Sven's manager slot)."""

    source_key: str
    predicate: str  # normalised
    holder: bool = False


class CandidateQuery(BaseModel):
    """One new memory whose lifecycle candidates are read."""

    new_id: str
    # its text as a Lucene query filtered to the owner (search/lucene.py), None without words
    query: str | None = None
    proposed: list[str] = Field(default_factory=list)  # ids a proposal named
    # (subject entity key, predicate) of each functional triplet it asserts, and (person
    # entity key, predicate) of each one-holder role held for someone
    slots: list[Slot] = Field(default_factory=list)


class CandidateRead(BaseModel):
    """The lifecycle candidates of an add's new memories, read in one statement
    (``cypher/memory/candidates_batch.cypher``): per new memory, the ``k`` active memories of
    its owner nearest to it by exact cosine (over the whole owner up to ``exact_scan_max``
    memories; beyond, over the ``fetch`` best full-text matches of its text), the memories
    asserting one of its functional slots through the graph, and the proposed ids."""

    queries: list[CandidateQuery]
    k: int
    exclude: list[str] = Field(default_factory=list)
    exact_scan_max: int
    fetch: int
