"""Writes an explicit update in one managed transaction.

Under the scope lock (the one adds take, so entity merges cannot race): change the memory
(refused for an immutable one without ``force``), and when the text changed, retire the
triplets only the old text asserted (kept as history, ``retired_at``), demote mentions of
entities the new text no longer names, then write the new text's entities, mentions and
triplets exactly as an add does. One UPDATE event, written by the change itself, records old
and new text and the actor.
"""

from __future__ import annotations

import uuid
from typing import Any

import neo4j

from graphmem.adapters.neo4j.records import to_metadata_json
from graphmem.adapters.neo4j.writer import PlanWriter
from graphmem.domain.filters import metadata_terms
from graphmem.domain.writes import MemoryChange


class UpdateWriter(PlanWriter):
    """Returns the changed memory as a map, or None when nothing was written (the memory is
    immutable and ``force`` was not given, or it is gone)."""

    def __init__(self, change: MemoryChange) -> None:
        super().__init__(change.plan)
        self.change = change

    def __call__(self, tx: neo4j.ManagedTransaction) -> Any:  # type: ignore[override]
        self._lock_scope(tx)
        rows = self._run(
            tx,
            "memory/update",
            id=self.change.memory_id,
            text=self.change.text,
            hash=self.change.hash,
            embedding=self.change.embedding,
            metadata=to_metadata_json(self.change.metadata),
            metadata_terms=_terms(self.change.metadata),
            now=self.now,
            force=self.change.force,
            event=self._event(),
            # what the new text still asserts and names: the rest is retired and demoted
            keep_triplets=[[t.source_key, t.predicate, t.target_key] for t in self.plan.triplets],
            keep_mentions=[key for _, key in self.plan.mentions],
        )
        if not rows:
            return None
        if self.change.text is not None:  # its new entities, mentions and triplets
            self._write(tx, [], {self.change.memory_id}, link=False)
        return rows[0]["memory"]

    def _event(self) -> dict[str, Any]:
        """The UPDATE event memory/update records with the change (it adds the old and the
        new text)."""
        return {
            "id": str(uuid.uuid4()),
            "memory_id": self.change.memory_id,
            "event": "UPDATE",
            "at": self.now,
            "actor": self.change.actor,
            **self.plan.scope.params(),
        }


def _terms(metadata: dict[str, Any] | None) -> list[str] | None:
    return None if metadata is None else metadata_terms(metadata)
