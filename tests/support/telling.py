"""Telling a store one message at a time, and ranked memories built by hand, for the tests of
search rules that read pairs of memories (told ends, told changes, successions, …)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import neo4j

from graphmem import Memory, Settings
from graphmem.domain.search import ScoreBreakdown, ScoredMemory, SearchResult
from graphmem.ports.embedder import Embedder


def teller(memory: Memory, user_id: str, name: str) -> Callable[[str, str], str]:
    """``tell(text, day)``: one message of ``name`` added on ``day`` (an ISO timestamp); the
    id of the memory it made."""

    def tell(text: str, day: str) -> str:
        said = [{"role": "user", "name": name, "content": text}]
        return memory.add(said, user_id=user_id, timestamp=day).results[0].id

    return tell


def tell_all(memory: Memory, user_id: str, name: str, turns: list[tuple[str, str]]) -> list[str]:
    """Each ``(day, text)`` of ``turns`` told by ``name`` in order; the ids of the memories
    they made."""
    tell = teller(memory, user_id, name)
    return [tell(text, day) for day, text in turns]


#: Who tells the turns the ``ask`` fixture (tests/conftest.py) tells.
SPEAKER = "Carys"
#: What the ``ask`` fixture is: ``ask(turns, questions, at, top_k=3, explain=False)``.
Asked = Callable[..., list[SearchResult]]


def asker(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str, name: str
) -> Asked:
    """``ask(turns, questions, at, top_k=3, explain=False)``: ``name``'s ``turns`` told (as
    :func:`tell_all`), then each question's results at ``at``."""

    def ask(
        turns: list[tuple[str, str]],
        questions: list[str],
        at: datetime,
        top_k: int = 3,
        explain: bool = False,
    ) -> list[SearchResult]:
        with Memory(settings, driver=driver, embedder=embedder) as memory:
            tell_all(memory, user_id, name, turns)
            return [
                memory.search(q, user_id=user_id, top_k=top_k, reference_date=at, explain=explain)
                for q in questions
            ]

    return ask


def scorer(actor: str) -> Callable[..., ScoredMemory]:
    """``ranked(id, text, day, actor=actor)``: a memory said on ``day`` of September 2026,
    scored 0.5, as a ranking reads it."""

    def ranked(mid: str, text: str, day: int, said_by: str | None = actor) -> ScoredMemory:
        at = datetime(2026, 9, day, tzinfo=UTC)
        return ScoredMemory(
            id=mid, text=text, hash=mid, actor=said_by, created_at=at, updated_at=at,
            observed_at=at, score=0.5, score_breakdown=ScoreBreakdown(final=0.5),
        )  # fmt: skip

    return ranked
