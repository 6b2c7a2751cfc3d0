"""Concurrent parses share one ``nlp.pipe`` call.

spaCy is called by one thread at a time per pipeline (it does not promise thread-safe calls).
Rather than queue behind a lock and each pay a call's fixed cost, callers that arrive while a
parse runs wait for it to finish; then one of them parses every text waiting, its own and the
others', in one batched call, and hands each caller its documents. A single short message
costs more than twice as much parsed alone as in a batch of eight (benchmarks/spacy_batch.py),
and under concurrent adds most parses are of a single message.

A lone caller never waits. If a shared call fails, each caller's texts are parsed again on
their own, so one caller's bad text does not fail the others. (The queue is
``graphmem.combining``'s, as the group commit's is.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from graphmem.combining import Combiner, Job

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc


@dataclass(eq=False)
class _Job(Job):
    texts: list[str]
    docs: list[Doc] | None = None

    def settled(self) -> bool:
        return self.docs is not None or self.error is not None


class SharedParse:
    """The parse queue of one pipeline."""

    def __init__(self, pipeline: Language) -> None:
        self.pipeline = pipeline
        self._queue: Combiner[_Job] = Combiner()
        self.shared_calls = 0  # calls that parsed more than one caller's texts (for tests)

    @property
    def busy(self) -> bool:
        return self._queue.busy

    @property
    def waiting(self) -> int:
        return self._queue.waiting

    def parse(self, texts: list[str], batch_size: int) -> list[Doc]:
        job = _Job(texts=list(texts))
        self._queue.submit(job, lambda jobs: self._run(jobs, batch_size))
        if job.error is not None:
            raise job.error
        assert job.docs is not None  # a done job has its documents or its error
        return job.docs

    def _run(self, jobs: list[_Job], batch_size: int) -> None:
        if len(jobs) > 1:
            try:
                texts = [t for j in jobs for t in j.texts]
                docs = list(self.pipeline.pipe(texts, batch_size=batch_size))
            except Exception:  # one caller's text is not the others' failure: each alone
                pass
            else:
                self.shared_calls += 1
                for job in jobs:
                    job.docs, docs = docs[: len(job.texts)], docs[len(job.texts) :]
                return
        for job in jobs:
            try:
                job.docs = list(self.pipeline.pipe(job.texts, batch_size=batch_size))
            except Exception as exc:  # handed to the caller's own thread
                job.error = exc
