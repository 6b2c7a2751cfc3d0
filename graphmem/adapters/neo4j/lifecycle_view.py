"""The reads and writes lifecycle decisions need, inside the transaction of an add, so the
add and its transitions commit (or fail) together."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import neo4j

from graphmem.adapters.neo4j.records import native_map, triplet_from_record
from graphmem.adapters.neo4j.transitions import apply_or_record
from graphmem.cypher_catalog import query
from graphmem.domain.graph import TripletRecord
from graphmem.domain.transitions import TransitionOutcome, TransitionRequest


class TxLifecycleView:
    """``LifecycleView`` on one open transaction (it sees the add's own writes)."""

    def __init__(self, tx: neo4j.ManagedTransaction) -> None:
        self.tx = tx

    def candidates(
        self, new_id: str, k: int, exclude: Sequence[str], proposed: Sequence[str]
    ) -> list[dict[str, Any]]:
        rows = self.tx.run(
            query("memory/candidates"),
            new_id=new_id,
            k=k,
            exclude=list(exclude),
            proposed=list(proposed),
        )
        return [native_map(r.data()) for r in rows]

    def triplets_for(self, memory_ids: Sequence[str]) -> list[TripletRecord]:
        rows = self.tx.run(query("triplet/for_memories"), memory_ids=list(memory_ids))
        return [triplet_from_record(r.data()) for r in rows]

    def transition(self, request: TransitionRequest) -> TransitionOutcome:
        return apply_or_record(self.tx, request)
