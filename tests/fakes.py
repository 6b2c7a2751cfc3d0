"""In-memory fakes of the store ports the services use (`MemoryStore`, `LifecycleView`),
plus a scripted extractor and a deterministic embedder, for unit tests of service logic
(tests/test_service_logic.py).

They keep only what a service decides on: stored memories, history, the rows the real
queries would return (set by the test), and a record of every write asked for. Storage
behaviour itself (Cypher, transactions, races) is tested against the real Neo4j, never here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from graphmem.domain.extraction import Extraction, ExtractionRequest, KnownEntity
from graphmem.domain.filters import MemoryFilter
from graphmem.domain.graph import TripletRecord
from graphmem.domain.memory import HistoryEvent, LifecycleState, MemoryRecord
from graphmem.domain.relatives import RelativeHolders, RelativeQuestion
from graphmem.domain.scope import Scope
from graphmem.domain.transitions import CandidateRead, TransitionOutcome, TransitionRequest
from graphmem.domain.writes import MemoryChange, WriteOutcome, WritePlan
from graphmem.lifecycle.predicates import normalize_name
from graphmem.ports.store import LifecycleStep, ScopeFilter

EPOCH = datetime(2025, 1, 1, tzinfo=UTC)


def record(memory_id: str, text: str, **fields: Any) -> MemoryRecord:
    """A stored memory with defaults for what a test does not care about."""
    base: dict[str, Any] = {
        "id": memory_id,
        "text": text,
        "hash": hashlib.sha256(text.encode()).hexdigest(),
        "created_at": EPOCH,
        "updated_at": EPOCH,
        "observed_at": EPOCH,
    }
    return MemoryRecord(**{**base, **fields})


@dataclass
class FakeStore:
    """`MemoryStore` and `LifecycleView` in memory.

    Set ``existing`` (hash -> stored id) for duplicates found before the write,
    ``raced`` (hash -> stored id) for those found inside it, ``similar`` and
    ``candidate_rows`` for the rows the vector queries would return, ``old_triplets`` for
    candidates' triplets, and ``memories`` / ``events`` for reads.
    """

    memories: dict[str, MemoryRecord] = field(default_factory=dict)
    events: list[HistoryEvent] = field(default_factory=list)
    existing: dict[str, str] = field(default_factory=dict)
    raced: dict[str, str] = field(default_factory=dict)
    entity_keys: set[str] = field(default_factory=set)
    entity_names: list[str] = field(default_factory=list)
    similar: list[dict[str, Any]] = field(default_factory=list)
    # raised by a similar read allowed to use the vector indexes (exact_scan_max given)
    index_error: Exception | None = None
    recent: list[str] = field(default_factory=list)
    turns: list[tuple[str, str | None, str]] = field(default_factory=list)
    candidate_rows: list[dict[str, Any]] = field(default_factory=list)
    old_triplets: list[TripletRecord] = field(default_factory=list)
    # what the services asked for
    plans: list[WritePlan] = field(default_factory=list)
    transitions: list[TransitionRequest] = field(default_factory=list)
    changes: list[MemoryChange] = field(default_factory=list)
    list_calls: list[dict[str, Any]] = field(default_factory=list)
    similar_calls: list[tuple[list[float], int]] = field(default_factory=list)

    # -- writes ---------------------------------------------------------------------------
    def write_plan(self, plan: WritePlan, *, lifecycle: LifecycleStep | None = None) -> Any:
        self.plans.append(plan)
        duplicates = {m.id: self.raced[m.hash] for m in plan.memories if m.hash in self.raced}
        created = [m.id for m in plan.memories if m.id not in duplicates]
        for m in plan.memories:
            if m.id in created:
                self.memories[m.id] = record(m.id, m.text, hash=m.hash, **plan.scope.params())
        transitions = lifecycle(self, created) if lifecycle is not None else []
        return WriteOutcome(created=created, duplicates=duplicates, transitions=transitions)

    def transition(self, request: TransitionRequest) -> TransitionOutcome:
        """Applied if the old memory is here and active (the real store also locks and
        checks the flags; that is tested on Neo4j)."""
        self.transitions.append(request)
        old = self.memories.get(request.old_id)
        if old is None:
            return TransitionOutcome(applied=False, old_state=None)
        if old.lifecycle_state != LifecycleState.ACTIVE:
            return TransitionOutcome(applied=False, old_state=old.lifecycle_state.value)
        state = LifecycleState.MERGED if request.action == "merge" else LifecycleState.SUPERSEDED
        self.memories[old.id] = old.model_copy(
            update={"lifecycle_state": state, "replacement_memory_id": request.new_id}
        )
        return TransitionOutcome(applied=True, old_state=LifecycleState.ACTIVE.value)

    def update(self, change: MemoryChange) -> MemoryRecord | None:
        self.changes.append(change)
        memory = self.memories.get(change.memory_id)
        if memory is None:
            return None
        updates: dict[str, Any] = {"text": change.text or memory.text}
        if change.metadata is not None:
            updates["metadata"] = change.metadata
        return memory.model_copy(update=updates)

    def delete(self, memory_ids: Sequence[str], actor: str | None = None) -> int:
        return sum(self.memories.pop(i, None) is not None for i in memory_ids)

    def reset(self) -> None:
        self.memories.clear()

    # -- reads used while adding ----------------------------------------------------------
    def find_duplicates(self, scope: Scope, hashes: Sequence[str]) -> dict[str, str]:
        return {h: self.existing[h] for h in hashes if h in self.existing}

    def existing_entity_keys(self, keys: Sequence[str]) -> set[str]:
        return self.entity_keys & set(keys)

    def known_entities_in(self, scope: Scope, names: Sequence[str]) -> list[KnownEntity]:
        wanted = set(names)
        return [KnownEntity(name=n) for n in self.entity_names if normalize_name(n) in wanted]

    def relative_holders(
        self, scope: Scope, questions: Sequence[RelativeQuestion]
    ) -> list[RelativeHolders]:
        # no triplets are kept here: nobody is named yet
        return [RelativeHolders(person_key=q.person_key, predicate=q.predicate) for q in questions]

    def similar_active_many(
        self,
        scope: Scope,
        vectors: Sequence[list[float]],
        k: int,
        exclude: Sequence[str] = (),
        *,
        exact_scan_max: int | None = None,
    ) -> list[list[dict[str, Any]]]:
        if self.index_error is not None and exact_scan_max is not None:
            raise self.index_error
        self.similar_calls.extend((vector, k) for vector in vectors)
        return [[r for r in self.similar if r["id"] not in exclude][:k] for _ in vectors]

    def recent_texts(self, scope: Scope, limit: int) -> list[str]:
        return self.recent[-limit:]

    def recent_turns(self, scope: Scope, limit: int) -> list[tuple[str, str | None, str]]:
        return self.turns[-limit:]

    def candidates_many(self, read: CandidateRead) -> dict[str, list[dict[str, Any]]]:
        rows = [r for r in self.candidate_rows if r["id"] not in read.exclude][: read.k]
        return {q.new_id: list(rows) for q in read.queries}

    def triplets_for(self, memory_ids: Sequence[str]) -> list[TripletRecord]:
        wanted = set(memory_ids)
        return [t for t in self.old_triplets if wanted & set(t.memory_ids)]

    def triplet_hits(self, memory_ids: Sequence[str]) -> dict[str, list[TripletRecord]]:
        return {mid: self.triplets_for([mid]) for mid in memory_ids}

    # -- reads ----------------------------------------------------------------------------
    def get(self, memory_id: str, scope: ScopeFilter) -> MemoryRecord | None:
        memory = self.memories.get(memory_id)
        if memory is None or not _in_scope(memory, scope):
            return None
        return memory

    def list(
        self,
        scope: ScopeFilter,
        states: Sequence[LifecycleState],
        limit: int,
        cursor: tuple[datetime, str] | None = None,
        memory_filter: MemoryFilter | None = None,
    ) -> list[MemoryRecord]:
        self.list_calls.append({"scope": scope, "states": tuple(states), "limit": limit})
        found = [
            m for m in self.memories.values() if _in_scope(m, scope) and m.lifecycle_state in states
        ]
        return found[:limit]

    def history(self, memory_id: str) -> list[HistoryEvent]:
        return [e for e in self.events if e.memory_id == memory_id]

    def ids_in_scope(self, scope: ScopeFilter) -> list[str]:
        return [m.id for m in self.memories.values() if _in_scope(m, scope)]


def _in_scope(memory: MemoryRecord, scope: ScopeFilter) -> bool:
    return all(v is None or getattr(memory, k) == v for k, v in scope.items())


class ScriptedExtractor:
    """Answers every request with the given extraction; keeps the requests."""

    def __init__(self, extraction: Extraction) -> None:
        self.extraction = extraction
        self.requests: list[ExtractionRequest] = []

    def extract(self, request: ExtractionRequest) -> Extraction:
        self.requests.append(request)
        return self.extraction.model_copy(deep=True)


class CountingEmbedder:
    """2-d vectors (the text's length, then ``second``), noting each call's texts."""

    dimension = 2
    name = "counting"

    def __init__(self, second: float = 1.0) -> None:
        self.second = second
        self.calls: list[list[str]] = []

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls.append(list(texts))
        return [[float(len(t)), self.second] for t in texts]


class HashEmbedder:
    """Deterministic 4-d vectors (not meaningful; the fake store does not search by them)."""

    dimension = 4
    name = "fake/hash-4"

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls.append(list(texts))
        return [[b / 255 for b in hashlib.sha256(t.encode()).digest()[:4]] for t in texts]
