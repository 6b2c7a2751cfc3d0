from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from graphmem.extraction.dates import resolve_relative, shift_months

# Wednesday 11 June 2025, 15:30 UTC
OBSERVED = datetime(2025, 6, 11, 15, 30, tzinfo=UTC)


def midnight(year: int, month: int, day: int) -> datetime:
    return datetime(year, month, day, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I moved today", OBSERVED),
        ("Tonight we eat out", OBSERVED),
        ("yesterday I moved", OBSERVED - timedelta(days=1)),
        ("Last night was fun", OBSERVED - timedelta(days=1)),
        ("the day before yesterday", OBSERVED - timedelta(days=2)),
        ("I moved to Paris last week.", OBSERVED - timedelta(days=7)),
        ("LAST WEEK", OBSERVED - timedelta(days=7)),
        ("last month", datetime(2025, 5, 11, 15, 30, tzinfo=UTC)),
        ("last year", datetime(2024, 6, 11, 15, 30, tzinfo=UTC)),
        ("two days ago", OBSERVED - timedelta(days=2)),
        ("3 days ago", OBSERVED - timedelta(days=3)),
        ("a week ago", OBSERVED - timedelta(days=7)),
        ("a couple of weeks ago", OBSERVED - timedelta(days=14)),
        ("six months ago", datetime(2024, 12, 11, 15, 30, tzinfo=UTC)),
        ("an year ago", datetime(2024, 6, 11, 15, 30, tzinfo=UTC)),
        ("ten years ago", datetime(2015, 6, 11, 15, 30, tzinfo=UTC)),
        ("in March", midnight(2025, 3, 1)),
        ("in June", midnight(2025, 6, 1)),
        ("in December", midnight(2024, 12, 1)),
        ("last September", midnight(2024, 9, 1)),
        ("on Monday", midnight(2025, 6, 9)),
        ("on Wednesday", midnight(2025, 6, 11)),
        ("last Wednesday", midnight(2025, 6, 4)),
        ("on Thursday", midnight(2025, 6, 5)),
        ("in 2019", midnight(2019, 1, 1)),
        # relative expressions added for LoCoMo-style chat (issue 12 §4)
        ("this month", OBSERVED),
        ("earlier this year", OBSERVED),
        ("this week was busy", OBSERVED),
        ("the week before last", OBSERVED - timedelta(days=14)),
        ("this past week", OBSERVED - timedelta(days=7)),
        ("a few days ago", OBSERVED - timedelta(days=3)),
        ("a couple days ago", OBSERVED - timedelta(days=2)),
        ("several weeks ago", OBSERVED - timedelta(days=21)),
        ("last weekend we went biking", midnight(2025, 6, 7)),
        ("that roadtrip this past weekend", midnight(2025, 6, 7)),
        ("over the weekend", midnight(2025, 6, 7)),
        ("camping two weekends ago", midnight(2025, 5, 31)),
        ("3 weekends ago", midnight(2025, 5, 24)),
        ("I joined a new group last Tues.", midnight(2025, 6, 10)),
        ("Last Fri I took my kids", midnight(2025, 6, 6)),
        ("on Sat", midnight(2025, 6, 7)),
        ("on Thurs", midnight(2025, 6, 5)),
        ("last summer", midnight(2024, 6, 1)),  # this year's is not over
        ("last winter", midnight(2024, 12, 1)),
        ("last spring", midnight(2025, 3, 1)),
        ("this summer", midnight(2025, 6, 1)),
        ("this past winter", midnight(2024, 12, 1)),
        ("on 4 July", midnight(2024, 7, 4)),
        ("on the 4th of July", midnight(2024, 7, 4)),
        ("July 4th", midnight(2024, 7, 4)),
        ("June 3", midnight(2025, 6, 3)),
        ("May 5th", midnight(2025, 5, 5)),
        ("2 May 2023", midnight(2023, 5, 2)),
        ("June 20, 2023", midnight(2023, 6, 20)),
        ("in June 2022", midnight(2022, 6, 1)),
        ("since March, 2021", midnight(2021, 3, 1)),
        ("this past Monday", midnight(2025, 6, 9)),
        ("half a year ago", datetime(2024, 12, 11, 15, 30, tzinfo=UTC)),  # not "a year ago"
        ("two weeks back", datetime(2025, 5, 28, 15, 30, tzinfo=UTC)),
        ("couple of days ago", datetime(2025, 6, 9, 15, 30, tzinfo=UTC)),
        ("the weekend before last", midnight(2025, 5, 31)),
        ("in early May", midnight(2025, 5, 1)),
        ("mid-April", midnight(2025, 4, 1)),
        ("at the end of March", midnight(2025, 3, 1)),
        ("late July", midnight(2024, 7, 1)),  # this year's is still to come
    ],
)
def test_resolve_relative(text: str, expected: datetime) -> None:
    assert resolve_relative(text, OBSERVED) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "I live in Beijing.",
        "in 2099",
        "in a minute",
        "Mayday",
        "🙂🙂",
        "'); MATCH (n) DETACH DELETE n //",
        "monday" * 1000,
        "2 may be enough",
        "you may 2x it",
        "on 12 June 2025",  # after the observation
        "a sunny sunset",
        # a weekday's short form only as a whole word (the alternation once left "mon",
        # "wed", "sat" and the full names without a word boundary)
        "I went on satellite tours",
        "I'm on month three of my diet",
        "we agreed on wedding colors",
        "I volunteer on Thursdays",  # a habit, not a date
        "I finally got my back pay",
        "half an hour ago",
        "we surf on sundays and mondays",
    ],
)
def test_no_expression_gives_none(text: str) -> None:
    assert resolve_relative(text, OBSERVED) is None


