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
from graphmem.domain.transitions import CandidateRead, TransitionOutcome, TransitionRequest


class TxLifecycleView:
    """``LifecycleView`` on one open transaction (it sees the add's own writes).

    ``candidates_many`` reads each candidate's triplets in the same statement and keeps them
    for the next ``triplet_hits`` only (a write in between, ``transition``, drops them), so
    the add's first read of its candidates' triplets needs no round trip of its own."""

    def __init__(self, tx: neo4j.ManagedTransaction) -> None:
        self.tx = tx
        self._hits: dict[str, list[TripletRecord]] = {}

    def candidates_many(self, read: CandidateRead) -> dict[str, list[dict[str, Any]]]:
        """Per new memory of ``read``, its candidates (``memory/candidates_batch``)."""
        rows = self.tx.run(
            query("memory/candidates_batch"),
            items=[q.model_dump() for q in read.queries],
            k=read.k,
            fetch=read.fetch,
            exact_scan_max=read.exact_scan_max,
            exclude=read.exclude,
        )
        out: dict[str, list[dict[str, Any]]] = {q.new_id: [] for q in read.queries}
        self._hits = {}
        for r in rows:
            data = r.data()
            triplets = data.pop("triplets")
            data = native_map(data)
            out[data.pop("new_id")].append(data)
            if triplets is not None:  # null: no guard reads them (see the statement)
                self._hits[data["id"]] = [triplet_from_record(t) for t in triplets]
        return out

    def triplet_hits(self, memory_ids: Sequence[str]) -> dict[str, list[TripletRecord]]:
        """Per memory id, the triplets ``triplet/for_memories`` finds through it (those
        ``candidates_many`` just read with the candidates are not read again)."""
        kept, self._hits = self._hits, {}
        out = {mid: kept[mid] for mid in memory_ids if mid in kept}
        missing = [mid for mid in memory_ids if mid not in kept]
        if not missing:
            return out
        out |= {mid: [] for mid in missing}
        rows = self.tx.run(query("triplet/hits_for_memories"), memory_ids=missing)
        for r in rows:
            data = r.data()
            out[data.pop("mid")].append(triplet_from_record(data))
        return {mid: out[mid] for mid in memory_ids}

    def transition(self, request: TransitionRequest) -> TransitionOutcome:
        self._hits = {}
        return apply_or_record(self.tx, request)
