"""A triplet read from the parse, before the extractor spells its names."""

from __future__ import annotations

from dataclasses import dataclass

from graphmem.extraction.nlp.names import Named


@dataclass(frozen=True)
class ParsedTriplet:
    source: Named
    predicate: str
    target: Named
    fact: str
    past: bool
    verb: int  # the verb's index in the doc
