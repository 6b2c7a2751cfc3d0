"""Facts people tell in passing: a child named by birth order ("our eldest, Rosa"), a pet
named after it came ("we named him Biscuit"), someone one has been seeing, a child moved to
a new nursery, an allergy outgrown, a class quit by its activity's name. Readings (pure),
then the lifecycle against the real Neo4j."""

from __future__ import annotations

import neo4j
import pytest

from graphmem import Memory
from tests.support.nlp_reading import facts, read_one

ME = "Greta"
PEOPLE = ("Lars", "Ida")


def told(text: str) -> set[tuple[str, str, str]]:
    return facts(read_one(text, ME, PEOPLE).triplets)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        (
            "Our eldest, Jonas, is learning the cello.",
            {("Jonas", "child_of", ME), ("Jonas", "learn", "cello")},
        ),
        ("My youngest Mila loves horses.", {("Mila", "child_of", ME)}),
        ("My kid Noor plays chess every Sunday.", {("Noor", "child_of", ME)}),
    ],
)
def test_a_child_named_by_birth_order_or_as_a_kid(
    text: str, wanted: set[tuple[str, str, str]]
) -> None:
    assert wanted <= told(text)


def test_an_oldest_friend_is_no_child() -> None:
    assert not [t for t in told("My oldest friend moved to Tromso.") if t[1] == "child_of"]


@pytest.mark.parametrize(
    ("text", "pet"),
    [
        ("We got a border collie pup in May, we named her Skye.", ("Skye", "dog_of", ME)),
        ("I adopted a kitten and called him Pesto.", ("Pesto", "cat_of", ME)),
    ],
)
def test_a_pet_named_after_it_came(text: str, pet: tuple[str, str, str]) -> None:
    assert pet in told(text)


def test_a_thing_named_is_no_pet() -> None:
    assert not [t for t in told("We bought a camper van and named it Bessie.") if "_of" in t[1]]


@pytest.mark.parametrize(
    ("text", "partner"),
    [
        ("I've been seeing Amir for a few weeks now.", "Amir"),
        ("I've been seeing someone, his name is Felix, he's a chef.", "Felix"),
    ],
)
def test_someone_one_has_been_seeing_is_dated(text: str, partner: str) -> None:
    assert (ME, "dating", partner) in told(text)


@pytest.mark.parametrize(
    "text",
    ["I've been seeing Dr. Moreau about my back.", "I'm seeing Lars tomorrow for coffee."],
)
def test_a_doctor_or_a_meeting_is_no_date(text: str) -> None:
    assert not [t for t in told(text) if t[1] == "dating"]


def test_a_person_moved_somewhere_is_the_one_who_moves() -> None:
    moved = told("We moved Ida to a smaller school, Oak Hill Primary.")
    assert ("Ida", "move_to", "Oak Hill Primary") in moved
    assert not [t for t in moved if t[0] == ME and t[1] == "move_to"]


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("Ida's peanut allergy is gone, the specialist confirmed it.", ("Ida", "peanut")),
        ("Lars has outgrown his egg allergy!", ("Lars", "egg")),
        ("My cat allergy cleared up after the shots.", (ME, "cat")),
    ],
)
def test_an_allergy_gone_is_denied(text: str, ended: tuple[str, str]) -> None:
    denied = facts(read_one(text, ME, PEOPLE).denied)
    assert (ended[0], "allergic_to", ended[1]) in denied


def _tell(memory: Memory, user_id: str, text: str, day: str) -> list[str]:
    said = [{"role": "user", "name": ME, "content": text}]
    return [r.id for r in memory.add(said, user_id=user_id, timestamp=day).results]


def _current(driver: neo4j.Driver, user_id: str, predicate: str) -> set[str]:
    rows = driver.execute_query(
        "MATCH (:Entity {user_id: $u})-[r:RELATES_TO {predicate: $p}]->(t:Entity) "
        "WHERE r.valid_to IS NULL RETURN collect(t.name) AS names",
        u=user_id, p=predicate,
    ).records  # fmt: skip
    return set(rows[0]["names"])


