from __future__ import annotations

from typing import Protocol, runtime_checkable

from graphmem.domain.extraction import Extraction, ExtractionRequest


class Extractor(Protocol):
    """Turns new messages into memories, entities, triplets and lifecycle proposals."""

    def extract(self, request: ExtractionRequest) -> Extraction: ...


@runtime_checkable
class WarmsUp(Protocol):
    """An extractor that loads a model on first use offers to load it up front, so the first
    request a server answers does not pay for it (``Memory.warm_up``)."""

    def warm_up(self) -> None: ...
