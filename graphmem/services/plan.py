"""Turns extracted memories into a WritePlan: ids, entity keys, one batched embedding call."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from pydantic import BaseModel

from graphmem.domain.extraction import ExtractedMemory
from graphmem.domain.key_vectors import compose
from graphmem.domain.scope import SELF_ENTITY, Scope, entity_key
from graphmem.domain.writes import NewEntity, NewMemory, NewTriplet, WritePlan
from graphmem.lifecycle.predicates import normalize_name, normalize_predicate, speaker_keys
from graphmem.ports.embedder import Embedder


class Pending(BaseModel):
    """One memory about to be written, with what the write needs besides its extraction."""

    id: str
    hash: str
    extracted: ExtractedMemory
    actor: str | None = None
    role: str | None = None
    key_text: str | None = None  # context key (docs/search.md); None when it had no context
    key_source_ids: list[str] = []  # the memories whose words the key holds
    key_parts: list[str] = []  # the texts its key vector is made of (context_keys.key_parts)


class PlanOptions(BaseModel):
    metadata: dict[str, Any]
    observed_at: datetime
    immutable: bool = False
    exclude_from_dream: bool = False


def owner_entity_key(scope: Scope, name: str) -> str:
    """Entities belong to the scope's owner, across runs (the format lives in domain/scope)."""
    return entity_key(scope.owner_key, normalize_name(name))


def _entity_names(memory: ExtractedMemory) -> dict[str, str | None]:
    names: dict[str, str | None] = {e.name: e.type for e in memory.entities}
    for t in memory.triplets:
        names.setdefault(t.source, None)
        names.setdefault(t.target, None)
    return {n: ty for n, ty in names.items() if normalize_name(n)}


def build_plan(
    scope: Scope,
    pending: Sequence[Pending],
    options: PlanOptions,
    embedder: Embedder,
    existing_keys: Callable[[list[str]], set[str]],
) -> WritePlan:
    entities: dict[str, NewEntity] = {}
    mentions: dict[tuple[str, str], None] = {}  # ordered set: membership is O(1)
    triplets: dict[tuple[str, str, str], NewTriplet] = {}
    for p in pending:
        for name, kind in _entity_names(p.extracted).items():
            key = owner_entity_key(scope, name)
            entities.setdefault(
                key,
                NewEntity(
                    key=key,
                    id=str(uuid.uuid4()),
                    name=name.strip(),
                    normalized_name=normalize_name(name),
                    type=kind,
                ),
            )
            mentions.setdefault((p.id, key))
        for t in p.extracted.triplets:
            ident = (
                owner_entity_key(scope, t.source),
                normalize_predicate(t.predicate),
                owner_entity_key(scope, t.target),
            )
            if ident in triplets:
                triplets[ident].memory_ids.append(p.id)
                continue
            triplets[ident] = NewTriplet(
                id=str(uuid.uuid4()),
                source_key=ident[0],
                predicate=ident[1],
                target_key=ident[2],
                fact=t.fact,
                embedding=[],
                valid_from=t.valid_from,
                valid_to=t.valid_to,
                memory_ids=[p.id],
            )
    known = existing_keys(list(entities)) if entities else set()
    new_entities = [e for k, e in entities.items() if k not in known]
    keyed = [p for p in pending if p.key_text]
    texts = list(
        dict.fromkeys(
            [p.extracted.text for p in pending]
            + [part for p in keyed for part in p.key_parts]
            + [e.name for e in new_entities]
            + [t.fact for t in triplets.values()]
        )
    )
    vector_of = dict(zip(texts, embedder.embed(texts), strict=True))
    memories = [
        NewMemory(
            id=p.id,
            text=p.extracted.text,
            hash=p.hash,
            actor=p.actor,
            role=p.role,
            metadata=options.metadata,
            observed_at=options.observed_at,
            event_date=p.extracted.event_date,
            immutable=options.immutable,
            exclude_from_dream=options.exclude_from_dream,
            embedding=vector_of[p.extracted.text],
            key_text=p.key_text,
            key_source_ids=p.key_source_ids or None,
        )
        for p in pending
    ]
    by_id = {m.id: m for m in memories}
    for p in keyed:
        by_id[p.id].key_embedding = compose(p.key_parts, [vector_of[t] for t in p.key_parts])
    for e in new_entities:
        e.embedding = vector_of[e.name]
    for t in triplets.values():
        t.embedding = vector_of[t.fact]
    return WritePlan(
        scope=scope,
        memories=memories,
        entities=list(entities.values()),
        mentions=list(mentions),
        triplets=list(triplets.values()),
        user_speakers=user_speakers(pending),
    )


def user_speakers(pending: Sequence[Pending]) -> list[str]:
    """The names the role "user" messages carried, normalised as entity keys are (a message
    without a name speaks as ``user``, already the self entity)."""
    return speaker_keys((p.actor for p in pending if p.role == "user" and p.actor), SELF_ENTITY)
