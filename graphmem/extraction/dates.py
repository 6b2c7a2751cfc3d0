"""Resolve a relative date expression in a message against the observation time.

:func:`resolve_relative` finds the *first* (leftmost) expression below in the text,
case-insensitively, and returns the moment it denotes, keeping ``observed_at``'s tzinfo
(naive stays naive). It never rewrites the text and returns ``None`` when nothing matches.

========================================  ============================================
expression                                result
========================================  ============================================
``today``, ``tonight``, ``this morning``  ``observed_at``
``this week`` / ``month`` / ``year``      ``observed_at`` (also ``earlier this …``)
``yesterday``, ``last night``             ``observed_at - 1 day``
``the day before yesterday``              ``observed_at - 2 days``
``last week``, ``this past week``         ``observed_at - 7 days``
``the week before last``                  ``observed_at - 14 days``
``last month`` / ``last year``            same day one month / year earlier (clamped)
``N days/weeks/months/years ago``         ``observed_at`` minus that span; N is digits,
(or ``back``)                             ``a``/``an``, ``one`` .. ``twelve``,
                                          ``(a) couple (of)``, ``a few``, ``several``
``half a year / month / week ago``        six months / two weeks / three days back
``this weekend``                          midnight of its Saturday (the coming one, said
                                          on a weekday)
``last weekend``, ``this past weekend``,  midnight of the Saturday of the latest weekend
``over the weekend``                      before the observation day's own weekend
``N weekends ago``,                       that Saturday, N - 1 weeks earlier
``the weekend before last``               (N = 2)
``last <weekday>`` (or ``Tues``, ``Fri``  midnight of the latest such weekday strictly
…), ``this past <weekday>``               before the observation day
``on <weekday>``                          midnight of the latest such weekday on or
                                          before the observation day
``in <month>`` / ``last <month>``,        midnight of the 1st of the latest such month
``early / mid / late <month>``,           on or before the observation month
``the beginning / end of <month>``
``last <season>``                         the 1st of the latest such season already over
                                          (spring March, summer June, autumn / fall
                                          September, winter December)
``this <season>``                         the 1st of the latest such season begun
``<month> <year>``, ``<day> <month>``,    that day (the 1st for a month); without a year
``<month> <day>`` (``[,] <year>``)        the latest one on or before the observation
                                          ("May" only with an ordinal or a year: "2 may
                                          be" is a verb)
``in <year>`` (1900-2199)                 midnight of 1 January of that year
========================================  ============================================

Expressions of what is still to come (since the eleventh stop; before, they were left
unresolved) resolve forward:

========================================  ============================================
``tomorrow``, ``the day after tomorrow``  ``observed_at + 1`` / ``+ 2`` days
``next week`` / ``month`` / ``year``      seven days / one month / one year later
``in N days/weeks/months/years``          ``observed_at`` plus that span
``next weekend``                          midnight of the Saturday after "this weekend"
``next <weekday>``, ``this coming …``     midnight of the first such weekday after the day
``next <month>``                          the 1st of the first such month after this one
``next <season>``                         the 1st of the first such season not yet begun
========================================  ============================================

A month or day without its year that a future word precedes in its sentence ("starting at
Roche in August", "the wedding is on the 14th of February") is the next one, not the last
(told in June, August is this August; told in November, February is next February).
So is ``on <weekday>`` after a future word, a scheduled "is" or a present progressive ("we're
driving to the Alps on Friday", "the party is on Friday"): the first such day from the day
of telling on.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from datetime import datetime, timedelta

from graphmem.domain.calendar_words import ENTERED, MONTHS, NUMBER_WORDS, SEASONS, WEEKDAYS

_NUMBERS = {
    "a": 1, "an": 1, **NUMBER_WORDS,
    "a couple of": 2, "a couple": 2, "couple of": 2, "a few": 3, "several": 3,
}  # fmt: skip
# full names, then the usual short forms ("last Tues", "on Fri."), each a whole word: "on
# satellite" and "on month three" name no day, and "on Thursdays" is a habit, not a date
_WEEKDAY_RE = (
    "(?:" + "|".join([*WEEKDAYS, r"mon|tues?|wed|thu(?:rs?)?|fri|sat|sun"]) + r")(?:\.|\b)"
)
_MONTH_RE = "|".join(MONTHS)
_SEASON_RE = "|".join(SEASONS)
_YEAR_RE = r"(?:19|20|21)\d\d"
_DAY_RE = r"[0-3]?\d(?:st|nd|rd|th)?"
_NUMBER_RE = r"\d{1,3}|" + "|".join(sorted(_NUMBERS, key=len, reverse=True))

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


def _count(match: re.Match[str]) -> int:
    raw = re.sub(r"\s+", " ", match.group("n").lower())
    return int(raw) if raw.isdigit() else _NUMBERS[raw]


def _ago(match: re.Match[str], observed: datetime) -> datetime:
    count, unit = _count(match), match.group("unit").lower()
    if unit.startswith("day"):
        return observed - timedelta(days=count)
    if unit.startswith("week"):
        return observed - timedelta(weeks=count)
    return shift_months(observed, -count * (12 if unit.startswith("year") else 1))


def _weekday(strict: bool) -> Resolver:
    def resolve(match: re.Match[str], observed: datetime) -> datetime:
        day = [d[:3] for d in WEEKDAYS].index(match.group("day").lower()[:3])
        back = (observed.weekday() - day) % 7
        if strict and back == 0:
            back = 7
        return _midnight(observed - timedelta(days=back))

    return resolve


def _saturday(observed: datetime) -> datetime:
    """Midnight of the latest Saturday on or before the observation day."""
    return _midnight(observed - timedelta(days=(observed.weekday() - 5) % 7))


def _this_weekend(_match: re.Match[str], observed: datetime) -> datetime | None:
    # said on a weekday, "this weekend" is the coming one
    return _saturday(observed) + timedelta(weeks=0 if observed.weekday() >= 5 else 1)


def _weekends_ago(weeks: int | None = None) -> Resolver:
    """The weekend before the observation day's own one ("last weekend"), or N back."""

    def resolve(match: re.Match[str], observed: datetime) -> datetime:
        back = (weeks if weeks is not None else _count(match)) - 1
        own = 1 if observed.weekday() >= 5 else 0  # said on a weekend: the one before
        return _saturday(observed) - timedelta(weeks=back + own)

    return resolve


