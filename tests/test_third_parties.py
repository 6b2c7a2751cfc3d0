"""Facts about third parties read from the parse (extraction/nlp/others.py), and the ends
told of them and of things (extraction/nlp/endings.py): "My dad drives a Volvo", "Dad
replaced his Volvo with a Tesla", "Marco and I broke up"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphmem import Memory
from graphmem.domain.extraction import ExtractedMemory, ExtractionRequest, Message
from graphmem.extraction.nlp import NLPExtractor

OBSERVED = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
EXTRACTOR = NLPExtractor()


def _one(text: str, people: list[str] | None = None) -> ExtractedMemory:
    request = ExtractionRequest(
        messages=[Message(content=text, name="Rui")],
        observed_at=OBSERVED,
        known_entities=people or [],
        known_people=people or [],
    )
    return EXTRACTOR.extract(request).memories[0]


def _facts(text: str, people: list[str] | None = None) -> set[tuple[str, str, str]]:
    return {(t.source, t.predicate, t.target) for t in _one(text, people).triplets}


def _ends(text: str, people: list[str] | None = None) -> set[tuple[str, str, str]]:
    return {(t.source, t.predicate, t.target) for t in _one(text, people).denied}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("My mum knits scarves for the whole family.", ("Rui's Mother", "knit", "scarf")),
        ("Our dad grows tomatoes in the garden.", ("Rui's Father", "grow", "tomato")),
        ("My sister Ines bought a camper van.", ("Ines", "buy", "camper van")),
        ("Grandpa reads the newspaper every day.", ("Rui's Grandfather", "read", "newspaper")),
        ("My husband joined Siemens in May.", ("Rui's Husband", "works_at", "Siemens")),
        # the parse's predicate is the pattern's where it tells the same fact
        ("Bram, my best friend, lives in Ghent.", ("Bram", "lives_in", "Ghent")),
        ("My wife prefers red wine.", ("Rui's Wife", "prefers", "red wine")),
        ("My brother Luca is dating Sara.", ("Luca", "dating", "Sara")),
        ("Mum is allergic to cats.", ("Rui's Mother", "allergic_to", "cats")),
        ("My sister Elif joined a startup called Medly.", ("Elif", "works_at", "Medly")),
    ],
)
def test_a_relative_or_named_person_as_subject_gives_their_fact(
    text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in _facts(text)


def test_a_name_known_as_a_person_is_one_whatever_the_parser_guesses() -> None:
    assert ("Tiago", "buy", "kayak") in _facts("Tiago bought a kayak.", people=["Tiago"])
    # the parser reads "Ines" as a plural noun ("ine")
    assert ("Ines", "drive", "Fiat Panda") in _facts("Ines drives a Fiat Panda.", ["Ines"])


def test_a_relative_named_in_the_message_is_no_unnamed_one() -> None:
    assert _facts("My boss is Henrik.") == {("Henrik", "boss_of", "Rui")}
    in_law = _facts("My brother-in-law is a pilot for KLM.")
    assert ("Rui's Brother-In-Law", "brother_in_law_of", "Rui") in in_law
    assert not any(s == "Rui's Brother" for s, _, _ in in_law)  # not "my brother"


@pytest.mark.parametrize(
    "text",
    [
        "My friends went to the beach.",  # one of many, unnamed
        "My cousin bought a car.",
        "The company launched a new app.",  # no person
        "They moved the meeting to Friday.",
        "It rained all day.",
        "Yep John, a bit of support can make an amazing change.",  # addressed, not told of
        "Fingers crossed for the apartment.",
        "Alright Sam, have fun with it!",
    ],
)
def test_no_fact_for_a_subject_that_is_no_known_person(text: str) -> None:
    assert not any(s != "Rui" for s, _, _ in _facts(text))


def test_a_pastime_told_without_an_object_is_done() -> None:
    assert ("Rui", "do", "cycling") in _facts("I cycle to the lake on Sundays.")
    assert ("Mila", "do", "swimming") in _facts("Mila swims every Friday.", people=["Mila"])
    assert not any(p == "do" for _, p, _ in _facts("I ran into Tom at the market."))


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("Mila gave up dancing after the move.", ("Mila", "do", "dancing")),
        ("Mila stopped dancing.", ("Mila", "do", "dancing")),
        ("My dad sold his Volvo.", ("Rui's Father", "drive", "Volvo")),
        ("Mum traded in her Fiat for an electric car.", ("Rui's Mother", "own", "Fiat")),
        ("My brother quit his job at Deloitte.", ("Rui's Brother", "works_at", "Deloitte")),
        ("My wife left Siemens last spring.", ("Rui's Wife", "works_at", "Siemens")),
        ("Noah and I broke up in March.", ("Rui", "dating", "Noah")),
        ("We split up last week.", ("Rui", "dating", "any_value")),
        ("Mila isn't scared of the dark anymore.", ("Mila", "afraid_of", "dark")),
        ("Mum isn't afraid of flying anymore.", ("Rui's Mother", "afraid_of", "flying")),
        ("Mila got rid of her Fiat.", ("Mila", "drive", "Fiat")),
        ("I got rid of my old couch.", ("Rui", "have", "couch")),
        ("Mila quit her piano lessons.", ("Mila", "learn", "piano")),
        ("Mom stopped taking blood thinners.", ("Rui's Mother", "take", "blood thinner")),
        ("Tom and Priya called off the engagement.", ("Tom", "engaged_to", "Priya")),
        ("Jonas and I have split up.", ("Rui", "dating", "Jonas")),
        ("Mila dropped swimming for judo.", ("Mila", "do", "swimming")),
        ("Mila stopped swimming in March.", ("Mila", "swim", "any_value")),  # when, not with
        # a correction denies like "anymore"
        (
            "Turns out I'm not allergic to penicillin after all.",
            ("Rui", "allergic_to", "penicillin"),
        ),
        ("Actually, I'm not vegetarian.", ("Rui", "diet", "vegetarian")),
    ],
)
def test_an_end_told_of_a_person_or_thing_is_a_denial(text: str, end: tuple[str, str, str]) -> None:
    assert end in _ends(text, people=["Mila"])


def test_a_fear_is_a_fact_of_whoever_has_it() -> None:
    assert ("Mila", "afraid_of", "spiders") in _facts("Mila is terrified of spiders.")
    assert ("Rui", "afraid_of", "heights") in _facts("I'm scared of heights.")
    assert not _facts("I'm not afraid of spiders.")


def test_dropping_a_thing_ends_no_habit() -> None:
    assert not _ends("I dropped my phone in the lake.")


@pytest.mark.parametrize(
    "text",
    [
        "We quit going to the gym.",  # only the gym: not every "go"
        "I stopped swimming at the lake.",  # only at the lake
        "After all that, I don't eat meat.",  # no correction: "after all that"
    ],
)
def test_an_activity_ended_with_what_it_was_done_with_ends_only_that(text: str) -> None:
    assert not any(t == "any_value" for _, _, t in _ends(text))
    assert ("Rui", "eat", "meat") not in _ends(text)


def test_a_physio_and_a_personal_trainer_are_relations() -> None:
    assert ("Almeida", "physio_of", "Rui") in _facts("My physio is Dr. Almeida.")
    assert ("Rick", "trainer_of", "Rui") in _facts("My personal trainer Rick is strict.")


@pytest.mark.neo4j
@pytest.mark.parametrize(
    ("said", "ended"),
    [
        ("My father drives a Skoda.", "Dad finally replaced his Skoda with a Kia."),
        ("Lia plays the cello.", "Lia gave up the cello last year."),
        ("Ana rows every Saturday.", "Ana quit rowing when she started uni."),
        ("I'm dating Jonas.", "Jonas and I split up in the summer."),
        ("I drive a Honda Civic.", "Sold the Honda last week."),  # the parser keeps "Civic"
        ("I prefer window seats on long flights.", "These days I prefer the aisle seat."),
        ("Ana is afraid of dogs.", "Ana isn't scared of dogs anymore."),
        # who the subject is stays current in the graph: it is not more than the fact ended
        ("My son Leo is afraid of dogs.", "Leo isn't scared of dogs anymore."),
        ("My brother Tiago swims every Saturday.", "Tiago dropped swimming after his injury."),
    ],
)
def test_an_end_told_of_a_relative_or_a_make_supersedes_the_fact(
    memory: Memory, user_id: str, said: str, ended: str
) -> None:
    first = [{"role": "user", "name": "Rui", "content": said}]
    then = [{"role": "user", "name": "Rui", "content": ended}]
    # Ana is a person the store knows, whatever the parser makes of "Ana rows"
    intro = [{"role": "user", "name": "Rui", "content": "My daughter Ana started at a new school."}]
    memory.add(intro, user_id=user_id, run_id="chat-0", timestamp="2026-01-01")
    old = memory.add(first, user_id=user_id, run_id="chat-1", timestamp="2026-01-05").results[0]
    new = memory.add(then, user_id=user_id, run_id="chat-2", timestamp="2026-06-01").results[0]
    assert [(t.action, t.outcome, t.old_memory_id) for t in new.transitions] == [
        ("supersede", "applied", old.id)
    ]


def test_a_relative_named_by_relation_word_anywhere_is_that_relative() -> None:
    assert ("Rui's Grandmother", "grandmother_of", "Rui") in _facts("Grandma turns 90 in May.")
    called = _facts("I called my mom after work.")  # a mention: no relation attached
    assert ("Rui", "call", "Rui's Mother") in called
    assert ("Rui's Mother", "mother_of", "Rui") not in called
    assert ("Rui's Mother", "mother_of", "Rui") in _facts("My mom called me after work.")
    assert not _facts("I should call my mom.")  # a clause that asserts nothing


@pytest.mark.neo4j
def test_a_role_in_a_query_finds_a_relative_told_without_a_name(
    memory: Memory, user_id: str
) -> None:
    for day, text in [
        ("2026-01-03", "Dad sold his old Land Rover."),
        ("2026-01-04", "Grandma turns 90 in March."),
        ("2026-01-05", "The old bridge in town is closed for repairs."),
        ("2026-01-06", "My boss Henrik turns 50 next week."),
    ]:
        memory.add([{"role": "user", "name": "Rui", "content": text}], user_id=user_id,
                   timestamp=day)  # fmt: skip
    found = memory.search("How old will my grandmother be?", user_id=user_id, top_k=3)
    assert found.results[0].text == "Grandma turns 90 in March."
