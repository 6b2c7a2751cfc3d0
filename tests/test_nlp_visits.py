"""Places someone has been, told with "be": "I've been to Paris", "We were in Rome in May"
(extraction/nlp/visits.py, seventeenth stop)."""

from __future__ import annotations

import pytest

from tests.support.nlp_reading import facts, read_one

SPEAKER = "Jon"
KNOWN = ("Gina",)


def triples(text: str) -> set[tuple[str, str, str]]:
    return facts(read_one(text, SPEAKER, KNOWN).triplets)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Oh, I've been to Paris yesterday! It was sooo cool.", "Paris"),
        ("I was in Chicago, it was awesome!", "Chicago"),
        ("We were in Rome for a week in May.", "Rome"),
        ("Last summer I was in Portugal with my cousins.", "Portugal"),
    ],
)
def test_a_place_been_to_is_told(text: str, place: str) -> None:
    assert (SPEAKER, "been_to", place) in triples(text)


def test_a_third_party_been_somewhere() -> None:
    assert ("Gina", "been_to", "Lisbon") in triples("Gina was in Lisbon last month.")


@pytest.mark.parametrize(
    "text",
    [
        "Have you ever been to Japan?",  # a question
        "I've never been to Spain.",  # denied
        "I'm in Berlin right now.",  # where one is, not a visit told
        "I've been in Berlin for five years.",  # where one lives
        "I was in a bad mood.",  # no place
        "If I were in Paris, I'd go to the Louvre.",  # hypothetical
    ],
)
def test_no_visit_read_into_other_words(text: str) -> None:
    assert not {t for t in triples(text) if t[1] == "been_to"}
