"""How one gets to work and what ends it, a clause that drops its "I" after a comma, a
ward or department moved to, a course transferred onto, a medicine switched to, a platform
moved to (no home), a home one is back in, a role holder named after "here", "ended up"
doing, and answers by count and by platform (found by a nurse's, a volunteer's, a student's,
a musician's, a landlord's, a diabetic's, a dog walker's and a streamer's chats,
twenty-third stop). The sentences here are other wordings than the ones that found them."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial

import neo4j
import pytest

from graphmem import Memory, Settings
from graphmem.ports.embedder import Embedder
from graphmem.search.answer_kinds import answer_test, asked
from tests.support.nlp_reading import denied, read_turns, told
from tests.support.telling import tell_all

SPEAKER = "Ffion"

triples = partial(told, speaker=SPEAKER)
ended = partial(denied, speaker=SPEAKER)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("I catch the 8:05 train into the office most days", (SPEAKER, "gets_to_work_by", "train")),
        ("taking the tram to work this week, roadworks", (SPEAKER, "gets_to_work_by", "tram")),
        ("I walk to work now, it's only a mile", (SPEAKER, "gets_to_work_by", "walk")),
        ("We cycle to work together", (SPEAKER, "gets_to_work_by", "cycle")),
    ],
)
def test_how_one_gets_to_work(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


def test_no_more_of_a_way_to_work_ends_it() -> None:
    text = "Mum lent me her old Polo, so no more tube for a while"
    assert (SPEAKER, "gets_to_work_by", "tube") in ended(text)
    assert not any(p == "gets_to_work_by" for _, p, _ in triples("I love the bus station café"))


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        # a clause after a comma that drops its "I"
        ("handed my notice in at Lidl, got a job at the garden centre instead",
         (SPEAKER, "works_at", "garden centre")),
        ("I left the pub, took a job with Greggs", (SPEAKER, "works_at", "Greggs")),
        # a ward or a department moved to, by its kind
        ("been moved to the maternity unit, loving it", (SPEAKER, "works_at", "maternity unit")),
        ("I got transferred to the accounts department", (SPEAKER, "works_at",
                                                          "accounts department")),
        # a course transferred onto
        ("I've switched onto the nursing degree", (SPEAKER, "study", "nursing")),
        # a medicine switched to, and one named bare at the start
        ("changed from Levemir to Toujeo last month", (SPEAKER, "take", "toujeo")),
        ("on Humalog with every meal now", (SPEAKER, "take", "humalog")),
        # a home one is back in
        ("exams done, home in Aberystwyth at last", (SPEAKER, "lives_in", "Aberystwyth")),
        # a role holder named after where they hold it
        ("my manager there is a woman called Siân", ("Siân", "manager_of", SPEAKER)),
        ("My boss at Dyfed is Gareth", ("Gareth", "boss_of", SPEAKER)),
        # what one ended up doing, one does
        ("My brother Iwan ended up working at the port", ("Iwan", "work_at", "port")),
    ],
)  # fmt: skip
def test_facts_told_in_chats_shorthand(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


def test_instead_is_no_part_of_the_workplace() -> None:
    found = triples("quit the chippy, got a job at the leisure centre instead")
    assert (SPEAKER, "works_at", "leisure centre") in found
    assert not any(t.endswith("instead") for _, _, t in found)


def test_a_course_transferred_onto_ends_the_one_before() -> None:
    assert (SPEAKER, "study", "any_value") in ended("I transferred onto the law course")


def test_a_medicine_switched_from_ends() -> None:
    assert (SPEAKER, "take", "Levemir") in ended("switched from Levemir to Toujeo")


@pytest.mark.parametrize(
    "text",
    [
        "we moved from Etsy to Shopify, lower fees",
        "I've moved to Substack for the newsletter",
    ],
)
def test_a_platform_moved_to_is_no_home(text: str) -> None:
    assert not any(p == "lives_in" for _, p, _ in triples(text))


def test_a_home_visited_is_no_home() -> None:
    assert not any(p == "lives_in" for _, p, _ in triples("back home in Bangor for Easter"))
    assert (SPEAKER, "lives_in", "Leeds") in triples("We moved from Hull to Leeds")


def test_a_boss_described_stays_unnamed() -> None:
    assert not any(s == "Strict" for s, _, _ in triples("My boss here is strict"))


def test_a_count_question_wants_a_count_of_what_it_names() -> None:
    test = answer_test("How many hens have we got now?")
    assert test is not None
    assert test("we're up to 23 hens after the auction")
    assert test("thirty laying hens now")
    assert not test("eggs are 3 pounds a dozen at the gate")
    assert answer_test("Where do I live?") is None


def test_a_platform_question_wants_a_platform() -> None:
    assert asked("Which site do I sell my prints on?") == "platform"
    test = answer_test("What app do we use for the shop?")
    assert test is not None
    assert test("moved the shop over to Etsy in May")
    assert not test("the shop is doing well, 40 orders")


@pytest.mark.neo4j
def test_the_way_to_work_now_after_no_more_of_the_old_one(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    turns = [
        ("2026-01-10T10:00:00Z", "bike got nicked so I'm catching the 12 bus to work, hate it"),
        ("2026-02-10T10:00:00Z", "the new manager on my floor is nice"),
        ("2026-04-10T10:00:00Z", "Dad sold me his old Corsa, no more bus!"),
    ]
    with Memory(settings, driver=driver, embedder=embedder) as memory:
        tell_all(memory, user_id, SPEAKER, turns)
        at = datetime(2026, 5, 1, tzinfo=UTC)
        found = memory.search("How do I get to work?", user_id=user_id, top_k=3, reference_date=at)
    assert "Corsa" in found.results[0].text, [m.text for m in found.results]


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        # a name's "'s" before what they are doing is "is"
        ("My sister Nia's leaving to go backpacking in Peru", ("Nia", "backpack_in", "Peru")),
        # a result clause holds whatever the clause before it denies
        ("the diet didn't work so I'm on metformin now", (SPEAKER, "take", "metformin")),
        ("bottles weren't going down well so Macsen's on formula now",
         ("Macsen", "eats", "formula")),
        # a school started by its name is a pupil's start
        ("Cai starts at Bryn Celyn primary in September", ("Cai", "studies_at",
                                                           "Bryn Celyn primary")),
        # a birth told by its weight
        ("Elis arrived on Sunday, 7lb 2oz, all well", ("Elis", "born_weighing", "7lb 2oz")),
        # a condition told by whose it is, and conditions by more names
        # ("Taid", Welsh for grandad, is the speaker's grandfather since the twenty-sixth stop)
        ("Taid's Parkinson's is a lot worse lately",
         (f"{SPEAKER}'s Grandfather", "has_condition", "Parkinson's")),
        ("Mum's dementia has got worse", (f"{SPEAKER}'s Mother", "has_condition", "dementia")),
        # a relative's move into a home
        ("Gran's moved into Bryn Awel care home", (f"{SPEAKER}'s Grandmother", "lives_in",
                                                    "Bryn Awel care home")),
        # a role one was made
        ("I've been made vice captain this season", (SPEAKER, "holds_role", "vice-captain")),
    ],
)  # fmt: skip
def test_more_of_chats_shorthand(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


def test_a_team_joined_is_no_employer() -> None:
    found = triples("I've joined a hockey team, the Kestrels, training is Tuesdays")
    assert not any(p == "works_at" for _, p, _ in found), found
    assert any(p == "join" for _, p, _ in found), found
    assert (f"{SPEAKER}'s Wife", "works_at", "Bosch") in triples("my wife joined Bosch last year")


def test_a_leaving_do_and_a_visit_stay_as_they_are() -> None:
    assert not any(p == "lives_in" for _, p, _ in triples("Nia's leaving party is on Friday"))
    assert not any(
        p == "born_weighing" for _, p, _ in triples("Tom arrived at 6 with 2 kg of cheese")
    )


def test_a_thing_stolen_is_no_longer_had() -> None:
    gone = ended("some idiot nicked my Brompton outside Tesco")
    assert (SPEAKER, "own", "Brompton") in gone
    assert (SPEAKER, "ride", "Brompton") in gone


def test_a_fall_is_no_season() -> None:
    test = answer_test("When does Taid go to the day centre?")
    assert test is not None
    assert not test("Taid had a fall in the garden, nothing broken")
    assert test("Taid goes to the day centre on Wednesdays")
    assert test("we're moving house this fall")


def test_whom_one_visits_is_mentioned() -> None:
    turns = [
        (SPEAKER, "Grandad's moved into a care home in Ruthin, it was time"),
        (SPEAKER, "seeing him Mondays and Thursdays after work"),
    ]
    visit = read_turns(turns)[1]
    assert f"{SPEAKER}'s Grandfather" in {e.name for e in visit.entities}
    assert not any(t.predicate.endswith("_of") for t in visit.triplets), visit.triplets


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("my new TA is a guy called Bryn", ("Bryn", "assistant_of", SPEAKER)),
        ("cut out dairy again, so vegan now", (SPEAKER, "diet", "vegan")),
        ("sold my half of the Sunbeam, bought a Moody 31 outright",
         (SPEAKER, "own", "Moody 31")),
        ("found a room in a flat share in Roath, 600 a month", (SPEAKER, "lives_in", "Roath")),
        ("got a studio near Cathays at last", (SPEAKER, "lives_in", "Cathays")),
    ],
)  # fmt: skip
def test_assistants_diets_boats_and_rooms(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


def test_a_share_sold_ends_the_thing() -> None:
    assert (SPEAKER, "own", "Sunbeam") in ended("I sold my share in the Sunbeam last week")


def test_a_start_from_a_month_is_to_come() -> None:
    from graphmem.extraction.dates import resolve_relative

    at = datetime(2026, 3, 9, tzinfo=UTC)
    assert resolve_relative("head of year at Ysgol Glan from September", at) == datetime(
        2026, 9, 1, tzinfo=UTC
    )
    assert resolve_relative("I worked there from May to July", at) is None


@pytest.mark.neo4j
def test_a_teaching_assistant_asked_in_full(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    turns = [
        ("2026-01-10T10:00:00Z", "year 6 this year at Ysgol Bro, 31 of them"),
        ("2026-01-11T10:00:00Z", "my TA is a retired nurse called Gwenda, she's amazing"),
        ("2026-02-10T10:00:00Z", "the head wants everyone on the new phonics scheme"),
        ("2026-03-10T10:00:00Z", "I got the assistant head job at Penlan from Easter!!"),
        ("2026-04-10T10:00:00Z", "handed my notice in at Ysgol Bro, going to miss the kids"),
    ]
    with Memory(settings, driver=driver, embedder=embedder) as memory:
        tell_all(memory, user_id, SPEAKER, turns)
        found = memory.search("Who is my teaching assistant?", user_id=user_id, top_k=3)
    assert "Gwenda" in found.results[0].text, [m.text for m in found.results]


def test_a_first_is_a_grade() -> None:
    assert asked("What mark did Osian get?") == "grade"
    test = answer_test("What mark did Osian get?")
    assert test is not None
    assert test("Osian got a first, so proud")
    assert not test("Osian's first day at the new job")


def test_an_acronym_both_name_pairs_an_update() -> None:
    from graphmem.search.updates import paired
    from tests.support.telling import scorer

    ranked = scorer(SPEAKER)
    old, new = ranked("a", "my 5k PB is 24:10", 1), ranked("b", "new PB!! 23:41 at Bute Park", 9)
    pair = paired(old, new)
    assert pair is not None and pair.newer.id == "b"
    contract = ranked("c", "new contract at HSBC, 6 months, 550 a day, mostly remote", 1)
    extended = ranked("d", "HSBC extended me for another 3 months", 9)
    assert paired(contract, extended) is None  # one name in common is no update


def test_a_move_for_my_job_tells_the_employer() -> None:
    found = triples("we've moved to Dubai for my job with Emirates, the kids love it")
    assert (SPEAKER, "works_at", "Emirates") in found


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("our offer was accepted on a little semi in Penarth!", (SPEAKER, "buying_home_in",
                                                                  "Penarth")),
        ("we're buying a cottage in Llandeilo", (SPEAKER, "buying_home_in", "Llandeilo")),
        ("Rhodri and I moved in together in Canton", (SPEAKER, "live_with", "Rhodri")),
        ("Rhodri and I moved in together in Canton", (SPEAKER, "lives_in", "Canton")),
        ("I'm staying at my sister's in Swansea for a bit", (SPEAKER, "lives_in", "Swansea")),
    ],
)  # fmt: skip
def test_homes_bought_shared_and_borrowed(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


def test_a_breakup_ends_the_home_shared() -> None:
    assert (SPEAKER, "live_with", "Rhodri") in ended("me and Rhodri split up last week")


def test_a_time_changed_for_someone_named_in_a_when_question() -> None:
    from graphmem.search.told_changes import told_changes
    from tests.support.telling import scorer

    ranked = scorer(SPEAKER)
    old = ranked("a", "my tutor on Preply is Ioana, lessons on Monday evenings", 1)
    new = ranked("b", "Ioana moved to mornings so now it's Friday at 8", 9)
    pairs = told_changes([old, new], "When are my lessons with Ioana?")
    assert [(p.older.id, p.newer.id) for p in pairs] == [("a", "b")]
    assert told_changes([old, new], "What does Ioana teach?") == []  # no time asked


def test_an_insulin_or_inhaler_asked_is_a_medicine() -> None:
    assert asked("What long acting insulin is Dad on?") == "medication"
    assert asked("Which inhaler does Cai use?") == "medication"
    test = answer_test("What insulin am I on?")
    assert test is not None and test("switched from Levemir to Toujeo")


def test_lets_stays_lets() -> None:
    from graphmem.extraction.casual import tidy

    assert tidy("Let's just see how it goes").startswith("Let's just")
    assert tidy("Nia's off to Peru").startswith("Nia is off")
