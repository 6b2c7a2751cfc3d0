"""Set questions and their category, read offline (graphmem/search/sets.py; pure)."""

from __future__ import annotations

import pytest

from graphmem.search.sets import category, is_set_question


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("What activities does Melanie partake in?", "activities"),
        ("What European countries has Maria been to?", "European countries"),
        ("What LGBTQ+ events has Caroline participated in?", "LGBTQ+ events"),
        ("What martial arts has John done?", "martial arts"),
        ("What types of yoga has Maria practiced?", "yoga"),
        ("Which cities has Jon visited?", "cities"),
        ("How many children does Melanie have?", "children"),
        ("What people has Maria met and helped while volunteering?", "people"),
        # no category noun: the words after the auxiliary, without names or function words
        ("Where has Melanie camped?", "camped"),
        ("What has Melanie painted?", "painted"),
        ("What are Melanie's pets' names?", "pets'"),
        ("How many times has Melanie gone to the beach?", "gone beach"),
    ],
)
def test_a_set_question_names_its_category(query: str, expected: str) -> None:
    assert is_set_question(query)
    assert category(query) == expected


@pytest.mark.parametrize(
    "query",
    [
        "What did Caroline research?",
        "What is Caroline's relationship status?",
        "When did Melanie go camping?",
        "What kind of pot did Mel and her kids make with clay?",
        "What was the focus of John's recent research?",
        "How many years has Jon been dancing?",
        "Where did Caroline move from 4 years ago?",
        "Why did Gina decide to start her own clothing store?",
        "What do I like?",
        "",
    ],
)
def test_other_questions_are_not_set_questions(query: str) -> None:
    assert not is_set_question(query)
    assert category(query) is None
