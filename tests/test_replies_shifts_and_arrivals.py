"""A no that tells an end ("Not any more, …") to "Still teaching at …?" or "Do you still live
in …?", and no negation of the clause after it; where one works, told by the shifts one works
on a ward; a job one moves to a town for; hyphenated words kept whole in a concept; a pet or a
baby named in the sentence after the one that brings it in, or announced by name; a birth
weight told in the next sentence; a name the tagger leaves unlabelled that does what people
do; where someone comes from; children asked about as "twins"; a state asked in the past;
"at work" in a current question; where one streams; the answer only the older of two holds
(found by a nurse's, two teachers', an allotment keeper's, an engineer's, two choir singers',
a retired couple's, a student's, two sisters', a baker's and two gamers' chats, twenty-seventh
stop). The sentences here are other wordings than the ones that found them."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial

import pytest

from graphmem.search import answer_kinds
from graphmem.search.intent import detect
from graphmem.search.told_changes import told_changes
from tests.support.nlp_reading import denied, facts, read_turns, told
from tests.support.telling import SPEAKER, Asked, scorer

triples = partial(told, speaker=SPEAKER)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        # where one works, by the shifts one works on a ward
        ("been doing nights on the stroke unit since March",
         [(SPEAKER, "works_at", "stroke unit")]),
        ("Dami's on earlies in ICU this month", [("Dami", "works_at", "ICU")]),
        ("I'm on long shifts in paediatrics till Easter", [(SPEAKER, "works_at", "paediatrics")]),
        # a job one moves to a town for
        ("Kez moved to Glasgow for a job with the BBC", [("Kez", "works_at", "BBC")]),
        # a hyphenated word is one word of its concept
        ("I bought a second-hand bike off Gumtree", [(SPEAKER, "buy", "second-hand bike")]),
        # a pet named in the next sentence, after its kind or by "its name is"
        ("Our rescue dog arrived yesterday. A little terrier, we've named her Bramble.",
         [("Bramble", "dog_of", SPEAKER)]),
        ("My new kitten came home today! His name's Pickle.", [("Pickle", "cat_of", SPEAKER)]),
        # babies announced by name
        ("The triplets are here, Ada, Ben and Cal", [("Ada", "child_of", SPEAKER),
                                                    ("Cal", "child_of", SPEAKER)]),
        ("our baby boy has arrived, Idris Wyn", [("Idris Wyn", "son_of", SPEAKER)]),
        # a birth weight told in the next sentence
        ("Seren was born on Friday. 7lb 4oz!", [("Seren", "born_weighing", "7lb 4oz")]),
        # years spent at a workplace, former when the message tells a retirement
        ("Finally retired! 28 years at the council, they threw me a party",
         [(SPEAKER, "former_works_at", "council")]),
        ("12 years at Airbus and I still love it", [(SPEAKER, "works_at", "Airbus")]),
        # a home sold was a home; a move ahead into a home on a street
        ("We've sold the flat in Canton, the buyers were lovely",
         [(SPEAKER, "former_lives_in", "Canton")]),
        ("moving out of my parents' into a flat on Albany Road next month",
         [(SPEAKER, "move_to", "Albany Road")]),
        # a course switched, from a school subject
        ("switching from physics to astrophysics in second year",
         [(SPEAKER, "study", "astrophysics")]),
        # where someone comes from
        ("I'm originally from Aberdeen but Bristol is home now",
         [(SPEAKER, "comes_from", "Aberdeen")]),
        ("Tomasz is from Gdansk", [("Tomasz", "comes_from", "Gdansk")]),
        ("my new colleague Ines from Porto starts Monday", [("Ines", "comes_from", "Porto")]),
        ("a scarf from my home country, Norway", [(SPEAKER, "comes_from", "Norway")]),
        ("born and bred in Hull, me", [(SPEAKER, "comes_from", "Hull")]),
        # "Not any more, …" answers the question before: the clause after it is told
        ("Not any more, I moved to Harrogate in May", [(SPEAKER, "lives_in", "Harrogate")]),
    ],
)  # fmt: skip
def test_read_in_chat(text: str, wanted: list[tuple[str, str, str]]) -> None:
    found = triples(text)
    for fact in wanted:
        assert fact in found, found


@pytest.mark.parametrize(
    ("text", "unwanted"),
    [
        # a time of year is no ward
        ("I'm on nights in the new year so no parties", "works_at"),
        # the parents at a birth are no children of the speaker
        ("The twins are here, Nan and Grandad came straight over", "child_of"),
        # a weight after an arrival that is no birth
        ("The parcel arrived. 2 kilos of flour.", "born_weighing"),
        # "baby girl" is no name
        ("my baby girl is teething again", "child_of"),
        # a club joined is no employer
        ("Finally joined Roath Park Running Club!", "works_at"),
        # someone else's years at a workplace are not the speaker's
        ("Dad retired after 40 years at the docks", "former_works_at"),
        # a move ahead is no home yet
        ("moving into a flat on Albany Road next month", "lives_in"),
        # a department or an office is no origin
        ("Rhian's from HR", "comes_from"),
        ("Dev is from the Leeds office", "comes_from"),
        # a switch of milk is no course
        ("switched from oat milk to soya", "study"),
    ],
)
def test_not_read_in_chat(text: str, unwanted: str) -> None:
    assert not any(p == unwanted for _, p, _ in triples(text)), triples(text)


def test_a_no_that_tells_an_end_is_a_former_job() -> None:
    read = read_turns([("Cai", "Still teaching at Ysgol Bro?"), ("Non", "No longer, I retired.")])
    assert ("Non", "former_works_at", "Ysgol Bro") in facts(read[1].triplets)


def test_a_no_that_tells_an_end_is_a_former_home() -> None:
    read = read_turns(
        [("Cai", "Do you still live in Bangor?"), ("Non", "I don't anymore, I'm in Conwy now.")]
    )
    assert ("Non", "lives_in", "Bangor") in facts(read[1].denied)


def test_a_plain_no_says_nothing_of_the_past() -> None:
    read = read_turns(
        [("Cai", "Still working at Tesco?"), ("Non", "No, that was my sister, not me.")]
    )
    assert not any(p == "former_works_at" for _, p, _ in facts(read[1].triplets))


def test_a_reply_opening_no_denies_nothing() -> None:
    # "Not any more," was read as the negation of "moved": the move was denied
    assert not denied("Not any more, I moved to a flat in Hove", SPEAKER)


def test_an_unlabelled_name_that_leaves_is_someone() -> None:
    # the tagger labels "Bronwen" nothing: "she" after it was no one
    read = read_turns(
        [
            ("Nia", "did you hear Bronwen's leaving the orchestra?"),
            ("Owen", "No! Why?"),
            ("Nia", "She's moving to Hull for a job at Reckitt."),
        ]
    )
    assert ("Bronwen", "works_at", "Reckitt") in facts(read[2].triplets)


@pytest.mark.parametrize(
    ("query", "text", "holds"),
    [
        ("Where does Ifan stream now?", "moved the channel from Twitch to Kick", True),
        ("Where does Ifan stream now?", "streams look so much better now", False),
        ("What's Ifan's best time?", "got the any% run down to 31 minutes", True),
        ("What's Ifan's best time?", "the bus was 10 minutes late", False),
    ],
)
def test_the_platform_and_the_time_asked_for(query: str, text: str, holds: bool) -> None:
    test = answer_kinds.answer_test(query)
    assert test is not None
    assert test(text) is holds


def test_no_change_pairs_away_from_the_only_answer() -> None:
    # "now" in the later memory made it an update of the older: the platform was lost
    _m = scorer("Ifan")
    older = _m("a", "I'm moving my stream from Twitch to Kick next month", 1)
    newer = _m("b", "new mic arrived, streams sound amazing now", 20)
    assert told_changes([older, newer], "Where does Ifan stream now?") == []


@pytest.mark.parametrize(
    ("query", "past"),
    [
        ("Which hospital did Ama work at?", True),
        ("Where did your brother live?", True),
        ("Who did John work with on the fundraiser?", False),  # company, no state
        ("Where does Ama work?", False),
    ],
)
def test_a_state_asked_in_the_past(query: str, past: bool) -> None:
    intent = detect(query, datetime(2026, 7, 1, tzinfo=UTC))
    assert (intent.kind == "past") is past, intent


@pytest.mark.neo4j
def test_the_ward_one_worked_on_before_ranks_first(ask: Asked) -> None:
    turns = [
        ("2026-01-12T10:00:00Z", "doing nights on the renal ward from Monday, wish me luck"),
        ("2026-03-02T10:00:00Z", "finally off nights! I'm on days in outpatients now"),
        ("2026-04-20T10:00:00Z", "booked a week in Crete with the girls for June"),
    ]
    [before, now] = ask(
        turns,
        [f"Which ward did {SPEAKER} work nights on?", f"Where does {SPEAKER} work now?"],
        datetime(2026, 8, 1, tzinfo=UTC),
    )
    assert "renal" in before.results[0].text, [m.text for m in before.results]
    assert "outpatients" in now.results[0].text, [m.text for m in now.results]


@pytest.mark.neo4j
def test_twins_named_at_birth_answer_their_names(ask: Asked) -> None:
    turns = [
        ("2026-02-01T10:00:00Z", "we're having twins!! due in the summer"),
        ("2026-07-09T10:00:00Z", "The twins are here, Efa and Gruff, both healthy"),
        ("2026-07-20T10:00:00Z", "no sleep at all this week, send coffee"),
    ]
    [found] = ask(turns, [f"What are {SPEAKER}'s twins called?"], datetime(2026, 8, 1, tzinfo=UTC))
    assert "Efa" in found.results[0].text, [m.text for m in found.results]


@pytest.mark.neo4j
def test_at_work_is_no_question_about_the_job(ask: Asked) -> None:
    # "at work" named the job's topic: the job's memory ranked first as the current state
    turns = [
        ("2026-01-08T10:00:00Z", "Started at Monzo as a data engineer, mostly writing Python."),
        ("2026-03-10T10:00:00Z", "booked flights to Lisbon for my birthday"),
        ("2026-06-21T10:00:00Z", "Changed teams, I'm in the ML platform team now, writing Scala."),
    ]
    [found] = ask(
        turns,
        [f"What language does {SPEAKER} write at work now?"],
        datetime(2026, 8, 1, tzinfo=UTC),
    )
    assert "Scala" in found.results[0].text, [m.text for m in found.results]


@pytest.mark.neo4j
def test_a_job_ended_by_retiring_answers_where_one_worked(ask: Asked) -> None:
    # the club joined was read as a job, ended by the retirement: the past question took it
    turns = [
        ("2026-02-02T10:00:00Z", "I've joined Radyr Golf Club, handicap of 24 to start"),
        ("2026-04-17T10:00:00Z", "Retired at last! 31 years at the Royal Mint, what a send-off"),
        ("2026-06-05T10:00:00Z", "off to Pembrokeshire with the caravan next week"),
    ]
    [found] = ask(turns, [f"Where did {SPEAKER} work?"], datetime(2026, 8, 1, tzinfo=UTC))
    assert "Royal Mint" in found.results[0].text, [m.text for m in found.results]
