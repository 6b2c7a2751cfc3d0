"""Births and birthdays: "Lucia was born on June 20th" gives her birthday, "I was born in
1990" and "my dad was born in Porto" where and when; "My birthday is on May 4th" (the month
that is also a verb) is a birthday too."""

from __future__ import annotations

import pytest

from tests.support.nlp_reading import facts, read_one

ME = "Ana"
PEOPLE = ("Lucia", "Bruno")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Lucia was born on June 20th, 3.2 kg, healthy!", ("Lucia", "birthday", "June 20th")),
        ("I was born on the 4th of July 1985.", (ME, "birthday", "4th of July 1985")),
        ("I was born in 1990.", (ME, "born_in", "1990")),
        ("Bruno was born in Lisbon.", ("Bruno", "born_in", "Lisbon")),
        ("My birthday is on May 4th.", (ME, "birthday", "May 4th")),
        ("Bruno's birthday is May 12.", ("Bruno", "birthday", "May 12")),
    ],
)  # fmt: skip
def test_a_birth_tells_a_birthday_or_a_birthplace(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in facts(read_one(text, ME, PEOPLE).triplets)


@pytest.mark.parametrize(
    "text", ["Ideas are born in the shower.", "Was Lucia born in June?", "I may be late."]
)
def test_no_birth_is_read_where_none_is_told(text: str) -> None:
    told = facts(read_one(text, ME, PEOPLE).triplets)
    assert not [t for t in told if t[1] in {"birthday", "born_in"}]
