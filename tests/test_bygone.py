"""A memory that says its state ended ("I used to climb, but not anymore") answers a
question about the past (real Neo4j, offline extractor), and the reading itself. Two
wordings of each conversation and of each question."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from graphmem import Memory
from graphmem.search.bygone import tells_past
from tests.support.stores import stored_users

# Present hobbies said often, one past hobby said once; no lifecycle transition between them.
CONVERSATIONS: dict[str, list[tuple[str, str]]] = {
    "climbing": [
        ("2025-02-01T18:00:00Z", "I go to the pottery studio every Tuesday evening."),
        ("2025-02-08T18:00:00Z", "My pottery teacher says my bowls are getting better."),
        ("2025-02-15T18:00:00Z", "I used to go rock climbing every weekend, but not anymore."),
        ("2025-02-22T18:00:00Z", "Glazing pottery is my favourite part of the week."),
        ("2025-03-01T18:00:00Z", "I joined a choir at the community centre."),
    ],
    "chess": [
        ("2025-02-01T18:00:00Z", "Running along the canal clears my head after work."),
        ("2025-02-08T18:00:00Z", "I signed up for a half marathon in the autumn."),
        ("2025-02-15T18:00:00Z", "Back then I played chess in a club twice a week."),
        ("2025-02-22T18:00:00Z", "My running shoes are almost worn out already."),
        ("2025-03-01T18:00:00Z", "I've started cooking Thai food on Sundays."),
    ],
}
ANSWERS = {"climbing": "used to go rock climbing", "chess": "Back then I played chess"}
QUESTIONS = {
    "climbing": ["What hobbies did I have in the past?", "What did I use to do on weekends?"],
    "chess": ["What games did I play before?", "Which hobby did I have back in the day?"],
}  # fmt: skip

pytest_neo4j = pytest.mark.neo4j


@pytest.mark.parametrize(
    "text",
    [
        "I used to go climbing every weekend.",
        "We don't live in Leeds any more.",
        "She no longer eats meat.",
        "I'm not a night-shift nurse anymore.",
        "Back then I played chess in a club.",
    ],
)
def test_texts_that_tell_of_an_ended_past(text: str) -> None:
    assert tells_past(text)


@pytest.mark.parametrize(
    "text",
    [
        "I go climbing every weekend.",
        "I'm used to the cold by now.",
        "We used the new kiln yesterday.",
        "More cake, please!",
        "Do you want any more cake?",
        "",
    ],
)
def test_texts_that_do_not(text: str) -> None:
    assert not tells_past(text)


@pytest.fixture(scope="module")
def stored(memory: Memory) -> Iterator[dict[str, str]]:
    with stored_users(memory, "test-bygone", CONVERSATIONS) as users:
        yield users


@pytest_neo4j
@pytest.mark.parametrize(
    ("conversation", "question"),
    [(name, q) for name, questions in QUESTIONS.items() for q in questions],
)
def test_a_past_question_finds_the_memory_that_says_it_ended(
    memory: Memory, stored: dict[str, str], conversation: str, question: str
) -> None:
    result = memory.search(question, user_id=stored[conversation], top_k=5, explain=True)
    texts = [m.text for m in result.results]
    assert ANSWERS[conversation] in texts[0], texts
    assert result.explain is not None and result.explain.time_intent.startswith("past")
    top = result.results[0].score_breakdown
    assert top is not None and top.temporal > 0 and "temporal" in top.sources


@pytest_neo4j
def test_without_a_past_question_it_gets_no_temporal_score(
    memory: Memory, stored: dict[str, str]
) -> None:
    result = memory.search(
        "What hobbies do I have?", user_id=stored["climbing"], top_k=5, explain=True
    )
    assert all(m.score_breakdown and m.score_breakdown.temporal == 0 for m in result.results)
