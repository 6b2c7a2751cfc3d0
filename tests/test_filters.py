"""Metadata and date filters on get_all and search (real Neo4j): equality, ``in``, list
elements, typed values, observed_at and event_date ranges, updates, the migrate backfill,
and clear errors for malformed filters (issue 12, section 7)."""

from __future__ import annotations

from datetime import UTC, datetime

import neo4j
import pytest

from graphmem import Memory
from graphmem.adapters.neo4j import metadata_backfill
from graphmem.errors import InvalidFilterError, ValidationError

pytestmark = pytest.mark.neo4j

NOTES = [
    ("I bought oat milk for the office.", {"topic": "food", "level": 3}, "2024-05-02"),
    ("The team lunch is on Friday.", {"topic": "food", "tags": ["work", "team"]}, "2024-05-20"),
    ("My laptop battery died again.", {"topic": "tech", "level": "3"}, "2024-06-03"),
    ("I fixed the bike's rear brake.", {"topic": "repair", "urgent": True}, "2024-06-15"),
]


@pytest.fixture
def stored(memory: Memory, user_id: str) -> dict[str, str]:
    """text -> id of four memories with metadata, one per add (timestamps as observed_at)."""
    ids = {}
    for text, metadata, day in NOTES:
        [result] = memory.add(
            text, user_id=user_id, metadata=metadata, timestamp=day, infer=False
        ).results
        ids[text] = result.id
    return ids


def texts(memories: list) -> set[str]:  # type: ignore[type-arg]
    return {m.text for m in memories}


def listed(memory: Memory, user_id: str, filters: dict) -> set[str]:  # type: ignore[type-arg]
    return texts(memory.get_all(user_id=user_id, filters=filters))


def test_metadata_equality_and_in(memory: Memory, user_id: str, stored: dict[str, str]) -> None:
    assert listed(memory, user_id, {"metadata": {"topic": "food"}}) == {NOTES[0][0], NOTES[1][0]}
    assert listed(memory, user_id, {"metadata": {"topic": {"eq": "tech"}}}) == {NOTES[2][0]}
    assert listed(memory, user_id, {"metadata": {"topic": {"in": ["tech", "repair"]}}}) == {
        NOTES[2][0],
        NOTES[3][0],
    }
    # every key must match
    assert listed(memory, user_id, {"metadata": {"topic": "food", "level": 3}}) == {NOTES[0][0]}
    assert listed(memory, user_id, {"metadata": {"topic": "nothing"}}) == set()


def test_values_keep_their_type_and_lists_match_by_element(
    memory: Memory, user_id: str, stored: dict[str, str]
) -> None:
    assert listed(memory, user_id, {"metadata": {"level": 3}}) == {NOTES[0][0]}
    assert listed(memory, user_id, {"metadata": {"level": "3"}}) == {NOTES[2][0]}
    assert listed(memory, user_id, {"metadata": {"urgent": True}}) == {NOTES[3][0]}
    assert listed(memory, user_id, {"metadata": {"tags": "team"}}) == {NOTES[1][0]}


def test_observed_at_ranges(memory: Memory, user_id: str, stored: dict[str, str]) -> None:
    may = {"observed_at": {"gte": "2024-05-01", "lt": "2024-06-01"}}
    assert listed(memory, user_id, may) == {NOTES[0][0], NOTES[1][0]}
    # gt excludes the bound itself, lte includes it
    assert listed(memory, user_id, {"observed_at": {"gt": "2024-05-20"}}) == {
        NOTES[2][0],
        NOTES[3][0],
    }
    assert listed(memory, user_id, {"observed_at": {"lte": "2024-05-20"}}) == {
        NOTES[0][0],
        NOTES[1][0],
    }
    both = {"observed_at": {"gte": "2024-05-01"}, "metadata": {"topic": "tech"}}
    assert listed(memory, user_id, both) == {NOTES[2][0]}


