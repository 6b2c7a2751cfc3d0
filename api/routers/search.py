"""``POST /v1/memories/search``: the memories (and triplets) that matter for a query now."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import ApiKeyDep, MemoryDep
from api.errors import COMMON_RESPONSES
from api.schemas import MemoryPublic, ScoredMemoryPublic, SearchPublic, SearchRequest

router = APIRouter(prefix="/v1/memories", tags=["search"], responses=COMMON_RESPONSES)


@router.post("/search")
def search_memories(body: SearchRequest, memory: MemoryDep, key: ApiKeyDep) -> SearchPublic:
    scope = key.resolve_scope(body.user_id, body.agent_id, body.run_id)
    found = memory.search(
        body.query,
        **scope,
        top_k=body.top_k,
        threshold=body.threshold,
        latest_only=body.latest_only,
        include_merged=body.include_merged,
        reference_date=body.reference_date,
        explain=body.explain,
        filters=body.filters.as_filters() if body.filters else None,
        include_linked=body.include_linked,
    )
    found = key.visible_search(found)
    return SearchPublic(
        results=[ScoredMemoryPublic.model_validate(m.model_dump()) for m in found.results],
        relations=found.relations,
        degraded=found.degraded,
        failed_signals=found.failed_signals,
        explain=found.explain,
        linked=[MemoryPublic.of(m) for m in found.linked],
    )
