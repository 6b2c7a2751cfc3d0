"""Work and study told in chat's own words, and a dropped "I'm" before what one is doing
(extraction/pattern_rules_work.py, sentence_variants.py; found by a student's, a baker's and
two friends' chats, eighteenth stop)."""

from __future__ import annotations

from functools import partial

import pytest

from graphmem.extraction.sentence_variants import with_dropped_i
from tests.support.nlp_reading import denied, facts, read_turns, told

SPEAKER = "Theo"


triples = partial(told, speaker=SPEAKER)
denials = partial(denied, speaker=SPEAKER)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("got a part-time job pulling pints at the Swan", (SPEAKER, "works_at", "Swan")),
        ("Big news, I got a junior developer role at Skyscanner.",
         (SPEAKER, "works_at", "Skyscanner")),
        ("summer internship at Rolls-Royce in Derby starting July 6th",
         (SPEAKER, "works_at", "Rolls-Royce")),
        ("New job at Monzo starting Monday!", (SPEAKER, "works_at", "Monzo")),
        ("second year of my physics degree at Durham", (SPEAKER, "studies_at", "Durham")),
        ("second year of my physics degree at Durham", (SPEAKER, "study", "physics")),
        ("hired a new baker, Femi, he starts Monday", (SPEAKER, "employs", "Femi")),
        ("I've got two staff, Kasia on the counter and Ben doing the early bakes",
         (SPEAKER, "employs", "Ben")),
        ("seeing someone new, Hana, she's a medic", (SPEAKER, "dating", "Hana")),
        ("I'm seeing a guy called Rafi", (SPEAKER, "dating", "Rafi")),
        ("I've left Leith, bought a flat in Portobello with my partner Sam.",
         (SPEAKER, "lives_in", "Portobello")),
        ("my husband Karim works nights at the Amazon warehouse", ("Karim", "works_at", "Amazon")),
        ("Nordea extended my contract to December", (SPEAKER, "works_at", "Nordea")),
        ("first client is a Danish bank, Nordea", (SPEAKER, "has_client", "Nordea")),
        ("Yusuf started reception at St Anne's in September", ("Yusuf", "studies_at", "St Anne")),
        ("we're renting a 2 bed in Levenshulme, £950 a month",
         (SPEAKER, "lives_in", "Levenshulme")),
        ("we got the keys to our own house in Burnage!", (SPEAKER, "lives_in", "Burnage")),
        ("signed a lease on a flat in Graça, 1,400 a month", (SPEAKER, "lives_in", "Graça")),
        ("We've moved! Bristol is great, the flat's in Clifton.", (SPEAKER, "lives_in", "Clifton")),
        ("Kontor ran out of money, I'm freelancing now", (SPEAKER, "job_title", "freelancing")),
        ("just started as a junior solicitor at Harper Lowe in Leeds",
         (SPEAKER, "works_at", "Harper Lowe")),
        ("Aoife and I are moving in together, found a place in Chapel Allerton",
         (SPEAKER, "lives_in", "Chapel Allerton")),
        ("we signed a two-year deal with Brightwave Energy",
         (SPEAKER, "has_client", "Brightwave Energy")),
        ("I signed Oakwood Hotel as a new client", (SPEAKER, "has_client", "Oakwood Hotel")),
    ],
)  # fmt: skip
def test_work_study_and_couples_as_told(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


@pytest.mark.parametrize(
    ("text", "unwanted"),
    [
        ("I'm seeing Rafi tonight", (SPEAKER, "dating", "Rafi")),  # a meeting
        ("I'm seeing a physio called Henrik", (SPEAKER, "dating", "Henrik")),
        ("the staff at the cafe are lovely", (SPEAKER, "employs", "Cafe")),
        ("my job is boring", (SPEAKER, "works_at", "Boring")),
        ("started as a favour for a friend at Tesco", (SPEAKER, "works_at", "Tesco")),
        ("I have a job interview at Google on Monday", (SPEAKER, "works_at", "Google")),
        ("got a job offer at Arup, still deciding", (SPEAKER, "works_at", "Arup")),
        ("Job interview at Monzo tomorrow!", (SPEAKER, "works_at", "Monzo")),
        ("we hired a van, Dave drove it down", (SPEAKER, "employs", "Dave")),
    ],
)  # fmt: skip
def test_what_tells_no_such_fact(text: str, unwanted: tuple[str, str, str]) -> None:
    assert unwanted not in triples(text)


def test_an_employees_notice_ends_their_employment() -> None:
    assert (SPEAKER, "employs", "Ben") in denials("Ben handed in his notice, he's off to college")


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("Smile Co dropped me, they're doing it in-house", (SPEAKER, "has_client", "Smile Co")),
        ("Deloitte let me go in March", (SPEAKER, "works_at", "Deloitte")),
    ],
)
def test_a_client_or_employer_that_let_one_go(text: str, ended: tuple[str, str, str]) -> None:
    assert ended in denials(text)


def test_a_lift_is_no_client_lost() -> None:
    assert not any(d[1] == "has_client" for d in denials("Tom dropped me off at the station"))


def test_an_employer_gone_ends_the_job() -> None:
    said = "Kontor ran out of money, I'm freelancing now"
    assert (SPEAKER, "works_at", "Kontor") in denials(said)


def test_an_amount_after_a_town_is_no_age() -> None:
    """ "Emma, 8, is …" has an age after a name; "Leeds, 1,400 a month" an amount (it read
    "Leeds400 a month")."""
    assert {t for t in triples("I live in Leeds, 1,400 a month")} >= {
        (SPEAKER, "lives_in", "Leeds")
    }
    assert not any("400" in t[2] for t in triples("I live in Leeds, 1,400 a month"))


@pytest.mark.parametrize(
    ("text", "restored"),
    [
        ("seeing someone new, Hana", "I'm seeing someone new, Hana"),
        ("Living with three flatmates on Claypath", "I'm living with three flatmates on Claypath"),
        ("now tutoring GCSE maths online", "I'm now tutoring GCSE maths online"),
        ("Doing 12 hour night shifts", "I'm doing 12 hour night shifts"),
        ("Painting is my therapy", "Painting is my therapy"),  # a gerund named as a thing
        ("Cycling helps", "Cycling helps"),
        ("Going to the climbing gym is my favourite way to unwind.",
         "Going to the climbing gym is my favourite way to unwind."),
        ("Amazing!", "Amazing!"),  # an -ing adjective
        ("Going to Paris?", "Going to Paris?"),  # a question
        ("Morning all", "Morning all"),
    ],
)  # fmt: skip
def test_a_dropped_im_before_what_one_is_doing(text: str, restored: str) -> None:
    assert with_dropped_i(text) == restored


def test_a_saints_name_is_a_place_and_a_first_name_acting_a_person() -> None:
    """ "St Anne's" is a school, never the "he" of the next message; "Yusuf", which the small
    model reads as a work of art, is a person when he starts school or moves."""
    turns = [
        ("Nadia", "Yusuf started reception at St Anne's in September"),
        ("Nadia", "he's obsessed with dinosaurs, especially the spinosaurus"),
        ("Nadia", "Yusuf moves to St Bernard's in September, closer to the new house"),
        ("Nadia", "he's into football now, supports City like his dad"),
    ]
    memories = read_turns(turns)
    assert ("Yusuf", "likes", "dinosaurs") in facts(memories[1].triplets)
    assert ("Yusuf", "likes", "football") in facts(memories[3].triplets)
    people = {e.name for m in memories for e in m.entities if e.type == "PERSON"}
    assert "Yusuf" in people and not {"St Anne", "St Bernard"} & people
