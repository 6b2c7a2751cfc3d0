"""Semantic triplet matching: exact cosine over the owner's triplet facts and full-text over
facts (one statement) lead to the memories that asserted the matching triplets."""

from __future__ import annotations

from graphmem.ports.search import SearchStore, TripletHit
from graphmem.search import lucene
from graphmem.search.candidates import Pool
from graphmem.search.context import SearchContext
from graphmem.settings import SearchSettings


def _credit(pool: Pool, triplet: TripletHit, score: float) -> None:
    pool.add_triplet(triplet, score)
    for memory_id in triplet.memory_ids:
        pool.add("triplet", memory_id, score)


def collect(store: SearchStore, ctx: SearchContext, pool: Pool, settings: SearchSettings) -> None:
    owner = ctx.owner
    query = lucene.scoped_query("fact", ctx.query, owner.params())
    by_vector, by_text = store.triplets(owner.key, ctx.vector, query, ctx.per_signal_k)
    strong = [t for t in by_vector if t.score >= settings.triplet_min_cosine]
    for triplet in strong:
        _credit(pool, triplet, triplet.score)
    best = max((t.score for t in by_text), default=0.0)
    for triplet in by_text:
        _credit(pool, triplet, 0.8 * triplet.score / best if best > 0 else 0.0)
    if not by_vector and not by_text:
        pool.status["triplet"] = "ok (no triplets in this scope match)"
    else:
        pool.status["triplet"] = f"ok ({len(strong)} by vector, {len(by_text)} by full-text)"
