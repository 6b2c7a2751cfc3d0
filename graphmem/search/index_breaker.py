"""The vector indexes' health as a process saw it, and the rule for asking them.

On Neo4j 2026.08.1 a filtered vector search can fail inside Lucene, or go unanswered
(docs/reliability.md, 2c). A caller that has an exact way to the same answer asks the index
through :meth:`IndexBreaker.ask`: a failure inside Neo4j answers from the exact way instead,
and so does every call for ``BREAKER_COOLDOWN_S`` after it, or while an earlier call has gone
unanswered past its timeout. Used by search's memory vector signal (search/signals/vector.py)
and by the memories an LLM is shown before it extracts (services/context.py)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from graphmem.errors import StorageError, StorageUnavailableError

BREAKER_COOLDOWN_S = 300.0
T = TypeVar("T")


@dataclass
class IndexBreaker:
    """The memory vector indexes' health as one reader saw it (search keeps one per store, an
    add service its own)."""

    failed_at: float | None = None
    reason: str = ""
    # the start time of each index call not yet answered, by call
    pending: dict[int, float] = field(default_factory=dict)
    calls: int = 0
    reported: bool = False  # the failure was logged (once until the index answers again)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def skipped(self, timeout_s: float, now: float) -> str | None:
        """Why the index is skipped now, or None to ask it."""
        with self.lock:
            if self.failed_at is not None and now - self.failed_at < BREAKER_COOLDOWN_S:
                return self.reason
            if self.pending and now - min(self.pending.values()) > timeout_s:
                return "an earlier search of it is still unanswered"
            return None

    def start(self, now: float) -> int:
        """Record an index call; returns its token for ``finish``."""
        with self.lock:
            self.calls += 1
            self.pending[self.calls] = now
            return self.calls

    def finish(self, call: int, error: str | None, now: float) -> None:
        with self.lock:
            self.pending.pop(call, None)
            if error is not None:
                self.failed_at, self.reason = now, error
            else:
                self.reported = False
                if self.failed_at is not None and now - self.failed_at >= BREAKER_COOLDOWN_S:
                    self.failed_at, self.reason = None, ""

    def first_report(self) -> bool:
        """True once per failure: until the index answers again, the next calls say False."""
        with self.lock:
            first, self.reported = not self.reported, True
            return first

    def ask(
        self, index: Callable[[], T], fallback: Callable[[], T], timeout_s: float
    ) -> tuple[T, str | None]:
        """``index()``'s answer, or ``fallback()``'s with the reason the index was skipped or
        failed inside Neo4j. An unreachable Neo4j is raised (the fallback could not answer
        either); a call that ends that way after ``timeout_s`` counts as the index's hang."""
        skipped = self.skipped(timeout_s, time.monotonic())
        if skipped is not None:
            return fallback(), skipped
        started = time.monotonic()
        call = self.start(started)
        try:
            found = index()
        except StorageUnavailableError:
            now = time.monotonic()
            self.finish(
                call, "no answer from the index" if now - started > timeout_s else None, now
            )
            raise
        except StorageError as exc:
            reason = exc.reason or type(exc).__name__
            self.finish(call, reason, time.monotonic())
            return fallback(), reason
        self.finish(call, None, time.monotonic())
        return found, None
