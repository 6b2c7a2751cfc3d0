"""Semantic triplet matching: exact cosine over the owner's triplet facts, and full-text over
the owner's facts, lead to the memories that asserted the matching triplets.

The full-text part scores like the memory full-text signal (`search/scope_terms.py`): Lucene
finds each query term's hits among the owner's facts, filtered to the owner inside the index,
and BM25 scores them from the owner's own triplet statistics (the term's document frequency
among the owner's facts, the owner's average fact length), so other tenants' triplets do not
move this owner's ranking. The best-scored triplets the vector part did not return are then
read by id: a second round trip, because the ranking needs every hit's length but only the
best few are worth reading whole."""

from __future__ import annotations

from graphmem.ports.search import FactQuery, SearchStore, TermHits, TripletHit
from graphmem.search import asker, lucene, scope_terms
from graphmem.search.candidates import Pool
from graphmem.search.context import SearchContext
from graphmem.settings import SearchSettings

TEXT_WEIGHT = 0.8  # a full-text match counts for less than a cosine match at its best


def _credit(pool: Pool, triplet: TripletHit, score: float, gate: bool) -> None:
    """``gate``: the fact's cosine may let its memories through the semantic gate."""
    pool.add_triplet(triplet, score)
    for memory_id in triplet.memory_ids:
        pool.add("triplet", memory_id, score)
        if gate and triplet.cosine is not None:
            pool.add_fact_cosine(memory_id, triplet.cosine)


def _credit_ender(pool: Pool, triplet: TripletHit, ctx: SearchContext, gate: bool) -> None:
    """The memory that ended a matched fact (by the query's date) is a candidate as the fact
    is: "sold the Land Rover and got a new Honda quad" answers "What do I use to get around
    the fields?" that "using the old Land Rover to get round the fields" matched; the update
    rule then ranks it first for a current question (:mod:`graphmem.search.ended`)."""
    ender, ended = triplet.ended_by, triplet.valid_to
    if ender is None or ended is None or (ctx.reference_date and ended > ctx.reference_date):
        return
    pool.add("triplet", ender, triplet.score)
    if gate:  # it passes the semantic gate when a memory whose fact it ended does
        pool.enders.setdefault(ender, set()).update(triplet.memory_ids)


def collect(store: SearchStore, ctx: SearchContext, pool: Pool, settings: SearchSettings) -> None:
    owner = ctx.owner
    k = max(ctx.per_signal_k, settings.triplet_candidates)
    found = store.triplets(owner.key, ctx.vector, k, _fact_queries(ctx), scope_terms.TERM_HITS_CAP)
    strong = [t for t in found.by_vector if t.score >= settings.triplet_min_cosine]
    stats = scope_terms.field(found.facts, found.fact_chars)
    known = {t.id: t for t in found.by_vector}
    by_text = _by_text(store, ctx.vector, k, found.terms, stats, known)
    for triplet in [*strong, *by_text]:
        _credit(pool, triplet, triplet.score, settings.fact_gate)
        _credit_ender(pool, triplet, ctx, settings.fact_gate)
    if not found.by_vector and not by_text:
        pool.status["triplet"] = "ok (no triplets in this scope match)"
        return
    pool.status["triplet"] = f"ok ({len(strong)} by vector, {len(by_text)} by full-text)"
    pool.others = asker.about_others(ctx.query, ctx.self_names, [*strong, *by_text])
    if pool.others:
        pool.status["triplet"] += (
            f"; asked about the asker: {len(pool.others)} memories state only others' facts"
        )
    pool.others_than_named = asker.about_others_than(ctx.query, [*strong, *by_text])
    if pool.others_than_named:
        pool.status["triplet"] += (
            f"; asked about {asker.named(ctx.query)}: {len(pool.others_than_named)} memories "
            "state only others' facts"
        )


def _by_text(
    store: SearchStore,
    vector: list[float],
    k: int,
    terms: list[TermHits],
    stats: scope_terms.FieldStats,
    known: dict[str, TripletHit],
) -> list[TripletHit]:
    """The ``k`` best full-text triplets, each scored ``TEXT_WEIGHT`` times its BM25 score over
    the best one's (ties by id, so the cut at ``k`` does not depend on Lucene's order).
    Only those the vector part did not return (``known``) are read by id."""
    scored = scope_terms.scores(terms, {"fact": stats})
    top = sorted(scored.items(), key=lambda item: (-item[1], item[0]))[:k]
    if not top or top[0][1] <= 0:
        return []
    best = top[0][1]
    missing = [triplet_id for triplet_id, _ in top if triplet_id not in known]
    read = known | {t.id: t for t in (store.triplets_by_id(missing, vector) if missing else [])}
    return [
        read[triplet_id].model_copy(update={"score": TEXT_WEIGHT * score / best})
        for triplet_id, score in top
        if triplet_id in read
    ]


def _fact_queries(ctx: SearchContext) -> list[FactQuery]:
    out = []
    for word in scope_terms.query_terms(ctx.query):
        fact = lucene.scoped_query("fact", word, ctx.owner.params())
        if fact is not None:
            out.append(FactQuery(term=word, fact=fact))
    return out
