"""Changing a memory's text (re-embedded; the old text stays in history) or metadata."""

from __future__ import annotations

from typing import Any

from graphmem.domain.memory import MemoryRecord
from graphmem.errors import ValidationError
from graphmem.ports.embedder import Embedder
from graphmem.ports.store import MemoryStore, ScopeFilter
from graphmem.services import inputs
from graphmem.services.reads import get_memory
from graphmem.settings import LimitSettings


def update_memory(
    store: MemoryStore,
    embedder: Embedder,
    limits: LimitSettings,
    memory_id: str,
    scope: ScopeFilter,
    *,
    text: str | None = None,
    metadata: dict[str, Any] | None = None,
) -> MemoryRecord:
    if text is None and metadata is None:
        raise ValidationError("update needs text, metadata or both")
    memory = get_memory(store, memory_id, scope)
    clean_meta = inputs.metadata_of(metadata, limits) if metadata is not None else None
    if text is None:
        return store.update(memory, text=None, text_hash=None, embedding=None, metadata=clean_meta)
    inputs.check_text(text, limits)
    [vector] = embedder.embed([text])
    return store.update(
        memory, text=text, text_hash=inputs.text_hash(text), embedding=vector, metadata=clean_meta
    )
