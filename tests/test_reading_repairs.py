"""Readings the small model's parse got wrong, repaired: a verb read as a noun at the root
("We no longer volunteer at the shelter"), and a clause hung from the next one across a
comma, whose negation is not its own ("I stopped volunteering at the food bank, my knees
can't take it")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphmem.domain.extraction import ExtractedMemory
from tests.support.nlp_reading import facts, read_one

SPEAKER = "Greta"


def one(text: str, known: tuple[str, ...] = ()) -> ExtractedMemory:
    return read_one(text, SPEAKER, known, datetime(2026, 7, 1, tzinfo=UTC))


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("We no longer volunteer at the shelter.", (SPEAKER, "volunteer_at", "shelter")),
        ("I no longer volunteer at the food bank.", (SPEAKER, "volunteer_at", "food bank")),
        (
            "I stopped volunteering at the animal shelter, my back can't take the lifting.",
            (SPEAKER, "volunteer_at", "animal shelter"),
        ),
        (
            "I stopped volunteering at the food bank; my knees won't have it.",
            (SPEAKER, "volunteer_at", "food bank"),
        ),
    ],
)
def test_an_end_is_read_through_a_misparse(text: str, ended: tuple[str, str, str]) -> None:
    assert ended in facts(one(text).denied)


def test_a_repaired_verb_still_tells_its_fact() -> None:
    assert (SPEAKER, "volunteer_at", "food bank") in facts(
        one("I volunteer at the food bank.").triplets
    )


@pytest.mark.parametrize(
    "text",
    [
        "I won't move to Paris, I love Lyon.",  # the first clause's own negation stays
        "If I move to Paris, I'll miss Lyon.",
    ],
)
def test_a_clause_before_a_comma_keeps_its_own_negation(text: str) -> None:
    assert not {t for t in facts(one(text).triplets) if t[1] == "lives_in"}


def test_an_opening_clause_without_its_i_keeps_its_own_truth() -> None:
    told = one("Gave up the cello, I never had time to practise.")
    assert (SPEAKER, "give_up", "cello") in facts(told.triplets)
    assert (SPEAKER, "learn", "cello") in facts(told.denied)


def test_a_third_party_moving_out_is_no_longer_the_flatmate() -> None:
    memory = one("Chidi moved out last weekend.", ("Chidi",))
    assert ("Chidi", "roommate_of", SPEAKER) in facts(memory.denied)
    mine = one("I moved out last weekend.")
    assert not {t for t in facts(mine.denied) if t[1] == "roommate_of"}
