"""The memories about the person a role resolved to, read against the resolved query.

The query vector embeds the words the user wrote. For "What can I bake for Karl's daughter?"
it lies near Karl's memories and near the bridge "Ines is Karl's daughter", and far from
Ines's own facts: her fact in the question's domain ("Ines can't eat gluten") can fall under
the gate, or below her other facts. So once a role resolved, the resolved query ("What can I
bake for Ines?") is embedded too, and every candidate that mentions a resolved entity keeps
the better of its two cosines. The question's own words (a dessert, a present) then rank the
resolved person's facts among themselves; a bridge keeps the cosine it had, so a question
about the relation itself ("Who is Karl's daughter?") still finds it.
"""

from __future__ import annotations

from graphmem.lifecycle.predicates import normalize_name
from graphmem.ports.search import GateRow
from graphmem.search.candidates import Pool
from graphmem.search.roles import Resolution


def reached(resolution: Resolution, pool: Pool) -> list[str]:
    """The candidates that mention an entity the query's roles resolved to."""
    ids: set[str] = set()
    for entity_id in resolution.entities:
        ids |= pool.mentions.get(entity_id, set())
    return sorted(ids)


def anchors_only(resolution: Resolution, pool: Pool) -> dict[str, set[str]]:
    """The memories whose matched facts are all the anchor's ("Karl wants a new watch" for
    "a present for Karl's daughter", once her own facts matched too), with the anchor's
    names: the question is about the person the role resolved to, and such a memory, unless
    the anchor told it, is scored ``search.others_factor`` times, as another person's facts
    are for a question about the asker (:mod:`graphmem.search.asker`). A speaker's own
    account ("We took the kids to the museum" for "What do Melanie's kids like?") keeps its
    score. Empty when no matched fact is the resolved person's: then the anchor's memories
    may be all the graph knows."""
    if not resolution.resolved:
        return {}
    resolved = {normalize_name(name) for name in resolution.entities.values()}
    anchors = {
        normalize_name(name)
        for row in resolution.paths
        for end_id, name in ((row.source_id, row.source), (row.target_id, row.target))
        if end_id not in resolution.entities
    }
    bridges = resolution.bridges
    sources: dict[str, set[str]] = {}
    for hit in pool.triplets.values():
        for memory_id in hit.memory_ids:
            sources.setdefault(memory_id, set()).add(normalize_name(hit.source))
    if not any(found & resolved for found in sources.values()):
        return {}
    return {m: found for m, found in sources.items() if found <= anchors and m not in bridges}


def mark_anchored(resolution: Resolution, pool: Pool) -> None:
    """Record :func:`anchors_only` in the pool for the ranking, and say so in ``explain``."""
    pool.anchored = anchors_only(resolution, pool)
    if pool.anchored:
        pool.status["roles"] += f"; {len(pool.anchored)} memories state only the anchor's facts"


def reread(rows: list[GateRow]) -> list[GateRow]:
    """``rows`` with each cosine raised to its cosine to the resolved query, where higher."""
    return [
        row.model_copy(update={"cosine": row.resolved_cosine})
        if row.resolved_cosine is not None and row.resolved_cosine > row.cosine
        else row
        for row in rows
    ]


def status(note: str, rows: list[GateRow]) -> str:
    """The roles note, with how many candidates the resolved query read closer."""
    again = [row.resolved_cosine - row.cosine for row in rows if row.resolved_cosine is not None]
    closer = sum(1 for gain in again if gain > 0)
    return f"{note} ({closer} of {len(again)} memories about them closer to the resolved query)"
