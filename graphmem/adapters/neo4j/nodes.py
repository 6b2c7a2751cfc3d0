"""Typed neomodel classes: the graph schema's labels, properties, constraints and indexes.

``graphmem migrate`` installs what these classes declare (uniqueness constraints, range
indexes) with neomodel, then from ``cypher/schema`` the vector indexes (dimension from the
embedder, scope ids declared as in-index filters) and the full-text indexes, which cover the
text and a ``scope_tokens`` field so a Lucene query is filtered to its scope inside the index.
Hot paths never go through these classes: they run the parameterised Cypher files.
"""

from __future__ import annotations

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
    lifecycle_state = StringProperty(index=True)
    replacement_memory_id = StringProperty()
    immutable = BooleanProperty()
    exclude_from_dream = BooleanProperty()
    synthesized = BooleanProperty()
    access_count = IntegerProperty()
    last_accessed_at = DateTimeProperty()
    embedding = ArrayProperty(FloatProperty())
    mentions = RelationshipTo("Entity", "MENTIONS")


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


SCHEMA_CLASSES: tuple[type[StructuredNode], ...] = (Entity, Memory, MemoryEvent, Scope)
