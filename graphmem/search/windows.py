"""Calendar windows for a query's time cues (:mod:`graphmem.search.intent`): each resolver
turns a cue's match and the reference moment into a half-open window ``[start, end)``,
back in time ("last May", "two weeks ago") or still to come ("next June", "tomorrow")."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta

from graphmem.domain.calendar_words import (
    MONTH_ABBREVIATIONS,
    MONTHS,
    NUMBER_WORDS,
    SEASONS,
    WEEKDAYS,
)

Window = tuple[datetime, datetime]

NUMBERS = {
    "a": 1, "an": 1, **NUMBER_WORDS,
    "couple": 2, "a couple of": 2, "few": 3, "a few": 3,
}  # fmt: skip

MONTH_RE = "|".join(m for m in MONTHS + MONTH_ABBREVIATIONS if m != "may")
NUM_RE = r"\d{1,3}|a\s+couple\s+of|a\s+few|" + "|".join(
    sorted((k for k in NUMBERS if " " not in k), key=len, reverse=True)
)
UNIT_RE = r"days?|weeks?|months?|years?"


# -- windows ---------------------------------------------------------------------------
def day_start(moment: datetime) -> datetime:
    return moment.replace(hour=0, minute=0, second=0, microsecond=0)


def month_start(year: int, month: int, like: datetime) -> datetime:
    index = year * 12 + month - 1
    year, month0 = divmod(index, 12)
    return day_start(like).replace(year=year, month=month0 + 1, day=1)


def month_window(
    year: int, month: int, like: datetime, months: int = 1
) -> tuple[datetime, datetime]:
    return month_start(year, month, like), month_start(year, month + months, like)


def year_window(year: int, like: datetime) -> tuple[datetime, datetime]:
    return month_window(year, 1, like, 12)


def week_start(moment: datetime) -> datetime:
    return day_start(moment) - timedelta(days=moment.weekday())


Resolver = Callable[[re.Match[str], datetime], Window | None]


def count_of(raw: str) -> int:
    raw = " ".join(raw.split())
    return int(raw) if raw.isdigit() else NUMBERS[raw]


def ago(match: re.Match[str], ref: datetime) -> Window:
    count, unit = count_of(match.group("n")), match.group("unit")
    if unit.startswith("day"):
        start = day_start(ref) - timedelta(days=count)
        return start, start + timedelta(days=1)
    if unit.startswith("week"):
        start = week_start(ref) - timedelta(weeks=count)
        return start, start + timedelta(weeks=1)
    if unit.startswith("month"):
        return month_window(ref.year, ref.month - count, ref)
    return year_window(ref.year - count, ref)


def half_ago(match: re.Match[str], ref: datetime) -> Window:
    """ "half a year ago": the month six months back; "half a month ago": the week two weeks
    back; "half a week ago": the day three days back."""
    unit = match.group("unit")
    if unit == "year":
        return month_window(ref.year, ref.month - 6, ref)
    if unit == "month":
        start = week_start(ref) - timedelta(weeks=2)
        return start, start + timedelta(weeks=1)
    start = day_start(ref) - timedelta(days=3)
    return start, start + timedelta(days=1)


def relative(unit: str, offset: int) -> Resolver:
    def resolve(_match: re.Match[str], ref: datetime) -> Window:
        if unit == "day":
            start = day_start(ref) + timedelta(days=offset)
            return start, start + timedelta(days=1)
        if unit == "week":
            start = week_start(ref) + timedelta(weeks=offset)
            return start, start + timedelta(weeks=1)
        if unit == "month":
            return month_window(ref.year, ref.month + offset, ref)
        return year_window(ref.year + offset, ref)

    return resolve


def month_index(name: str) -> int:
    name = name.lower()
    return (MONTHS.index(name) if name in MONTHS else MONTH_ABBREVIATIONS.index(name[:3])) + 1


def since(match: re.Match[str], window: Window, ref: datetime) -> Window:
    if match.group(0).startswith("since"):
        return window[0], day_start(ref) + timedelta(days=1)
    return window


def named_month(match: re.Match[str], ref: datetime) -> Window:
    month = month_index(match.group("month"))
    year_text = match.group("year")
    if year_text:
        year = int(year_text)
    else:  # the latest such month on or before the reference month ("last May" too)
        year = ref.year if month <= ref.month else ref.year - 1
        if match.group("last") and month == ref.month:
            year -= 1
    return since(match, month_window(year, month, ref), ref)


def season(match: re.Match[str], ref: datetime) -> Window:
    first = SEASONS[match.group("season")]
    if match.group("year"):  # "the spring of 2022"; a winter from its December
        start = month_start(int(match.group("year")), first, ref)
        return start, month_start(start.year, start.month + 3, ref)
    which = match.group("which") or "last"
    start = month_start(ref.year, first, ref)
    if first == 12 and ref.month < 3:  # winter started last December
        start = month_start(ref.year - 1, 12, ref)
    end = month_start(start.year, start.month + 3, ref)
    not_over = which == "last" and end > day_start(ref)  # "last summer" in July: last year's
    not_begun = which == "this" and start > ref
    if not_over or not_begun:
        start, end = (
            month_start(start.year - 1, start.month, ref),
            month_start(end.year - 1, end.month, ref),
        )
    return start, end


def weekday(match: re.Match[str], ref: datetime) -> Window:
    back = (ref.weekday() - WEEKDAYS.index(match.group("wd"))) % 7 or 7
    start = day_start(ref) - timedelta(days=back)
    return start, start + timedelta(days=1)


def day_date(match: re.Match[str], ref: datetime) -> Window | None:
    day, month = int(match.group("d")), month_index(match.group("month"))
    year = int(match.group("year")) if match.group("year") else ref.year
    try:
        start = day_start(ref).replace(year=year, month=month, day=day)
    except ValueError:
        return None
    if not match.group("year") and start > ref:
        start = start.replace(year=year - 1)
    return start, start + timedelta(days=1)


def iso(match: re.Match[str], ref: datetime) -> Window | None:
    try:
        start = day_start(ref).replace(
            year=int(match.group("y")), month=int(match.group("m")), day=int(match.group("d"))
        )
    except ValueError:
        return None
    return start, start + timedelta(days=1)


def named_year(match: re.Match[str], ref: datetime) -> Window:
    return since(match, year_window(int(match.group("year")), ref), ref)


# -- still to come (memories are dated forward: graphmem/extraction/dates.py) -------------
def coming_weekday(match: re.Match[str], ref: datetime) -> Window:
    """ "next Friday", "this coming Friday": the first such day after the reference day."""
    ahead = (WEEKDAYS.index(match.group("wd")) - ref.weekday()) % 7 or 7
    start = day_start(ref) + timedelta(days=ahead)
    return start, start + timedelta(days=1)


def coming_weekend(match: re.Match[str], ref: datetime) -> Window:
    """ "this weekend" on a weekday: the coming Saturday and Sunday (on a weekend day, the
    one under way); "next weekend": the one after it."""
    saturday = week_start(ref) + timedelta(days=5)
    if match.group(0).startswith("next"):
        saturday += timedelta(weeks=1)
    return saturday, saturday + timedelta(days=2)


def coming_month(match: re.Match[str], ref: datetime) -> Window:
    """ "next June": the first June after the reference month."""
    month = month_index(match.group("month"))
    year = ref.year if month > ref.month else ref.year + 1
    return month_window(year, month, ref)


def coming_season(match: re.Match[str], ref: datetime) -> Window:
    """ "next summer": the first such season not yet begun."""
    start = month_start(ref.year, SEASONS[match.group("season")], ref)
    if start <= ref:
        start = month_start(start.year + 1, start.month, ref)
    return start, month_start(start.year, start.month + 3, ref)


#: A question told in the past ("What did Jon do next?") asks what followed then, not what
#: is still to come.
_TOLD_BEFORE = re.compile(r"\b(?:did|didn't|was|wasn't|were|weren't|had)\b")
#: How far ahead "next" reaches: a year from the reference day.
AHEAD_DAYS = 365


def upcoming(match: re.Match[str], ref: datetime) -> Window | None:
    """ "Which marathon is Tom running next?", "When is my next practical?", "any upcoming
    trips?": what is still to come, a year from the reference day; None for a question told
    in the past."""
    if _TOLD_BEFORE.search(match.string) is not None:
        return None
    start = day_start(ref)
    return start, start + timedelta(days=AHEAD_DAYS)
