"""Waiting in concurrency tests: poll a condition until it holds, failing after a deadline."""

from __future__ import annotations

import time
from collections.abc import Callable

WAIT_S = 30.0  # long enough for a loaded machine; a test that passes never waits this long


def until(condition: Callable[[], bool], never: str, poll_s: float = 0.01) -> None:
    """Return once ``condition()`` holds; fail with ``never`` after ``WAIT_S``."""
    deadline = time.monotonic() + WAIT_S
    while not condition():
        assert time.monotonic() < deadline, never
        time.sleep(poll_s)
