"""A current question about one named person's home reaches the current fact however the
memory tells it: "Where does Nadia live now?" is about "where I live" once asked of oneself
(search/state_topics.StateTopics.of_query), and the fact it is about by meaning is scored by
the better of its memory's cosine and its matched fact's ("Nadia lives in Burnage", told as
"we got the keys to our own house in Burnage!"; search/ranking.py). Before, the memory's own
cosine (0.05) squared left it below every other memory of the period (real Neo4j, offline
extractor; eighteenth stop)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from graphmem import Memory
from tests.support.stores import stored_sessions

pytestmark = pytest.mark.neo4j

SESSIONS = [
    ("2026-01-09T12:00:00Z", "Nadia", [
        "Yusuf started reception at St Anne's in September",
        "we're renting a 2 bed in Levenshulme, £950 a month",
        "my husband Karim works nights at the Amazon warehouse",
    ]),
    ("2026-06-30T12:00:00Z", "Nadia", [
        "we got the keys to our own house in Burnage!",
        "Yusuf moves to St Bernard's in September, closer to the new house",
        "he's into football now, supports City like his dad",
        "Karim's mum is coming to stay for the summer",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def user(memory: Memory) -> Iterator[str]:
    with stored_sessions(memory, "test-current-by-meaning", SESSIONS) as user_id:
        yield user_id


@pytest.mark.parametrize("query", ["Where does Nadia live now?", "Where do I live now?"])
def test_the_current_home_comes_first(memory: Memory, user: str, query: str) -> None:
    found = memory.search(query, user_id=user, top_k=3, explain=True, reference_date="2026-07-05")
    assert not found.degraded, found.failed_signals
    assert found.explain is not None and "lives_in" in found.explain.time_intent
    assert "Burnage" in found.results[0].text, [r.text for r in found.results]
