"""Search results: the memories that matter now, and the triplets that explain them."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from graphmem.domain.memory import MemoryRecord


class ScoreBreakdown(BaseModel):
    """How one result's score was made (``explain=True``). Signals that found nothing for
    this memory are 0; ``signals`` lists which signals ran for the query at all."""

    semantic: float = 0.0
    fulltext: float = 0.0
    entity: float = 0.0
    triplet: float = 0.0
    lifecycle: float = 1.0
    temporal: float = 0.0  # in [0, 1]; 0 for a query with no time intent
    members: float = 0.0  # a set question's member signal (raw cosine); 0 for other queries
    decay: float = 1.0
    question: float = 1.0  # search.question_factor when the memory only asks, else 1
    # search.address_factor when the memory only addresses someone the query names, else 1
    address: float = 1.0
    # search.listener_factor when the memory speaks only of its listener ("Your painting is
    # awesome!") and does not only ask, else 1
    listener: float = 1.0
    # search.others_factor when the query asks about the asker and the memory's matching facts
    # are all another person's, else 1
    others: float = 1.0
    # search.answer_factor when the query asks for a kind of answer (an amount, an age…)
    # another gated memory holds and this one does not, else 1
    answer: float = 1.0
    final: float = 0.0
    sources: list[str] = Field(default_factory=list)


class ScoredMemory(MemoryRecord):
    score: float
    score_breakdown: ScoreBreakdown | None = None


class RelationHit(BaseModel):
    id: str
    source: str
    predicate: str
    target: str
    fact: str
    memory_ids: list[str] = Field(default_factory=list)
    score: float
    valid_from: datetime | None = None
    valid_to: datetime | None = None


class SearchExplain(BaseModel):
    # signal -> "ok ..." / why it was off / "failed: <error class> (<short reason>)"
    signals: dict[str, str] = Field(default_factory=dict)
    failed_signals: list[str] = Field(default_factory=list)
    candidates: int = 0
    gated_out: int = 0
    exact_vector_scan: bool = True
    time_intent: str = "general (no time intent)"  # the intent read and the window chosen
    updates: list[str] = Field(default_factory=list)  # older -> newer memory about one thing
    gate: str = ""  # when the candidates were gated: early, per signal, or once after them


class SearchResult(BaseModel):
    """``degraded``: some signals failed (named in ``failed_signals``); the results come from
    the signals that answered, so they may miss memories only the failed ones would find."""

    results: list[ScoredMemory] = Field(default_factory=list)
    relations: list[RelationHit] = Field(default_factory=list)
    degraded: bool = False
    failed_signals: list[str] = Field(default_factory=list)
    explain: SearchExplain | None = None
    # with include_linked: the memories the results are linked to, not already among them
    linked: list[MemoryRecord] = Field(default_factory=list)
