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
        # named right after the relation that brings them in (eighteenth stop)
        ("An agent signed me! Her name's Ruth Okonjo, at Blake Friedmann.",
         ("Ruth Okonjo", "agent_of", SPEAKER)),
        ("We got a new cleaner, her name is Ana.", ("Ana", "cleaner_of", SPEAKER)),
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


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("my biggest client is the Oakwood Hotel, they order every month",
         (SPEAKER, "has_client", "Oakwood Hotel")),
        ("landed a new client, Brightwave Energy, 3 month retainer",
         (SPEAKER, "has_client", "Brightwave Energy")),
        ("our main customer is Tesco", (SPEAKER, "has_client", "Tesco")),
        ("Our baby boy Finn arrived on Tuesday, 3.4kg!", ("Finn", "son_of", SPEAKER)),
        ("my baby girl Ava is teething", ("Ava", "daughter_of", SPEAKER)),
        ("my supervisor is Professor Hale, she works on coral bleaching",
         ("Hale", "boss_of", SPEAKER)),  # the honorific is no part of the name
        ("got a second supervisor, Dr Ruiz from the Met Office", ("Ruiz", "boss_of", SPEAKER)),
        ("Finn has reflux, he's on Gaviscon infant now", ("Finn", "has_condition", "reflux")),
    ],
)  # fmt: skip
def test_clients_babies_and_supervisors(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


def test_a_client_lost_is_an_end() -> None:
    read = read_one("lost the Oakwood Hotel as a client, they went with a bigger bakery",
                    SPEAKER, KNOWN)  # fmt: skip
    assert (SPEAKER, "has_client", "Oakwood Hotel") in facts(read.denied)
    assert (SPEAKER, "has_client", "Oakwood Hotel") not in facts(read.triplets)
    assert not {t for t in triples("my client is happy") if t[1] == "has_client"}


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("living in a shared house in Mutley with three other students", "Mutley"),
        ("moved into a studio flat in the Barbican, no more housemates", "Barbican"),
        ("I live in a flat in Leith", "Leith"),
        ("we moved into a new apartment in Brooklyn", "Brooklyn"),
        ("I live in Leeds", "Leeds"),
    ],
)
def test_where_one_lives_is_the_town_not_the_home(text: str, town: str) -> None:
    homes = {t for t in triples(text) if t[1] == "lives_in"}
    assert homes == {(SPEAKER, "lives_in", town)}


@pytest.mark.parametrize(
    ("text", "place", "title"),
    [
        ("I'm a staff nurse on the cardiac ward at St James's", "St James's", "staff nurse"),
        ("I'm a developer in the payments team at Stripe", "Stripe", "developer"),
    ],
)
def test_a_ward_or_team_between_the_title_and_the_employer(
    text: str, place: str, title: str
) -> None:
    found = triples(text)
    assert (SPEAKER, "works_at", place) in found
    assert (SPEAKER, "job_title", title) in found


def test_a_name_after_someone_elses_relative_is_not_the_speakers() -> None:
    """ "my sister has a new boyfriend, his name is Tom": the sister's boyfriend."""
    found = triples("my sister has a new boyfriend, his name is Tom")
    assert ("Tom", "boyfriend_of", SPEAKER) not in found
    assert ("Tom", "sister_of", SPEAKER) not in found
