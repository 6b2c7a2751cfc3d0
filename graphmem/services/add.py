"""The add use case: validate, extract (verbatim, offline patterns or one LLM call), then write
memories with their entities, triplets and lifecycle changes in one transaction."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from concurrent.futures import Future
from datetime import UTC, datetime
from typing import Any

from graphmem.domain.extraction import (
    ExtractedMemory,
    ExtractedTriplet,
    Extraction,
    Message,
)
from graphmem.domain.graph import RelationInput, TripletRecord
from graphmem.domain.key_vectors import key_parts, line
from graphmem.domain.results import AddEvent, AddItem, AddResult, Transition
from graphmem.domain.scope import Scope
from graphmem.domain.writes import LinkPolicy, WriteOutcome, WritePlan
from graphmem.lifecycle.guards import MemoryFlags
from graphmem.lifecycle.predicates import normalize_predicate
from graphmem.ports.embedder import Embedder
from graphmem.ports.extractor import Extractor
from graphmem.ports.store import LifecycleStep, LifecycleView, MemoryStore
from graphmem.search.index_breaker import IndexBreaker
from graphmem.services import inputs
from graphmem.services.context import VectorCache, build_context, offline_request
from graphmem.services.context_keys import Turn, keys_for
from graphmem.services.embedding_cache import CachedEmbedder, RecentVectors
from graphmem.services.key_prefetch import KeyPrefetch, Vectors
from graphmem.services.lifecycle import ApplyLifecycle
from graphmem.services.plan import Pending, PlanOptions, build_plan
from graphmem.services.relatives import identify_relatives
from graphmem.settings import Settings


def relation_triplets(relations: Sequence[RelationInput]) -> list[ExtractedTriplet]:
    """Triplets an agent passed in ``relations``; they attach to every memory of the add."""
    return [
        ExtractedTriplet(
            source=r.source,
            predicate=normalize_predicate(r.relation),
            target=r.target,
            fact=f"{r.source} {r.relation} {r.target}",
        )
        for r in relations
    ]


def verbatim(messages: Sequence[Message], triplets: list[ExtractedTriplet]) -> Extraction:
    """``infer=False``: each non-system message becomes one memory, word for word."""
    return Extraction(
        memories=[
            ExtractedMemory(text=m.content, source_index=i, triplets=list(triplets))
            for i, m in enumerate(messages)
            if m.role != "system"
        ]
    )


def _triplets_by_memory(triplets: Sequence[TripletRecord]) -> dict[str, list[TripletRecord]]:
    """Each memory's triplets in one pass (not a scan of every triplet per memory)."""
    by_memory: dict[str, list[TripletRecord]] = {}
    for triplet in triplets:
        for memory_id in dict.fromkeys(triplet.memory_ids):
            by_memory.setdefault(memory_id, []).append(triplet)
    return by_memory


