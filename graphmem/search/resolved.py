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

from graphmem.ports.search import GateRow
from graphmem.search.candidates import Pool
from graphmem.search.roles import Resolution


def reached(resolution: Resolution, pool: Pool) -> list[str]:
    """The candidates that mention an entity the query's roles resolved to."""
    ids: set[str] = set()
    for entity_id in resolution.entities:
        ids |= pool.mentions.get(entity_id, set())
    return sorted(ids)


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
