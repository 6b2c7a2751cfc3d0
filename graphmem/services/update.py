"""Changing a memory's text or metadata (the old text stays in history until a delete).

New text is re-embedded and re-extracted with the extractor adds use: the triplets only the
old text asserted are retired (kept as history), the new text's are written. An immutable
memory changes only with ``force=True``.
"""

from __future__ import annotations

from typing import Any

from graphmem.domain.extraction import ExtractedMemory, ExtractionRequest, Message
from graphmem.domain.memory import MemoryRecord
from graphmem.domain.scope import Scope
from graphmem.domain.writes import MemoryChange, WritePlan
from graphmem.errors import ImmutableMemoryError, NotFoundError, ValidationError
from graphmem.extraction.mentions import candidate_names
from graphmem.ports.embedder import Embedder
from graphmem.ports.extractor import Extractor
from graphmem.ports.store import MemoryStore, ScopeFilter
from graphmem.services import inputs
from graphmem.services.context import people_of
from graphmem.services.plan import Pending, PlanOptions, build_plan
from graphmem.services.reads import get_memory
from graphmem.services.relatives import identify_relatives
from graphmem.settings import LimitSettings

ROLES = ("user", "assistant", "system", "tool")


def _message(memory: MemoryRecord, text: str) -> Message:
    """The new text as the message it would have been: same role and speaker as the add."""
    role = memory.role if memory.role in ROLES else "user"
    name = memory.actor if memory.actor and memory.actor != memory.role else None
    return Message(role=role, content=text, name=name)  # type: ignore[arg-type]


def reextract(
    store: MemoryStore, extractor: Extractor, memory: MemoryRecord, scope: Scope, text: str
) -> ExtractedMemory:
    """Entities and triplets of the new text, from every memory the extractor finds in it
    (the text itself is stored as given; lifecycle proposals are not applied). An unnamed
    relative is written as its one named holder, as an add writes it; a stored unnamed one
    is merged only by an add."""
    known = store.known_entities_in(scope, candidate_names([text]))
    extraction = extractor.extract(
        ExtractionRequest(
            messages=[_message(memory, text)],
            observed_at=memory.observed_at,
            known_entities=[e.name for e in known],
            known_people=people_of(known),
        )
    )
    identify_relatives(scope, extraction, store.relative_holders)  # names only: no merge
    found = extraction.memories
    return ExtractedMemory(
        text=text,
        entities=[e for m in found for e in m.entities],
        triplets=[t for m in found for t in m.triplets],
    )


def _text_plan(
    store: MemoryStore,
    embedder: Embedder,
    extractor: Extractor,
    memory: MemoryRecord,
    scope: Scope,
    text: str,
) -> WritePlan:
    pending = Pending(
        id=memory.id,
        hash=inputs.text_hash(text),
        extracted=reextract(store, extractor, memory, scope, text),
        actor=memory.actor,
        role=memory.role,
    )
    options = PlanOptions(metadata=memory.metadata, observed_at=memory.observed_at)
    return build_plan(scope, [pending], options, embedder, store.existing_entity_keys)


def update_memory(
    store: MemoryStore,
    embedder: Embedder,
    extractor: Extractor,
    limits: LimitSettings,
    memory_id: str,
    scope: ScopeFilter,
    *,
    text: str | None = None,
    metadata: dict[str, Any] | None = None,
    force: bool = False,
    actor: str | None = None,
) -> MemoryRecord:
    if text is None and metadata is None:
        raise ValidationError("update needs text, metadata or both")
    if not isinstance(force, bool):
        raise ValidationError("force must be true or false")
    memory = get_memory(store, memory_id, scope)
    if memory.immutable and not force:
        raise ImmutableMemoryError(
            f"Memory {memory_id!r} is immutable: pass force=True to change it"
        )
    clean_meta = inputs.metadata_of(metadata, limits) if metadata is not None else None
    own = inputs.scope_of(memory.user_id, memory.agent_id, memory.run_id)
    change = MemoryChange(
        memory_id=memory_id,
        metadata=clean_meta,
        plan=WritePlan(scope=own),
        force=force,
        actor=actor,
    )
    if text is not None:
        inputs.check_text(text, limits)
        plan = _text_plan(store, embedder, extractor, memory, own, text)
        change = change.model_copy(
            update={
                "text": text,
                "hash": inputs.text_hash(text),
                "embedding": plan.memories[0].embedding,
                "plan": plan.model_copy(update={"memories": []}),
            }
        )
    updated = store.update(change)
    if updated is None:
        raise NotFoundError(f"No memory with id {memory_id!r}")
    return updated
