"""Typed neomodel classes: every label graphmem writes, its properties, its uniqueness
constraints and its range indexes.

``graphmem migrate`` installs what these classes declare with neomodel (this module is
imported only then: ``import graphmem`` does not load neomodel). The vector indexes
(dimension from the embedder, scope ids declared as in-index filters) and the full-text
indexes (text plus a ``scope_tokens`` field, so a Lucene query is filtered to its scope inside
the index) come from ``cypher/schema``: neomodel cannot declare either of those shapes.
Hot paths never go through these classes: they run the parameterised Cypher files.
"""

from __future__ import annotations

from typing import Any

from neomodel import (
    ArrayProperty,
    BooleanProperty,
    DateTimeProperty,
    FloatProperty,
    IntegerProperty,
    JSONProperty,
    RelationshipTo,
    StringProperty,
    StructuredNode,
    StructuredRel,
)
from neomodel.properties import Property, validator


class Int8VectorProperty(Property):
    """A vector kept as int8 bytes (Neo4j ``byte[]``), compared but never indexed."""

    @validator
    def inflate(self, value: Any) -> bytes:
        return bytes(value)

    @validator
    def deflate(self, value: Any) -> bytes:
        return bytes(value)


class RelatesTo(StructuredRel):
    """A triplet: ``(:Entity)-[:RELATES_TO {predicate}]->(:Entity)``; predicate is data."""

    uid = StringProperty(unique_index=True, db_property="id")
    predicate = StringProperty(index=True)
    fact = StringProperty()
    scope_tokens = StringProperty()
    embedding = ArrayProperty(FloatProperty())
    valid_from = DateTimeProperty()
    valid_to = DateTimeProperty()
    created_at = DateTimeProperty()
    memory_ids = ArrayProperty(StringProperty())
    owner = StringProperty()
    user_id = StringProperty()
    agent_id = StringProperty()
    run_id = StringProperty()


class Entity(StructuredNode):
    uid = StringProperty(unique_index=True, db_property="id")
    key = StringProperty(unique_index=True)
    name = StringProperty()
    scope_tokens = StringProperty()
    normalized_name = StringProperty(index=True)
    type = StringProperty()
    owner = StringProperty(index=True)  # the owner's key: one entity per owner and name
    user_id = StringProperty()
    agent_id = StringProperty()
    run_id = StringProperty()
    embedding = ArrayProperty(FloatProperty())
    relates_to = RelationshipTo("Entity", "RELATES_TO", model=RelatesTo)


class Memory(StructuredNode):
    uid = StringProperty(unique_index=True, db_property="id")
    text = StringProperty()
    scope_tokens = StringProperty()
    hash = StringProperty(index=True)
    scope_key = StringProperty(index=True)
    owner = StringProperty(index=True)  # user, else agent, else run (domain/scope.py)
    user_id = StringProperty(index=True)
    agent_id = StringProperty(index=True)
    run_id = StringProperty(index=True)
    actor = StringProperty()
    role = StringProperty()
    metadata = JSONProperty()
    created_at = DateTimeProperty()
    updated_at = DateTimeProperty()
    observed_at = DateTimeProperty(index=True)
    event_date = DateTimeProperty()
    lifecycle_state = StringProperty(index=True)
    replacement_memory_id = StringProperty()
    immutable = BooleanProperty()
    exclude_from_dream = BooleanProperty()
    synthesized = BooleanProperty()
    access_count = IntegerProperty()
    last_accessed_at = DateTimeProperty()
    # The own text's vector: `embedding` (float32, indexed) without a context key; beside
    # one, search finds the memory by `key_embedding` and the own text's vector is
    # `text_embedding` (int8 bytes, unindexed, compared exactly; vector_codec.py). One indexed
    # vector per memory (docs/scaling.md).
    embedding = ArrayProperty(FloatProperty())
    text_embedding = Int8VectorProperty()
    metadata_terms = ArrayProperty(StringProperty())
    key_text = StringProperty()  # the turn with the turns before it (context keys)
    key_embedding = ArrayProperty(FloatProperty())
    key_source_ids = ArrayProperty(StringProperty())
    mentions = RelationshipTo("Entity", "MENTIONS")
    linked_to = RelationshipTo("Memory", "LINKED_TO")
    superseded_by = RelationshipTo("Memory", "SUPERSEDED_BY")
    merged_into = RelationshipTo("Memory", "MERGED_INTO")


