"""Titles named "head of X", "director of X", "VP of X", told with "the" or after "work as"
without an article, and a comparison that is no title ("I work as hard as I can")."""

from __future__ import annotations

import pytest

from graphmem.extraction.occupations import names_occupation
from tests.support.nlp_reading import facts, read_one

ME = "Marco"


@pytest.mark.parametrize(
    ("text", "title", "workplace"),
    [
        ("Got promoted to head of logistics at Lavazza!", "head of logistics", "Lavazza"),
        ("I'm the director of operations at Maersk.", "director of operations", "Maersk"),
        ("I work as VP of sales at Adyen.", "VP of sales", "Adyen"),
        ("I'm the CTO at Pleo.", "CTO", "Pleo"),
        ("I'm the manager at the Grand Hotel.", "manager", "Grand Hotel"),
    ],
)
def test_a_title_of_something_at_a_named_place(text: str, title: str, workplace: str) -> None:
    got = facts(read_one(text, ME).triplets)
    assert {(ME, "job_title", title), (ME, "works_at", workplace)} <= got


@pytest.mark.parametrize(
    "text",
    [
        "I work as hard as I can at Zara.",
        "I'm the oldest at home.",
        "I'm the best at chess.",
        "I'm the one at fault here.",
    ],
)
def test_no_title_where_none_is_told(text: str) -> None:
    assert not [t for t in facts(read_one(text, ME).triplets) if t[1] == "job_title"]


@pytest.mark.parametrize(
    ("phrase", "occupation"),
    [("head of logistics", True), ("director of operations", True), ("vp of sales", True),
     ("part of the team", False), ("king of the hill", False)],
)  # fmt: skip
def test_the_head_of_a_title_of_something_is_before_of(phrase: str, occupation: bool) -> None:
    assert names_occupation(phrase) is occupation