@pytest.mark.neo4j
def test_an_outgrown_allergy_and_a_quit_class_end(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    """Told in the plural and ended in the singular ("allergic to peanuts", "her peanut
    allergy is gone"); a class ended by its activity's name ("I quit yoga")."""
    _tell(memory, user_id, "Ida is allergic to peanuts, so no satay.", "2026-01-05")
    _tell(
        memory, user_id, "I started a yoga class on Mondays at the community centre.", "2026-01-06"
    )
    _tell(
        memory, user_id, "Ida's peanut allergy is gone, the specialist confirmed it.", "2026-05-02"
    )
    _tell(memory, user_id, "I quit yoga, I'm doing a rowing course now.", "2026-05-03")
    assert "peanuts" not in _current(driver, user_id, "allergic_to")
    assert "yoga class" not in _current(driver, user_id, "start")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Lars got promoted to lead designer last month!", ("Lars", "job_title", "lead designer")),
        ("I've been cycling 20k every morning since March.", (ME, "do", "cycling")),
        ("We swim 30 laps on Sundays.", (ME, "do", "swimming")),
        ("I'm back to climbing, the finger healed.", (ME, "do", "climbing")),
        ("Ida is back to rowing after her surgery.", ("Ida", "do", "rowing")),
        ("My ankle is bad, so I switched to cycling.", (ME, "do", "cycling")),
    ],
)
def test_a_pastime_or_a_title_told_in_passing(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in told(text)


@pytest.mark.parametrize(
    "text", ["I'm back to work on Monday.", "Lars ran into Ida at the market."]
)
def test_no_pastime_where_none_is_done(text: str) -> None:
    assert not [t for t in told(text) if t[1] == "do"]


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("Ida's test came back, she can eat peanuts now!", ("Ida", "avoids", "peanuts")),
        ("I can finally have dairy again.", (ME, "allergic_to", "dairy")),
    ],
)
def test_what_one_can_eat_again_is_no_longer_kept_away(
    text: str, ended: tuple[str, str, str]
) -> None:
    assert ended in facts(read_one(text, ME, PEOPLE).denied)


def test_i_can_eat_anything_ends_nothing() -> None:
    assert not read_one("I can eat anything, really.", ME, PEOPLE).denied


def test_a_pronoun_and_its_contracted_is_read_as_is() -> None:
    """ "he's allergic" is "Lars is allergic", not "Lars's allergic"."""
    memory = read_one("Lars is my nephew. He's allergic to eggs.", ME, PEOPLE)
    assert ("Lars", "allergic_to", "eggs") in facts(memory.triplets)
    garbled = read_one("She loves figs but Lars can't have them, he's allergic.", ME, PEOPLE)
    assert not [t for t in facts(garbled.triplets) if "'s" in t[2]]


def test_a_doctor_by_title_changes_what_one_takes() -> None:
    assert (ME, "take", "warfarin") in told("Dr. Osei put me on warfarin.")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Our new flat is in Shoreditch, tiny but lovely.", (ME, "lives_in", "Shoreditch")),
        ("I finally booked our holiday to Crete for June!", (ME, "plan_go_to", "Crete")),
        ("We booked flights to Lima last night.", (ME, "plan_go_to", "Lima")),
    ],
)
def test_a_home_or_a_trip_told_by_what_was_booked_or_where_it_is(
    text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in told(text)


def test_a_table_booked_is_no_trip() -> None:
    assert not [t for t in told("We booked a table for two at Noma.") if "go_to" in t[1]]


def test_a_couple_no_longer_together_ended() -> None:
    denied = facts(read_one("Lars and I aren't together anymore.", ME, PEOPLE).denied)
    assert (ME, "dating", "Lars") in denied
    assert not read_one("Lars and I are together again.", ME, PEOPLE).denied


@pytest.mark.parametrize(
    "text", ["Ida and I just finished another painting.", "I finished a new quilt for the twins."]
)
def test_a_work_made_once_more_ends_no_pastime(text: str) -> None:
    assert not read_one(text, ME, PEOPLE).denied


def test_a_work_finished_still_ends_going_through_it() -> None:
    assert (ME, "read", "Overstory") in facts(read_one("Finished The Overstory.", ME).denied)
