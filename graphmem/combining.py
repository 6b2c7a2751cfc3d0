"""Flat combining: callers that arrive while a batch of work runs queue, and the next of them
to run takes the whole queue as one batch.

Both uses in graphmem pay a large fixed cost per call and a small one per item: a Neo4j
commit refreshes every index it touched (adapters/neo4j/group_commit.py), and a spaCy call
has its own set-up (extraction/nlp/shared_parse.py). There is no timer and no window: a lone
caller runs at once, and a batch only forms while another one runs.

The caller whose turn it is runs the batch on its own thread (no background worker to start,
stop or lose), and every job in it is settled, with its result or its error, before the
next batch starts. A batch that stops on an error its runner did not settle hands that error
to every job left unsettled, so no caller returns without one or the other.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar


@dataclass(eq=False, kw_only=True)
class Job:
    """One caller's share of a batch. ``settled`` says whether the runner gave it an outcome
    (a subclass knows where its result lives). Keyword-only, so a subclass's own fields can
    be required."""

    error: BaseException | None = None
    done: bool = False

    def settled(self) -> bool:
        return self.error is not None


J = TypeVar("J", bound=Job)
#: Runs a batch, settling each job; returns an error to fail every job still queued with, or
#: None to leave them queued for the next batch.
Runner = Callable[[list[J]], BaseException | None]


class Combiner(Generic[J]):
    """The queue of one shared resource; batches of at most ``max_batch`` jobs (0: no cap)."""

    def __init__(self, max_batch: int = 0) -> None:
        self.max_batch = max_batch
        self._cond = threading.Condition()
        self._queue: list[J] = []
        self._busy = False

    @property
    def busy(self) -> bool:
        """A batch is running."""
        with self._cond:
            return self._busy

    @property
    def waiting(self) -> int:
        """Jobs queued for the next batch."""
        with self._cond:
            return len(self._queue)

    def submit(self, job: J, run: Runner[J]) -> None:
        """Return once ``job`` is done: run by this caller (in a batch with the jobs queued
        beside it) or by another."""
        with self._cond:
            self._queue.append(job)
        while not job.done:
            batch = self._lead_or_wait(job)
            if batch:
                self._run_and_release(batch, run)

    def _lead_or_wait(self, job: J) -> list[J]:
        """The next batch if this caller runs it; empty once ``job`` is done."""
        with self._cond:
            while self._busy and not job.done:
                self._cond.wait()
            if job.done:
                return []
            self._busy = True
            cap = self.max_batch or len(self._queue)
            batch, self._queue = self._queue[:cap], self._queue[cap:]
            return batch

    def _run_and_release(self, batch: list[J], run: Runner[J]) -> None:
        fail_queued: BaseException | None = None
        try:
            fail_queued = run(batch)
        except BaseException as exc:  # the runner interrupted: the others learn why
            _settle(batch, exc)
            raise
        finally:
            with self._cond:
                if fail_queued is not None:
                    queued, self._queue = self._queue, []
                    _settle(queued, fail_queued)
                    batch = batch + queued
                for job in batch:
                    job.done = True
                self._busy = False
                self._cond.notify_all()


def _settle(jobs: list[J], error: BaseException) -> None:
    for job in jobs:
        if not job.settled():
            job.error = error
