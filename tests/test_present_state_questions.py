"""A question in the present about where someone lives or works, or what they do for a
living, asks what holds now (search/intent.py, seventeenth stop): the current fact it is about
answers it, whatever its words, and a pastime ("doing monthly blogs") does not, though the
question says "do" (real Neo4j, offline extractor)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from graphmem import Memory
from tests.support.stores import stored_sessions

pytestmark = pytest.mark.neo4j

SESSIONS = [
    ("2026-01-20T12:00:00Z", "Dmytro", [
        "I arrived in Dublin in December, staying with my cousin Olena in Drumcondra",
        "back home in Kharkiv I was an electrician",
    ]),
    ("2026-03-18T12:00:00Z", "Leo", [
        "freelance copywriter here, day rate is £350",
        "also doing monthly blogs for a dentist chain called Smile Co",
        "hired a VA called Femi to do my admin, 10 hours a week",
    ]),
    ("2026-06-25T12:00:00Z", "Dmytro", [
        "Iryna and Maks arrived, we rented a flat in Phibsborough",
        "I passed the B1 English exam!",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def user(memory: Memory) -> Iterator[str]:
    with stored_sessions(memory, "test-present-state", SESSIONS) as user_id:
        yield user_id


@pytest.mark.parametrize(
    ("query", "answer", "not_above"),
    [
        ("Where does Dmytro live?", "Phibsborough", "Kharkiv"),
        ("What does Leo do for a living?", "copywriter", "monthly blogs"),
    ],
)
def test_the_current_fact_answers(memory: Memory, user: str, query: str, answer: str,
                                  not_above: str) -> None:  # fmt: skip
    found = memory.search(query, user_id=user, top_k=5, explain=True,
                          reference_date="2026-07-05")  # fmt: skip
    assert not found.degraded, found.failed_signals
    assert found.explain is not None and found.explain.time_intent.startswith("current")
    texts = [r.text for r in found.results]
    first = next(i for i, t in enumerate(texts) if answer in t)
    other = next((i for i, t in enumerate(texts) if not_above in t), len(texts))
    assert first < other and first <= 1, texts
