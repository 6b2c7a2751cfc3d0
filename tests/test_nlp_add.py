"""The NLP extractor through Memory.add against the real Neo4j (issue 11, part 1)."""

from __future__ import annotations

from datetime import date

import neo4j
import pytest

from graphmem import Memory

pytestmark = pytest.mark.neo4j


def entity_types(driver: neo4j.Driver, user_id: str) -> dict[str, str | None]:
    rows = driver.execute_query(
        "MATCH (e:Entity {user_id: $u}) RETURN e.name AS name, e.type AS type", u=user_id
    ).records
    return {r["name"]: r["type"] for r in rows}


def stored_triplets(driver: neo4j.Driver, user_id: str) -> set[tuple[str, str, str]]:
    rows = driver.execute_query(
        "MATCH (s:Entity {user_id: $u})-[r:RELATES_TO]->(t:Entity) "
        "RETURN s.name AS s, r.predicate AS p, t.name AS t",
        u=user_id,
    ).records
    return {(r["s"], r["p"], r["t"]) for r in rows}


def test_caroline_turn(memory: Memory, driver: neo4j.Driver, user_id: str) -> None:
    text = "I went to a LGBTQ support group yesterday and it was so powerful."
    added = memory.add(
        [{"role": "user", "name": "Caroline", "content": text}],
        user_id=user_id, timestamp="2023-05-08",
    ).results  # fmt: skip
    assert [r.memory for r in added] == [text]
    types = entity_types(driver, user_id)
    assert types["Caroline"] == "PERSON"
    assert types["LGBTQ support group"] == "CONCEPT"
    assert ("Caroline", "go_to", "LGBTQ support group") in stored_triplets(driver, user_id)
    stored = memory.get(added[0].id)
    assert stored.text == text
    assert stored.event_date is not None and stored.event_date.date() == date(2023, 5, 7)
    found = memory.search("support group", user_id=user_id).results
    assert found and found[0].event_date == stored.event_date


def test_a_conversation_resolves_you(memory: Memory, driver: neo4j.Driver, user_id: str) -> None:
    memory.add(
        [{"role": "user", "name": "Melanie", "content": "I painted a lake sunrise last week."},
         {"role": "user", "name": "Caroline", "content": "You painted that? I adopted a cat."}],
        user_id=user_id, timestamp="2023-06-10",
    )  # fmt: skip
    found = stored_triplets(driver, user_id)
    assert {("Melanie", "paint", "lake sunrise"), ("Caroline", "adopt", "cat")} <= found
    assert entity_types(driver, user_id)["Melanie"] == "PERSON"


@pytest.mark.parametrize(
    "text",
    ["I don't live in Paris any more.", "Do you live in Paris?",
     "If I had time, I would move to Paris.", "Please move my meeting to Paris."],
)  # fmt: skip
def test_negation_question_hypothetical_assert_nothing(
    memory: Memory, driver: neo4j.Driver, user_id: str, text: str
) -> None:
    added = memory.add(
        [{"role": "user", "name": "Caroline", "content": text}], user_id=user_id
    ).results
    assert [r.memory for r in added] == [text] and added[0].relations == []
    assert stored_triplets(driver, user_id) == set()


@pytest.mark.parametrize("text", ["寿司が大好きです 🍣", "🎉🎉🎉", "Ich wohne in Berlin."])
def test_non_english_and_emoji_are_stored_and_searchable(
    memory: Memory, user_id: str, text: str
) -> None:
    added = memory.add(text, user_id=user_id).results
    assert [r.memory for r in added] == [text]
    assert text in {r.text for r in memory.search(text, user_id=user_id).results}
