"""A relative told unnamed and then as "she" or "he" (in the same message, or the listener's
relative asked about by the other speaker), a place the tagger takes for a person, someone still
living somewhere, where one works told by one's field, a dropped "I" after an interjection, the
teams one plays for, the sport or the injury a question asks for, a change that is someone
else's, a job asked bare, "Mam", an instrument one is on, a home shared, a race's time, an
operation, an event entered ahead, and what one is in hospital with (found
by a footballer's, a designer's, a bride's, a son's, a student's, a lodger's, a father's, a
runner's, a dog owner's and a keyboard player's chats, twenty-sixth stop). The sentences here
are other wordings than the ones that found them."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial

import pytest

from graphmem.extraction.dates import resolve_relative
from graphmem.search import answer_kinds
from graphmem.search.intent import detect
from graphmem.search.told_changes import told_changes
from tests.support.nlp_reading import facts, read_turns, told
from tests.support.telling import SPEAKER, Asked, scorer

triples = partial(told, speaker=SPEAKER)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        # a relative told unnamed, then "he"/"she" in the same message (read by the parse)
        ("My brother's been struggling. He lives alone in Whitby now, with his dog.",
         [(f"{SPEAKER}'s Brother", "lives_in", "Whitby")]),
        ("my stepdad called, he's retiring from the fire service in May",
         [(f"{SPEAKER}'s Stepfather", "former_works_at", "fire service")]),
        # "Dad" used as a name, then "he"
        ("Dad rang, he's retiring from the post office at Easter",
         [(f"{SPEAKER}'s Father", "former_works_at", "post office")]),
        # someone still living somewhere
        ("Gareth's still in Aberdeen, loves it", [("Gareth", "lives_in", "Aberdeen")]),
        ("Auntie Val is in Malaga these days", [("Auntie Val", "lives_in", "Malaga")]),
        # where one commutes from
        ("the commute from Chesham is killing me", [(SPEAKER, "lives_in", "Chesham")]),
        # where one works, by the field one works in
        ("from next month I'll be doing HR at Sainsbury's",
         [(SPEAKER, "works_at", "Sainsbury")]),
        ("Priyanka's doing recruitment for Hays", [("Priyanka", "works_at", "Hays")]),
        # a dropped "I" after an interjection
        ("Argh, broke my wrist at the skate park", [(SPEAKER, "break", "wrist")]),
        # the teams one plays for
        ("Ollie got selected for the regional hockey squad!",
         [("Ollie", "plays_for", "regional hockey squad")]),
        ("I've been made captain of the netball team", [(SPEAKER, "plays_for", "netball team")]),
        ("Kemi plays for Clapham Chasers", [("Kemi", "plays_for", "Clapham Chasers")]),
        # "Mam" is a mother; an instrument one is on; a home shared or a room rented
        ("Mam's moved into a bungalow in Llanelli",
         [(f"{SPEAKER}'s Mother", "lives_in", "Llanelli")]),
        ("I'm on bass now, Rhys left", [(SPEAKER, "holds_role", "bass player")]),
        ("sharing a house in Cathays with three nurses", [(SPEAKER, "lives_in", "Cathays")]),
        ("renting a room in a flat in Splott for now", [(SPEAKER, "lives_in", "Splott")]),
        # what one is in hospital with
        ("Grandad's been in Glangwili hospital since Friday with pneumonia",
         [(f"{SPEAKER}'s Grandfather", "has_condition", "pneumonia")]),
    ],
)  # fmt: skip
def test_read_in_chat(text: str, wanted: list[tuple[str, str, str]]) -> None:
    found = triples(text)
    for fact in wanted:
        assert fact in found, found


@pytest.mark.parametrize(
    ("text", "unwanted"),
    [
        # a school year, a class, a trip are no home; nor the speaker's own "still in"
        ("Zara's still in Year 11", "lives_in"),
        ("Tom's in French class now", "lives_in"),
        ("I'm still in Lisbon, flying back Sunday", "lives_in"),
        # "doing it", past research: no job
        ("Mo is doing it for Kate", "works_at"),
        ("we did research at Exeter years ago", "works_at"),
        # playing for fun is no team
        ("I mostly play for fun", "plays_for"),
        # company is no illness
        ("Rhodri's in Lisbon with friends", "has_condition"),
        ("I'm in hospital with my dad, his op is at 2", "has_condition"),
    ],
)
def test_not_read_in_chat(text: str, unwanted: str) -> None:
    assert not any(p == unwanted for _, p, _ in triples(text)), triples(text)


@pytest.mark.parametrize(
    "text",
    ["Tom's Dad rang, he's retiring from the council", "Your Mum said she's moving to Leeds"],
)
def test_a_relative_of_someone_else_is_not_the_speakers(text: str) -> None:
    assert not any(s.startswith(f"{SPEAKER}'s") for s, _, _ in triples(text)), triples(text)


def test_a_place_the_tagger_reads_as_a_person_is_no_referent() -> None:
    # "Faro" was tagged PERSON, and "she retired" ended Faro's job
    found = triples("My aunt is in Faro now, she moved back there after she retired")
    assert not any(s == "Faro" for s, _, _ in found), found


def test_a_place_after_a_journey_is_no_referent() -> None:
    # "Penarth" was tagged PERSON: "he's between flats" was Penarth, and the next "he" unknown
    read = read_turns(
        [
            ("Nia", "the commute from Penarth is a pain. My brother's staying with me, he's skint"),
            ("Huw", "ha, how's that going?"),
            ("Nia", "He's a plumber so the boiler's fixed at least"),
        ]
    )
    assert ("Nia's Brother", "job_title", "plumber") in facts(read[2].triplets)


def test_she_is_not_a_relative_named_after_her() -> None:
    # "Mum" comes after "she": she is the nan asked about, not Mum
    read = read_turns(
        [
            ("Dyfan", "how's your nan?"),
            ("Elin", "she's in Withybush hospital with a kidney infection. Mum's visiting daily"),
        ]
    )
    found = facts(read[1].triplets)
    assert ("Elin's Grandmother", "has_condition", "kidney infection") in found, found
    assert not any(s == "Elin's Mother" and p == "has_condition" for s, p, _ in found), found


def test_she_is_the_relative_the_other_speaker_asked_about() -> None:
    read = read_turns(
        [
            ("Hywel", "Is your sister still in Cardiff?"),
            ("Bethan", "No, she's in Bristol now, she got a job at the zoo."),
        ]
    )
    assert ("Bethan's Sister", "lives_in", "Bristol") in facts(read[1].triplets)


@pytest.mark.parametrize(
    ("query", "text", "holds"),
    [
        ("What sport does Nell play?", "Nell's been picked for the county netball squad", True),
        ("Which sports is Arlo into?", "Arlo does judo on Saturdays", True),
        ("What sport does Nell play?", "Nell started at the grammar school", False),
        ("What injury did Ty have?", "Ty twisted his knee at training", True),
        ("What injury did Ty have?", "Ty dislocated his shoulder", True),
        ("What operation did Nain have?", "Nain's had a knee replacement", True),
        ("What was Ffion's half marathon time?", "did it! 1 hour 58 minutes", True),
        ("What was Ffion's half marathon time?", "ran for 2 hours today", False),
    ],
)
def test_the_sport_and_the_injury_asked_for(query: str, text: str, holds: bool) -> None:
    test = answer_kinds.answer_test(query)
    assert test is not None
    assert test(text) is holds


@pytest.mark.neo4j
def test_where_an_unnamed_relative_lives(ask: Asked) -> None:
    # "he" is the dad the same message told: the parse reads his home
    turns = [
        ("2026-02-10T10:00:00Z", "My dad's struggling a bit. He lives on his own in Kendal and "
         "had a fall in March, so I drive up most weekends"),
        ("2026-03-14T10:00:00Z", "we finally got the house in Lancaster, moving in June!"),
        ("2026-04-02T10:00:00Z", "Dad's doing better, the physio comes twice a week"),
    ]  # fmt: skip
    [found] = ask(turns, [f"Where does {SPEAKER}'s dad live?"], datetime(2026, 8, 1, tzinfo=UTC))
    assert "Kendal" in found.results[0].text, [m.text for m in found.results]


@pytest.mark.neo4j
def test_the_sport_asked_for_ranks_first(ask: Asked) -> None:
    turns = [
        ("2026-03-05T10:00:00Z", "My son Idris started at Cathays High today, so grown up"),
        ("2026-05-11T10:00:00Z", "Idris has been picked for the county rugby squad!"),
        ("2026-06-20T10:00:00Z", "Idris's parents evening went well, his teachers love him"),
    ]
    [found] = ask(turns, ["What sport does Idris play?"], datetime(2026, 8, 1, tzinfo=UTC))
    assert "rugby" in found.results[0].text, [m.text for m in found.results]


def test_a_change_of_someone_else_is_no_update_of_whom_asked() -> None:
    _m = scorer("Wyn")
    older = _m("a", "Cerys made the county hockey team! Nan came to watch her play.", 1)
    mine = _m("b", "Knee's better now, back playing squash on Fridays.", 20)
    hers = _m("c", "Cerys is playing netball now, she loves it.", 30)
    assert told_changes([older, mine], "What sport does Cerys play?") == []
    # a change told of her ("she"), or naming her, still pairs
    (pair,) = told_changes([older, hers], "What sport does Cerys play?")
    assert (pair.older.id, pair.newer.id) == ("a", "c")


@pytest.mark.parametrize(
    ("query", "current"),
    [
        ("What does Efa do?", True),
        ("what does your brother do these days?", True),
        ("What does Efa do for a job?", True),
        ("What does Efa do to relax?", False),  # a habit, no job
        ("What did Efa do?", False),
    ],
)
def test_a_job_asked_bare_is_a_question_about_now(query: str, current: bool) -> None:
    intent = detect(query, datetime(2026, 7, 1, tzinfo=UTC))
    assert (intent.kind == "current") is current, intent


@pytest.mark.neo4j
def test_a_job_asked_bare_ranks_the_job_first(ask: Asked) -> None:
    # the degree he started shares "do" less than nothing, yet ranked above the job
    turns = [
        ("2026-02-11T10:00:00Z", "my husband Tomos is a firefighter, shifts all over the place"),
        ("2026-05-03T10:00:00Z", "Tomos has started an Open University degree in history"),
        ("2026-06-19T10:00:00Z", "we've booked a week in Tenby for August"),
    ]
    [found] = ask(turns, ["What does Tomos do?"], datetime(2026, 8, 25, tzinfo=UTC))
    assert "firefighter" in found.results[0].text, [m.text for m in found.results]


@pytest.mark.parametrize(
    ("text", "year"),
    [
        ("I've entered the Cardiff half in March", 2027),  # an event entered: ahead
        ("signed up for the Snowdonia trail race in May!", 2027),
        ("I signed up for the gym in March", 2026),  # when one joined
    ],
)
def test_a_month_after_an_event_entered_is_ahead(text: str, year: int) -> None:
    when = resolve_relative(text, datetime(2026, 10, 30, tzinfo=UTC))
    assert when is not None and when.year == year, when
