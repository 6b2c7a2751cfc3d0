"""What an import source yields: numbered records, each parsed on demand into one message
with the arguments of the ``Memory.add`` call that stores it."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict

from graphmem.domain.extraction import Message
from graphmem.domain.scope import Scope
from graphmem.errors import ValidationError


class RecordError(ValidationError):
    """One record (a JSONL line, a LoCoMo turn) cannot be imported; the message says why."""


class ImportItem(BaseModel):
    """One message and the add-level arguments it is stored with."""

    model_config = ConfigDict(frozen=True)

    message: Message
    scope: Scope
    timestamp: str | int | float | None = None
    metadata: dict[str, Any] | None = None
    infer: bool = False

    def batch_key(self) -> tuple[Any, ...]:
        """Items with the same key can share one ``Memory.add`` (it takes one scope, one
        timestamp, one metadata object and one ``infer`` for all its messages)."""
        return (
            self.scope.key,
            json.dumps(self.timestamp),
            json.dumps(self.metadata, sort_keys=True),
            self.infer,
        )


@dataclass(frozen=True)
class Record:
    """A numbered unit of the source (1-based). ``key`` is fingerprinted into the checkpoint so
    a resumed import notices a changed file; ``parse`` returns None for nothing to import
    (a blank line) and raises RecordError for an invalid record."""

    number: int
    label: str
    key: bytes
    parse: Callable[[], ImportItem | None]
