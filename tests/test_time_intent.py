"""A query's time intent: current, past, an explicit window, or none (pure, no Neo4j)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphmem.search.intent import detect

REF = datetime(2024, 6, 15, 12, 30, tzinfo=UTC)  # a Saturday


def day(y: int, m: int, d: int) -> datetime:
    return datetime(y, m, d, tzinfo=UTC)


@pytest.mark.parametrize(
    "query",
    [
        "Find me a restaurant this weekend, remember my current situation",
        "What do I eat these days?",
        "where am I living now",
        "What's my diet at the moment?",
        "Which city do I currently call home?",
        "do I still work at the bakery",
    ],
)
def test_current_intent(query: str) -> None:
    intent = detect(query, REF)
    assert intent.kind == "current"
    assert intent.start is None and intent.end is None


@pytest.mark.parametrize(
    "query",
    [
        "Where does Dmytro live?",
        "Who does Ana work for?",
        "Which company does my brother work for?",
        "What does my sister do for a living?",
        "Where do I work?",
    ],
)
def test_a_present_question_about_home_or_work_is_current(query: str) -> None:
    """Asked in the present, where one lives or works is what holds now (seventeenth stop)."""
    intent = detect(query, REF)
    assert intent.kind == "current" and not intent.whole


@pytest.mark.parametrize(
    "query",
    [
        "Where does Andrew want to live with his dog?",  # a wish, not a state
        "Where does Caroline work out?",  # exercise
        "What does Melanie do to destress?",  # a habit
        "Where did Dmytro live?",  # the past: no current intent
        "Where do we plan to live?",
    ],
)
def test_no_current_intent_for_other_present_questions(query: str) -> None:
    assert detect(query, REF).kind != "current"


@pytest.mark.parametrize(
    ("query", "whole"),
    [
        ("Find me a restaurant this weekend, remember my current situation", True),
        ("Given how things are now, where should we eat?", True),
        ("What's going on in my life these days?", True),
        ("Plan a weekend trip that suits our circumstances at the moment", True),
        ("What's the current kitchen budget?", False),
        ("where am I living now", False),
        ("Which book is she reading these days?", False),
        ("do I still work at the bakery", False),
    ],
)
def test_current_intent_about_the_whole_situation_or_one_topic(query: str, whole: bool) -> None:
    intent = detect(query, REF)
    assert intent.kind == "current" and intent.whole is whole


@pytest.mark.parametrize(
    "query",
    [
        "Where did my friends and I usually eat before?",
        "What did I use to eat back then?",
        "Which restaurants did we go to previously?",
        "what sports did I used to play",
        "In the past, who did I have dinner with?",
        "What was my grocery budget originally?",
        "Which phone plan did I pick at first?",
        "How many interviews did I have initially?",
        "What was the original launch date?",
        "Who was my previous landlord?",
        "Where did my former boss move to?",
    ],
)
def test_past_intent(query: str) -> None:
    assert detect(query, REF).kind == "past"


def test_when_clause_is_past_with_its_anchor() -> None:
    intent = detect("When I lived in Beijing, where did we eat?", REF)
    assert intent.kind == "past"
    assert intent.anchor == "in beijing"


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        ("What did I do in May?", day(2024, 5, 1), day(2024, 6, 1)),
        ("what did we cook in August", day(2023, 8, 1), day(2023, 9, 1)),  # latest August
        ("last May", day(2024, 5, 1), day(2024, 6, 1)),
        ("last June", day(2023, 6, 1), day(2023, 7, 1)),  # not the month we are in
        ("in March 2022", day(2022, 3, 1), day(2022, 4, 1)),
        ("Where did we travel last summer?", day(2023, 6, 1), day(2023, 9, 1)),
        ("two years ago", day(2022, 1, 1), day(2023, 1, 1)),
        ("3 days ago", day(2024, 6, 12), day(2024, 6, 13)),
        ("what happened on 7 May 2023", day(2023, 5, 7), day(2023, 5, 8)),
        ("May 7, 2023", day(2023, 5, 7), day(2023, 5, 8)),
        ("on the 4th of July", day(2023, 7, 4), day(2023, 7, 5)),
        ("2023-05-07", day(2023, 5, 7), day(2023, 5, 8)),
        ("yesterday", day(2024, 6, 14), day(2024, 6, 15)),
        ("last Saturday", day(2024, 6, 8), day(2024, 6, 9)),
        ("last week", day(2024, 6, 3), day(2024, 6, 10)),
        ("in 2022", day(2022, 1, 1), day(2023, 1, 1)),
        ("since March", day(2024, 3, 1), day(2024, 6, 16)),
        ("what did we do this past Monday", day(2024, 6, 10), day(2024, 6, 11)),
        ("in early May", day(2024, 5, 1), day(2024, 6, 1)),
        ("what happened mid-April", day(2024, 4, 1), day(2024, 5, 1)),
        ("in late August", day(2023, 8, 1), day(2023, 9, 1)),  # the latest August
        ("half a year ago", day(2023, 12, 1), day(2024, 1, 1)),  # not "a year ago"
        ("two weeks back", day(2024, 5, 27), day(2024, 6, 3)),
        ("the weekend before last", day(2024, 5, 27), day(2024, 6, 3)),  # not a past cue
        # what is still to come (memories are dated forward: extraction/dates.py)
        ("what's on tomorrow?", day(2024, 6, 16), day(2024, 6, 17)),
        ("what am I doing next week?", day(2024, 6, 17), day(2024, 6, 24)),
        ("plans for next month", day(2024, 7, 1), day(2024, 8, 1)),
        ("anything big next year?", day(2025, 1, 1), day(2026, 1, 1)),
        ("what's coming up next June?", day(2025, 6, 1), day(2025, 7, 1)),  # June is under way
        ("where are we going next August", day(2024, 8, 1), day(2024, 9, 1)),
        ("who's visiting next weekend?", day(2024, 6, 22), day(2024, 6, 24)),
        ("what are we up to this weekend", day(2024, 6, 15), day(2024, 6, 17)),  # a Saturday
        ("what's on next Tuesday", day(2024, 6, 18), day(2024, 6, 19)),
        ("the gig this coming Saturday", day(2024, 6, 22), day(2024, 6, 23)),  # not today
        ("any trips next summer?", day(2025, 6, 1), day(2025, 9, 1)),  # this one has begun
        ("what about next winter", day(2024, 12, 1), day(2025, 3, 1)),
    ],
)
def test_explicit_windows(query: str, start: datetime, end: datetime) -> None:
    intent = detect(query, REF)
    assert intent.kind == "window"
    assert (intent.start, intent.end) == (start, end)


@pytest.mark.parametrize(
    "query",
    [
        "Book us somewhere for tomorrow night, given my current diet",
        "What should Omar avoid at the barbecue next Sunday?",
        "pick a cafe for next weekend that suits where I live now",
    ],
)
def test_a_time_ahead_planned_for_asks_what_holds_now(query: str) -> None:
    """A query that plans for a time still to come and asks about now (or what to avoid)
    reads what holds now, not memories dated then."""
    assert detect(query, REF).kind == "current"


def test_a_window_is_relative_to_a_past_reference_date() -> None:
    intent = detect("what did I do last month?", datetime(2023, 1, 20, tzinfo=UTC))
    assert (intent.start, intent.end) == (day(2022, 12, 1), day(2023, 1, 1))


def test_an_explicit_window_wins_over_a_past_cue() -> None:
    assert detect("what did I use to eat in 2022?", REF).kind == "window"


@pytest.mark.parametrize(
    "query",
    [
        "What should I avoid for dinner with Alice in Paris?",
        "Is there anything Tom can't eat?",
        "Any dietary restrictions I should know about for the team lunch?",
        "Which foods should I stay away from these days?",
    ],
)
def test_a_question_of_what_to_avoid_asks_for_the_current_constraints(query: str) -> None:
    intent = detect(query, REF)
    assert intent.kind == "current" and intent.constraints and not intent.whole


@pytest.mark.parametrize(
    ("query", "served"),
    [
        ("what cake should I bake for Karl's daughter", True),
        ("What can I cook when my in-laws visit?", True),
        ("Ideas for a dessert to make for my sister's birthday?", True),
        ("What should I cook for me and Tom this week?", False),
        ("What did Nate make for his friend on his birthday?", False),  # what was made
        ("Which technique does Tim use to prepare for exams?", False),
    ],
)
def test_food_made_for_others_asks_for_their_constraints(query: str, served: bool) -> None:
    """Their constraints, not the cook's own diet (search/temporal.py reads ``served``)."""
    intent = detect(query, REF)
    assert intent.served is served
    if served:
        assert intent.kind == "current" and intent.constraints


