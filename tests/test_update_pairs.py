"""Newer evidence about the same thing ranks first (read-time pairing; pure, no Neo4j)."""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import combinations

import pytest

from graphmem.domain.search import ScoreBreakdown, ScoredMemory
from graphmem.search.updates import apply, find_pairs, paired


def _m(mid: str, text: str, day: int, score: float, actor: str | None = "user") -> ScoredMemory:
    at = datetime(2025, 1, day, tzinfo=UTC)
    return ScoredMemory(
        id=mid, text=text, hash=mid, actor=actor, created_at=at, updated_at=at, observed_at=at,
        score=score, score_breakdown=ScoreBreakdown(final=score),
    )  # fmt: skip


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("My monthly budget for groceries is $400.", "I raised my grocery budget to $550."),
        ("I have secured 3 interviews so far.", "Now I have 5 interviews secured!"),
        ("The wedding is on June 12.", "We moved the wedding date to August 3."),
        ("Tom is my manager.", "My new manager at work is called Priya."),
        ("Our allotment is plot 14 by the shed.", "We swapped our allotment for plot 22."),
        # one shared anchor before the amounts, whatever else the newer one says
        (
            "My landlord raised the rent to 1,450 a month.",
            "We're moving out at the end of the month, the rent went up again to 1,600.",
        ),
        (
            "I've been learning German for 10 months now.",
            "I've been learning German for 14 months now.",
        ),
        # an anchor with a word before it on one side only is still the same attribute
        ("My monthly rent is 1,450.", "Ugh, after the renovation the rent went up to 1,600."),
        # a place named in the subject of a statement is its topic, not its value
        ("My train to Lyon is on March 4.", "They rebooked my Lyon train for March 9."),
        ("Sara is my manager.", "My manager is Olu now."),
        # weekdays, counts and ranks written as words, and e-mail addresses are values
        ("Choir practice is on Mondays.", "Choir practice moved to Thursdays."),
        ("We have two rabbits.", "We adopted another rabbit, so now we have three."),
        ("My daughter is in fourth grade.", "My daughter just started 5th grade."),
        ("My work email is a.lind@acme.example.", "My new work email is anna@lind.example."),
        # a newer one that names nothing besides its values updates one that does
        (
            "My budget for the Lisbon trip is €1,500.",
            "Actually, I bumped the budget to €2,000 since my brother Kai is joining.",
        ),
        # the attribute far before its date, a possessive that states nothing, and the
        # project's name after "for the", a topic
        (
            "Our team's launch date for the Atlas app is March 15.",
            "The Atlas launch slipped to April 2 because of the payment bug.",
        ),
        # one attribute in two forms of its word ("open", "opening"; eighteenth stop)
        (
            "the bakery's doing well, we open at 7 on weekdays",
            "opening hours are now 8 till 3, the early mornings were killing us",
        ),
    ],
)
def test_updated_values_pair_and_the_newer_ranks_first(old: str, new: str) -> None:
    older, newer = _m("a", old, 1, 0.8), _m("b", new, 20, 0.6)
    assert paired(older, newer) is not None
    ranked = [older, newer]
    notes = apply(ranked, past=False)
    assert newer.score > older.score and len(notes) == 1 and "a -> b" in notes[0]


def test_without_explain_pairs_reorder_and_are_not_described() -> None:
    older = _m("a", "My monthly budget for groceries is $400.", 1, 0.8)
    newer = _m("b", "I raised my grocery budget to $550.", 20, 0.6)
    assert apply([older, newer], past=False, describe=False) == []
    assert newer.score > older.score


def test_a_past_query_puts_the_older_value_first() -> None:
    older = _m("a", "My monthly budget for groceries is $400.", 1, 0.5)
    newer = _m("b", "I raised my grocery budget to $550.", 20, 0.9)
    apply([newer, older], past=True)
    assert older.score > newer.score


