"""Relative dates resolved at ingest meet a question's window (real Neo4j, offline
extractor): "last weekend", "two weekends ago", "last Tues" written on a Monday become event
dates, and a question about that day scores the memory whose event falls in it, not the
others written the same day. Two wordings of the conversation and of the question."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from graphmem import Memory

pytestmark = pytest.mark.neo4j

MONDAY = "2025-06-16T18:00:00Z"  # the weekend before: Saturday 14 June; two back: 7 June
CONVERSATIONS: dict[str, list[str]] = {
    "plain": [
        "Last weekend we went biking along the river.",
        "Two weekends ago we went camping by the lake.",
        "I joined a new book club last Tues.",
        "Biking and camping are my favourite ways to spend time.",
    ],
    "paraphrased": [
        "We rode our bikes by the river this past weekend.",
        "We pitched our tent at the lake 2 weekends ago.",
        "Last Tuesday I became a member of a reading group.",
        "Nothing beats a bike ride or a night in a tent.",
    ],
}
EVENTS = {  # memory index -> the day its event resolves to
    0: datetime(2025, 6, 14, tzinfo=UTC),
    1: datetime(2025, 6, 7, tzinfo=UTC),
    2: datetime(2025, 6, 10, tzinfo=UTC),
}
QUESTIONS = ["What did we do on 7 June 2025?", "What did I get up to on June 7th, 2025?"]


@pytest.fixture(scope="module")
def stored(memory: Memory) -> Iterator[dict[str, str]]:
    users = {}
    for name, texts in CONVERSATIONS.items():
        user = f"test-event-window-{name}-{uuid.uuid4()}"
        for text in texts:
            memory.add(text, user_id=user, timestamp=MONDAY)
        users[name] = user
    yield users
    for user in users.values():
        memory.delete_all(user_id=user)


@pytest.mark.parametrize("conversation", list(CONVERSATIONS))
def test_relative_dates_become_event_dates(
    memory: Memory, stored: dict[str, str], conversation: str
) -> None:
    texts = CONVERSATIONS[conversation]
    found = {m.text: m.event_date for m in memory.get_all(user_id=stored[conversation])}
    for index, day in EVENTS.items():
        event = found[texts[index]]
        assert event is not None and event.astimezone(UTC) == day, (texts[index], event)
    assert found[texts[3]] is None


@pytest.mark.parametrize("conversation", list(CONVERSATIONS))
@pytest.mark.parametrize("question", QUESTIONS)
def test_a_window_finds_the_event_written_days_later(
    memory: Memory, stored: dict[str, str], conversation: str, question: str
) -> None:
    result = memory.search(question, user_id=stored[conversation], top_k=4, explain=True)
    assert result.explain is not None and "2025-06-07" in result.explain.time_intent
    top = result.results[0]
    assert top.text == CONVERSATIONS[conversation][1], [m.text for m in result.results]
    for m in result.results:
        assert m.score_breakdown is not None
        assert (m.score_breakdown.temporal == 1.0) == (m is top)
