"""What someone is into, takes up or does a lot of, and a diet said of two: readings found
by telling a year of one's life in everyday words (eighth stop)."""

from __future__ import annotations

import pytest

from tests.support.nlp_reading import facts, read_one

SPEAKER = "Noor"
KNOWN = ("Sem", "Tom")


def triples(text: str) -> set[tuple[str, str, str]]:
    return facts(read_one(text, SPEAKER, KNOWN).triplets)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("These days I'm really into Afrobeat, Burna Boy is on repeat.",
         {(SPEAKER, "likes", "Afrobeat")}),
        ("Tom is obsessed with padel.", {("Tom", "likes", "padel")}),
        ("We're totally into board games.", {(SPEAKER, "likes", "board games")}),
        ("I've picked up bouldering twice a week.", {(SPEAKER, "do", "bouldering")}),
        ("We began dancing salsa last year.", {(SPEAKER, "do", "dancing")}),
        ("I've been listening to a lot of jazz lately.", {(SPEAKER, "listen_to", "jazz")}),
        ("Sem and I are vegetarian since March.",
         {("Sem", "diet", "vegetarian"), (SPEAKER, "diet", "vegetarian")}),
        ("Tom and I live in Ghent.",
         {("Tom", "lives_in", "Ghent"), (SPEAKER, "lives_in", "Ghent")}),
    ],
)  # fmt: skip
def test_a_liking_a_pastime_and_a_fact_of_two(text: str, wanted: set[tuple[str, str, str]]) -> None:
    assert wanted <= triples(text)


@pytest.mark.parametrize(
    ("text", "unwanted"),
    [
        ("These days I'm really into Afrobeat, Burna Boy is on repeat.", "likes"),
        ("I started a painting of the lake.", "do"),
        ("I started the meeting early.", "do"),
        ("I crashed into a wall.", "likes"),
    ],
)
def test_no_liking_or_pastime_read_into_other_words(text: str, unwanted: str) -> None:
    found = triples(text)
    assert not {t for t in found if t[1] == unwanted and t[2] != "Afrobeat"}
