"""Set questions: the members of the category asked for, through the owner's concepts.

"What European countries has Maria been to?" is answered by "my trip to England" and "Spain
was amazing": memories worded like the members, not like the category, which the query's
vector and words reach poorly. For a set question (:mod:`graphmem.search.sets`), the
category's words ("European countries", embedded with the query, ``ctx.category_vector``) are
compared with the owner's concepts (exact cosine, ``category_members.cypher``); the
``members_entities`` nearest with a cosine in [``members_min_cosine``,
``members_max_cosine``) lead to the memories of the scope that mention them, each scored with
its best concept's cosine (ranking adds ``weight_members`` times it). A concept as close as
the category's own word ("activity" for "activities", "pottery" for "pottery") is left out:
the query already names it, and the other signals find it; the members are what they miss.
A concept mentioned by more than ``HUB_SHARE`` of the scope's memories (a conversation's
"kid", "family") is left out too: it tells nothing about which memories hold the members."""

from __future__ import annotations

from graphmem.ports.search import SearchStore
from graphmem.search.candidates import Pool
from graphmem.search.context import SearchContext
from graphmem.settings import SearchSettings

HUB_SHARE = 0.05
MIN_HUB = 5  # in a small scope, a concept of a few memories is no hub
MEMORY_CAP = 200


def collect(store: SearchStore, ctx: SearchContext, pool: Pool, settings: SearchSettings) -> None:
    if settings.weight_members <= 0:
        pool.status["members"] = "off: weight_members is 0 in settings"
        return
    if ctx.category is None or not ctx.category_vector:
        pool.status["members"] = "off: not a set question"
        return
    found = store.category_members(
        ctx.owner.key,
        ctx.category_vector,
        settings.members_entities,
        (settings.members_min_cosine, settings.members_max_cosine),
        ctx.scope_keys,
        MEMORY_CAP,
    )
    hub = max(MIN_HUB, HUB_SHARE * ctx.scope_size)
    concepts = [hit for hit in found if 0 < hit.mentions <= hub]
    for hit in concepts:
        for memory_id in hit.memory_ids:
            pool.add("members", memory_id, hit.score)
    pool.status["members"] = (
        f"ok (category {ctx.category!r}: {len(concepts)} concepts, "
        f"{sum(len(h.memory_ids) for h in concepts)} mentions)"
    )
