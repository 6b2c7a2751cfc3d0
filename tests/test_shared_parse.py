"""Concurrent parses share one spaCy call (extraction/nlp/shared_parse.py), with the real
English pipeline: each caller gets its own documents, the same as parsed alone, and one
caller's failing text does not fail the others."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from graphmem.extraction.nlp.pipeline import load_pipeline
from graphmem.extraction.nlp.shared_parse import SharedParse
from tests.support.waiting import WAIT_S, until


def _until(condition: Callable[[], bool]) -> None:
    until(condition, "the callers never queued")


class GatedPipeline:
    """The real pipeline; its first call waits until ``expected`` callers have queued, and a
    text containing "poison" makes a call fail."""

    def __init__(self, expected: int) -> None:
        self.nlp = load_pipeline()
        self.expected = expected
        self.shared: SharedParse | None = None
        self.calls = 0

    def pipe(self, texts: Iterable[str], batch_size: int) -> Iterator[Any]:
        texts = list(texts)
        self.calls += 1
        if self.calls == 1 and self.shared is not None:
            shared = self.shared
            _until(lambda: shared.waiting >= self.expected)
        if any("poison" in t for t in texts):
            raise ValueError("a text this pipeline cannot parse")
        return self.nlp.pipe(texts, batch_size=batch_size)


def _overlapped(batches: list[list[str]]) -> tuple[SharedParse, list[Any]]:
    gated = GatedPipeline(expected=len(batches))
    shared = SharedParse(gated)  # type: ignore[arg-type]
    gated.shared = shared
    with ThreadPoolExecutor(max_workers=len(batches) + 1) as pool:
        first = pool.submit(shared.parse, ["The gate opens."], 64)
        _until(lambda: shared.busy)
        futures = []
        for queued, texts in enumerate(batches, start=1):
            futures.append(pool.submit(shared.parse, texts, 64))
            _until(lambda n=queued: shared.waiting >= n)
        first.result(timeout=WAIT_S)
    return shared, futures


def _summary(doc: Any) -> list[tuple[str, str, str, str, str]]:
    return [(t.text, t.lemma_, t.pos_, t.dep_, t.ent_type_) for t in doc]


def test_queued_parses_share_one_call_and_match_parsing_alone() -> None:
    batches = [
        ["Caroline went to a support group yesterday.", "It was so powerful!"],
        ["Melanie painted a lake at sunrise in Paris."],
        ["I moved to Osaka last month with my sister Ines."],
    ]
    shared, futures = _overlapped(batches)
    assert shared.shared_calls == 1
    nlp = load_pipeline()
    for texts, future in zip(batches, futures, strict=True):
        docs = future.result()
        assert [d.text for d in docs] == texts
        assert [_summary(d) for d in docs] == [_summary(d) for d in nlp.pipe(texts)]


def test_one_failing_text_fails_only_its_caller() -> None:
    batches = [["Ana swims on Mondays."], ["This poison text fails."], ["Ben cycles."]]
    shared, futures = _overlapped(batches)
    assert shared.shared_calls == 0
    assert [d.text for d in futures[0].result()] == ["Ana swims on Mondays."]
    assert [d.text for d in futures[2].result()] == ["Ben cycles."]
    with pytest.raises(ValueError, match="cannot parse"):
        futures[1].result()


def test_a_lone_caller_parses_at_once() -> None:
    shared = SharedParse(load_pipeline())
    [doc] = shared.parse(["Karl bakes bread."], 64)
    assert doc.text == "Karl bakes bread." and shared.shared_calls == 0
