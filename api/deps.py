"""Dependencies, as ``Annotated`` aliases named for what they provide.

They are ``async``: FastAPI runs a plain ``def`` dependency on a worker thread, a hop per
dependency per request. Only a key the process does not remember yet goes to a thread to
ask Neo4j (`graphmem.services.keys`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool

from graphmem.domain.keys import ApiKey
from graphmem.memory import Memory
from graphmem.services.auth import authenticate, authenticate_cached
from graphmem.settings import Settings

_bearer = HTTPBearer(auto_error=False, description="An API key from `graphmem keys create`.")


async def _memory(request: Request) -> Memory:
    return request.app.state.memory


async def _settings(request: Request) -> Settings:
    return request.app.state.settings


MemoryDep = Annotated[Memory, Depends(_memory)]
SettingsDep = Annotated[Settings, Depends(_settings)]
CredentialsDep = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]


async def _api_key(credentials: CredentialsDep, memory: MemoryDep, settings: SettingsDep) -> ApiKey:
    token = credentials.credentials if credentials else None
    enabled = settings.api.auth_enabled
    key = authenticate_cached(token, memory.keys, enabled)
    if key is None:
        key = await run_in_threadpool(authenticate, token, memory.keys, enabled)
    return key


ApiKeyDep = Annotated[ApiKey, Depends(_api_key)]
