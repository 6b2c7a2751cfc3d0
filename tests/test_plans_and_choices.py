"""Plans, and choices made instead of something else.

A plan is told as such and never as the fact it plans: "We plan to move to Berlin" gives
``plan_move_to Berlin``, no home in Berlin, and ends nothing ("we decided to sell the
house" still has the house). A choice "instead of" or "rather than" something asserts
nothing of what it left ("I drink tea instead of coffee" is no coffee drinking) and ends it:
"we're going to Porto instead of Lisbon" ends a planned flight to Lisbon, so search ranks
the new plan first. Readings (pure), then through ``add`` and ``search`` on the real Neo4j.
"""

from __future__ import annotations

import pytest

from graphmem import Memory
from tests.support.nlp_reading import facts, read_one

ME = "Tomasz"
PEOPLE = ("Ewa", "Marek")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("We're planning to fly to Lisbon in June.", (ME, "plan_fly_to", "Lisbon")),
        ("Ewa plans to move to Berlin next year.", ("Ewa", "plan_move_to", "Berlin")),
        ("I'm going to start learning Portuguese.", (ME, "plan_learn", "Portuguese")),
        ("Marek intends to run the Vienna marathon.", ("Marek", "plan_run", "Vienna marathon")),
        ("We decided to adopt a kitten.", (ME, "plan_adopt", "kitten")),
        ("We are planning to go hiking in the Tatras.", (ME, "plan_go", "hiking")),
    ],
)
def test_a_plan_is_told_as_a_plan(text: str, fact: tuple[str, str, str]) -> None:
    told = facts(read_one(text, ME, PEOPLE).triplets)
    assert fact in told
    assert all(p.startswith("plan_") for _, p, _ in told if p != "tomasz_of"), told


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("We're flying to Madeira in March!", (ME, "plan_fly_to", "Madeira")),
        ("Ewa is heading to Vilnius next week.", ("Ewa", "plan_head_to", "Vilnius")),
        ("I'm going to Krakow for the weekend.", (ME, "plan_go_to", "Krakow")),
    ],
)
def test_a_trip_told_in_the_present_progressive_is_ahead(
    text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in facts(read_one(text, ME, PEOPLE).triplets)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("We flew to Madeira in March.", (ME, "fly_to", "Madeira")),
        ("I'm going to the gym after work.", (ME, "go_to", "gym")),  # no place: a habit
    ],
)
def test_a_trip_told_done_or_a_habit_is_no_plan(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in facts(read_one(text, ME, PEOPLE).triplets)


def test_a_plan_ends_nothing_yet() -> None:
    for text in ("We decided to sell the flat.", "I plan to retire next spring.",
                 "I'm going to give up sugar."):  # fmt: skip
        assert not read_one(text, ME, PEOPLE).denied, text


def test_a_plan_is_no_home() -> None:
    told = facts(read_one("We plan to move to Gdansk.", ME, PEOPLE).triplets)
    assert not [t for t in told if t[1] in {"lives_in", "move_to"}]


@pytest.mark.parametrize(
    ("text", "chosen", "left"),
    [
        ("I drink green tea instead of coffee now.", ("drink", "green tea"), ("drink", "coffee")),
        ("I now take Jardiance instead of metformin.", ("take", "Jardiance"),
         ("take", "metformin")),
        ("We stayed at a hostel rather than a hotel.", ("stay_at", "hostel"),
         ("stay_at", "hotel")),
        ("Instead of Krakow, we're driving to Vienna.", ("plan_drive_to", "Vienna"),
         ("drive_to", "Krakow")),
    ],
)  # fmt: skip
def test_what_a_choice_leaves_is_no_fact_and_is_ended(
    text: str, chosen: tuple[str, str], left: tuple[str, str]
) -> None:
    memory = read_one(text, ME, PEOPLE)
    told = {(p, t) for _, p, t in facts(memory.triplets)}
    assert chosen in told
    assert not [t for t in told if t[1] == left[1]], told  # no drink_of, take_of, fly_of
    assert (ME, *left) in facts(memory.denied)


def test_a_place_left_ends_every_way_of_going_there_planned_or_not() -> None:
    denied = facts(read_one("We're going to Porto instead of Lisbon.", ME, PEOPLE).denied)
    for predicate in ("go_to", "fly_to", "plan_fly_to", "visit", "plan_visit"):
        assert (ME, predicate, "Lisbon") in denied
    assert not [t for t in denied if t[2] == "Porto"]


def test_an_activity_left_is_ended() -> None:
    memory = read_one("Instead of going to the gym, I cycle to work now.", ME, PEOPLE)
    assert (ME, "go_to", "gym") in facts(memory.denied)
    assert (ME, "go_to", "gym") not in facts(memory.triplets)


def test_a_choice_not_asserted_ends_nothing() -> None:
    for text in ("Should we go to Porto instead of Lisbon?",
                 "We didn't go to Porto instead of Lisbon."):  # fmt: skip
        assert not read_one(text, ME, PEOPLE).denied, text


def _tell(memory: Memory, user_id: str, text: str, day: str) -> str:
    said = [{"role": "user", "name": ME, "content": text}]
    return memory.add(said, user_id=user_id, timestamp=day).results[0].id


@pytest.mark.neo4j
def test_a_change_of_plans_ends_the_old_plan_and_ranks_first(memory: Memory, user_id: str) -> None:
    old = _tell(memory, user_id, "We're planning to fly to Lisbon in June for our anniversary.",
                "2026-02-20")  # fmt: skip
    _tell(memory, user_id, "Our budget for the kitchen renovation is 20k euros.", "2026-03-01")
    said = [{"role": "user", "name": ME,
             "content": "Change of plans: we're going to Porto instead of Lisbon, "
                        "the flights were cheaper."}]  # fmt: skip
    added = memory.add(said, user_id=user_id, timestamp="2026-04-15").results[0]
    applied = [(t.action, t.old_memory_id) for t in added.transitions if t.outcome == "applied"]
    assert applied == [("end", old)]  # the anniversary is still true: the plan alone ends
    assert memory.get(old).lifecycle_state == "active"

    now = memory.search("Where are we going for our anniversary?", user_id=user_id,
                        reference_date="2026-05-01", explain=True)  # fmt: skip
    assert [r.id for r in now.results[:2]] == [added.id, old]
    before = memory.search("Where were we going to go at first?", user_id=user_id,
                           reference_date="2026-05-01")  # fmt: skip
    ranked = [r.id for r in before.results]
    assert ranked.index(old) < ranked.index(added.id)


@pytest.mark.parametrize(
    "text",
    [
        "We cancelled our trip to Rome.",
        "I called off the Rome trip.",
        "We're not going to Rome anymore.",
        "We no longer plan to fly to Rome.",
        "Rome is off, flights too expensive.",  # a place called off (seventeenth stop)
        "The Rome trip is off.",
        "Our trip to Rome got cancelled.",
    ],
)
def test_a_trip_cancelled_or_denied_ends_every_way_of_going_there(text: str) -> None:
    denied = facts(read_one(text, ME, PEOPLE).denied)
    for predicate in ("go_to", "plan_fly_to", "plan_visit"):
        assert (ME, predicate, "Rome") in denied, (text, predicate)


@pytest.mark.parametrize(
    "text",
    [
        "We cancelled the meeting.",
        "Did you cancel the trip to Rome?",
        "The wedding is off.",  # no trip, no place
        "Rome isn't off.",
        "I'm off to Rome tomorrow.",  # going, not called off
        "The Rome trip got cancelled.",  # whose, not said (an assistant's notes)
    ],
)
def test_no_trip_ends_where_none_is_cancelled(text: str) -> None:
    assert not read_one(text, ME, PEOPLE).denied


def test_someone_elses_trip_called_off_is_theirs() -> None:
    denied = facts(read_one("Tom's trip to Oslo is off.", ME, ("Tom",)).denied)
    assert ("Tom", "plan_go_to", "Oslo") in denied
    assert not {t for t in denied if t[0] == ME}


@pytest.mark.neo4j
def test_a_cancelled_trip_ranks_above_its_plan(memory: Memory, user_id: str) -> None:
    plan = _tell(memory, user_id, "We're planning to fly to Rome in May for my birthday.",
                 "2026-02-01")  # fmt: skip
    _tell(memory, user_id, "Our budget for the kitchen renovation is 20k euros.", "2026-02-10")
    off = _tell(memory, user_id, "We cancelled our trip to Rome, the flights were too expensive.",
                "2026-03-01")  # fmt: skip
    found = memory.search("Are we going to Rome?", user_id=user_id, reference_date="2026-04-01")
    assert [r.id for r in found.results[:2]] == [off, plan]
