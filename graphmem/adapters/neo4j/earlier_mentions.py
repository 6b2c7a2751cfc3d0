"""Entities this add creates, linked to the owner's earlier memories that name them.

The offline extractor links a memory to every name the owner's graph already knows that its
text spells (``extraction/mentions.py``). A name only becomes known when some memory makes it
an entity, so without this step the graph's mentions would depend on the order things were
told: "I went to an LGBTQ support group" said in May never mentions the entity "LGBTQ" made
in July. Once per add that creates entities, in its transaction: the earlier memories that
spell each new name (the memory full-text index finds the candidates, a whole-word match in
any case confirms them, as the extractor's) are linked to it (``entity/earlier_mentions``).
"""

from __future__ import annotations

from typing import Any

import neo4j

from graphmem.cypher_catalog import query
from graphmem.domain.writes import WritePlan
from graphmem.extraction.mentions import mention_pattern
from graphmem.extraction.phrases import FUNCTION_WORDS
from graphmem.search.lucene import scoped_phrase

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


def link(tx: neo4j.ManagedTransaction, plan: WritePlan, created: list[str]) -> int:
    """Link the owner's earlier memories to the entities ``plan`` creates; how many links."""
    names = _names(plan)
    if not names:
        return 0
    record = tx.run(
        query("entity/earlier_mentions"),
        names=names,
        owner=plan.scope.owner_key,
        created=created,
        cap=CANDIDATES_PER_NAME,
    ).single()
    return int(record["linked"] or 0) if record else 0
