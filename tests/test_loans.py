"""Loans and debts: "I owe Marta 50 euros" (owe Marta), "I lent my drill to Piet" (lend_to
Piet); "Piet returned the drill" and "Paid Marta back" end them, so "Who has my drill?" and
"Do I owe anyone money?" rank the end first. Readings (pure), then the real Neo4j."""

from __future__ import annotations

import pytest

from graphmem import Memory
from tests.support.nlp_reading import facts, read_one
from tests.support.telling import teller

ME = "Leon"
PEOPLE = ("Marta", "Piet", "Tom")


def test_whom_one_owes_and_lends_to() -> None:
    assert (ME, "owe", "Marta") in facts(read_one("I owe Marta 50 euros.", ME, PEOPLE).triplets)
    lent = facts(read_one("I lent my drill to Piet, he's building a shed.", ME, PEOPLE).triplets)
    assert {(ME, "lend", "drill"), (ME, "lend_to", "Piet")} <= lent


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("Piet returned the drill, finally.", (ME, "lend", "drill")),
        ("Piet brought the drill back yesterday.", ("Piet", "borrow", "drill")),
        ("I returned Tom's ladder.", (ME, "borrow", "ladder")),
        ("Paid Marta back today.", (ME, "owe", "Marta")),
        ("I paid back Marta last week.", (ME, "owe", "Marta")),
        # a relative told unnamed is the one the debt was owed to
        ("Finally repaid my brother, what a relief.", (ME, "owe", f"{ME}'s Brother")),
        ("I paid my aunt's neighbour back.", None),
        ("My dad returned the ladder.", (f"{ME}'s Father", "borrow", "ladder")),
    ],
)
def test_a_thing_given_back_or_a_debt_paid_ends(
    text: str, ended: tuple[str, str, str] | None
) -> None:
    denied = facts(read_one(text, ME, PEOPLE).denied)
    if ended is None:  # no one-holder relative of the speaker: whom is not ours to guess
        assert not [t for t in denied if t[2].startswith(f"{ME}'s")]
    else:
        assert ended in denied


@pytest.mark.parametrize(
    "text", ["I returned from Paris.", "I paid the bill.", "Did Piet return the drill?"]
)
def test_no_loan_ends_where_none_is_told(text: str) -> None:
    denied = facts(read_one(text, ME, PEOPLE).denied)
    assert not [t for t in denied if t[1] in {"lend", "borrow", "owe"}]


@pytest.mark.neo4j
def test_the_end_of_a_loan_ranks_first(memory: Memory, user_id: str) -> None:
    tell = teller(memory, user_id, ME)

    lent = tell("I lent my drill to Piet, he's building a shed.", "2026-02-20")
    tell("My landlord is raising the rent to 1,200 from July.", "2026-03-10")
    back = tell("Piet returned the drill, finally.", "2026-04-02")
    found = memory.search("Who has my drill?", user_id=user_id, reference_date="2026-11-20")
    assert [r.id for r in found.results[:2]] == [back, lent]