def test_leftmost_expression_wins() -> None:
    text = "Last week I said that yesterday was fine"
    assert resolve_relative(text, OBSERVED) == OBSERVED - timedelta(days=7)
    text = "yesterday, not last week"
    assert resolve_relative(text, OBSERVED) == OBSERVED - timedelta(days=1)


def test_day_before_yesterday_beats_yesterday() -> None:
    assert resolve_relative("the day before yesterday", OBSERVED) == OBSERVED - timedelta(days=2)


def test_naive_observed_stays_naive() -> None:
    naive = datetime(2025, 1, 15, 9, 0)
    result = resolve_relative("last month", naive)
    assert result == datetime(2024, 12, 15, 9, 0)
    assert result is not None and result.tzinfo is None


def test_timezone_is_kept() -> None:
    tz = timezone(timedelta(hours=9))
    observed = datetime(2025, 6, 11, 8, 0, tzinfo=tz)
    result = resolve_relative("in March", observed)
    assert result == datetime(2025, 3, 1, tzinfo=tz)
    assert result is not None and result.tzinfo == tz


def test_month_arithmetic_clamps_day() -> None:
    assert shift_months(datetime(2025, 3, 31), -1) == datetime(2025, 2, 28)
    assert shift_months(datetime(2024, 3, 31), -1) == datetime(2024, 2, 29)
    assert shift_months(datetime(2025, 1, 15), -1) == datetime(2024, 12, 15)
    assert shift_months(datetime(2025, 1, 15), 12) == datetime(2026, 1, 15)


def test_out_of_range_gives_none() -> None:
    early = datetime(1, 2, 1)
    assert resolve_relative("ten years ago", early) is None
    assert resolve_relative("last year", early) is None


def test_weekend_said_on_a_weekend() -> None:
    sunday = datetime(2025, 6, 15, 10, 0, tzinfo=UTC)
    assert resolve_relative("this weekend", sunday) == midnight(2025, 6, 14)
    assert resolve_relative("last weekend", sunday) == midnight(2025, 6, 7)
    assert resolve_relative("two weekends ago", sunday) == midnight(2025, 5, 31)
    monday = datetime(2025, 6, 16, 10, 0, tzinfo=UTC)
    assert resolve_relative("last weekend", monday) == midnight(2025, 6, 14)


def test_last_season_after_it_ended() -> None:
    october = datetime(2025, 10, 10, tzinfo=UTC)
    assert resolve_relative("last summer", october) == midnight(2025, 6, 1)
    assert resolve_relative("this fall", october) == midnight(2025, 9, 1)
    january = datetime(2025, 1, 10, tzinfo=UTC)
    assert resolve_relative("this winter", january) == midnight(2024, 12, 1)
    assert resolve_relative("last winter", january) == midnight(2023, 12, 1)


