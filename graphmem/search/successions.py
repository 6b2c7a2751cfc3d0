"""Who holds a role now that someone took it over: "Also my manager Dave is leaving", then
"Dave's replacement is a woman called Oona" (``Oona replaces Dave``). "Who is my manager?"
resolves through ``Dave manager_of Priya`` to Dave (:mod:`graphmem.search.roles`), then
through ``Oona replaces Dave`` to Oona too: the successor is sought beside the one replaced
(a question about the past asks for him), and the succession joins the path, so the memory
telling it is the bridge to both."""

from __future__ import annotations

from graphmem.ports.search import RelationRow, SearchStore

#: Predicates whose source took over what their target held (the extractor's "replaces":
#: "Oona replaced Dave", "Sasha took over from Grant", "Dave's replacement is Oona").
SUCCEEDS = frozenset({"replaces"})


def succeeded(
    store: SearchStore, path: list[RelationRow], resolved: dict[str, str]
) -> tuple[list[RelationRow], dict[str, str]]:
    """``path`` and ``resolved`` (entity id -> name) with each resolved entity's successor
    added, one step (a successor's own successor is not followed)."""
    rows = store.entity_relations(sorted(resolved))
    taking = [
        row
        for row in rows
        if row.predicate in SUCCEEDS and row.target_id in resolved and row.source_id not in resolved
    ]
    if not taking:
        return path, resolved
    return [*path, *taking], {**resolved, **{row.source_id: row.source for row in taking}}
