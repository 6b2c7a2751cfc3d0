"""Dream over HTTP: enable a scope, run now (or dry-run), read status and a synthesis's
sources. Scopes are resolved against the API key like every other endpoint; enabling and
running need an admin key or one created with ``--allow-dream``, and a run is refused while
Dream is disabled for the project (even a dry run) or within the scope's cool-down."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict

from api.deps import ApiKeyDep, MemoryDep
from api.errors import COMMON_RESPONSES, DREAM_RUN, NOT_FOUND
from api.schemas import MemoriesPublic, MemoryPublic
from graphmem.dream.models import DreamReport, DreamScopeState, DreamStatus

router = APIRouter(prefix="/v1/dream", tags=["dream"], responses=COMMON_RESPONSES)


class DreamScopeRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    user_id: str | None = None
    agent_id: str | None = None


class DreamRunRequest(DreamScopeRequest):
    dry_run: bool = False


class DreamEnabledPublic(BaseModel):
    scopes: list[DreamScopeState]


@router.post("/enable")
def enable(body: DreamScopeRequest, memory: MemoryDep, key: ApiKeyDep) -> DreamEnabledPublic:
    key.check_dream_run()
    scope = key.resolve_scope(body.user_id, body.agent_id, None)
    everything = scope["user_id"] is None and scope["agent_id"] is None
    states = memory.enable_dream(
        user_id=scope["user_id"], agent_id=scope["agent_id"], all_scopes=everything
    )
    return DreamEnabledPublic(scopes=states)


@router.post("/run", responses=DREAM_RUN)
def run(body: DreamRunRequest, memory: MemoryDep, key: ApiKeyDep) -> DreamReport:
    key.check_dream_run()
    scope = key.resolve_scope(body.user_id, body.agent_id, None)
    return memory.dream(
        user_id=scope["user_id"], agent_id=scope["agent_id"], dry_run=body.dry_run, on_demand=True
    )


@router.get("/status")
def status(
    memory: MemoryDep, key: ApiKeyDep, user_id: str | None = None, agent_id: str | None = None
) -> DreamStatus:
    key.check_dream_scope()
    scope = key.resolve_scope(user_id, agent_id, None)
    return memory.dream_status(user_id=scope["user_id"], agent_id=scope["agent_id"])


@router.get("/syntheses/{memory_id}/sources", responses=NOT_FOUND)
def sources(
    memory_id: str,
    memory: MemoryDep,
    key: ApiKeyDep,
    user_id: str | None = None,
    agent_id: str | None = None,
) -> MemoriesPublic:
    key.check_dream_scope()
    scope = key.resolve_scope(user_id, agent_id, None)
    found = memory.synthesis_sources(
        memory_id, user_id=scope["user_id"], agent_id=scope["agent_id"]
    )
    return MemoriesPublic(results=[MemoryPublic.model_validate(m.model_dump()) for m in found])
