"""Dependencies, as ``Annotated`` aliases named for what they provide."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from graphmem.domain.keys import ApiKey
from graphmem.memory import Memory
from graphmem.services.auth import authenticate
from graphmem.settings import Settings

_bearer = HTTPBearer(auto_error=False, description="An API key from `graphmem keys create`.")


def _memory(request: Request) -> Memory:
    return request.app.state.memory


def _settings(request: Request) -> Settings:
    return request.app.state.settings


MemoryDep = Annotated[Memory, Depends(_memory)]
SettingsDep = Annotated[Settings, Depends(_settings)]
CredentialsDep = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]


def _api_key(credentials: CredentialsDep, memory: MemoryDep, settings: SettingsDep) -> ApiKey:
    token = credentials.credentials if credentials else None
    return authenticate(token, memory.keys, settings.api.auth_enabled)


ApiKeyDep = Annotated[ApiKey, Depends(_api_key)]
