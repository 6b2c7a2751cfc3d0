from __future__ import annotations

from typing import Protocol

from graphmem.domain.extraction import Extraction, ExtractionRequest


class Extractor(Protocol):
    """Turns new messages into memories, entities, triplets and lifecycle proposals."""

    def extract(self, request: ExtractionRequest) -> Extraction: ...
