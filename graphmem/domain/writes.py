"""A write plan: everything one add stores, built by the service, written in one transaction."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from graphmem.domain.graph import TripletRecord
from graphmem.domain.relatives import EntityMerge
from graphmem.domain.results import Transition
from graphmem.domain.scope import Scope


class NewMemory(BaseModel):
    id: str
    text: str
    hash: str
    actor: str | None = None
    role: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
    observed_at: datetime
    event_date: datetime | None = None
    immutable: bool = False
    exclude_from_dream: bool = False  # frozen: no merge, supersede or Dream (docs/lifecycle.md)
    embedding: list[float]
    key_text: str | None = None  # the turn with the turns before it, when it had context
    key_embedding: list[float] | None = None
    key_source_ids: list[str] | None = None  # memories whose words the key holds (erasure)


class NewEntity(BaseModel):
    key: str
    id: str
    name: str
    normalized_name: str
    type: str | None = None
    embedding: list[float] | None = None


class NewTriplet(BaseModel):
    id: str
    source_key: str
    target_key: str
    predicate: str
    fact: str
    embedding: list[float]
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    memory_ids: list[str]


class LinkPolicy(BaseModel):
    """How many existing memories a new one is linked to through shared entities (0 = none),
    and above how many mentions an entity is a hub that links nothing."""

    per_memory: int = 0
    max_mentions: int = 100


class WritePlan(BaseModel):
    scope: Scope
    memories: list[NewMemory] = Field(default_factory=list)
    entities: list[NewEntity] = Field(default_factory=list)
    mentions: list[tuple[str, str]] = Field(default_factory=list)  # (memory_id, entity_key)
    triplets: list[NewTriplet] = Field(default_factory=list)
    links: LinkPolicy = Field(default_factory=LinkPolicy)
    # normalised names the add's role "user" messages carried (the owner's Scope records them:
    # graphmem/search/self_names.py)
    user_speakers: list[str] = Field(default_factory=list)
    # stored unnamed relatives that are the holder this add names (services/relatives.py)
    entity_merges: list[EntityMerge] = Field(default_factory=list)

    @property
    def new_entity_keys(self) -> list[str]:
        """Keys of the entities this add creates: those the plan embedded (it embeds only the
        names not stored yet). The owner's earlier memories that name them are linked to them
        too (adapters/neo4j/earlier_mentions.py)."""
        return [e.key for e in self.entities if e.embedding is not None]


class WriteOutcome(BaseModel):
    """What writing a plan did: the memories created, the planned ids that turned out to be
    duplicates (planned id -> stored id), the triplets written and the transitions decided."""

    created: list[str] = Field(default_factory=list)
    duplicates: dict[str, str] = Field(default_factory=dict)
    triplets: list[TripletRecord] = Field(default_factory=list)
    transitions: list[Transition] = Field(default_factory=list)


class MemoryChange(BaseModel):
    """An explicit update: new text (with its embedding and ``plan``, the entities, mentions
    and triplets re-extracted from it) and/or new metadata. ``force`` is needed to change an
    immutable memory; ``actor`` is recorded in history."""

    memory_id: str
    text: str | None = None
    hash: str | None = None
    embedding: list[float] | None = None
    metadata: dict[str, Any] | None = None
    plan: WritePlan
    force: bool = False
    actor: str | None = None
