"""A memory that only asks ranks below one that states something (search/asking.py): the
rule on texts, and its effect on a real search (Neo4j)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from graphmem import Memory
from graphmem.search.asking import factor, only_asks


@pytest.mark.parametrize(
    "text",
    [
        "How did the kids like the museum?",
        "Wow, Mel! How did the kids like the museum?",
        "Did you go? What did you see there?",
        "¿Fuiste al museo con los niños?",
        "你们去博物馆了吗？",
        # a reaction to what the other said tells nothing new
        "Ha, that sounds exhausting. How many lambs?",
        "Wow, that's so cool, Mel! What did you paint?",
        "Sounds like a blast. Where did you go?",
    ],
)
def test_only_asks(text: str) -> None:
    assert only_asks(text)
    assert factor(text, 0.7) == 0.7


@pytest.mark.parametrize(
    "text",
    [
        "The kids loved the dinosaur bones at the museum.",
        "We went to the museum yesterday with the kids. Have you been?",
        "我昨天和孩子们去了博物馆。你去过吗？",  # a statement, then a question (no spaces)
        "Is it wrong that I love the museum",  # no question mark: not read as a question
        "That is where I grew up. Have you been?",  # no reaction: it tells where
        "Nice! I painted a sunset. What about you?",
        "",
        "?",
    ],
)
def test_states_something(text: str) -> None:
    if text == "?":
        assert only_asks(text)  # a bare question mark asks (nothing else to read)
        return
    assert not only_asks(text)
    assert factor(text, 0.7) == 1.0


def test_factor_one_is_off() -> None:
    assert factor("Where do you live?", 1.0) == 1.0


# Two wordings: in each, a question about a topic and a statement about it that is no closer
# to the query than the question is. Each conversation opens with a greeting, as chats do:
# a first turn is keyed by its own "name: text" line (services/context_keys.py), and in a
# two-turn chat that *opens* with the question, that key puts the question on a par with its
# answer in the full-text key field (0.308 against 0.307 for the garden's first query), a
# case this rule does not settle.
OPENING = "Hey, good to see you again!"
CONVERSATIONS = {
    "museum": [
        "How did your kids like the natural history museum?",
        "The kids were thrilled by the dinosaur bones at the natural history museum.",
    ],
    "garden": [
        "Wow! What are you growing in your vegetable garden this year?",
        "This year my vegetable garden is full of tomatoes and beans.",
    ],
}
QUERIES = {
    "museum": ["What did the kids think of the natural history museum?",
               "natural history museum kids"],
    "garden": ["What grows in the vegetable garden?", "vegetable garden this year"],
}  # fmt: skip


@pytest.fixture(scope="module")
def stored(memory: Memory) -> Iterator[dict[str, str]]:
    users = {}
    for name, texts in CONVERSATIONS.items():
        user = f"test-asking-{name}-{uuid.uuid4()}"
        turns = [OPENING, *texts]
        memory.add(
            [{"role": "user", "name": f"P{i % 2}", "content": t} for i, t in enumerate(turns)],
            user_id=user,
            infer=False,
        )
        users[name] = user
        memory.search(QUERIES[name][0], user_id=user)  # warm the indexes (a cold server is slow)
    yield users
    for user in users.values():
        memory.delete_all(user_id=user)


@pytest.mark.neo4j
@pytest.mark.parametrize(
    ("name", "query"), [(n, q) for n, queries in QUERIES.items() for q in queries]
)
def test_a_memory_that_only_asks_is_damped(
    memory: Memory, stored: dict[str, str], name: str, query: str
) -> None:
    result = memory.search(query, user_id=stored[name], explain=True)
    assert not result.degraded, result.failed_signals
    found = result.results
    by_text = {m.text: m for m in found}
    question, statement = CONVERSATIONS[name]
    asked, stated = by_text[question].score_breakdown, by_text[statement].score_breakdown
    assert asked is not None and stated is not None
    assert asked.question == memory.settings.search.question_factor
    assert stated.question == 1.0
    assert memory.settings.search.question_factor < 1.0, "the rule is on by default"
    assert found[0].text == statement