def test_february_29th_without_a_year() -> None:
    assert resolve_relative("on 29 February", datetime(2025, 3, 1)) is None
    assert resolve_relative("on 29 February", datetime(2024, 3, 1)) == datetime(2024, 2, 29)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Handed in my notice, I'm starting at Novartis in September.", midnight(2025, 9, 1)),
        ("We're flying to Lima on 4 February!", midnight(2026, 2, 4)),
        ("Our second kid is due in January.", midnight(2026, 1, 1)),
        ("I'll be in Oslo in October for the conference.", midnight(2025, 10, 1)),
        # a present tense puts it on the calendar: the next one, not the last
        ("Meera and Jo's wedding is on the 14th of February.", midnight(2026, 2, 14)),
        ("Our anniversary's in October.", midnight(2025, 10, 1)),
        ("The deadline is set for the 3rd of September.", midnight(2025, 9, 3)),
    ],
)
def test_a_month_still_to_come_is_the_next_one(text: str, expected: datetime) -> None:
    # told on 11 June 2025: "September" ahead is not September 2024 but 2025
    assert resolve_relative(text, OBSERVED) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("tomorrow", OBSERVED + timedelta(days=1)),
        ("the day after tomorrow", OBSERVED + timedelta(days=2)),
        ("I start next week", OBSERVED + timedelta(days=7)),
        ("see you next month", datetime(2025, 7, 11, 15, 30, tzinfo=UTC)),
        ("we might move next year", datetime(2026, 6, 11, 15, 30, tzinfo=UTC)),
        ("in three weeks", OBSERVED + timedelta(weeks=3)),
        ("in a couple of days", OBSERVED + timedelta(days=2)),
        ("this weekend", midnight(2025, 6, 14)),  # said on a Wednesday: the coming one
        ("next weekend", midnight(2025, 6, 21)),
        ("next Friday", midnight(2025, 6, 13)),
        ("this coming Monday", midnight(2025, 6, 16)),
        ("next Wednesday", midnight(2025, 6, 18)),  # said on a Wednesday: a week on
        ("we're getting married next June", midnight(2026, 6, 1)),
        ("next March", midnight(2026, 3, 1)),
        ("next summer", midnight(2026, 6, 1)),
        ("next winter", midnight(2025, 12, 1)),
    ],
)
def test_what_is_still_to_come_resolves_forward(text: str, expected: datetime) -> None:
    assert resolve_relative(text, OBSERVED) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # told on Wednesday 11 June 2025
        ("We're driving up to the lake on Saturday.", midnight(2025, 6, 14)),
        ("I'm seeing the dentist on Monday.", midnight(2025, 6, 16)),
        ("The match is on Friday, can't wait.", midnight(2025, 6, 13)),
        ("I'll ring the bank on Wednesday.", midnight(2025, 6, 11)),  # the day itself
        # told of the past: the last one
        ("We drove up to the lake on Saturday.", midnight(2025, 6, 7)),
        ("I was working on Sunday, so I missed it.", midnight(2025, 6, 8)),
    ],
)
def test_a_weekday_told_ahead_is_the_coming_one(text: str, expected: datetime) -> None:
    assert resolve_relative(text, OBSERVED) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We went hiking in the Alps in September.", datetime(2024, 9, 1, tzinfo=UTC)),
        ("I'm starting at Novartis in June.", datetime(2025, 6, 1, tzinfo=UTC)),
        ("We moved in March and are moving again soon.", datetime(2025, 3, 1, tzinfo=UTC)),
        ("We'll celebrate, we got married on 2 May 2023.", datetime(2023, 5, 2, tzinfo=UTC)),
        ("The wedding was on the 14th of February.", datetime(2025, 2, 14, tzinfo=UTC)),
        ("Our anniversary is on 2 May 2023.", datetime(2023, 5, 2, tzinfo=UTC)),
    ],
)
def test_a_past_month_or_a_year_given_still_resolves(text: str, expected: datetime) -> None:
    assert resolve_relative(text, OBSERVED) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a name's "'s" before the month is no "is" ("the wedding's in June" is ahead)
        ("Yusuf started reception at St Anne's in September", midnight(2024, 9, 1)),
        ("the wedding's in September", midnight(2025, 9, 1)),
        # a present of moving or going puts the month ahead
        ("Yusuf moves to St Bernard's in September", midnight(2025, 9, 1)),
        ("she goes back to Lagos in August", midnight(2025, 8, 1)),
    ],
)
def test_a_month_named_after_a_name_or_a_present_move(text: str, expected: datetime) -> None:
    assert resolve_relative(text, OBSERVED) == expected
