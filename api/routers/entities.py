"""``/v1/entities``: the entities of a scope and the triplets around one entity."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from api.auth import visible_entity
from api.deps import ApiKeyDep, MemoryDep
from api.errors import COMMON_RESPONSES, NOT_FOUND
from api.schemas import EntitiesPublic, EntityListQuery, LimitQuery, RelationsPublic

router = APIRouter(prefix="/v1/entities", tags=["entities"], responses=COMMON_RESPONSES)


@router.get("")
def list_entities(
    query: Annotated[EntityListQuery, Query()], memory: MemoryDep, key: ApiKeyDep
) -> EntitiesPublic:
    scope = key.resolve_scope(query.user_id, query.agent_id, query.run_id)
    return EntitiesPublic(results=key.visible(memory.entities(**scope, limit=query.limit)))


@router.get("/{entity_id}/relations", responses=NOT_FOUND)
def entity_relations(
    entity_id: str, query: Annotated[LimitQuery, Query()], memory: MemoryDep, key: ApiKeyDep
) -> RelationsPublic:
    """Triplets in which the entity is the source or the target, newest first."""
    visible_entity(memory, key, entity_id)
    return RelationsPublic(results=memory.entity_relations(entity_id, limit=query.limit))
