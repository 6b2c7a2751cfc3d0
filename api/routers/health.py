"""``GET /healthz``: Neo4j reachable and every index ONLINE with the embedder's dimension."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import MemoryDep
from api.errors import Unhealthy
from api.schemas import HealthPublic, UnhealthyPublic
from graphmem.errors import SchemaMismatchError, StorageError, StorageUnavailableError

router = APIRouter(tags=["health"])


@router.get("/healthz", responses={503: {"model": UnhealthyPublic}})
def healthz(memory: MemoryDep) -> HealthPublic:
    try:
        memory.health()
    except StorageUnavailableError as exc:
        raise Unhealthy("Neo4j is unreachable") from exc
    except SchemaMismatchError as exc:
        raise Unhealthy(str(exc)) from exc
    except StorageError as exc:
        raise Unhealthy("Neo4j failed to answer the health check") from exc
    return HealthPublic()
