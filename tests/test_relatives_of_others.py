"""Relatives told without a name whose owner is someone else ("Karl's daughter", "my wife's
sister") and relations told by a name before its relation ("Jonas, my husband, ..."):
graphmem/extraction/unnamed_relatives.py, the patterns' apposition, nlp/others.py."""

from __future__ import annotations

from datetime import UTC, datetime

import neo4j
import pytest

from graphmem import Memory
from tests.support.nlp_reading import facts, read_one

SPEAKER = "Maren"


def triples(text: str) -> set[tuple[str, str, str]]:
    return facts(read_one(text, SPEAKER, (), datetime(2026, 3, 1, tzinfo=UTC)).triplets)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        (
            "Pieter, my brother, is allergic to peanuts.",
            {("Pieter", "brother_of", SPEAKER), ("Pieter", "allergic_to", "peanuts")},
        ),
        (
            "Lotte, my wife, doesn't eat shellfish at all.",
            {("Lotte", "wife_of", SPEAKER), ("Lotte", "avoids", "shellfish")},
        ),
        (
            "Sanne, my daughter, works at Philips these days.",
            {("Sanne", "daughter_of", SPEAKER), ("Sanne", "works_at", "Philips")},
        ),
    ],
)
def test_a_name_before_its_relation_tells_both(
    text: str, wanted: set[tuple[str, str, str]]
) -> None:
    assert wanted <= triples(text)


def test_a_greeting_between_commas_is_no_relative() -> None:
    assert not any(p.endswith("_of") for _, p, _ in triples("Cheers, my friend, for the lift."))


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        (
            "Bram's son is a firefighter now.",
            {("Bram's Son", "job_title", "firefighter"), ("Bram's Son", "son_of", "Bram")},
        ),
        (
            "Eva's husband is allergic to penicillin.",
            {
                ("Eva's Husband", "allergic_to", "penicillin"),
                ("Eva's Husband", "husband_of", "Eva"),
            },
        ),
        # the relation holds whatever the clause around it says
        (
            "Tom's wife doesn't eat mushrooms.",
            {("Tom's Wife", "avoids", "mushrooms"), ("Tom's Wife", "wife_of", "Tom")},
        ),
    ],
)
def test_a_named_persons_unnamed_relative_is_one_person(
    text: str, wanted: set[tuple[str, str, str]]
) -> None:
    assert wanted <= triples(text)


def test_a_relatives_relative_is_named_through_the_chain() -> None:
    assert {
        (f"{SPEAKER}'s Father's Brother", "lives_in", "Utrecht"),
        (f"{SPEAKER}'s Father's Brother", "brother_of", f"{SPEAKER}'s Father"),
        (f"{SPEAKER}'s Father", "father_of", SPEAKER),
    } <= triples("My dad's brother moved to Utrecht last year.")


@pytest.mark.parametrize(
    "text",
    ["It's mom who cooks on Sundays.", "That's dad's old bike in the shed."],
)
def test_a_pronoun_before_s_owns_nobody(text: str) -> None:
    assert not any("It's" in s or "That's" in s for s, _, _ in triples(text))


@pytest.mark.neo4j
def test_a_named_persons_relative_told_unnamed_then_named_is_one_person(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    """Told unnamed first, then named: her facts are the named person's, and a question
    that names her reaches a fact told before she had a name."""
    for day, text in [
        ("2026-02-01", "Oskar's wife can't eat dairy, so no cheese board this time."),
        ("2026-02-01", "Oskar is bringing wine on Friday."),
        ("2026-03-01", "Oskar's wife Brit just got a job at the library."),
        ("2026-03-02", "Oskar painted his fence blue."),
    ]:
        memory.add(
            [{"role": "user", "name": "Maren", "content": text}],
            user_id=user_id, run_id=day, timestamp=day,
        )  # fmt: skip
    rows = driver.execute_query(
        "MATCH (s:Entity {user_id: $u, name: 'Brit'})-[r:RELATES_TO]->(t:Entity) "
        "WHERE r.valid_to IS NULL RETURN collect(r.predicate + ' ' + t.name) AS facts",
        u=user_id,
    ).records[0]["facts"]
    assert {"avoids dairy", "wife_of Oskar"} <= set(rows)
    found = memory.search("What can't Brit eat?", user_id=user_id, top_k=1).results
    assert found[0].text.startswith("Oskar's wife can't eat dairy")
