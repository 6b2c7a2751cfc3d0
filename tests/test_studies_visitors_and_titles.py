"""A year of study told with what and where ("first year medicine at Glasgow"), where a
visitor comes from ("my mum is visiting from Leicester"), a job told at a message's start
without its "I'm" ("staff nurse on the cardiac ward at St Thomas'"), and a workplace that is
no boss for "my manager" (found by a student's and a nurse's chat, twenty-first stop). The
sentences here are other wordings than the ones that found them."""

from __future__ import annotations

from functools import partial

import pytest

from graphmem.search.roles import holder
from tests.support.nlp_reading import told

SPEAKER = "Femke"

triples = partial(told, speaker=SPEAKER)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("second year law at Exeter, moots are terrifying", (SPEAKER, "studies_at", "Exeter")),
        ("second year law at Exeter, moots are terrifying", (SPEAKER, "study", "law")),
        ("final year of my chemistry degree at Bath", (SPEAKER, "studies_at", "Bath")),
    ],
)
def test_a_year_of_study_tells_what_and_where(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


def test_a_year_of_something_else_is_no_study() -> None:
    facts = triples("first year anniversary at the Savoy, so lovely")
    assert not any(p in {"studies_at", "study"} for _, p, _ in facts), facts


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("my dad is visiting from Bergen next week", ("Femke's Father", "lives_in", "Bergen")),
        ("Joost came over from Utrecht for the party", ("Joost", "lives_in", "Utrecht")),
        ("Gran flew in from Cork on Friday", ("Femke's Grandmother", "lives_in", "Cork")),
    ],
)
def test_a_visitor_lives_where_they_come_from(text: str, wanted: tuple[str, str, str]) -> None:
    assert wanted in triples(text)


@pytest.mark.parametrize(
    "text", ["Joost came back from Utrecht yesterday", "Joost came from Utrecht airport"]
)
def test_coming_back_or_from_an_airport_tells_no_home(text: str) -> None:
    assert not any(p == "lives_in" for _, p, _ in triples(text))


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("senior pharmacist at Boots in Derby, mostly weekends", "Boots"),
        ("junior doctor on the stroke unit at Addenbrooke's, long days", "Addenbrooke's"),
    ],
)
def test_a_job_opening_a_message_tells_where(text: str, place: str) -> None:
    places = {t for _, p, t in triples(text) if p == "works_at"}
    assert any(place.rstrip("'s") in p for p in places), places


def test_a_day_out_opening_a_message_is_no_job() -> None:
    facts = triples("great day at Alton Towers with the kids")
    assert not any(p == "works_at" for _, p, _ in facts), facts


@pytest.mark.parametrize(
    ("predicate", "side"),
    [("works_at", None), ("works_in", None), ("works_for", "target"), ("manages", "source")],
)
def test_where_one_works_holds_no_boss(predicate: str, side: str | None) -> None:
    """ "my manager" resolves through who manages or is worked for, not the workplace."""
    assert holder("boss", predicate) == side
