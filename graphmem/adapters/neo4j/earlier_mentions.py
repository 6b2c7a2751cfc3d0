"""Entities this add creates, linked to the owner's earlier memories that name them.

The offline extractor links a memory to every name the owner's graph already knows that its
text spells (``extraction/mentions.py``). A name only becomes known when some memory makes it
an entity, so without this step the graph's mentions would depend on the order things were
told: "I went to an LGBTQ support group" said in May never mentions the entity "LGBTQ" made
in July. Once per add that creates entities, right after its transaction commits: the earlier
memories that spell each new name (the memory full-text index finds the candidates, a
whole-word match in any case confirms them, as the extractor's) are linked to it
(``entity/earlier_mentions``; MERGE, so a retry or a concurrent add links once).

It is a step of its own, not part of the add's transaction: an add must not fail because a
search index does (a dropped or broken ``memory_text`` degrades search, docs/search.md). When
the step fails, the add stands, the earlier memories stay unlinked, and a WARNING says why
(error class and Neo4j code, never text).
"""

from __future__ import annotations

import logging
from typing import Any

from graphmem.adapters.neo4j.statements import Statements
from graphmem.domain.writes import WritePlan
from graphmem.errors import StorageError
from graphmem.extraction.mentions import mention_pattern
from graphmem.extraction.phrases import FUNCTION_WORDS
from graphmem.search.lucene import scoped_phrase

_log = logging.getLogger(__name__)

#: Earlier memories looked at per new name (the full-text index's best first).
CANDIDATES_PER_NAME = 200


def _names(plan: WritePlan) -> list[dict[str, Any]]:
    new = set(plan.new_entity_keys)
    owner = plan.scope.owner.params()
    rows = []
    for entity in plan.entities:
        if entity.key not in new or entity.normalized_name in FUNCTION_WORDS:
            continue
        phrase = scoped_phrase("text", entity.name, owner)
        if phrase is not None:
            rows.append(
                {"key": entity.key, "query": phrase, "pattern": mention_pattern(entity.name)}
            )
    return rows


def link(statements: Statements, plan: WritePlan, created: list[str]) -> int | None:
    """Link the owner's earlier memories to the entities ``plan`` created (``created``: the
    add's new memories, linked by their extraction); how many links, None when it failed."""
    names = _names(plan)
    if not names or not created:
        return 0
    try:
        rows = statements.write(
            "entity/earlier_mentions",
            "link earlier mentions",
            names=names,
            owner=plan.scope.owner_key,
            created=created,
            cap=CANDIDATES_PER_NAME,
        )
    except StorageError as exc:
        _log.warning(
            "earlier mentions of %d new entities not linked: %s (%s)",
            len(names),
            type(exc).__name__,
            exc.reason,
        )
        return None
    return int(rows[0]["linked"] or 0) if rows else 0
