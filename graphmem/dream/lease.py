"""A scope's Dream lease: one worker at a time, and a crashed worker's lease expires.

The store takes it with a conditional write (lock the lease node, re-check owner and expiry,
then write); every synthesis write re-claims it in its own transaction, which also renews it.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from graphmem.dream.models import LeaseClaim
from graphmem.dream.ports import LeaseStore


def utcnow() -> datetime:
    return datetime.now(UTC)


class Lease:
    def __init__(
        self,
        store: LeaseStore,
        scope_key: str,
        seconds: float,
        clock: Callable[[], datetime] = utcnow,
    ) -> None:
        self.store = store
        self.scope_key = scope_key
        self.seconds = seconds
        self.clock = clock
        self.owner = str(uuid.uuid4())

    def claim(self) -> LeaseClaim:
        """A fresh claim: valid from now for ``seconds``."""
        now = self.clock()
        return LeaseClaim(
            scope_key=self.scope_key,
            owner=self.owner,
            now=now,
            expires_at=now + timedelta(seconds=self.seconds),
        )

    def acquire(self) -> bool:
        return self.store.acquire_lease(self.claim())

    def release(self) -> None:
        self.store.release_lease(self.claim())