@pytest.mark.parametrize(
    ("one", "two", "actors"),
    [
        ("My budget is $400.", "I ran 5 km today.", ("user", "user")),  # different attributes
        # the same topic, but an amount and a month are different attributes of it
        (
            "The bathroom refit budget is 9,000 euros.",
            "The bathroom refit starts in April.",
            (None, None),
        ),
        ("My grocery budget is $400.", "My grocery budget is $400 again.", ("user", "user")),
        ("My grocery budget is $400.", "My grocery budget is $550.", ("Caroline", "Melanie")),
        ("We went hiking in the Alps.", "We went hiking in the Andes with friends.", (None, None)),
        # a shared topic word, but the amounts are of different things (no shared anchor)
        ("I paid $30 for the concert tickets.", "The concert was 3 hours long.", (None, None)),
        # a shared anchor, but about different things: the names differ
        (
            "I've been learning German for 14 months now.",
            "I've been learning Arabic for 10 months now.",
            ("user", "user"),
        ),
        (
            "Umar and I met at a machine learning meetup in 2025.",
            "I've been learning Korean for 9 months now.",
            ("user", "user"),
        ),
        # a shared anchor of two kinds: a step goal is no savings goal
        (
            "I changed my daily step goal to 10000 steps.",
            "I raised my savings goal for the year to $8,000.",
            ("user", "user"),
        ),
        # the same kind of thing about two places
        ("My train to Lyon is on March 4.", "My train to Ghent is on March 9.", ("user", "user")),
        (
            "Our reading club target is 12 books.",
            "Our fundraising target is $2,500.",
            ("user", "user"),
        ),
        # a weekday of one thing, a weekday of another
        ("Choir practice is on Mondays.", "Swim club is on Thursdays.", ("user", "user")),
        # the same kind word of two things
        ("My yoga class is on Tuesdays.", "My pottery class is on Thursdays.", ("user", "user")),
        ("My yoga class costs $20 a week.", "My pottery class costs $35 a week.", ("user", "user")),
        ("We have two rabbits.", "We have two rabbits and a cat.", ("user", "user")),
        # a number that names a thing is no amount (search/label_numbers.py; nineteenth stop)
        (
            "The fee for allotment plots goes up to 45 a year.",
            "Someone dug up the carrots on plot 12.",
            ("user", "user"),
        ),
    ],
)
def test_no_pair_without_one_subject_one_attribute_and_new_values(
    one: str, two: str, actors: tuple[str | None, str | None]
) -> None:
    assert paired(_m("a", one, 1, 0.5, actors[0]), _m("b", two, 9, 0.5, actors[1])) is None


def test_find_pairs_equals_every_pair_compared() -> None:
    """``find_pairs`` skips memories without a value; the pairs and their order are those of
    comparing every two of the best 50."""
    texts = [
        "My monthly budget for groceries is $400.",
        "I raised my grocery budget to $550.",
        "We went hiking in the Alps.",
        "I love hiking with my dog.",
        "The wedding is on June 12.",
        "We moved the wedding date to August 3.",
        "I have secured 3 interviews so far.",
        "Now I have 5 interviews secured!",
        "Tom is my manager.",
        "My new manager at work is called Priya.",
        "My grocery budget is $400 again.",
    ]
    memories = [
        _m(f"m{i}", texts[i % len(texts)], 1 + i % 27, 1.0 - i / 100, ("user", "Ann")[i % 2])
        for i in range(60)
    ]
    every = [p for a, b in combinations(memories[:50], 2) if (p := paired(a, b)) is not None]
    assert every and find_pairs(memories) == every


def test_a_window_query_puts_the_one_inside_the_window_first() -> None:
    """Asked about the rent in spring, the spring amount ranks first, though it is older."""
    older = _m("a", "My landlord raised the rent to 1,450 a month.", 1, 0.9)
    newer = _m("b", "The rent went up again to 1,600.", 20, 0.5)
    apply([older, newer], past=False, in_window=lambda memory_id: memory_id == "a")
    assert older.score > newer.score
    neither = [_m("a", older.text, 1, 0.9), _m("b", newer.text, 20, 0.5)]
    apply(neither, past=False, in_window=lambda memory_id: False)  # as for a general query
    assert neither[1].score > neither[0].score


def test_a_pair_keeps_its_place_when_the_one_that_goes_first_ranked_low() -> None:
    """The older matched the query well, the newer hardly (it tells the change in other
    words): the newer takes the older's place, just above it, instead of the older falling
    below everything else."""
    older = _m("a", "My monthly budget for groceries is $400.", 1, 0.62)
    other = _m("c", "I went to the market on Sunday.", 5, 0.3)
    newer = _m("b", "I raised my grocery budget to $550.", 20, 0.12)
    apply([older, other, newer], past=False)
    assert newer.score == pytest.approx(0.62)
    assert other.score < older.score < newer.score
    past = [_m("a", older.text, 1, 0.12), _m("b", newer.text, 20, 0.62)]
    apply(past, past=True)
    assert past[0].score == pytest.approx(0.62) and past[1].score < past[0].score


def test_pairs_in_a_chain_never_score_above_the_best_of_them() -> None:
    texts = ["The rent is 1,200.", "The rent went up to 1,350.", "The rent is now 1,500."]
    ranked = [_m(str(i), t, 1 + 5 * i, score) for i, (t, score) in
              enumerate(zip(texts, (0.9, 0.5, 0.2), strict=True))]  # fmt: skip
    apply(ranked, past=False)
    assert max(m.score for m in ranked) == pytest.approx(0.9)
    assert [m.id for m in sorted(ranked, key=lambda m: -m.score)] == ["2", "1", "0"]
