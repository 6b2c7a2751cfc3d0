from __future__ import annotations

from datetime import datetime
from typing import Protocol

from pydantic import BaseModel, Field

from graphmem.domain.filters import MemoryFilter
from graphmem.domain.memory import MemoryRecord


class GateRow(BaseModel):
    """One candidate past the scope and filter check, with its exact cosine to the query (raw,
    before the threshold), when its replacement (if any) was observed, and what decay reads.
    The memory carries its linked memory ids. ``resolved_cosine``: its cosine to the resolved
    query, when a role resolved and the memory is about the person it named."""

    memory: MemoryRecord
    cosine: float
    replaced_at: datetime | None = None
    access_count: int = 0
    last_accessed_at: datetime | None = None
    resolved_cosine: float | None = None


class TermQuery(BaseModel):
    """One query term as Lucene strings for the memory text and context-key indexes."""

    term: str
    text: str
    key: str


class FactQuery(BaseModel):
    """One query term as a Lucene string for the triplet fact index."""

    term: str
    fact: str


class TermHits(BaseModel):
    """One term's in-scope hits in one full-text index ('text' or 'key' of memories, 'fact'
    of triplets): ids, raw Lucene scores and the indexed field's length in characters, in the
    same order."""

    term: str
    field: str
    ids: list[str]
    scores: list[float]
    lengths: list[int]


class ScopeTotals(BaseModel):
    """Memories in the requested states, and the characters of their texts and of their
    context keys (``keyed`` of them have one): the full-text read's totals for the scope."""

    memories: int
    text_chars: int = 0
    keyed: int = 0
    key_chars: int = 0


class ScopeStats(ScopeTotals):
    """One exact scope key and its totals; the scope lookup reads the key and the count
    only."""

    key: str


class TermsInScope(BaseModel):
    """The full-text read: each term's hits per index, and the scope's totals (all 0 when no
    term has a real hit: nothing is scored then)."""

    terms: list[TermHits]
    totals: ScopeTotals


class TripletHit(BaseModel):
    """One triplet a signal found, with the memories that asserted it. ``score`` is the
    source's raw score (cosine; 0 when read by id or from the expansion), ``hops`` how far
    from the seed entity it lies (expansion only)."""

    id: str
    source: str
    predicate: str
    target: str
    fact: str = ""
    memory_ids: list[str] = Field(default_factory=list)
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    ended_by: str | None = None  # the memory that told the fact ended (an ``end`` or supersede)
    score: float = 0.0
    hops: int = 1
    # the fact's raw cosine to the query, when the read computed it (the semantic gate lets
    # a memory through by a matched fact of its own: graphmem/search/ranking.py)
    cosine: float | None = None


class TripletTerms(BaseModel):
    """The triplet signal's first read: the owner's triplets nearest the query vector (raw
    cosine scores), each query term's hits in the owner's facts, and the owner's triplets with
    a fact and their characters (both 0 when no term has a real hit)."""

    by_vector: list[TripletHit]
    terms: list[TermHits]
    facts: int = 0
    fact_chars: int = 0


class EntityHit(BaseModel):
    """An entity recognised for a query; ``score`` is the source's raw score (0 by key)."""

    id: str
    name: str
    normalized_name: str | None = None
    score: float = 0.0


class EntitySeeds(BaseModel):
    """The entities a query names, by source: full-text on names, exact key, vector."""

    by_name: list[EntityHit] = Field(default_factory=list)
    by_key: list[EntityHit] = Field(default_factory=list)
    by_vector: list[EntityHit] = Field(default_factory=list)


class ExpandRow(BaseModel):
    """One seed entity's neighbourhood: the memories mentioning it (``mentions`` in all, at
    most 200 ids) and the triplets around it."""

    seed: str
    seed_name: str
    mentions: int
    memory_ids: list[str] = Field(default_factory=list)
    triplets: list[TripletHit] = Field(default_factory=list)


class MemberHit(BaseModel):
    """A concept near a set question's category (:mod:`graphmem.search.signals.members`):
    its raw cosine to the category, its mentions in the searched scopes, and (at most a cap
    of) the memories mentioning it."""

    id: str
    name: str
    score: float
    mentions: int
    memory_ids: list[str] = Field(default_factory=list)


class StateFact(BaseModel):
    """One memory asserting a state triplet (``user lives_in Paris``), with its lifecycle."""

    memory_id: str
    state: str
    observed_at: datetime
    replaced_at: datetime | None = None
    source_id: str
    source: str
    predicate: str
    target_id: str
    target: str


class RelationRow(BaseModel):
    """One current triplet between two entities (role resolution follows these)."""

    id: str
    source_id: str
    source: str
    predicate: str
    target_id: str
    target: str
    fact: str | None = None
    memory_ids: list[str] = []


class SearchStore(Protocol):
    """The index-backed candidate sources and the exact-cosine gate."""

    def scope_keys(self, scope: dict[str, str | None], states: list[str]) -> list[ScopeStats]: ...
    def memory_vector_exact(
        self,
        scope_keys: list[str],
        vector: list[float],
        states: list[str],
        before: datetime | None,
        k: int,
        memory_filter: MemoryFilter = ...,
    ) -> dict[str, float]: ...
    def memory_vector_index(
        self,
        user_id: str,
        scope_keys: list[str],
        vector: list[float],
        states: list[str],
        before: datetime | None,
        k: int,
    ) -> dict[str, float]: ...
    def memory_fulltext(
        self,
        queries: list[TermQuery],
        states: list[str],
        before: datetime | None,
        cap: int,
        scope_keys: list[str],
    ) -> TermsInScope: ...
    def triplets(
        self, owner: str, vector: list[float], k: int, queries: list[FactQuery], cap: int
    ) -> TripletTerms: ...
    def triplets_by_id(self, ids: list[str], vector: list[float]) -> list[TripletHit]: ...
    def entities_by_name(self, lucene: str, k: int) -> list[EntityHit]: ...
    def entities_by_key(self, keys: list[str]) -> list[EntityHit]: ...
    def user_speakers(self, owner: str) -> list[str]: ...
    def entity_seeds(
        self,
        lucene: str | None,
        name_k: int,
        keys: list[str],
        owner: str,
        vector: list[float],
        vector_k: int,
    ) -> EntitySeeds: ...
    def expand(self, seeds: list[str], depth: int) -> list[ExpandRow]: ...
    def category_members(
        self,
        owner: str,
        vector: list[float],
        k: int,
        cosines: tuple[float, float],
        scope_keys: list[str],
        cap: int,
    ) -> list[MemberHit]: ...
    def entity_relations(self, entity_ids: list[str], ended: bool = False) -> list[RelationRow]: ...
    def state_facts(self, owner: str, predicates: list[str]) -> list[StateFact]: ...
    def memory_vector_window(
        self,
        scope_keys: list[str],
        windows: list[tuple[datetime, datetime]],
        vector: list[float],
        states: list[str],
        before: datetime | None,
        k: int,
    ) -> dict[str, float]: ...
    def gate(
        self,
        ids: list[str],
        vector: list[float],
        scope_keys: list[str],
        memory_filter: MemoryFilter = ...,
        resolved: list[float] | None = None,
        about: list[str] | None = None,
    ) -> list[GateRow]: ...
    def linked(
        self, ids: list[str], scope_keys: list[str], states: list[str]
    ) -> list[MemoryRecord]: ...
    def record_access(self, ids: list[str], now: datetime) -> None: ...
