"""The FastAPI application: one ``Memory`` (driver, embedder, LLM client) per process."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio.to_thread
from fastapi import FastAPI

from api import errors
from api.deadline import DeadlineMiddleware
from api.limits import BodyLimitMiddleware
from api.routers import dream, entities, health, memories, search
from graphmem.dream import start_scheduler
from graphmem.host_guard import LoopbackGuard
from graphmem.memory import Memory
from graphmem.settings import Settings

DESCRIPTION = """Long-term memory for AI agents, stored in Neo4j.

Send an API key from `graphmem keys create` as `Authorization: Bearer <key>`. A key is bound to
user and/or agent ids (or is admin): other scopes answer 403, other tenants' ids 404."""


def _attach(app: FastAPI, memory: Memory) -> None:
    app.state.memory = memory


def create_app(settings: Settings | None = None, *, memory: Memory | None = None) -> FastAPI:
    """The app. Without ``memory`` the lifespan creates one at start-up and closes it at
    shutdown; an injected ``memory`` is used as is and left open."""
    settings = settings or (memory.settings if memory else Settings())

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if memory is not None:
            await anyio.to_thread.run_sync(memory.warm_up)
            yield
            return
        owned = await anyio.to_thread.run_sync(Memory, settings)
        scheduler = None
        try:
            await anyio.to_thread.run_sync(owned.warm_up)  # models loaded before, not by, a request
            _attach(app, owned)
            scheduler = start_scheduler(owned.dream_runner) if settings.dream.enabled else None
            yield
        finally:
            if scheduler is not None:
                scheduler.stop()
            owned.close()

    app = FastAPI(
        title="graphmem",
        version="0.1.0",
        description=DESCRIPTION,
        lifespan=lifespan,
    )
    app.add_middleware(BodyLimitMiddleware, max_body_bytes=settings.api.max_body_bytes)
    if not settings.api.auth_enabled:  # loopback only: refuse rebound names and other sites
        app.add_middleware(LoopbackGuard)
    app.add_middleware(DeadlineMiddleware, deadline_s=settings.api.request_deadline_s)  # outermost
    app.state.settings = settings
    if memory is not None:
        _attach(app, memory)
    errors.install(app)
    for module in (memories, search, entities, dream, health):
        app.include_router(module.router)
    return app