def _half_ago(match: re.Match[str], observed: datetime) -> datetime:
    """ "half a year ago" is six months back, "half a month" two weeks, "half a week" three
    days (not "a year ago", which the number rule would read in it)."""
    unit = match.group("unit").lower()
    if unit == "year":
        return shift_months(observed, -6)
    return observed - timedelta(days=14 if unit == "month" else 3)


def _later(unit: str, count: int = 1) -> Resolver:
    """``count`` days, weeks, months or years after the observation."""

    def resolve(_match: re.Match[str], observed: datetime) -> datetime:
        if unit == "day":
            return observed + timedelta(days=count)
        if unit == "week":
            return observed + timedelta(weeks=count)
        return shift_months(observed, count * (12 if unit == "year" else 1))

    return resolve


def _in(match: re.Match[str], observed: datetime) -> datetime | None:
    """ "in three weeks", "in a couple of days": that span after the observation."""
    unit = match.group("unit").lower().rstrip("s")
    return _later(unit, _count(match))(match, observed)


_ON_WEEKDAY = _weekday(strict=False)


def _next_weekday(match: re.Match[str], observed: datetime, *, today: bool = False) -> datetime:
    """The first such weekday after the day of telling; ``today``: from that day on ("on
    Friday" told on a Friday of something ahead is that day)."""
    day = [d[:3] for d in WEEKDAYS].index(match.group("day").lower()[:3])
    ahead = (day - observed.weekday()) % 7
    if ahead == 0 and not today:
        ahead = 7
    return _midnight(observed + timedelta(days=ahead))


def _next_weekend(_match: re.Match[str], observed: datetime) -> datetime:
    """The weekend after "this weekend" (:func:`_this_weekend`)."""
    return _saturday(observed) + timedelta(weeks=1 if observed.weekday() >= 5 else 2)


def _next_month(match: re.Match[str], observed: datetime) -> datetime:
    month = MONTHS.index(match.group("month").lower()) + 1
    year = observed.year if month > observed.month else observed.year + 1
    return _midnight(observed.replace(year=year, month=month, day=1))


def _next_season(match: re.Match[str], observed: datetime) -> datetime:
    start = _midnight(observed.replace(day=1, month=SEASONS[match.group("season").lower()]))
    return start if start > observed else start.replace(year=start.year + 1)


def _month(match: re.Match[str], observed: datetime) -> datetime:
    named = match.groupdict().get("month") or match.group("month2")
    month = MONTHS.index(named.lower()) + 1
    year = observed.year if month <= observed.month else observed.year - 1
    return _midnight(observed.replace(year=year, month=month, day=1))


