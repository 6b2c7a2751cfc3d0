"""Every regex-bearing text function does at most linear work on pathological input.

Each function of :data:`REGEX_FUNCTIONS` runs on each input of :data:`PATHOLOGICAL` at sizes
n, 2n and 4n. The best-of-N CPU time at 4n must stay under 9 times the time at n: linear work
gives about 4, quadratic about 16 (a geometric ratio below 3 per doubling). No absolute time
limit is asserted, so a slow or busy machine does not make the test fail, only super-linear
growth does.

To cover a new regex-bearing function (an extractor, a parser), add one line to
:data:`REGEX_FUNCTIONS`: a name and a callable taking the input text.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

import pytest

from graphmem.adapters.llm.openai_llm import _strip_code_fence  # pyright: ignore[reportPrivateUsage]
from graphmem.domain.extraction import (
    ExtractedEntity,
    ExtractedMemory,
    ExtractionRequest,
    Message,
)
from graphmem.domain.scope import Scope
from graphmem.extraction.casual import tidy
from graphmem.extraction.dates import resolve_relative
from graphmem.extraction.offline import OfflineExtractor, sentences
from graphmem.extraction.patterns import find_triplets
from graphmem.extraction.phrases import clean_name, split_list, trim_phrase
from graphmem.lifecycle.predicates import normalize_name, normalize_predicate
from graphmem.lifecycle.words import content_words
from graphmem.search import lucene, sets
from graphmem.services.inputs import normalize_text
from graphmem.services.plan import Pending, PlanOptions, build_plan

_OBSERVED = datetime(2026, 6, 15, 12, tzinfo=UTC)
_FRAME = (
    "I{b}just{b}moved to Paris{b}two{b}days ago{b}and my friend Bob{b}has dinner with Ann"
    "{b}last{b}week, I'm allergic to nuts{b}and eggs{b}because Alice{b}lives in Rome"
)


def _offline(text: str) -> object:
    message = Message(role="user", content=text, name="Bob")
    request = ExtractionRequest(
        messages=[message], observed_at=_OBSERVED, known_entities=["Bob", "Ann", "Rome"]
    )
    return OfflineExtractor().extract(request)


# name -> function of one text argument. Add new regex-bearing functions here.
REGEX_FUNCTIONS: dict[str, Callable[[str], object]] = {
    "phrases.trim_phrase": lambda text: trim_phrase(text),
    "phrases.trim_phrase(keep_lists)": lambda text: trim_phrase(text, keep_lists=True),
    "phrases.split_list": split_list,
    "phrases.clean_name": clean_name,
    "patterns.find_triplets": lambda text: find_triplets(text, "Bob", {"ann", "bob"}),
    "offline.sentences": sentences,
    "offline.OfflineExtractor": _offline,
    "casual.tidy": tidy,
    "dates.resolve_relative": lambda text: resolve_relative(text, _OBSERVED),
    "inputs.normalize_text": normalize_text,
    "predicates.normalize_name": normalize_name,
    "predicates.normalize_predicate": normalize_predicate,
    "words.content_words": content_words,
    "lucene.terms": lucene.terms,
    "sets.category": sets.category,
    "lucene.scoped_query": lambda text: lucene.scoped_query("text", text, {"user_id": "u"}),
    "openai_llm._strip_code_fence": lambda text: _strip_code_fence(f"```json\n{text}\n`"),
}


def _framed(block: Callable[[int], str]) -> Callable[[int], str]:
    return lambda n: _FRAME.format(b=block(n))


def _repeated(unit: str) -> Callable[[int], str]:
    return lambda n: unit * max(1, n // len(unit))


# name -> text of about n characters per insertion.
PATHOLOGICAL: dict[str, Callable[[int], str]] = {
    "spaces": _framed(lambda n: " " * n),
    "tabs": _framed(lambda n: "\t" * n),
    "newlines and spaces": _framed(lambda n: "\n " * (n // 2)),
    "commas": _framed(lambda n: "," * n),
    "comma list of names": _framed(_repeated("Ab,")),
    "one long token": _framed(lambda n: "x" * n),
    "one long capitalised token": _framed(lambda n: "X" * n),
    "nested parentheses": _framed(lambda n: "(" * (n // 2) + ")" * (n // 2)),
    "same word": _framed(_repeated(" just")),
    "same capitalised word": _framed(_repeated(" Bob")),
    "repeated clause": _repeated("dinner with Ann; "),
    "repeated event": _repeated("I moved to Paris; last week; "),
    "repeated first person": _repeated("I I we "),
    "fence lines": _framed(_repeated("\n ")),
}

_BASE = 300
_REPEATS = 3
_ATTEMPTS = 3
_MAX_RATIO = 9.0  # over two doublings: linear ~4, quadratic ~16


def _cpu_time(func: Callable[[str], object], text: str, loops: int) -> float:
    """Best-of-N CPU time of ``loops`` calls (CPU time: other processes do not count)."""
    best = float("inf")
    for _ in range(_REPEATS):
        start = time.thread_time()
        for _ in range(loops):
            func(text)
        best = min(best, time.thread_time() - start)
    return best


def _loops_for(func: Callable[[str], object], text: str) -> int:
    """Enough calls at the base size for the time to be well above the clock's resolution."""
    loops = 1
    while _cpu_time(func, text, loops) < 0.003 and loops < 4096:
        loops *= 4
    return loops


def _growth(func: Callable[[str], object], make: Callable[[int], str]) -> float:
    loops = _loops_for(func, make(_BASE))
    small = _cpu_time(func, make(_BASE), loops)
    large = _cpu_time(func, make(4 * _BASE), loops)
    return large / small


@pytest.mark.slow
@pytest.mark.parametrize("function", sorted(REGEX_FUNCTIONS))
def test_work_grows_linearly(function: str) -> None:
    func = REGEX_FUNCTIONS[function]
    failures: dict[str, float] = {}
    gc.disable()
    try:
        for name, make in PATHOLOGICAL.items():
            ratios = []
            for _ in range(_ATTEMPTS):
                ratios.append(_growth(func, make))
                if ratios[-1] < _MAX_RATIO:
                    break
            if min(ratios) >= _MAX_RATIO:
                failures[name] = round(min(ratios), 1)
    finally:
        gc.enable()
    assert not failures, f"{function}: time(4n)/time(n) over {_MAX_RATIO}: {failures}"


class _ZeroEmbedder:
    dimension = 1
    name = "zero"

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [[0.0] for _ in texts]


def _plan_of(size: int) -> Callable[[str], object]:
    """build_plan over one memory mentioning ``size`` entities (the mentions check was a
    list scan per mention: quadratic)."""
    entities = [ExtractedEntity(name=f"Entity {i}") for i in range(size)]
    memory = ExtractedMemory(text="text", entities=entities)
    pending = [Pending(id="m1", hash="h", extracted=memory)]
    options = PlanOptions(metadata={}, observed_at=_OBSERVED)
    scope = Scope(user_id="u")
    return lambda _text: build_plan(scope, pending, options, _ZeroEmbedder(), lambda _: set())


@pytest.mark.slow
def test_write_plan_grows_linearly() -> None:
    gc.disable()
    try:
        ratios = []
        for _ in range(_ATTEMPTS):
            small, large = _plan_of(2_000), _plan_of(8_000)
            loops = _loops_for(small, "")
            ratios.append(_cpu_time(large, "", loops) / _cpu_time(small, "", loops))
            if ratios[-1] < _MAX_RATIO:
                break
    finally:
        gc.enable()
    assert min(ratios) < _MAX_RATIO, ratios
