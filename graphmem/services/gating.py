"""The semantic gate, read while the signals still run: each signal's candidates are gated
(the same ``gate.cypher`` statement) as soon as that signal answers, on a worker thread, so
the gate of the signals that answer first overlaps the slowest signal (the vector index),
and what is left to gate after the last one is only its own new candidates.

Every candidate is gated once, by one statement with the same parameters as the single gate
read after all signals: the rows, put back in the pool's order, are the rows that read would
return (docs/performance.md). An early gate is an optimisation only: when one fails or has
not answered in time, its candidates are gated again after the signals (errors from that
read fail the search, as before); it never changes which signals are reported.

It buys latency with work: a gate read per signal instead of one, about two more round trips
per search, and their CPU on both sides. That pays only while the machine has cores to spare,
so by default (``search.early_gate = "auto"``, :class:`GatePolicy`) a search gates early only
when it runs alone in this process: no other search in flight and no write transaction
running. Under concurrent requests every search gates once, after its signals.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from concurrent.futures import TimeoutError as FutureTimeout
from contextlib import contextmanager
from typing import Literal

from graphmem.errors import StorageError
from graphmem.ports.search import GateRow
from graphmem.search.candidates import Pool

logger = logging.getLogger(__name__)

Gate = Callable[[list[str]], list[GateRow]]
"""Gate these candidate ids: their rows (those passing the scope and filter check)."""


EarlyGateMode = Literal["auto", "always", "never"]

ALONE = "early: each signal's candidates as it answered (the search ran alone)"
ALWAYS = "early: each signal's candidates as it answered (search.early_gate = always)"
BUSY = "once, after the signals (other requests were in flight)"
NEVER = "once, after the signals (search.early_gate = never)"
RESOLVED = "once, after the signals (with the resolved query's vector)"


class GatePolicy:
    """Whether a search gates early: always, never, or (auto) when it runs alone in this
    process. ``writing`` says whether a write transaction of this process is running."""

    def __init__(self, mode: EarlyGateMode, writing: Callable[[], bool]) -> None:
        self.mode, self._writing = mode, writing
        self._lock = threading.Lock()
        self._searches = 0

    @contextmanager
    def search(self) -> Iterator[str]:
        """Count this search in flight; yield how it gates (one of the module's phrases)."""
        with self._lock:
            self._searches += 1
            alone = self._searches == 1
        try:
            yield self._choose(alone)
        finally:
            with self._lock:
                self._searches -= 1

    def _choose(self, alone: bool) -> str:
        if self.mode != "auto":
            return ALWAYS if self.mode == "always" else NEVER
        return ALONE if alone and not self._writing() else BUSY

    @staticmethod
    def early(how: str) -> bool:
        return how in (ALONE, ALWAYS)


class EarlyGate:
    """Gates each signal's candidates once that signal answered; ``rows`` the result."""

    def __init__(self, gate: Gate, executor: Executor) -> None:
        self._gate, self._executor = gate, executor
        self._lock = threading.Lock()
        self._claimed: set[str] = set()  # ids some early gate is reading (or has read)
        self._done: set[str] = set()  # ids gated: their row, if they passed, is in _rows
        self._rows: dict[str, GateRow] = {}
        self._futures: list[Future[None]] = []

    def submit(self, ids: list[str]) -> None:
        """Gate these candidates (a signal's, once it answered) on a worker thread. Called by
        the signal's own task before it returns, so the search sees the gate's future."""
        with self._lock:
            self._futures.append(self._executor.submit(self._read, ids))

    def _read(self, ids: list[str]) -> None:
        with self._lock:
            mine = [i for i in ids if i not in self._claimed]
            self._claimed.update(mine)
        if not mine:
            return
        try:
            rows = self._gate(mine)
        except StorageError as exc:  # gated again after the signals, where errors count
            logger.info("early gate failed, read again after the signals: %s", exc.reason)
            return
        with self._lock:
            self._rows.update((row.memory.id, row) for row in rows)
            self._done.update(mine)

    def rows(self, pool: Pool, until: float) -> list[GateRow]:
        """The gate rows of every candidate in ``pool``, in the pool's order: those read
        early, and the rest (an early gate that failed or has not answered by ``until``, a
        signal's candidates after a failed signal) read now."""
        with self._lock:
            futures = list(self._futures)
        for future in futures:
            try:
                future.result(timeout=max(0.0, until - time.monotonic()))
            except FutureTimeout:
                future.cancel()  # its ids are not done: gated below
        with self._lock:
            missing = [i for i in pool.ids() if i not in self._done]
            rows = dict(self._rows)
        if missing:
            rows.update((row.memory.id, row) for row in self._gate(missing))
        return [rows[i] for i in pool.ids() if i in rows]
