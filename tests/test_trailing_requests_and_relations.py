"""Readings from chat with an assistant: a request that trails a statement leaves the
statement told ("My dad is diabetic, so something low in sugar please"); a relation named
beside a name holds whatever its clause says ("my husband Jonas doesn't eat pork"); a third
party's new diet ("Jonas went vegetarian last month")."""

from __future__ import annotations

import pytest

from tests.support.nlp_reading import facts, read_one

ME = "Mira"
PEOPLE = ("Jonas", "Tove")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("My dad is diabetic, so something low in sugar please.",
         ("Mira's Father", "has_condition", "diabetes")),
        ("I'm allergic to peanuts, keep that in mind please.", (ME, "allergic_to", "peanuts")),
    ],
)  # fmt: skip
def test_a_request_after_a_told_clause_leaves_it_told(
    text: str, fact: tuple[str, str, str]
) -> None:
    assert fact in facts(read_one(text, ME, PEOPLE).triplets)


@pytest.mark.parametrize(
    "text", ["Please book a table for two.", "Keep it short please.", "You book it, please."]
)
def test_a_request_still_asserts_nothing(text: str) -> None:
    assert not read_one(text, ME, PEOPLE).triplets


@pytest.mark.parametrize(
    "text",
    [
        "My husband Jonas doesn't eat pork.",
        "I'm lactose intolerant, and my husband Jonas doesn't eat pork.",
        "My husband Jonas never drinks coffee.",
    ],
)
def test_a_relation_beside_a_name_holds_in_a_negated_clause(text: str) -> None:
    assert ("Jonas", "husband_of", ME) in facts(read_one(text, ME, PEOPLE).triplets)


def test_a_relation_a_clause_denies_is_not_told() -> None:
    assert not facts(read_one("Jonas is not my husband.", ME, PEOPLE).triplets)


@pytest.mark.parametrize(
    ("text", "who", "diet"),
    [
        ("Jonas went vegetarian last month.", "Jonas", "vegetarian"),
        ("Tove has gone vegan.", "Tove", "vegan"),
        ("Quick update: Jonas became a pescatarian.", "Jonas", "pescatarian"),
    ],
)
def test_a_third_partys_new_diet(text: str, who: str, diet: str) -> None:
    assert (who, "diet", diet) in facts(read_one(text, ME, PEOPLE).triplets)


def test_going_sour_is_no_diet() -> None:
    assert not [t for t in facts(read_one("The milk went sour.", ME).triplets) if t[1] == "diet"]
