"""Pets told in chat's words: breeds named as people say them ("an old lab", "a staffie"),
each pet of a list given with its breed, and a pet's death told gently ("we had to say
goodbye to Bramble"); found by a dog owner's chat, eighteenth stop."""

from __future__ import annotations

import neo4j
import pytest

from graphmem import Memory, Settings
from graphmem.ports.embedder import Embedder
from tests.support.nlp_reading import facts, read_one

SPEAKER = "Pat"


def test_each_pet_of_a_list_with_its_breed() -> None:
    said = "we've got two dogs, a collie called Skye and an old lab called Bramble"
    found = facts(read_one(said, SPEAKER).triplets)
    assert {("Skye", "dog_of", SPEAKER), ("Bramble", "dog_of", SPEAKER)} <= found


def test_a_breed_as_people_say_it() -> None:
    assert ("Max", "dog_of", SPEAKER) in facts(
        read_one("We adopted a lab called Max", SPEAKER).triplets
    )


def test_a_goodbye_one_had_to_say_ends_the_pet() -> None:
    denied = facts(
        read_one("we had to say goodbye to Bramble last week, he was 14", SPEAKER).denied
    )
    assert ("Bramble", "dog_of", SPEAKER) in denied


def test_a_goodbye_at_the_station_ends_nothing() -> None:
    assert not read_one("I said goodbye to Tom at the station", SPEAKER).denied


def test_a_medicine_not_listed_told_with_what_it_treats() -> None:
    found = facts(read_one("Bramble's on metacam for his hips", SPEAKER).triplets)
    assert ("Bramble", "take", "metacam") in found
    assert not read_one("Tom's on holiday for his birthday", SPEAKER).triplets


def test_a_pet_fostered_is_ones_pet_while_it_stays() -> None:
    """ "We fostered a lurcher called Sprout": the dog lives with the speaker, and its
    name is a pet's, not a person's (twenty-first stop)."""
    read = read_one("We fostered a lurcher called Sprout for the shelter", SPEAKER)
    assert ("Sprout", "dog_of", SPEAKER) in facts(read.triplets)
    assert ("Sprout", "ANIMAL") in {(e.name, e.type) for e in read.entities}


@pytest.mark.neo4j
def test_a_known_pet_adopted_by_others_ends_the_fostering(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    """The pet, named in an earlier add, is among the owner's known names (persons and
    pets); its adoption by another family still ends it."""
    with Memory(settings, driver=driver, embedder=embedder) as memory:
        first = memory.add(
            [{"role": "user", "name": SPEAKER, "content": "we fostered a whippet called Rocco"}],
            user_id=user_id,
            timestamp="2026-03-01T09:00:00Z",
        ).results[0]
        then = memory.add(
            [
                {
                    "role": "user",
                    "name": SPEAKER,
                    "content": "Rocco got adopted by a family",
                }
            ],
            user_id=user_id,
            timestamp="2026-04-01T09:00:00Z",
        ).results[0]
    assert [t.old_memory_id for t in then.transitions] == [first.id], then.transitions
