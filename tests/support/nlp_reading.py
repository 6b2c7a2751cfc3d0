"""One message through the NLP extractor, for the pure reading tests: the memory it gives,
and its triplets or denials as (source, predicate, target)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from functools import cache

from graphmem.domain.extraction import ExtractedMemory, ExtractedTriplet, ExtractionRequest, Message
from graphmem.extraction.nlp import NLPExtractor

Fact = tuple[str, str, str]


@cache
def extractor() -> NLPExtractor:
    return NLPExtractor()


def read_one(
    text: str,
    speaker: str,
    known: Sequence[str] = (),
    observed_at: datetime = datetime(2026, 6, 1, tzinfo=UTC),
) -> ExtractedMemory:
    """The memory ``speaker`` saying ``text`` gives; ``known``: people the owner knows."""
    request = ExtractionRequest(
        messages=[Message(content=text, name=speaker)],
        observed_at=observed_at,
        known_entities=list(known),
        known_people=list(known),
    )
    (memory,) = extractor().extract(request).memories
    return memory


def read_turns(
    turns: Sequence[tuple[str, str]],
    known: Sequence[str] = (),
    observed_at: datetime = datetime(2026, 6, 1, tzinfo=UTC),
) -> list[ExtractedMemory]:
    """The memories one add of ``turns`` ((speaker, text), in order) gives; ``known``: people
    the owner knows."""
    request = ExtractionRequest(
        messages=[Message(content=text, name=name) for name, text in turns],
        observed_at=observed_at,
        known_entities=list(known),
        known_people=list(known),
    )
    return extractor().extract(request).memories


def facts(triplets: Iterable[ExtractedTriplet]) -> set[Fact]:
    return {(t.source, t.predicate, t.target) for t in triplets}


def told(text: str, speaker: str) -> set[Fact]:
    """The facts ``speaker`` saying ``text`` gives."""
    return facts(read_one(text, speaker).triplets)


def denied(text: str, speaker: str) -> set[Fact]:
    """The facts ``speaker`` saying ``text`` ends (denials for the lifecycle)."""
    return facts(read_one(text, speaker).denied)