class AddMemories:
    def __init__(
        self,
        store: MemoryStore,
        embedder: Embedder,
        extractor: Extractor,
        settings: Settings,
        lifecycle: ApplyLifecycle,
        *,
        context_reads: bool = True,
    ) -> None:
        """``context_reads``: the extractor reads the similar and recent memories (an LLM's
        proposals); False for the offline extractors, which read only known entity names."""
        self.store = store
        recent = settings.indexing.recent_vectors
        self.embedder = RecentVectors(embedder, recent) if recent else embedder
        self.extractor = extractor
        self.settings = settings
        self.lifecycle = lifecycle
        self.context_reads = context_reads
        self.prefetch = KeyPrefetch(self.embedder)
        self.index_breaker = IndexBreaker()  # the similar read's vector indexes (context.py)

    def __call__(
        self,
        messages: inputs.MessagesInput,
        *,
        scope: Scope,
        metadata: Any = None,
        timestamp: Any = None,
        infer: bool = True,
        immutable: bool = False,
        exclude_from_dream: bool = False,
        relations: Any = None,
    ) -> AddResult:
        limits = self.settings.limits
        msgs = inputs.messages_of(messages, limits)
        options = PlanOptions(
            metadata=inputs.metadata_of(metadata, limits),
            observed_at=inputs.timestamp_of(timestamp, datetime.now(UTC)),
            immutable=bool(immutable),
            exclude_from_dream=bool(exclude_from_dream),
        )
        given = relation_triplets(inputs.relations_of(relations, limits))
        turns = sum(1 for m in msgs if m.role != "system")
        inputs.check_relation_links(turns, len(given), limits)
        cache: VectorCache = {}
        earlier = self._earlier(scope, msgs)
        ahead = self._ahead(msgs, earlier) if infer else None
        if infer:
            extraction = self._extract(scope, msgs, options.observed_at, cache)
            for memory in extraction.memories:
                memory.triplets.extend(given)
        else:
            extraction = verbatim(msgs, given)
        merges = identify_relatives(scope, extraction, self.store.relative_holders)
        inputs.check_relation_links(len(extraction.memories), len(given), limits)
        for memory in extraction.memories:
            inputs.check_text(memory.text, limits, where="extracted memory")
        pending, existing = self._dedupe(scope, msgs, extraction)
        self._context_keys(msgs, pending, existing, earlier)
        outcome = WriteOutcome()
        if pending:
            if ahead is not None:
                cache.update(ahead.result())
            plan = build_plan(
                scope,
                list(pending.values()),
                options,
                CachedEmbedder(self.embedder, cache),
                self.store.existing_entity_keys,
            )
            plan.entity_merges = merges
            plan.links = LinkPolicy(
                per_memory=self.settings.indexing.linked_memories,
                max_mentions=self.settings.indexing.link_max_mentions,
            )
            step = self._lifecycle_step(pending, options, plan) if infer else None
            outcome = self.store.write_plan(plan, lifecycle=step)
        items = self._items(extraction, pending, existing, outcome)
        self._attach(items, outcome.transitions)
        return AddResult(results=items, llm_calls=extraction.llm_calls)

    def _ahead(self, msgs: list[Message], earlier: list[Turn] | None) -> Future[Vectors] | None:
        """Start embedding the keys (and, offline, the own texts) on the prefetch pool."""
        if not self.settings.indexing.overlap_ingest:
            return None
        turns = self.settings.indexing.context_turns
        return self.prefetch.start(
            msgs, earlier, turns, self.settings.indexing.key_vector, own=not self.context_reads
        )

    def _extract(
        self, scope: Scope, msgs: list[Message], observed_at: datetime, cache: VectorCache
    ) -> Extraction:
        if not self.context_reads:
            return self.extractor.extract(offline_request(self.store, scope, msgs, observed_at))
        request = build_context(
            self.store,
            self.embedder,
            self.settings.lifecycle,
            scope,
            msgs,
            observed_at,
            cache,
            self.index_breaker,
        )
        return self.extractor.extract(request)

    def _earlier(self, scope: Scope, msgs: list[Message]) -> list[Turn] | None:
        """The stored turns this add's context keys start from (the run's last ones for a
        one-message add that names a run); None when the add gets no context keys."""
        turns = self.settings.indexing.context_turns
        if turns <= 0:
            return None
        spoken = [m for m in msgs if m.role != "system"]
        if len(spoken) == 1 and scope.run_id is not None:
            return [
                Turn(text=line(actor, text), memory_id=memory_id)
                for memory_id, actor, text in self.store.recent_turns(scope, turns)
            ]
        return []

    def _context_keys(
        self,
        msgs: list[Message],
        pending: dict[str, Pending],
        existing: dict[str, str],
        earlier: list[Turn] | None,
    ) -> None:
        """Give each verbatim memory its context key (services/context_keys.py)."""
        turns = self.settings.indexing.context_turns
        if not pending or earlier is None:
            return
        by_index = {p.extracted.source_index: p.id for p in pending.values()}
        ids = [
            by_index.get(i) or existing.get(inputs.text_hash(m.content)) for i, m in enumerate(msgs)
        ]
        keys = keys_for(msgs, ids, earlier, turns)
        for p in pending.values():
            index = p.extracted.source_index
            if index is None or p.extracted.text != msgs[index].content:
                continue  # a rewritten fact (LLM) is not the turn the context was about
            key = keys[index]
            if key is not None:
                p.key_text, p.key_source_ids = key.text, key.source_ids
                p.key_parts = key_parts(key.text, key.own, self.settings.indexing.key_vector)

    def _lifecycle_step(
        self, pending: dict[str, Pending], options: PlanOptions, plan: WritePlan
    ) -> LifecycleStep:
        """The transitions of this add, decided and written in the add's own transaction."""
        flags = MemoryFlags(
            immutable=options.immutable, exclude_from_dream=options.exclude_from_dream
        )

        def step(view: LifecycleView, created_ids: list[str]) -> list[Transition]:
            wanted = set(created_ids)
            created = [p for p in pending.values() if p.id in wanted]
            return self.lifecycle(view, created, options.observed_at, flags, plan)

        return step

    def _dedupe(
        self, scope: Scope, msgs: list[Message], extraction: Extraction
    ) -> tuple[dict[str, Pending], dict[str, str]]:
        """Pending memories by text hash (first occurrence wins) and the hashes that already
        exist as active memories of the scope (hash -> existing id)."""
        pending: dict[str, Pending] = {}
        for memory in extraction.memories:
            digest = inputs.text_hash(memory.text)
            if digest in pending:
                continue
            source = msgs[memory.source_index] if memory.source_index is not None else None
            pending[digest] = Pending(
                id=str(uuid.uuid4()),
                hash=digest,
                extracted=memory,
                actor=(source.name or source.role) if source else None,
                role=source.role if source else None,
            )
        existing = self.store.find_duplicates(scope, list(pending)) if pending else {}
        for digest in existing:
            del pending[digest]
        return pending, existing

    @staticmethod
    def _items(
        extraction: Extraction,
        pending: dict[str, Pending],
        existing: dict[str, str],
        outcome: WriteOutcome,
    ) -> list[AddItem]:
        """One item per extracted memory, in order: ADD for the first of its text that was
        written, NOOP (naming the stored memory) for every exact duplicate."""
        items: list[AddItem] = []
        announced: set[str] = set()
        by_memory: dict[str, list[TripletRecord]] | None = None
        for memory in extraction.memories:
            digest = inputs.text_hash(memory.text)
            if digest in existing:
                items.append(AddItem(id=existing[digest], memory=memory.text, event=AddEvent.NOOP))
                continue
            p = pending[digest]
            if p.id in outcome.duplicates:
                items.append(
                    AddItem(id=outcome.duplicates[p.id], memory=memory.text, event=AddEvent.NOOP)
                )
            elif p.id in announced:
                items.append(AddItem(id=p.id, memory=memory.text, event=AddEvent.NOOP))
            else:
                announced.add(p.id)
                if by_memory is None:
                    by_memory = _triplets_by_memory(outcome.triplets)
                relations = by_memory.get(p.id, [])
                items.append(
                    AddItem(id=p.id, memory=memory.text, event=AddEvent.ADD, relations=relations)
                )
        return items

    @staticmethod
    def _attach(items: list[AddItem], transitions: list[Transition]) -> None:
        by_id = {item.id: item for item in items if item.event == AddEvent.ADD}
        for t in transitions:
            by_id[t.new_memory_id].transitions.append(t)
