"""The triplets that explain the results: those asserted by a returned memory or matched by
a signal, ranked by signal score; a triplet not valid at the reference date ranks lower."""

from __future__ import annotations

from datetime import datetime

from graphmem.domain.search import RelationHit, ScoredMemory
from graphmem.ports.search import TripletHit
from graphmem.search.candidates import Pool

NOT_CURRENT = 0.5


def _valid(triplet: TripletHit, at: datetime) -> bool:
    start, end = triplet.valid_from, triplet.valid_to
    return (start is None or start <= at) and (end is None or end > at)


def relations_for(
    pool: Pool, results: list[ScoredMemory], reference: datetime | None, now: datetime, limit: int
) -> list[RelationHit]:
    returned = {m.id for m in results}
    hits = []
    for triplet in pool.triplets.values():
        memory_ids = [mid for mid in triplet.memory_ids if mid in returned]
        if not memory_ids:
            continue
        score = triplet.score * (1.0 if _valid(triplet, reference or now) else NOT_CURRENT)
        hits.append(
            RelationHit(
                id=triplet.id,
                source=triplet.source,
                predicate=triplet.predicate,
                target=triplet.target,
                fact=triplet.fact,
                memory_ids=memory_ids,
                score=round(score, 4),
                valid_from=triplet.valid_from,
                valid_to=triplet.valid_to,
            )
        )
    hits.sort(key=lambda h: (-h.score, h.id))
    return hits[:limit]
