"""Optional decay: a multiplier in [0.3, 1.5] from access recency and frequency. It only
reorders; nothing is ever deleted by decay."""

from __future__ import annotations

import math
from datetime import datetime

from graphmem.domain.memory import MemoryRecord

LOW, HIGH = 0.3, 1.5
HALF_LIFE_DAYS = 30.0
FREQUENT = 50


def multiplier(
    memory: MemoryRecord, access_count: int, last_accessed: datetime | None, now: datetime
) -> float:
    seen = last_accessed or memory.created_at
    days = max((now - seen).total_seconds() / 86_400, 0.0)
    recency = 0.5 ** (days / HALF_LIFE_DAYS)
    frequency = min(math.log1p(access_count) / math.log1p(FREQUENT), 1.0)
    return LOW + (HIGH - LOW) * (0.6 * recency + 0.4 * frequency)
