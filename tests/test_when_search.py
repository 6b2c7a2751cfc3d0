"""A question that asks *when* (real Neo4j, offline extractor): among memories about the same
thing, the one that says when it happened ranks first, and explain says why. Two wordings of
the conversation and of each question."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from graphmem import Memory
from tests.support.stores import stored_users

pytestmark = pytest.mark.neo4j

# Several memories about one activity; only one of them says when it happened.
CONVERSATIONS: dict[str, list[tuple[str, str]]] = {
    "climbing": [
        ("2025-03-01T18:00:00Z", "Going to the climbing gym is my favourite way to unwind."),
        ("2025-03-04T18:00:00Z", "The staff at the climbing gym downtown are so friendly."),
        ("2025-03-08T09:00:00Z", "Finished a hard route at the climbing gym last Thursday!"),
        ("2025-03-09T18:00:00Z", "My sister wants to come to the climbing gym with me."),
        ("2025-03-10T18:00:00Z", "The climbing gym is getting new routes for beginners."),
        ("2025-03-11T18:00:00Z", "Work has been busy with the quarterly report."),
    ],
    "bouldering": [
        ("2025-03-01T18:00:00Z", "Bouldering at the climbing hall is how I relax."),
        ("2025-03-04T18:00:00Z", "The people at my climbing hall are really welcoming."),
        ("2025-03-08T09:00:00Z", "Two days ago I topped my first purple problem at the hall."),
        ("2025-03-09T18:00:00Z", "My cousin keeps asking to join me at the climbing hall."),
        ("2025-03-10T18:00:00Z", "The climbing hall reset all of its bouldering problems."),
        ("2025-03-11T18:00:00Z", "I baked sourdough bread for the neighbours."),
    ],
    # the time is only "just": it happened when the message was written
    "pottery": [
        ("2025-03-01T18:00:00Z", "Going to the pottery class is the highlight of my week."),
        ("2025-03-04T18:00:00Z", "The teacher at the pottery class is so patient."),
        ("2025-03-08T09:00:00Z", "Guess what? I’ve just signed up for a pottery class!"),
        ("2025-03-09T18:00:00Z", "My sister wants to join the pottery class with me."),
        ("2025-03-10T18:00:00Z", "The pottery class is getting a new kiln."),
        ("2025-03-11T18:00:00Z", "Work has been busy with the quarterly report."),
    ],
}
ANSWERS = {"climbing": "last Thursday", "bouldering": "Two days ago", "pottery": "just signed up"}
QUESTIONS = {
    "climbing": ["When did I go to the climbing gym?",
                 "What day was I at the climbing gym?"],
    "bouldering": ["When was I bouldering at the climbing hall?",
                   "What day did I go to the climbing hall?"],
    "pottery": ["When did I sign up for the pottery class?",
                "When did I enrol in pottery?"],
}  # fmt: skip


@pytest.fixture(scope="module")
def stored(memory: Memory) -> Iterator[dict[str, str]]:
    with stored_users(memory, "test-when", CONVERSATIONS) as users:
        yield users


@pytest.mark.parametrize(
    ("conversation", "question"),
    [(name, q) for name, questions in QUESTIONS.items() for q in questions],
)
def test_the_memory_that_says_when_ranks_first(
    memory: Memory, stored: dict[str, str], conversation: str, question: str
) -> None:
    result = memory.search(question, user_id=stored[conversation], top_k=5, explain=True)
    texts = [m.text for m in result.results]
    assert ANSWERS[conversation] in texts[0], texts
    assert result.explain is not None and "asks when" in result.explain.time_intent
    top = result.results[0].score_breakdown
    assert top is not None and top.temporal > 0 and "temporal" in top.sources
    # the others say nothing about when: no temporal score
    assert all(m.score_breakdown and m.score_breakdown.temporal == 0 for m in result.results[1:])


def test_a_question_that_does_not_ask_when_gets_no_temporal_score(
    memory: Memory, stored: dict[str, str]
) -> None:
    result = memory.search(
        "Who wants to come climbing with me?", user_id=stored["climbing"], top_k=5, explain=True
    )
    assert result.explain is not None and result.explain.signals["temporal"].startswith("off")
    assert all(m.score_breakdown and m.score_breakdown.temporal == 0 for m in result.results)


PLANS = [
    ("2026-01-05T09:00:00Z", "Signed up for a half marathon in April."),
    ("2026-08-08T09:00:00Z", "My sister Meera got engaged to her girlfriend Jo!"),
    ("2026-09-18T09:00:00Z", "Bought an e-bike last week, best decision this year."),
    ("2026-11-02T09:00:00Z", "Meera and Jo's wedding is on the 14th of February."),
]


@pytest.mark.parametrize(
    "question", ["When is Meera's wedding?", "What date is my sister's wedding on?"]
)
def test_the_time_stated_about_the_thing_asked_outranks_its_facts(
    memory: Memory, user_id: str, question: str
) -> None:
    """The engagement names Meera, Jo and their relation (strong entity and triplet scores)
    but no time; the wedding's date is what the question asks. A time stated about something
    else (the half marathon in April) counts less than one about the thing asked."""
    for at, text in PLANS:
        memory.add(
            [{"role": "user", "content": text, "name": "Priya"}], user_id=user_id, timestamp=at
        )
    found = memory.search(question, user_id=user_id, top_k=4, explain=True)
    assert "14th of February" in found.results[0].text
    temporal = {m.text: m.score_breakdown.temporal for m in found.results if m.score_breakdown}
    marathon = temporal.get(PLANS[0][1], 0.0)
    assert marathon < temporal[PLANS[3][1]]
