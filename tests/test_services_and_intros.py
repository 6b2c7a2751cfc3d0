"""People hired for a service, relatives named by "a guy called", a relation told without
"my", a medicine one is on, a job given as an introduction (extraction; found by a
freelancer's, a renovator's, two spouses' and a teenager's chats, seventeenth stop)."""

from __future__ import annotations

import pytest

from tests.support.nlp_reading import facts, read_one

SPEAKER = "Priya"
KNOWN = ("Mick",)


def triples(text: str) -> set[tuple[str, str, str]]:
    return facts(read_one(text, SPEAKER, KNOWN).triplets)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("builder is a guy called Mick, recommended by our neighbour Sue",
         ("Mick", "builder_of", SPEAKER)),
        ("my builder is a guy called Mick", ("Mick", "builder_of", SPEAKER)),
        ("Mick is our plumber", ("Mick", "plumber_of", SPEAKER)),
        ("our vet is Dr Okafor at Riverside Vets", ("Okafor", "vet_of", SPEAKER)),
        ("cleaner is Ana, comes Fridays", ("Ana", "cleaner_of", SPEAKER)),
        ("my new boss is a woman called Helga", ("Helga", "boss_of", SPEAKER)),
        ("new bestie is Priyanka, she's in my form", ("Priyanka", "friend_of", SPEAKER)),
        ("best friend is Amara", ("Amara", "friend_of", SPEAKER)),
        ("new neighbour is Tariq", ("Tariq", "neighbor_of", SPEAKER)),
    ],
)  # fmt: skip
def test_people_by_their_role(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "my brother is a builder",  # his job, not the speaker's builder
        "friend is coming over",  # no name
    ],
)
def test_no_role_read_into_other_words(text: str) -> None:
    assert not {t for t in triples(text) if t[1] in {"builder_of", "friend_of"}}


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("I'm on statins now", (SPEAKER, "take", "statins")),
        ("I'm on steroids for my back", (SPEAKER, "take", "steroids")),
        ("The GP wants me on statins, cholesterol is 7.2", (SPEAKER, "take", "statin")),
        ("the doctor has me on metformin", (SPEAKER, "take", "metformin")),
        ("Dad's still on warfarin", (f"{SPEAKER}'s Father", "take", "warfarin")),
        ("Dad's allergic to nuts", (f"{SPEAKER}'s Father", "allergic_to", "nuts")),
    ],
)
def test_a_medicine_one_is_on(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


@pytest.mark.parametrize(
    "text",
    ["I'm on holiday", "my nurse has me on the waiting list", "Dad's car is red"],
)
def test_no_medicine_read_into_other_words(text: str) -> None:
    assert not {t for t in triples(text) if t[1] == "take"}


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("freelance copywriter here, day rate is £350", "freelance copywriter"),
        ("Hi, ICU nurse here, quick question", "ICU nurse"),
    ],
)
def test_a_job_given_as_an_introduction(text: str, title: str) -> None:
    assert (SPEAKER, "job_title", title) in triples(text)


@pytest.mark.parametrize("text", ["mum of two here", "nobody here", "new here!"])
def test_no_job_in_other_introductions(text: str) -> None:
    assert not {t for t in triples(text) if t[1] == "job_title"}