def _season(over: bool) -> Resolver:
    """The 1st of the latest such season already over ("last summer") or begun ("this")."""

    def resolve(match: re.Match[str], observed: datetime) -> datetime:
        first = SEASONS[match.group("season").lower()]
        start = _midnight(observed.replace(day=1, month=first))
        if start > observed:
            start = start.replace(year=start.year - 1)
        if over and shift_months(start, 3) > observed:
            start = start.replace(year=start.year - 1)
        return start

    return resolve


def _date(match: re.Match[str], observed: datetime) -> datetime | None:
    """A day or month named in words, its year given or the latest on or before."""
    month = MONTHS.index(match.group("month").lower()) + 1
    raw_day, year = match.groupdict().get("day"), match.groupdict().get("year")
    if month == 5 and raw_day and raw_day.isdigit() and not year and " of " not in match[0]:
        return None  # "2 may be enough", "you may 2x it": the verb
    day = int(re.sub(r"\D", "", raw_day or "1"))
    if year:
        moment = _midnight(observed.replace(year=int(year), month=month, day=day))
        return moment if moment <= observed else None
    moment = _midnight(observed.replace(month=month, day=day))
    return moment if moment <= observed else moment.replace(year=moment.year - 1)


def _year(match: re.Match[str], observed: datetime) -> datetime | None:
    year = int(match.group("year"))
    if year > observed.year:
        return None
    return _midnight(observed.replace(year=year, month=1, day=1))


