"""The cool-down between on-demand Dream runs of one scope (in this process).

A run someone asks for (HTTP, MCP) examines up to ``max_new_memories`` memories and may call
the LLM for each qualifying group: minutes of work. A scope that ran on demand (or completed
a run, as recorded in its ``last_run_at``) less than ``min_interval_s`` ago is refused with
the seconds left to wait.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from graphmem.dream.models import DreamScopeState
from graphmem.errors import RateLimitedError


class Cooldown:
    def __init__(self, min_interval_s: float, clock: Callable[[], datetime]) -> None:
        self.interval = timedelta(seconds=min_interval_s)
        self.clock = clock
        self._last: dict[str, datetime] = {}
        self._lock = threading.Lock()

    def claim(self, states: Sequence[DreamScopeState]) -> None:
        """Mark these scopes as run now, or raise RateLimitedError if any ran too recently."""
        with self._lock:
            now = self.clock()
            self._last = {k: t for k, t in self._last.items() if t + self.interval > now}
            wait = max((self._wait(s, now) for s in states), default=0.0)
            if wait > 0:
                raise RateLimitedError(
                    f"Dream ran for this scope less than {self.interval.total_seconds():g}s "
                    f"ago (GRAPHMEM_DREAM__MIN_INTERVAL_S); retry in {math.ceil(wait)}s",
                    retry_after_s=math.ceil(wait),
                )
            self._last.update({s.key: now for s in states})

    def _wait(self, state: DreamScopeState, now: datetime) -> float:
        times = [t for t in (self._last.get(state.key), state.last_run_at) if t is not None]
        if not times:
            return 0.0
        return (max(times) + self.interval - now).total_seconds()
