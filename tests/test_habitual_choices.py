"""A choice made as a habit is a preference: "I always book aisle seats", "Marek usually
orders the vegan option" (``prefers``, one per kind of thing), so a later "I prefer window
seats" replaces it. A single choice ("I booked a window seat") is no preference."""

from __future__ import annotations

import pytest

from graphmem import Memory
from tests.support.nlp_reading import facts, read_one
from tests.support.telling import teller

ME = "Keiko"


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I always book aisle seats, I get up a lot on long flights.",
         (ME, "prefers", "aisle seat")),
        ("Marek usually orders the vegan option.", ("Marek", "prefers", "vegan option")),
        ("I normally pick the early train.", (ME, "prefers", "early train")),
    ],
)  # fmt: skip
def test_a_habitual_choice_is_a_preference(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in facts(read_one(text, ME, ("Marek",)).triplets)


@pytest.mark.parametrize("text", ["I booked a window seat.", "I always get up early."])
def test_a_single_choice_or_a_phrasal_verb_is_none(text: str) -> None:
    assert not [t for t in facts(read_one(text, ME).triplets) if t[1] == "prefers"]


@pytest.mark.neo4j
def test_a_new_preference_of_the_kind_ranks_above_the_habit(memory: Memory, user_id: str) -> None:
    tell = teller(memory, user_id, ME)

    aisle = tell("I always book aisle seats, I get up a lot on long flights.", "2026-01-09")
    tell("Our Japan trip is booked for October 10 to 24.", "2026-03-04")
    window = tell("Now that my knee is bad I prefer window seats so nobody climbs over me.",
                  "2026-08-11")  # fmt: skip
    found = memory.search("Which seat should you book for me?", user_id=user_id,
                          reference_date="2026-11-20")  # fmt: skip
    assert [r.id for r in found.results[:2]] == [window, aisle]