_RULES: list[tuple[re.Pattern[str], Resolver]] = [
    (re.compile(r"\bhalf\s+an?\s+(?P<unit>week|month|year)\s+(?:ago|back)\b"), _half_ago),
    (
        re.compile(
            rf"(?<!half\s)\b(?P<n>{_NUMBER_RE})\s+(?P<unit>days?|weeks?|months?|years?)"
            r"\s+(?:ago|back)\b"
        ),
        _ago,
    ),
    (re.compile(rf"\b(?P<n>{_NUMBER_RE})\s+weekends?\s+ago\b"), _weekends_ago()),
    (re.compile(r"\bthe\s+day\s+before\s+yesterday\b"), _days(2)),
    (re.compile(r"\b(?:yesterday|last\s+night)\b"), _days(1)),
    (re.compile(r"\b(?:today|tonight|this\s+morning)\b"), _days(0)),
    (re.compile(r"\b(?:earlier\s+)?this\s+(?:week|month|year)\b"), _days(0)),
    (re.compile(r"\bthe\s+week\s+before\s+last\b"), _days(14)),
    (re.compile(r"\bthe\s+weekend\s+before\s+last\b"), _weekends_ago(2)),
    (re.compile(r"\b(?:last|this\s+past)\s+week\b"), _days(7)),
    (re.compile(r"\b(?:last|this\s+past|past|over\s+the)\s+weekend\b"), _weekends_ago(1)),
    (re.compile(r"\bthis\s+weekend\b"), _this_weekend),
    (re.compile(r"\bthe\s+day\s+after\s+tomorrow\b"), _later("day", 2)),
    (re.compile(r"\btomorrow\b"), _later("day")),
    (re.compile(r"\bnext\s+week\b"), _later("week")),
    (re.compile(r"\bnext\s+month\b"), _later("month")),
    (re.compile(r"\bnext\s+year\b"), _later("year")),
    (re.compile(r"\bnext\s+weekend\b"), _next_weekend),
    (re.compile(rf"\b(?:next|this\s+coming)\s+(?P<day>{_WEEKDAY_RE})"), _next_weekday),
    (re.compile(rf"\b(?:next|from)\s+(?P<month>{_MONTH_RE})\b(?!\s+(?:to|till)\b)"), _next_month),
    (re.compile(rf"\bnext\s+(?P<season>{_SEASON_RE})\b"), _next_season),
    (
        re.compile(rf"\bin\s+(?P<n>{_NUMBER_RE})\s+(?P<unit>days?|weeks?|months?|years?)\b"),
        _in,
    ),
    (re.compile(r"\blast\s+month\b"), _months(1)),
    (re.compile(r"\blast\s+year\b"), _months(12)),
    (re.compile(rf"\blast\s+(?P<season>{_SEASON_RE})\b"), _season(over=True)),
    (re.compile(rf"\bthis\s+(?:past\s+)?(?P<season>{_SEASON_RE})\b"), _season(over=False)),
    (re.compile(rf"\b(?:last|this\s+past)\s+(?P<day>{_WEEKDAY_RE})"), _weekday(strict=True)),
    # not a habit: "on Saturdays", "classes on Tuesday evenings"
    (
        re.compile(
            rf"\bon\s+(?P<day>{_WEEKDAY_RE})(?!\s+(?i:mornings|afternoons|evenings|nights)\b)"
        ),
        _ON_WEEKDAY,
    ),
    (re.compile(rf"\b(?P<month>{_MONTH_RE}),?\s+(?P<year>{_YEAR_RE})\b"), _date),
    (
        re.compile(
            rf"\b(?P<day>{_DAY_RE})\s+(?:of\s+)?(?P<month>{_MONTH_RE})\b"
            rf"(?:,?\s+(?P<year>{_YEAR_RE})\b)?"
        ),
        _date,
    ),
    (
        re.compile(
            rf"\b(?P<month>{_MONTH_RE})\s+(?:the\s+)?(?P<day>{_DAY_RE})\b(?!:)"
            rf"(?:,?\s+(?P<year>{_YEAR_RE})\b)?"
        ),
        _date,
    ),
    (re.compile(rf"\b(?:in|last|for)\s+(?P<month>{_MONTH_RE})\b(?!,?\s+{_YEAR_RE})"), _month),
    (
        re.compile(
            rf"\b(?:early|mid|late)[\s-]+(?P<month>{_MONTH_RE})\b(?!,?\s+{_YEAR_RE})"
            rf"|\b(?:beginning|start|middle|end)\s+of\s+(?P<month2>{_MONTH_RE})\b"
            rf"(?!,?\s+{_YEAR_RE})"
        ),
        _month,
    ),
    (re.compile(rf"\bin\s+(?P<year>{_YEAR_RE})\b"), _year),
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
        moment = best[3](best[2], observed_at)
    except (OverflowError, ValueError):
        return None
    if moment is not None and _ahead(text, best[2], best[3], moment, observed_at):
        return _forward(moment, best[2])
    if best[3] is _ON_WEEKDAY and _told_ahead(text, best[2], progressive=True):
        return _next_weekday(best[2], observed_at, today=True)  # "we're driving up on Friday"
    return moment


#: Words that put what follows them ahead of the telling ("starting at Roche in August",
#: "we're flying to Lima in March", "the baby is due in May", an event entered).
_FUTURE = re.compile(
    r"\b(?:will|going\s+to|gonna|starting|starts|to\s+start|due|expecting|planning|"
    r"plan\s+to|hoping\s+to|about\s+to|moving|(?:re)?scheduled|(?:re-?)?booked|coming|upcoming|"
    rf"flying|leaving|heading|moves|goes|begins|leaves|arrives|flies|opens)\b|'ll\b|{ENTERED}"
)

#: A date a present tense puts on the calendar ("the wedding is on the 14th of February",
#: "our anniversary's in June"): the next one, not the last (said in November of a wedding).
_SCHEDULED = re.compile(r"(?:\bis|\bare|'s)\s+(?:(?:on|in|set\s+for)\s+(?:the\s+)?)?$")


def _ahead(
    text: str, match: re.Match[str], resolver: Resolver, moment: datetime, observed: datetime
) -> bool:
    """A month or day without its year, told of what is still to come: its latest past
    occurrence is not what was meant (and future dates are not resolved)."""
    if resolver not in (_month, _date) or match.groupdict().get("year"):
        return False
    if moment >= _midnight(observed.replace(day=1)):
        return False
    return _told_ahead(text, match)


#: A present progressive ("we're driving", "I am meeting"): with a weekday, what is ahead.
_PROGRESSIVE = re.compile(r"(?:'re|'m|\bare|\bam|\bis)\s+(?:\w+\s+)?\w+ing\b")
#: A name's possessive right before the date ("at St Anne's in September"): no "is".
_NAMES_OWN = re.compile(r"\b[A-Z][\w-]*['’]s\s+(?:(?:on|in)\s+(?:the\s+)?)?$")


def _told_ahead(text: str, match: re.Match[str], *, progressive: bool = False) -> bool:
    """Whether the words before ``match`` in its sentence put it ahead of the telling."""
    before = re.split(r"[.!?;]", text[max(0, match.start() - 60) : match.start()])[-1]
    owned = _NAMES_OWN.search(before) is not None  # "Yusuf started at St Anne's in May"
    cues = (_FUTURE, *(() if owned else (_SCHEDULED,)), *((_PROGRESSIVE,) if progressive else ()))
    return any(cue.search(before.lower()) is not None for cue in cues)


def _forward(moment: datetime, match: re.Match[str]) -> datetime:
    """The next occurrence of a month or day resolved to its last one: a year on, and for a
    month named alone its 1st ("in August", told in June, is this August)."""
    try:
        return moment.replace(year=moment.year + 1)
    except ValueError:  # 29 February
        return moment.replace(year=moment.year + 1, day=28)
