"""The spaCy extractor on habits and things: habits given up or switched from (denials for
the lifecycle), counts before "of", fixed pairs ("mac and cheese"), a household's "we", and
an elided clause after a coordinator. Pure: no Neo4j (the lifecycle side is in
test_nlp_add.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphmem.domain.extraction import ANY_VALUE, ExtractedMemory, ExtractionRequest, Message
from graphmem.extraction.nlp import NLPExtractor
from graphmem.extraction.nlp.endings import HABIT_VERBS
from graphmem.extraction.phrases import split_list, trim_phrase
from graphmem.lifecycle.words import value_modifiers

EXTRACTOR = NLPExtractor()
SPEAKER = "Priya"


def one(text: str) -> ExtractedMemory:
    request = ExtractionRequest(
        messages=[Message(content=text, name=SPEAKER)],
        observed_at=datetime(2024, 3, 4, tzinfo=UTC),
    )
    (memory,) = EXTRACTOR.extract(request).memories
    return memory


def triples(text: str) -> set[tuple[str, str, str]]:
    return {(t.source, t.predicate, t.target) for t in one(text).triplets}


def denied(text: str) -> set[tuple[str, str, str]]:
    return {(t.source, t.predicate, t.target) for t in one(text).denied}


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I gave up soda after the new year.", "soda"),
        ("We've cut out white bread completely.", "white bread"),
        ("I quit smoking in 2019.", "smoking"),
        ("I finally gave energy drinks up.", "energy drink"),
        ("I switched from swimming to rowing.", "swimming"),
        ("We changed from Android to iPhone last year.", "Android"),
        ("I stopped biking to work when it got icy.", "biking"),
    ],
)
def test_a_habit_given_up_or_left_denies_every_way_of_telling_it(text: str, thing: str) -> None:
    """The old memory may have told the habit with any of the habit verbs ("I drink soda",
    "I have soda with lunch", "I go swimming"): each is denied, none is asserted."""
    expected = {(SPEAKER, verb, thing) for verb in HABIT_VERBS}
    assert expected <= denied(text)
    assert not expected & triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "Did you give up soda?",
        "I didn't give up chocolate.",
        "I could never give up cheese.",
        "If I quit coffee, I'd be a wreck.",
        "I switched to oat milk.",  # a switch to something ends nothing named
        "My brother gave up sugar.",  # not a participant's habit
    ],
)
def test_a_habit_asked_about_kept_imagined_or_someone_elses_is_not_denied(text: str) -> None:
    assert not {t for t in denied(text) if t[0] == SPEAKER and t[1] in HABIT_VERBS}


def test_a_switch_tells_both_ends_even_between_activities() -> None:
    # the pastime switched to is one done now, as "I cycle" tells it
    assert {(SPEAKER, "switch_from", "running"), (SPEAKER, "do", "cycling")} <= triples(
        "I switched from running to cycling last spring."
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I eat a lot of sugar.", (SPEAKER, "eat", "sugar")),
        ("I drink two cups of green tea a day.", (SPEAKER, "drink", "green tea")),
        ("We buy a bunch of bananas every week.", (SPEAKER, "buy", "banana")),
    ],
)
def test_a_count_before_of_is_not_the_thing(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in triples(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I love mac and cheese.", (SPEAKER, "likes", "mac and cheese")),
        ("Our favourite takeaway is fish and chips.", (SPEAKER, "likes", "fish and chips")),
        ("We had spaghetti and meatballs.", (SPEAKER, "have", "spaghetti and meatballs")),
        ("I play Dungeons and Dragons on Fridays.", (SPEAKER, "play", "Dungeons and Dragons")),
    ],
)
def test_a_fixed_pair_is_one_thing(text: str, expected: tuple[str, str, str]) -> None:
    memory = one(text)
    assert expected in {(t.source, t.predicate, t.target) for t in memory.triplets}
    names = {e.name.lower() for e in memory.entities}
    second = expected[2].lower().split(" and ")[1]
    assert expected[2].lower() in names and second not in names and second.rstrip("s") not in names


def test_other_pairs_are_still_two_things() -> None:
    assert split_list("pasta and salad") == ["pasta", "salad"]
    assert trim_phrase("salt and a lemon", keep_lists=True) == "salt and a lemon"
    assert {(SPEAKER, "buy", "salt"), (SPEAKER, "buy", "lemon")} <= triples(
        "I bought salt and a lemon."
    )
    assert {(SPEAKER, "likes", "hiking"), (SPEAKER, "likes", "swimming")} <= triples(
        "I like hiking and swimming."
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We're allergic to shellfish.", (SPEAKER, "allergic_to", "shellfish")),
        ("We are vegetarian.", (SPEAKER, "diet", "vegetarian")),
        ("I'm allergic to dogs, so no dogs for us.", (SPEAKER, "allergic_to", "dogs")),
        ("We're allergic to nuts, and no nuts in the house.", (SPEAKER, "allergic_to", "nuts")),
    ],
)
def test_a_household_we_and_an_elided_clause_after_a_coordinator(
    text: str, expected: tuple[str, str, str]
) -> None:
    assert expected in triples(text)


def test_a_plain_no_object_still_asserts_nothing() -> None:
    assert not triples("I have no pets.")


def test_a_count_before_the_value_describes_it() -> None:
    assert value_modifiers("I drink a glass of red wine with dinner.", "red wine") == {"glass"}
    assert value_modifiers("We eat a lot of sugar.", "sugar") == {"lot"}
    assert value_modifiers("I drive a 2015 Honda Civic.", "Civic") == {"2015", "honda"}
    assert value_modifiers("I have a view of the sea.", "sea") == set()  # "view" counts nothing


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("My phone is an old Galaxy S21.", "Galaxy S21"),
        ("Our car's a silver Skoda Octavia.", "Skoda Octavia"),
        ("My laptop is a ThinkPad X1 from work.", "ThinkPad X1"),
    ],
)
def test_a_thing_named_by_make_and_model_is_owned(text: str, thing: str) -> None:
    assert (SPEAKER, "own", thing) in triples(text)


@pytest.mark.parametrize(
    "text", ["My phone is dying.", "My car is a wreck.", "My bike is the best."]
)
def test_a_thing_described_is_not_owned_as_a_make(text: str) -> None:
    assert not any(p == "own" for _, p, _ in triples(text))


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I finally replaced the Galaxy with a Fairphone.", "Galaxy"),
        ("We swapped our old Skoda for an e-bike.", "Skoda"),
        ("I upgraded from a Kindle to a Kobo last week.", "Kindle"),
    ],
)
def test_a_thing_replaced_is_no_longer_had(text: str, thing: str) -> None:
    assert {(SPEAKER, "own", thing), (SPEAKER, "have", thing)} <= denied(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I have type 2 diabetes, so I skip dessert.",
            (SPEAKER, "has_condition", "type 2 diabetes"),
        ),
        ("I've got severe eczema.", (SPEAKER, "has_condition", "eczema")),
        ("Joana has coeliac disease.", ("Joana", "has_condition", "coeliac disease")),
        (
            "I was diagnosed with Graves' disease in May.",
            (SPEAKER, "has_condition", "Graves' disease"),
        ),
        ("We live with tinnitus.", (SPEAKER, "has_condition", "tinnitus")),
    ],
)
def test_a_health_condition_is_kept(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "I don't have asthma.",
        "Do you have asthma?",
        "I have a dog.",
        "I don't have kids.",
        "I have MS Teams on my work laptop.",
    ],
)
def test_no_condition_or_food_avoided_from_a_plain_have(text: str) -> None:
    assert not {t for t in triples(text) if t[1] in {"has_condition", "avoids"}}


def test_cannot_have_is_still_a_food_kept_away_from() -> None:
    assert (SPEAKER, "avoids", "dairy") in triples("I can't have dairy.")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Please remember that I prefer aisle seats.", (SPEAKER, "prefers", "aisle seats")),
        ("Note that I work at Siemens now.", (SPEAKER, "works_at", "Siemens")),
        ("Remember that we're vegetarian.", (SPEAKER, "diet", "vegetarian")),
        ("Don't forget that I'm allergic to kiwi.", (SPEAKER, "allergic_to", "kiwi")),
    ],
)
def test_a_request_to_remember_a_told_clause_tells_it(
    text: str, expected: tuple[str, str, str]
) -> None:
    assert expected in triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "Please book me a table for two.",
        "Remember to call the plumber.",
        "Please note it.",
        "Don't forget to water the plants.",
        "Do you remember that I'm vegetarian?",
        "I didn't forget that I'm vegetarian.",  # told of oneself: not a frame
    ],
)
def test_a_request_without_a_told_clause_tells_nothing(text: str) -> None:
    assert not triples(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("FYI my husband is Marek.", ("Marek", "husband_of", SPEAKER)),
        ("Our old GP left, our new doctor is Dr. Osei.", ("Osei", "doctor_of", SPEAKER)),
    ],
)
def test_my_relative_is_a_name_anywhere_in_the_sentence(
    text: str, expected: tuple[str, str, str]
) -> None:
    assert expected in triples(text)


def test_someone_moving_to_something_that_is_no_place_lives_nowhere_new() -> None:
    assert not any(p == "lives_in" for _, p, _ in triples("Priya moved to another team."))
    assert ("Duarte", "lives_in", "Porto") in triples("Duarte moved to Porto last year.")


@pytest.mark.parametrize(
    ("text", "work"),
    [("I finished Middlemarch last night.", "Middlemarch"),
     ("We completed the pottery course in May.", "pottery course")],
)  # fmt: skip
def test_a_work_finished_is_no_longer_gone_through(text: str, work: str) -> None:
    assert {(SPEAKER, "read", work), (SPEAKER, "take", work)} <= denied(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My new email is anna@lind.example.", (SPEAKER, "email", "anna@lind.example")),
        ("My work phone is 020 7946 0018.", (SPEAKER, "phone_number", "020 7946 0018")),
    ],
)
def test_contact_details_are_functional_facts(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in triples(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Our landlord is now Mrs. van Dijk.", ("van Dijk", "landlord_of", SPEAKER)),
        ("My colleague Joana da Silva moved to Porto.", ("Joana da Silva", "lives_in", "Porto")),
    ],
)
def test_a_family_name_with_a_particle_is_one_name(
    text: str, expected: tuple[str, str, str]
) -> None:
    assert expected in triples(text)


@pytest.mark.parametrize(
    "text",
    ["I live alone these days.", "We're living on our own since March.", "I live by myself."],
)
def test_living_alone_ends_whoever_one_lived_with(text: str) -> None:
    assert (SPEAKER, "live_with", ANY_VALUE) in denied(text)


def test_a_doctor_by_another_name_is_a_doctor() -> None:
    assert ("Moreau", "doctor_of", SPEAKER) in triples("Our paediatrician is Dr. Moreau.")
