"""What the extractor sees besides the new messages: the scope's most similar active
memories (top-s, with ids, so it can propose merge/supersede), recent memories, and the
owner's known entities that matter to this add (the names the messages may mention, then
those the similar memories mention), so that the extractor reuses their spelling. The
message vectors computed here are reused when the memories are written."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from graphmem.domain.extraction import ExtractionRequest, KnownEntity, KnownMemory, Message
from graphmem.domain.scope import Scope
from graphmem.extraction.mentions import candidate_names
from graphmem.ports.embedder import Embedder
from graphmem.ports.store import MemoryStore
from graphmem.search.index_breaker import BREAKER_COOLDOWN_S, IndexBreaker
from graphmem.settings import LifecycleSettings

VectorCache = dict[str, list[float]]
#: At most this many known names go into an LLM extraction request (its prompt lists them).
KNOWN_NAMES_MAX = 200

#: A similar read through the indexes still unanswered after this long makes the next ones
#: scan (a filtered vector search that Neo4j never answers; docs/reliability.md, 2c).
UNANSWERED_AFTER_S = 5.0

logger = logging.getLogger(__name__)


def _similar(
    store: MemoryStore,
    scope: Scope,
    vectors: list[list[float]],
    settings: LifecycleSettings,
    breaker: IndexBreaker,
) -> list[list[dict[str, Any]]]:
    """The owner's most similar memories per vector: through the vector indexes beyond
    ``exact_scan_max``; by the whole scan (the same memories, only slower) while the breaker
    finds the indexes failing inside Neo4j (search/index_breaker.py), logged once per failure,
    since an index that fails needs rebuilding."""
    k = settings.similar_top_s
    found, failed = breaker.ask(
        lambda: store.similar_active_many(
            scope, vectors, k, exact_scan_max=settings.exact_scan_max
        ),
        lambda: store.similar_active_many(scope, vectors, k),
        UNANSWERED_AFTER_S,
    )
    if failed is not None and breaker.first_report():
        logger.error(
            "the similar-memory read through the vector indexes failed (%s); scanning the "
            "owner instead for %.0f s. If this repeats, rebuild the memory vector indexes: DROP "
            "INDEX memory_embedding and memory_key_embedding, then `graphmem migrate`",
            failed,
            BREAKER_COOLDOWN_S,
        )
    return found


def build_context(
    store: MemoryStore,
    embedder: Embedder,
    settings: LifecycleSettings,
    scope: Scope,
    messages: list[Message],
    observed_at: datetime,
    cache: VectorCache,
    breaker: IndexBreaker | None = None,
) -> ExtractionRequest:
    """``breaker``: the vector indexes' health as this add service saw it (a fresh one when
    None)."""
    texts = _said(messages)
    for text, vector in zip(texts, embedder.embed(texts), strict=True):
        cache[text] = vector
    best: dict[str, tuple[float, dict[str, Any]]] = {}
    found = _similar(store, scope, [cache[t] for t in texts], settings, breaker or IndexBreaker())
    for rows in found:
        for row in rows:
            if row["id"] not in best or best[row["id"]][0] < row["score"]:
                best[row["id"]] = (row["score"], row)
    ranked = sorted(best.values(), key=lambda pair: -pair[0])
    similar = [row for _, row in ranked[: settings.similar_top_s]]
    around = [name for row in similar for name in row.get("entities") or ()]
    mentioned = _mentioned(store, scope, texts)
    known = list(dict.fromkeys([e.name for e in mentioned] + around))
    return ExtractionRequest(
        messages=messages,
        observed_at=observed_at,
        similar=[
            KnownMemory(id=row["id"], text=row["text"], observed_at=row.get("observed_at"))
            for row in similar
        ],
        recent=store.recent_texts(scope, settings.recent_messages),
        known_entities=known[:KNOWN_NAMES_MAX],
        known_people=people_of(mentioned),
    )


def offline_request(
    store: MemoryStore, scope: Scope, messages: list[Message], observed_at: datetime
) -> ExtractionRequest:
    """What an offline extractor reads: the messages and the owner's known entity names that
    they may mention (extraction/mentions.py). It proposes nothing from similar or recent
    memories (offline lifecycle reads its candidates in the add's transaction), so those
    reads are skipped."""
    known = _mentioned(store, scope, _said(messages))
    return ExtractionRequest(
        messages=messages,
        observed_at=observed_at,
        known_entities=[e.name for e in known],
        known_people=people_of(known),
    )


def _said(messages: list[Message]) -> list[str]:
    """The texts the extractor reads (system messages are context only, never extracted)."""
    return [m.content for m in messages if m.role != "system"]


def _mentioned(store: MemoryStore, scope: Scope, texts: list[str]) -> list[KnownEntity]:
    """The owner's known entities that ``texts`` may mention (extraction/mentions.py)."""
    return store.known_entities_in(scope, candidate_names(texts))


def people_of(known: list[KnownEntity]) -> list[str]:
    """The names of the known entities stored as persons or pets: who may do what a message
    tells ("Miso knocked my phone into the bath", the cat named before)."""
    return [e.name for e in known if (e.type or "").upper() in {"PERSON", "ANIMAL"}]
