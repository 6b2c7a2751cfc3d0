"""Flat combining (graphmem/combining.py), the queue under group commit and shared parses:
queued jobs run as one batch, capped; an interrupted runner and a failed queue settle every
job. Pure threading: the runner below holds the first batch until the others have queued."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

import pytest

from graphmem.combining import Combiner, Job
from tests.support.waiting import WAIT_S, until


@dataclass(eq=False)
class Echo(Job):
    value: int = 0
    result: int | None = None

    def settled(self) -> bool:
        return self.result is not None or self.error is not None


def _until(condition: Callable[[], bool]) -> None:
    until(condition, "never happened", poll_s=0.005)


class Held:
    """A runner whose first batch waits until ``expected`` jobs have queued behind it."""

    def __init__(self, combiner: Combiner[Echo], expected: int) -> None:
        self.combiner, self.expected = combiner, expected
        self.batches: list[list[int]] = []

    def __call__(self, batch: list[Echo]) -> BaseException | None:
        if not self.batches:
            _until(lambda: self.combiner.waiting >= self.expected)
        self.batches.append([job.value for job in batch])
        for job in batch:
            job.result = job.value * 10
        return None


def _submit_queued(
    combiner: Combiner[Echo], run: Callable[[list[Echo]], BaseException | None], n: int
) -> tuple[list[Echo], list[Future[None]]]:
    """Job 0 runs first; jobs 1..n-1 queue behind it, in order."""
    jobs = [Echo(value=i) for i in range(n)]
    pool = ThreadPoolExecutor(max_workers=n)
    futures = [pool.submit(combiner.submit, jobs[0], run)]
    _until(lambda: combiner.busy)
    for queued, job in enumerate(jobs[1:], start=1):
        futures.append(pool.submit(combiner.submit, job, run))
        _until(lambda q=queued: combiner.waiting >= q or futures[0].done())
    pool.shutdown(wait=False)
    return jobs, futures


def test_a_lone_job_runs_at_once_on_its_own_thread() -> None:
    combiner: Combiner[Echo] = Combiner()
    ran_on: list[threading.Thread] = []

    def run(batch: list[Echo]) -> None:
        ran_on.append(threading.current_thread())
        batch[0].result = 7

    job = Echo()
    combiner.submit(job, run)
    assert job.done and job.result == 7 and ran_on == [threading.current_thread()]
    assert not combiner.busy and combiner.waiting == 0


def test_jobs_queued_meanwhile_run_as_batches_of_at_most_max_batch() -> None:
    combiner: Combiner[Echo] = Combiner(max_batch=3)
    run = Held(combiner, expected=5)
    jobs, futures = _submit_queued(combiner, run, 6)
    for future in futures:
        future.result(timeout=WAIT_S)
    assert run.batches == [[0], [1, 2, 3], [4, 5]]
    assert [job.result for job in jobs] == [0, 10, 20, 30, 40, 50]


def test_an_interrupted_runner_hands_its_error_to_its_whole_batch() -> None:
    combiner: Combiner[Echo] = Combiner()
    calls: list[int] = []

    def run(batch: list[Echo]) -> None:
        calls.append(len(batch))
        if len(calls) == 1:
            _until(lambda: combiner.waiting >= 2)
            batch[0].result = 0
            return
        batch[0].result = 10  # the first job of the batch settled, then the runner stops
        raise KeyboardInterrupt

    jobs, futures = _submit_queued(combiner, run, 3)
    futures[0].result(timeout=WAIT_S)
    errors = [f.exception(timeout=WAIT_S) for f in futures[1:]]
    assert calls == [1, 2] and sum(isinstance(e, KeyboardInterrupt) for e in errors) == 1
    assert jobs[1].result == 10 and jobs[1].error is None  # settled before the interruption
    assert isinstance(jobs[2].error, KeyboardInterrupt) and jobs[2].done
    assert not combiner.busy


def test_a_runner_can_fail_every_job_still_queued() -> None:
    combiner: Combiner[Echo] = Combiner(max_batch=1)
    down = ConnectionError("store unreachable")

    def run(batch: list[Echo]) -> BaseException | None:
        _until(lambda: combiner.waiting >= 2)
        batch[0].error = down
        return down

    jobs, futures = _submit_queued(combiner, run, 3)
    for future in futures:
        future.result(timeout=WAIT_S)
    assert [job.error for job in jobs] == [down, down, down]
    assert all(job.done for job in jobs) and combiner.waiting == 0


def test_a_failing_queue_keeps_jobs_already_settled() -> None:
    combiner: Combiner[Echo] = Combiner()
    job = Echo(value=1)

    def run(batch: list[Echo]) -> BaseException | None:
        batch[0].result = 5
        return RuntimeError("queue failed")

    combiner.submit(job, run)
    assert job.result == 5 and job.error is None


@pytest.mark.parametrize("max_batch", [0, 2])
def test_every_job_finishes_under_contention(max_batch: int) -> None:
    combiner: Combiner[Echo] = Combiner(max_batch=max_batch)

    def run(batch: list[Echo]) -> None:
        for job in batch:
            job.result = job.value + 1

    jobs = [Echo(value=i) for i in range(200)]
    with ThreadPoolExecutor(max_workers=16) as pool:
        list(pool.map(lambda j: combiner.submit(j, run), jobs))
    assert [job.result for job in jobs] == list(range(1, 201))
