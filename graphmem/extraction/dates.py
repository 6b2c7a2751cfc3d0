"""Resolve a relative date expression in a message against the observation time.

:func:`resolve_relative` finds the *first* (leftmost) expression below in the text,
case-insensitively, and returns the moment it denotes, keeping ``observed_at``'s tzinfo
(naive stays naive). It never rewrites the text and returns ``None`` when nothing matches.

========================================  ============================================
expression                                result
========================================  ============================================
``today``, ``tonight``, ``this morning``  ``observed_at``
``yesterday``, ``last night``             ``observed_at - 1 day``
``the day before yesterday``              ``observed_at - 2 days``
``last week``                             ``observed_at - 7 days``
``last month`` / ``last year``            same day one month / year earlier (clamped)
``N days/weeks/months/years ago``         ``observed_at`` minus that span; N is digits,
                                          ``a``/``an``, ``one`` .. ``twelve`` or
                                          ``a couple of``
``last <weekday>``                        midnight of the latest such weekday strictly
                                          before the observation day
``on <weekday>``                          midnight of the latest such weekday on or
                                          before the observation day
``in <month>`` / ``last <month>``         midnight of the 1st of the latest such month
                                          on or before the observation month
``in <year>`` (1900-2199)                 midnight of 1 January of that year
========================================  ============================================

Future expressions (``tomorrow``, ``next week``) are not resolved: graphmem records what
has happened.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from datetime import datetime, timedelta

_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "a couple of": 2,
}  # fmt: skip
_WEEKDAYS = [day.lower() for day in calendar.day_name]
_MONTHS = [month.lower() for month in calendar.month_name if month]
_WEEKDAY_RE = "|".join(_WEEKDAYS)
_MONTH_RE = "|".join(_MONTHS)
_NUMBER_RE = r"\d{1,3}|a couple of|" + "|".join(sorted(_NUMBERS, key=len, reverse=True))

Resolver = Callable[[re.Match[str], datetime], datetime | None]


def shift_months(moment: datetime, months: int) -> datetime:
    """``moment`` moved by whole months, the day clamped to the target month's length."""
    index = moment.year * 12 + moment.month - 1 + months
    year, month = divmod(index, 12)
    if not 1 <= year <= 9999:
        raise OverflowError("date out of range")
    day = min(moment.day, calendar.monthrange(year, month + 1)[1])
    return moment.replace(year=year, month=month + 1, day=day)


def _midnight(moment: datetime) -> datetime:
    return moment.replace(hour=0, minute=0, second=0, microsecond=0)


def _days(days: int) -> Resolver:
    return lambda _match, observed: observed - timedelta(days=days)


def _months(months: int) -> Resolver:
    return lambda _match, observed: shift_months(observed, -months)


def _ago(match: re.Match[str], observed: datetime) -> datetime:
    raw, unit = match.group("n").lower(), match.group("unit").lower()
    count = int(raw) if raw.isdigit() else _NUMBERS[re.sub(r"\s+", " ", raw)]
    if unit.startswith("day"):
        return observed - timedelta(days=count)
    if unit.startswith("week"):
        return observed - timedelta(weeks=count)
    return shift_months(observed, -count * (12 if unit.startswith("year") else 1))


def _weekday(strict: bool) -> Resolver:
    def resolve(match: re.Match[str], observed: datetime) -> datetime:
        back = (observed.weekday() - _WEEKDAYS.index(match.group("day").lower())) % 7
        if strict and back == 0:
            back = 7
        return _midnight(observed - timedelta(days=back))

    return resolve


def _month(match: re.Match[str], observed: datetime) -> datetime:
    month = _MONTHS.index(match.group("month").lower()) + 1
    year = observed.year if month <= observed.month else observed.year - 1
    return _midnight(observed.replace(year=year, month=month, day=1))


def _year(match: re.Match[str], observed: datetime) -> datetime | None:
    year = int(match.group("year"))
    if year > observed.year:
        return None
    return _midnight(observed.replace(year=year, month=1, day=1))


_RULES: list[tuple[re.Pattern[str], Resolver]] = [
    (re.compile(rf"\b(?P<n>{_NUMBER_RE})\s+(?P<unit>days?|weeks?|months?|years?)\s+ago\b"), _ago),
    (re.compile(r"\bthe\s+day\s+before\s+yesterday\b"), _days(2)),
    (re.compile(r"\b(?:yesterday|last\s+night)\b"), _days(1)),
    (re.compile(r"\b(?:today|tonight|this\s+morning)\b"), _days(0)),
    (re.compile(r"\blast\s+week\b"), _days(7)),
    (re.compile(r"\blast\s+month\b"), _months(1)),
    (re.compile(r"\blast\s+year\b"), _months(12)),
    (re.compile(rf"\blast\s+(?P<day>{_WEEKDAY_RE})\b"), _weekday(strict=True)),
    (re.compile(rf"\bon\s+(?P<day>{_WEEKDAY_RE})\b"), _weekday(strict=False)),
    (re.compile(rf"\b(?:in|last)\s+(?P<month>{_MONTH_RE})\b"), _month),
    (re.compile(r"\bin\s+(?P<year>(?:19|20|21)\d\d)\b"), _year),
]


def resolve_relative(text: str, observed_at: datetime) -> datetime | None:
    """The moment denoted by the leftmost relative date expression in ``text``, if any."""
    lowered = text.lower()
    best: tuple[int, int, re.Match[str], Resolver] | None = None
    for order, (pattern, resolver) in enumerate(_RULES):
        match = pattern.search(lowered)
        if match and (best is None or (match.start(), order) < best[:2]):
            best = (match.start(), order, match, resolver)
    if best is None:
        return None
    try:
        return best[3](best[2], observed_at)
    except (OverflowError, ValueError):
        return None