@pytest.mark.parametrize(
    "query",
    [
        "Planning a dinner with Alice in Paris, any ideas?",
        "option 3 may work for us",
        "what should I cook for dinner",
        "",
        "東京でおすすめのレストランは？",
    ],
)
def test_no_time_intent(query: str) -> None:
    intent = detect(query, REF)
    assert intent.kind == "general"
    assert intent.describe() == "general (no time intent)"


def test_describe_names_the_window() -> None:
    text = detect("what did I do in May?", REF).describe()
    assert "window" in text and "2024-05-01" in text and "2024-06-01" in text


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        ("When did we go camping in June?", day(2024, 6, 1), day(2024, 7, 1)),
        ("what did I cook in August", day(2023, 8, 1), day(2023, 9, 1)),
        ("Where did we travel during the summer?", day(2023, 6, 1), day(2023, 9, 1)),
        ("How much was the rent back in spring?", day(2024, 3, 1), day(2024, 6, 1)),
        ("what did we plant during spring", day(2024, 3, 1), day(2024, 6, 1)),  # no "the"
        ("Where did we go skiing in winter?", day(2023, 12, 1), day(2024, 3, 1)),
        ("what happened on the 4th of July", day(2023, 7, 4), day(2023, 7, 5)),
    ],
)
def test_a_window_named_without_a_year_is_marked(
    query: str, start: datetime, end: datetime
) -> None:
    """Search may read it as an earlier year's (the latest one holding memories)."""
    intent = detect(query, REF)
    assert intent.kind == "window" and intent.yearless
    assert (intent.start, intent.end) == (start, end)