class Synthesis(Memory):
    """A memory Dream wrote (labels ``Memory:Synthesis``), resting on its sources. It adds no
    constraint or index of its own: migrate installs the rules of ``Memory`` only."""

    source_set_hash = StringProperty()
    source_count = IntegerProperty()
    synthesized_from = RelationshipTo("Memory", "SYNTHESIZED_FROM")


class MemoryEvent(StructuredNode):
    """One history entry; kept after its memory is deleted."""

    uid = StringProperty(unique_index=True, db_property="id")
    memory_id = StringProperty(index=True)
    event = StringProperty()
    old_text = StringProperty()
    new_text = StringProperty()
    at = DateTimeProperty()
    related_memory_id = StringProperty(index=True)
    reason = StringProperty()
    actor = StringProperty()
    erased_at = DateTimeProperty()
    user_id = StringProperty()
    agent_id = StringProperty()
    run_id = StringProperty()


class Scope(StructuredNode):
    """One per scope: the write lock for adds; an owner's own scope (only the owner's id) is
    also its Dream state. Indexed by each id so scope filters seek rather than scan."""

    key = StringProperty(unique_index=True)
    user_id = StringProperty(index=True)
    agent_id = StringProperty(index=True)
    run_id = StringProperty(index=True)
    dream_enabled_at = DateTimeProperty(index=True)
    dream_last_run_at = DateTimeProperty()
    dream_watermark = DateTimeProperty()
    lock_seq = IntegerProperty()


class ApiKey(StructuredNode):
    """An API key: only the sha256 of its token is stored, and looked up."""

    uid = StringProperty(db_property="id")
    hash = StringProperty(unique_index=True)
    prefix = StringProperty()
    user_ids = ArrayProperty(StringProperty())
    agent_ids = ArrayProperty(StringProperty())
    admin = BooleanProperty()
    all_users = BooleanProperty()
    allow_dream = BooleanProperty()
    created_at = DateTimeProperty()
    revoked_at = DateTimeProperty()


class DreamLease(StructuredNode):
    """One per scope Dream runs on: its owner holds it until it expires. The constraint makes
    the lease's MERGE race-safe."""

    scope_key = StringProperty(unique_index=True)
    owner = StringProperty()
    expires_at = DateTimeProperty()


class DreamRun(StructuredNode):
    """What one Dream run examined, qualified, wrote and skipped (bookkeeping)."""

    uid = StringProperty(db_property="id")
    scope_key = StringProperty(index=True)
    user_id = StringProperty(index=True)
    agent_id = StringProperty(index=True)
    status = StringProperty()
    note = StringProperty()
    started_at = DateTimeProperty()
    finished_at = DateTimeProperty()
    examined = IntegerProperty()
    qualified = IntegerProperty()
    written = IntegerProperty()
    skipped = IntegerProperty()
    details_json = StringProperty()


class GraphMemMeta(StructuredNode):
    """Store-wide facts by key: ``embedder`` records the embedder the vectors were made with
    and the progress of a re-embedding."""

    key = StringProperty(unique_index=True)
    identity = StringProperty()
    recorded_at = DateTimeProperty()
    reembed_target = StringProperty()
    reembed_memory_after = StringProperty()
    reembed_entity_after = StringProperty()
    reembed_triplet_after = StringProperty()


# Every label graphmem writes; migrate installs each one's constraints and range indexes.
# Synthesis is absent on purpose: it would repeat Memory's indexes under its own label.
SCHEMA_CLASSES: tuple[type[StructuredNode], ...] = (
    Entity,
    Memory,
    MemoryEvent,
    Scope,
    ApiKey,
    DreamLease,
    DreamRun,
    GraphMemMeta,
)
LABELS = (*(cls.__name__ for cls in SCHEMA_CLASSES), Synthesis.__name__)
