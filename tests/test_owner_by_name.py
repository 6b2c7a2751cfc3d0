"""A question that names the owner ("What does Margaret grow?" in Margaret's own store) reads
like "What do I grow?": nearly every memory holds one of the owner's facts, so those facts
tell no more than a mention (search/self_names.py, signals/entities.py), and a word of "now"
alone finds nothing (search/scope_terms.MINOR_WORDS). Before, every fact of Margaret's scored
as a fact about the person asked of, and "…so I keep an epipen at mine now" ranked first for
both questions below (real Neo4j, offline extractor; eighteenth stop)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from graphmem import Memory
from tests.support.stores import stored_sessions

pytestmark = pytest.mark.neo4j

SESSIONS = [
    ("2026-01-12T12:00:00Z", [
        "retired from teaching last year, 34 years at Hollins Primary",
        "my granddaughter Evie is starting nursery in Bramhall",
        "the allotment is my happy place, growing leeks and broad beans",
    ]),
    ("2026-04-20T12:00:00Z", [
        "gave up the allotment, too much with my knee",
        "joined a choir that meets on Thursdays in Stockport",
    ]),
    ("2026-07-02T12:00:00Z", [
        "swapped the choir for aqua aerobics, easier on the joints",
        "Evie has a peanut allergy so I keep an epipen at mine now",
    ]),
]  # fmt: skip


@pytest.fixture(scope="module")
def user(memory: Memory) -> Iterator[str]:
    sessions = [(when, "Margaret", turns) for when, turns in SESSIONS]
    with stored_sessions(memory, "test-owner-by-name", sessions) as user_id:
        yield user_id


@pytest.mark.parametrize(
    ("query", "answer"),
    [
        ("What does Margaret grow?", "leeks"),
        ("What exercise does Margaret do now?", "aqua aerobics"),
        ("What do I grow?", "leeks"),
    ],
)
def test_the_owner_named_is_asked_of_like_i(memory: Memory, user: str, query: str,
                                            answer: str) -> None:  # fmt: skip
    found = memory.search(query, user_id=user, top_k=3, reference_date="2026-07-10")
    assert not found.degraded, found.failed_signals
    assert answer in found.results[0].text, [r.text for r in found.results]
