"""Every request is answered within ``api.request_deadline_s``: when the deadline passes before
the route has started its response, the client gets 503 with ``Retry-After`` at once.

The route keeps running on its worker thread (a thread cannot be cancelled); whatever it sends
later is dropped. So a 2xx only ever leaves after the route returned, which for a write means
after its transaction committed, and a request that ran out of time gets a 503 whether or not
its write commits later. The driver's own timeouts (``neo4j.connection_*``,
``max_transaction_retry_time_s``) end the abandoned work soon after.
"""

from __future__ import annotations

import asyncio
import logging

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.errors import deadline_response

logger = logging.getLogger("graphmem.api")


class _Reply:
    """Who answers the client: the route (once it starts its response) or the deadline."""

    def __init__(self, send: Send) -> None:
        self.send = send
        self.started = False
        self.abandoned = False

    async def from_route(self, message: Message) -> None:
        if self.abandoned:
            return
        self.started = True
        await self.send(message)


class DeadlineMiddleware:
    def __init__(self, app: ASGIApp, deadline_s: float) -> None:
        self.app = app
        self.deadline_s = deadline_s
        self._abandoned: set[asyncio.Task[None]] = set()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        reply = _Reply(send)
        route = asyncio.ensure_future(self.app(scope, receive, reply.from_route))
        done, _ = await asyncio.wait({route}, timeout=self.deadline_s)
        if done or reply.started:
            await route  # answered in time (or already answering): its result, or its error
            return
        reply.abandoned = True  # no await since the check: the route cannot slip in between
        self._abandon(route, scope)
        await deadline_response()(scope, receive, send)

    def _abandon(self, route: asyncio.Task[None], scope: Scope) -> None:
        logger.warning(
            "%s %s passed its %.1f s deadline: answered 503",
            scope.get("method"),
            scope.get("path"),
            self.deadline_s,
        )
        self._abandoned.add(route)  # keep a reference until it ends
        route.add_done_callback(self._finished)

    def _finished(self, route: asyncio.Task[None]) -> None:
        self._abandoned.discard(route)
        if not route.cancelled() and (exc := route.exception()) is not None:
            logger.warning("abandoned request ended with %s", type(exc).__name__)
