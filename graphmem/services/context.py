"""What the extractor sees besides the new messages: the scope's most similar active
memories (top-s, with ids, so it can propose merge/supersede), recent memories, known
entities. The message vectors computed here are reused when the memories are written."""

from __future__ import annotations

from datetime import datetime

from graphmem.domain.extraction import ExtractionRequest, KnownMemory, Message
from graphmem.domain.scope import Scope
from graphmem.extraction.mentions import candidate_names
from graphmem.ports.embedder import Embedder
from graphmem.ports.store import MemoryStore
from graphmem.settings import LifecycleSettings

VectorCache = dict[str, list[float]]


def build_context(
    store: MemoryStore,
    embedder: Embedder,
    settings: LifecycleSettings,
    scope: Scope,
    messages: list[Message],
    observed_at: datetime,
    cache: VectorCache,
) -> ExtractionRequest:
    texts = [m.content for m in messages if m.role != "system"]
    for text, vector in zip(texts, embedder.embed(texts), strict=True):
        cache[text] = vector
    best: dict[str, tuple[float, KnownMemory]] = {}
    found = store.similar_active_many(scope, [cache[t] for t in texts], settings.similar_top_s)
    for rows in found:
        for row in rows:
            known = KnownMemory(id=row["id"], text=row["text"], observed_at=row.get("observed_at"))
            if row["id"] not in best or best[row["id"]][0] < row["score"]:
                best[row["id"]] = (row["score"], known)
    ranked = sorted(best.values(), key=lambda pair: -pair[0])[: settings.similar_top_s]
    return ExtractionRequest(
        messages=messages,
        observed_at=observed_at,
        similar=[known for _, known in ranked],
        recent=store.recent_texts(scope, settings.recent_messages),
        known_entities=store.known_entity_names(scope),
    )


def offline_request(
    store: MemoryStore, scope: Scope, messages: list[Message], observed_at: datetime
) -> ExtractionRequest:
    """What an offline extractor reads: the messages and the owner's known entity names that
    they may mention (extraction/mentions.py). It proposes nothing from similar or recent
    memories (offline lifecycle reads its candidates in the add's transaction), so those
    reads are skipped."""
    return ExtractionRequest(
        messages=messages,
        observed_at=observed_at,
        known_entities=store.known_entity_names_in(
            scope, candidate_names(m.content for m in messages)
        ),
    )
