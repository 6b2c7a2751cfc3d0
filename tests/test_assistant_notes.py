"""Notes an assistant keeps about its user ("User no longer works at IBM; now at Red Hat",
"User's flight to Tokyo got cancelled", "The user's partner, Sam, is allergic to nuts") and
the same readings in a person's own words. Readings (pure), then the lifecycle against the
real Neo4j."""

from __future__ import annotations

import pytest

from graphmem import Memory
from graphmem.domain.extraction import ExtractionRequest, Message
from graphmem.extraction.nlp import NLPExtractor
from tests.support.nlp_reading import facts, read_one

OBSERVED = "2026-05-04T10:00:00Z"


def noted(text: str) -> tuple[set[tuple[str, str, str]], set[tuple[str, str, str]]]:
    """(triplets, denied) of an assistant's note about its user."""
    request = ExtractionRequest(
        messages=[Message(role="assistant", content=text)], observed_at=OBSERVED
    )
    memory = NLPExtractor().extract(request).memories[0]
    return set(facts(memory.triplets)), set(facts(memory.denied))


def test_a_job_left_and_the_one_held_now() -> None:
    told, denied = noted("User no longer works at Oracle; now at Spotify.")
    assert ("user", "works_at", "Oracle") in denied
    assert ("user", "works_at", "Spotify") in told
    assert not [t for t in denied if t[2] == "Spotify"]


def test_a_move_from_one_town_to_another_is_a_home() -> None:
    told, _ = noted("User moved from Leeds to Bristol in March.")
    assert ("user", "lives_in", "Bristol") in told
    mine = facts(read_one("Ana relocated from Quito to Lima.", "Rui", ("Ana",)).triplets)
    assert ("Ana", "lives_in", "Lima") in mine


@pytest.mark.parametrize(
    ("text", "who", "place"),
    [
        ("User's flight to Tokyo got cancelled.", "user", "Tokyo"),
        ("Our trip to Crete was cancelled, the airline went bust.", "Rui", "Crete"),
    ],
)
def test_a_trip_cancelled_in_the_passive_ends_going_there(text: str, who: str, place: str) -> None:
    if text.startswith("User"):
        _, denied = noted(text)
    else:
        denied = set(facts(read_one(text, "Rui").denied))
    assert (who, "plan_go_to", place) in denied


def test_a_flight_cancelled_without_an_owner_ends_nothing() -> None:
    assert not read_one("The flight to Oslo was cancelled.", "Rui").denied


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        (
            "The user's partner, Sam, is allergic to nuts.",
            {("Sam", "partner_of", "user"), ("Sam", "allergic_to", "nuts")},
        ),
        (
            "Karl's daughter, Ines, can't eat gluten.",
            {("Ines", "daughter_of", "Karl"), ("Ines", "avoids", "gluten")},
        ),
    ],
)
def test_a_named_owners_relative_named_between_commas(
    text: str, wanted: set[tuple[str, str, str]]
) -> None:
    told, _ = (
        noted(text)
        if text.startswith("The user")
        else (set(facts(read_one(text, "Rui").triplets)), set())
    )
    assert wanted <= told


@pytest.mark.neo4j
def test_a_note_of_a_new_employer_ends_the_old_one(memory: Memory, user_id: str) -> None:
    def note(text: str, day: str) -> str:
        said = [{"role": "assistant", "content": text}]
        return memory.add(said, user_id=user_id, timestamp=day).results[0].id

    old = note("User works at Oracle as a database engineer.", "2026-01-10")
    note("User prefers window seats on long flights.", "2026-01-12")
    new = note("User no longer works at Oracle; now at Spotify.", "2026-04-02")
    found = memory.search("Where does the user work now?", user_id=user_id)
    ids = [r.id for r in found.results]
    assert ids.index(new) < ids.index(old)
    assert len(memory.history(old)) >= 1