def test_event_date_range(memory: Memory, user_id: str) -> None:
    memory.add(
        [{"role": "user", "content": "I ran a marathon yesterday.", "name": "Ana"}],
        user_id=user_id,
        timestamp="2024-03-10",
    )
    memory.add("I like tea.", user_id=user_id, timestamp="2024-03-12", infer=False)
    found = memory.get_all(
        user_id=user_id, filters={"event_date": {"gte": "2024-03-09", "lt": "2024-03-10"}}
    )
    assert [m.text for m in found] and all("marathon" in m.text for m in found)
    assert all(m.event_date is not None for m in found)


def test_search_applies_the_filter(memory: Memory, user_id: str, stored: dict[str, str]) -> None:
    plain = memory.search("what did I buy or eat?", user_id=user_id, threshold=-1.0)
    assert len(plain.results) == len(NOTES)
    found = memory.search(
        "what did I buy or eat?",
        user_id=user_id,
        threshold=-1.0,
        filters={"metadata": {"topic": "tech"}},
    )
    assert texts(found.results) == {NOTES[2][0]}
    dated = memory.search(
        "anything",
        user_id=user_id,
        threshold=-1.0,
        filters={"observed_at": {"gte": "2024-06-01"}},
    )
    assert texts(dated.results) == {NOTES[2][0], NOTES[3][0]}


def test_scope_ids_inside_filters_still_work(
    memory: Memory, user_id: str, stored: dict[str, str]
) -> None:
    assert len(memory.get_all(filters={"user_id": user_id})) == len(NOTES)


def test_update_reindexes_metadata(memory: Memory, user_id: str, stored: dict[str, str]) -> None:
    memory.update(stored[NOTES[2][0]], metadata={"topic": "food"})
    assert NOTES[2][0] in listed(memory, user_id, {"metadata": {"topic": "food"}})
    assert listed(memory, user_id, {"metadata": {"topic": "tech"}}) == set()


def test_migrate_backfills_terms_of_older_memories(
    memory: Memory, driver: neo4j.Driver, user_id: str, stored: dict[str, str]
) -> None:
    driver.execute_query(
        "MATCH (m:Memory {user_id: $u}) REMOVE m.metadata_terms", u=user_id, database_="neo4j"
    )
    assert listed(memory, user_id, {"metadata": {"topic": "food"}}) == set()
    log = metadata_backfill.backfill(driver, "neo4j", page=2)
    assert log and "metadata filter terms" in log[0]
    assert listed(memory, user_id, {"metadata": {"topic": "food"}}) == {NOTES[0][0], NOTES[1][0]}
    assert metadata_backfill.backfill(driver, "neo4j") == []  # a re-run finds nothing to do


@pytest.mark.parametrize(
    "bad",
    [
        {"colour": "red"},
        {"metadata": ["topic"]},
        {"metadata": {"topic": {"like": "fo%"}}},
        {"metadata": {"topic": {"in": []}}},
        {"metadata": {"topic": {"in": "food"}}},
        {"metadata": {"topic": {"nested": {"x": 1}}}},
        {"metadata": {"topic": None}},
        {"metadata": {"": "x"}},
        {"metadata": {"topic": "\ud800"}},
        {"metadata": {f"k{i}": i for i in range(21)}},
        {"observed_at": {"after": "2024-01-01"}},
        {"observed_at": {"gte": "yesterday"}},
        {"observed_at": {"gte": None}},
        {"event_date": "2024"},
    ],
)
def test_malformed_filters_are_refused(memory: Memory, user_id: str, bad: dict) -> None:  # type: ignore[type-arg]
    with pytest.raises(InvalidFilterError):
        memory.get_all(user_id=user_id, filters=bad)
    with pytest.raises(ValidationError):
        memory.search("x", user_id=user_id, filters=bad)


def test_filter_dates_accept_epoch_seconds(
    memory: Memory, user_id: str, stored: dict[str, str]
) -> None:
    june = datetime(2024, 6, 1, tzinfo=UTC).timestamp()
    assert listed(memory, user_id, {"observed_at": {"gte": june}}) == {NOTES[2][0], NOTES[3][0]}
