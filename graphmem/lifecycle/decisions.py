"""The guards' shared vocabulary: a memory's flags, a decision, a candidate, and the
(subject, predicate) key a triplet is compared by."""

from __future__ import annotations

from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field

from graphmem.domain.extraction import ExtractedTriplet, KnownMemory
from graphmem.lifecycle.predicates import normalize_name, normalize_predicate


class MemoryFlags(BaseModel):
    """Per-memory switches that freeze a memory against merge and supersede."""

    model_config = ConfigDict(frozen=True)

    immutable: bool = False
    exclude_from_dream: bool = False


class GuardDecision(BaseModel):
    model_config = ConfigDict(frozen=True)

    allowed: bool
    reason: str


class TripletLike(Protocol):
    @property
    def source(self) -> str: ...
    @property
    def predicate(self) -> str: ...
    @property
    def target(self) -> str: ...


class Candidate(BaseModel):
    """An existing active memory the new one may merge into or supersede."""

    memory: KnownMemory
    cosine: float
    triplets: list[ExtractedTriplet] = Field(default_factory=list)
    flags: MemoryFlags = Field(default_factory=MemoryFlags)


_NO_FLAGS = MemoryFlags()


def deny(reason: str) -> GuardDecision:
    return GuardDecision(allowed=False, reason=reason)


def flag_refusal(old: MemoryFlags | None, new: MemoryFlags | None) -> GuardDecision | None:
    for label, flags in (("old", old or _NO_FLAGS), ("new", new or _NO_FLAGS)):
        if flags.immutable:
            return deny(f"{label} memory is immutable")
        if flags.exclude_from_dream:
            return deny(f"{label} memory is excluded from lifecycle changes")
    return None


def key(triplet: TripletLike) -> tuple[str, str]:
    return normalize_name(triplet.source), normalize_predicate(triplet.predicate)