@pytest.mark.parametrize(
    "query", ["in March 2022", "last May", "last summer", "since March", "yesterday", "in 2022"]
)
def test_a_window_with_its_year_or_relative_to_now_is_not_yearless(query: str) -> None:
    intent = detect(query, REF)
    assert intent.kind == "window" and not intent.yearless


@pytest.mark.parametrize(
    "query",
    [
        "When did Caroline go to the support group?",
        "when was I last at the dentist",
        "What year did we move to Berlin?",
        "How long ago was the wedding?",
        "When Jon lost his job?",
        "Which month did I start the new job?",
    ],
)
def test_a_question_asking_when(query: str) -> None:
    intent = detect(query, REF)
    assert intent.asks and intent.kind == "general"
    assert "asks when" in intent.describe()


@pytest.mark.parametrize(
    "query",
    [
        "When I lived in Beijing, where did we eat?",
        "When Alice visits, what should I cook?",
        "Which dumplings did we like?",
        "What did I eat yesterday?",
    ],
)
def test_not_a_question_asking_when(query: str) -> None:
    assert not detect(query, REF).asks


def test_a_when_question_is_not_read_as_a_past_clause() -> None:
    intent = detect("When did I live in Beijing?", REF)
    assert intent.asks and intent.kind == "general"


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        ("What did I do the week before 3 August 2023?", day(2023, 7, 27), day(2023, 8, 4)),
        ("what did we cook two weeks before May 20, 2024", day(2024, 5, 6), day(2024, 5, 21)),
        ("where did we go the weekend before April 10, 2023", day(2023, 4, 3), day(2023, 4, 11)),
        ("what happened in the days after 2 June 2024", day(2024, 6, 2), day(2024, 6, 4)),
    ],
)
def test_a_span_before_or_after_a_day(query: str, start: datetime, end: datetime) -> None:
    """The span up to the day, the day included (what was said on it about "last week"
    belongs to it); or the day and the span after it."""
    intent = detect(query, REF)
    assert intent.kind == "window"
    assert (intent.start, intent.end) == (start, end)


@pytest.mark.parametrize(
    ("query", "whole"),
    [
        ("What did I do about two months ago?", True),
        ("What happened last week?", True),
        ("Anything new in March?", True),
        ("What was I up to in the summer of 2023?", True),
        ("What did I eat two months ago?", False),
        ("Which museum did I visit in May?", False),
        ("Who did I go skiing with last winter?", False),
    ],
)
def test_a_window_that_is_all_the_query_asks_about(query: str, whole: bool) -> None:
    """Nothing but the window ("what did I do …?"): its memories are the answer, whatever
    their words; a topic inside the window ("what did I eat …?") is gated as usual."""
    intent = detect(query, REF)
    assert intent.kind == "window" and intent.whole is whole


@pytest.mark.parametrize(
    ("query", "whole"),
    [
        ("What did I do back when I lived in Leeds?", True),
        ("What was I up to back then?", True),
        ("Where did my flatmates and I eat before?", False),
        ("Which gym did I use to go to?", False),
    ],
)
def test_a_past_that_is_all_the_query_asks_about(query: str, whole: bool) -> None:
    """A past with no topic ("what did I do back then?"): every memory of the period is the
    answer; a topic asked of the past ("where did we eat before?") ranks the period's
    memories about it first (search/time_plan.py)."""
    intent = detect(query, REF)
    assert intent.kind == "past" and intent.whole is whole


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        ("What was I doing in the spring of 2022?", "2022-03-01", "2022-06-01"),
        ("What did we do in summer 2021?", "2021-06-01", "2021-09-01"),
        ("What happened in the winter of 2022?", "2022-12-01", "2023-03-01"),
    ],
)
def test_a_season_with_its_year_is_that_years(query: str, start: str, end: str) -> None:
    """The year named after a season is the season's ("the spring of 2022" was read as the
    latest spring, whatever the year said)."""
    intent = detect(query, REF)
    assert intent.kind == "window" and not intent.yearless
    assert intent.start is not None and intent.end is not None
    assert (intent.start.date().isoformat(), intent.end.date().isoformat()) == (start, end)
