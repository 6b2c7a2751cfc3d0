"""Which texts say when something happened (pure, no Neo4j): the memories a question asking
*when* prefers (:mod:`graphmem.search.when`)."""

from __future__ import annotations

import pytest

from graphmem.search.when import states_time


@pytest.mark.parametrize(
    "text",
    [
        "I went to a support group yesterday.",
        "Last Friday I went to a council meeting.",
        "I joined a new activist group last Tues.",
        "We went camping with the kids two weekends ago.",
        "Got the tattoo a few years ago.",
        "I ran a charity race this past weekend.",
        "I also lost my job this month.",
        "We had a blast at the festival in 2022.",
        "Our anniversary is on 7 May.",
        "I've known these friends for 4 years.",
        "I started volunteering here about a year ago.",
        "A lot's happened - I just got accepted for a fashion internship!",
        "We've just finished painting the nursery.",
        "I just launched an ad campaign for my store.",
        "I'm currently reading a book on startups.",
        "Change of plans: we're flying out on the 16th instead.",
    ],
)
def test_texts_that_say_when(text: str) -> None:
    assert states_time(text)


@pytest.mark.parametrize(
    "text",
    [
        "I love hiking with my dad.",
        "May I join you at the gym?",
        "Every Friday I eat dinner with Alice.",
        "The support group was so powerful.",
        "It was just like the old days.",
        "I just love painting with my kids.",
        "Currently the best book on startups.",
        "She finished 16th in the race.",
        "",
    ],
)
def test_texts_that_do_not(text: str) -> None:
    assert not states_time(text)
