"""Entity-centric neighbour expansion: entities recognised in the query (by name through the
full-text index, the user's own entity for first-person queries, by meaning through entity
vectors) → their neighbourhood (depth 1 or 2) →
the memories mentioning them and the triplets there. Hub entities (mentioned by many
memories, such as the user or a conversation's speakers) are damped, like IDF, by
d(n) = 1 / (1 + ln(1 + n / hub_degree)) of their n mentions: a memory mentioning the seed by
d(n), a triplet around it once more by d(n - hub_degree) beyond hub_degree mentions. A hub's facts
are as common as its mentions and no more telling about the query; a rarely mentioned
entity's facts keep their weight. The user's own entity, reached through "I"/"my" or by the
owner's one recorded name (:mod:`graphmem.search.self_names`), is such a hub from the start
(nearly all a user says is a fact about the user): its facts count as mentions
(docs/search.md, "Entity scores")."""

from __future__ import annotations

import math

from graphmem.lifecycle.predicates import normalize_name
from graphmem.ports.search import SearchStore, TripletHit
from graphmem.search import lucene, self_names
from graphmem.search.candidates import Pool
from graphmem.search.context import SearchContext
from graphmem.search.role_words import ROLE_WORDS
from graphmem.settings import SearchSettings

HOP_DECAY = 0.6
MENTION_ONLY = 0.4
SEED_LIMIT = 8
SELF_CONFIDENCE = 0.5  # a pronoun is weaker evidence than a name


def self_keys(ctx: SearchContext) -> list[str]:
    """Keys of the speaker's own entities in the owner's graph: "user", and the one name
    the owner's user messages carried (:mod:`graphmem.search.self_names`)."""
    return self_names.keys(ctx.owner.key, ctx.self_names)


def recognise(store: SearchStore, ctx: SearchContext, settings: SearchSettings) -> dict[str, float]:
    """Seed entity id -> confidence in [0, 1]."""
    seeds: dict[str, float] = {}
    words = set(lucene.terms(ctx.query))
    stems = {lucene.singular(w) for w in words}
    owner = ctx.owner
    query = lucene.scoped_query("name", " ".join(sorted(words | stems)), owner.params())
    keys = self_keys(ctx) if words & self_names.FIRST_PERSON else []
    found = store.entity_seeds(query, 25, keys, owner.key, ctx.vector, 5)
    for row in found.by_name:
        name = lucene.terms(row.normalized_name or normalize_name(row.name))
        if name and {lucene.singular(w) for w in name} <= stems:
            seeds[row.id] = 1.0
    for row in found.by_key:
        seeds[row.id] = SELF_CONFIDENCE
    for row in found.by_vector:
        if row.score >= settings.entity_min_cosine and not _owned_by_name(row.name, stems):
            seeds[row.id] = max(seeds.get(row.id, 0.0), row.score)
    ranked = sorted(seeds.items(), key=lambda kv: -kv[1])[:SEED_LIMIT]
    return dict(ranked)


_ROLES = frozenset(ROLE_WORDS)


def _owned_by_name(name: str, stems: set[str]) -> bool:
    """An unnamed relative of someone the query names, by a relation the query does not say
    ("Callum's Father" for "Where does Callum live now?"): near the query by the owner's name
    alone, so no seed by meaning (the role resolution reaches it when the query says "dad")."""
    owner, mark, relation = name.partition("'s ")
    if not mark or relation.casefold() not in _ROLES:
        return False  # "St Anne's School": a place, not a relative
    said = {lucene.singular(w) for w in lucene.terms(relation)}
    return {lucene.singular(w) for w in lucene.terms(owner)} <= stems and not said & stems


def _closeness(triplet: TripletHit, seed_name: str) -> float:
    """A fact about the seed (the seed as subject) counts fully, one pointing at it or lying
    further away is decayed per hop; a memory that only mentions the seed counts half."""
    hops = triplet.hops
    about_seed = hops == 1 and triplet.source == seed_name
    return 1.0 if about_seed else HOP_DECAY**hops


def damping(mentions: int, hub_degree: int) -> float:
    return 1.0 / (1.0 + math.log1p(mentions / max(hub_degree, 1)))


def fact_damping(mentions: int, hub_degree: int) -> float:
    """The further damping of a fact about a seed: 1 up to hub_degree mentions."""
    return damping(max(mentions - hub_degree, 0), hub_degree)


def collect(store: SearchStore, ctx: SearchContext, pool: Pool, settings: SearchSettings) -> None:
    if not settings.entity_expansion:
        pool.status["entity"] = "off: entity expansion is disabled in settings"
        return
    seeds = recognise(store, ctx, settings)
    if not seeds:
        pool.status["entity"] = "ok (no entity of this scope recognised in the query)"
        return
    for row in store.expand(list(seeds), settings.entity_depth):
        mention = seeds[row.seed] * damping(row.mentions, settings.hub_degree)
        fact = mention * fact_damping(row.mentions, settings.hub_degree)
        if normalize_name(row.seed_name) in ctx.self_names:
            # the owner, through "I"/"my" or their one recorded name: nearly everything the
            # user says is a fact about the user, so such a fact tells no more about the
            # query than a mention
            fact = min(fact, MENTION_ONLY * mention)
        pool.mentions.setdefault(row.seed, set()).update(row.memory_ids)
        for memory_id in row.memory_ids:
            pool.add("entity", memory_id, MENTION_ONLY * mention)
        for triplet in row.triplets:
            score = fact * _closeness(triplet, row.seed_name)
            pool.add_triplet(triplet, score)
            for memory_id in triplet.memory_ids:
                pool.add("entity", memory_id, score)
    pool.status["entity"] = f"ok ({len(seeds)} entities recognised)"
