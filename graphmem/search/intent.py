"""A query's time intent, read deterministically and offline (no LLM call, ever).

:func:`detect` returns one of

- ``window``: an explicit time ("in May", "last summer", "two years ago", "on 7 May 2023",
  "yesterday") resolved against the reference date into a half-open window ``[start, end)``;
- ``current``: the query asks about now ("now", "currently", "these days", "at the moment",
  "my current situation"; since the seventeenth stop also a question in the present about
  where someone lives or works or what they do for a living: "Where does Dmytro live?");
  ``whole`` says it asks about the situation as a whole ("my
  current situation", "given how things are now") rather than one topic of it ("the
  current kitchen budget", "where do I work now"); ``constraints`` says it asks what to
  avoid ("What should I avoid for dinner with Alice?", "anything Tom can't eat?"), which
  is also read as current;
- ``past``: the query asks about an earlier period ("before", "used to", "back then",
  "previously", "when I lived in X" — the clause after "when" is kept as ``anchor``);
- ``general``: no time intent; search then gives no temporal score.

Orthogonal to the kind, ``asks`` says the query asks *for* a time it does not give ("When
did Caroline join the group?", "what year…", "how long ago…", :mod:`graphmem.search.when`):
memories that state a time then score (a "when" question is not read as a past clause).

An explicit window wins over a current or past cue ("what did I use to eat in 2022?" is
about 2022). Every pattern is a fixed alternation over bounded word runs, so matching stays
linear in the query's length (the query is also capped before it gets here).
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Literal

from pydantic import BaseModel

from graphmem.domain.calendar_words import MONTHS, WEEKDAYS
from graphmem.search import windows as w
from graphmem.search.time_cues import (
    CONSTRAINT_CUES,
    CURRENT_CUES,
    PAST_CUES,
    PAST_STATE_CUES,
    PRESENT_STATE_CUES,
    SERVED_CUES,
    SITUATION_CUES,
    WHEN_CLAUSE,
    topic_words,
)
from graphmem.search.when import asks_time as when_asked

IntentKind = Literal["current", "past", "window", "general"]


class TimeIntent(BaseModel):
    """What a query asks of time. ``start``/``end`` bound an explicit window (half-open)."""

    kind: IntentKind = "general"
    cue: str | None = None
    start: datetime | None = None
    end: datetime | None = None
    anchor: str | None = None  # "when I lived in Beijing" -> "in beijing"
    # current: the situation as a whole, not one topic of it; window or past: the time itself
    # is all the query asks about ("what did I do two months ago?", "back then?")
    whole: bool = False
    asks: bool = False  # the query asks for a time ("when did…", "what year…")
    # current: the query asks what to avoid ("What should I avoid for dinner with Alice?"):
    # the constraints of the people it is about and of their companions are its facts
    constraints: bool = False
    # food made for others ("what cake should I bake for Karl's daughter?"): their
    # constraints, not the cook's own (search/time_cues.py, ``SERVED_CUES``)
    served: bool = False
    # The window names no year ("in June", "in the summer", "on 4 July"): the latest such
    # window is meant, and search takes the latest one that holds memories of the scope.
    yearless: bool = False
    # past read from the tense alone ("Where did Gary work?"): general when none of the
    # states it may ask about ended (search/temporal.py)
    tensed: bool = False

    def describe(self) -> str:
        """One line for ``explain``."""
        asks = "; asks when: memories that state a time score" if self.asks else ""
        if self.kind == "general":
            return ("general" + asks) if self.asks else "general (no time intent)"
        text = f"{self.kind} ({self.cue!r}{', constraints' if self.constraints else ''})"
        if self.start is not None and self.end is not None:
            text += f": {self.start.isoformat()} .. {self.end.isoformat()}"
        if self.anchor:
            text += f", anchored on {self.anchor!r}"
        return text + asks


# "may" is also a verb: as a day's month it needs "on"/"of" before it or a year after it.
_DAY_MONTH = rf"(?P<d>[0-3]?\d)(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<month>{w.MONTH_RE})"
_MONTH_DAY = rf"(?P<month>{w.MONTH_RE})\s+(?P<d>[0-3]?\d)(?:st|nd|rd|th)?"
_ORD = r"(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>(?:19|20)\d\d)"
_YEAR_TAIL = r"(?:,?\s+(?P<year>(?:19|20)\d\d))?"

_RULES: list[tuple[re.Pattern[str], w.Resolver]] = [
    (re.compile(r"\b(?P<y>(?:19|20)\d\d)-(?P<m>[01]\d)-(?P<d>[0-3]\d)\b"), w.iso),
    (re.compile(rf"\b{_DAY_MONTH}{_YEAR_TAIL}\b"), w.day_date),
    (
        re.compile(rf"\b{_MONTH_DAY}\b(?!\s*(?:am|pm|:))(?:,?\s+(?P<year>(?:19|20)\d\d))?\b"),
        w.day_date,
    ),
    (
        re.compile(
            rf"\b(?:on|of)\s+(?P<d>[0-3]?\d){_ORD}\s+(?:of\s+)?(?P<month>may){_YEAR_TAIL}\b"
        ),
        w.day_date,
    ),
    (re.compile(rf"\b(?P<d>[0-3]?\d){_ORD}\s+(?:of\s+)?(?P<month>may),?\s+{_YEAR}\b"), w.day_date),
    (re.compile(rf"\b(?:on\s+)?(?P<month>may)\s+(?P<d>[0-3]?\d){_ORD},?\s+{_YEAR}\b"), w.day_date),
    (re.compile(rf"\bon\s+(?P<month>may)\s+(?P<d>[0-3]?\d){_ORD}\b(?P<year>)"), w.day_date),
    (re.compile(r"\bhalf\s+an?\s+(?P<unit>year|month|week)\s+(?:ago|back)\b"), w.half_ago),
    (
        re.compile(rf"(?<!half\s)\b(?P<n>{w.NUM_RE})\s+(?P<unit>{w.UNIT_RE})\s+(?:ago|back)\b"),
        w.ago,
    ),
    (re.compile(r"\bthe\s+week(?:end)?\s+before\s+last\b"), w.relative("week", -2)),
    (re.compile(r"\bthe\s+day\s+before\s+yesterday\b"), w.relative("day", -2)),
    (re.compile(r"\b(?:yesterday|last\s+night)\b"), w.relative("day", -1)),
    (re.compile(r"\b(?:today|tonight|this\s+morning)\b"), w.relative("day", 0)),
    (re.compile(r"\blast\s+week(?:end)?\b"), w.relative("week", -1)),
    (re.compile(r"\bthis\s+week\b"), w.relative("week", 0)),
    (re.compile(r"\blast\s+month\b"), w.relative("month", -1)),
    (re.compile(r"\bthis\s+month\b"), w.relative("month", 0)),
    (re.compile(r"\blast\s+year\b"), w.relative("year", -1)),
    # what is still to come, now that memories are dated forward (extraction/dates.py)
    (re.compile(r"\btomorrow\b"), w.relative("day", 1)),
    (re.compile(r"\bnext\s+week\b"), w.relative("week", 1)),
    (re.compile(r"\bnext\s+month\b"), w.relative("month", 1)),
    (re.compile(r"\bnext\s+year\b"), w.relative("year", 1)),
    (re.compile(r"\bthis\s+year\b"), w.relative("year", 0)),
    (re.compile(r"\b(?:this|next)\s+weekend\b"), w.coming_weekend),
    (re.compile(rf"\b(?:next|this\s+coming)\s+(?P<wd>{'|'.join(WEEKDAYS)})\b"), w.coming_weekday),
    (re.compile(rf"\bnext\s+(?P<month>{'|'.join(MONTHS)})\b"), w.coming_month),
    (re.compile(r"\bnext\s+(?P<season>spring|summer|autumn|fall|winter)\b"), w.coming_season),
    (
        re.compile(
            r"\b(?:(?P<which>last|this)\s+|(?:in|during|over)\s+(?:the\s+)?)"
            r"(?P<season>spring|summer|autumn|fall|winter)"
            r"(?:,?\s+(?:of\s+)?(?P<year>(?:19|20)\d\d))?\b"
        ),
        w.season,
    ),
    (re.compile(rf"\b(?:last|this\s+past)\s+(?P<wd>{'|'.join(WEEKDAYS)})\b"), w.weekday),
    (
        re.compile(
            rf"\b(?:early|mid|late)[\s-]+(?P<month>{'|'.join(MONTHS)})"
            rf"(?:\s+(?P<year>(?:19|20)\d\d))?\b(?P<last>)"
        ),
        w.named_month,
    ),
    (
        re.compile(
            rf"\b(?:(?P<last>last)|in|during|since|of)\s+(?P<month>{'|'.join(MONTHS)})"
            rf"(?:\s+(?P<year>(?:19|20)\d\d))?\b"
        ),
        w.named_month,
    ),
    (re.compile(r"\b(?:in|during|since|of)\s+(?P<year>(?:19|20)\d\d)\b"), w.named_year),
    # "next" with no time after it (those are read above): what is still to come
    (re.compile(r"\b(?:next|upcoming|coming\s+up)\b(?!\s+(?:to|door)\b)"), w.upcoming),
]


def _yearless(match: re.Match[str], resolver: w.Resolver) -> bool:
    """A month, a season or a day named without a year or a "last" / "this"."""
    groups = match.groupdict()
    if resolver is w.season:
        return not groups.get("which") and not groups.get("year")
    named = resolver in (w.named_month, w.day_date) and not match.group(0).startswith("since")
    return named and not groups.get("year") and not groups.get("last")


def _window(text: str, ref: datetime) -> tuple[str, w.Window, bool] | None:
    for pattern, resolver in _RULES:
        match = pattern.search(text)
        if match is None:
            continue
        try:
            window = resolver(match, ref)
        except (OverflowError, ValueError, KeyError):
            window = None
        if window is not None:
            return match.group(0), window, _yearless(match, resolver)
    return None


_SPAN_DAYS = {"day": 1, "night": 1, "week": 7, "weekend": 7, "month": 30, "year": 365}
# "the week before 3 August", "two weeks before …", "the month after …": the text just
# before a window's cue.
_SPAN = re.compile(
    rf"\b(?:(?P<n>{w.NUM_RE})\s+)?(?P<unit>days?|nights?|weeks?|weekends?|months?|years?)"
    r"\s+(?P<side>before|prior\s+to|after|following)\s+(?:the\s+|on\s+)?$"
)


def _spanned(text: str, cue: str, window: w.Window) -> w.Window:
    """ "N weeks before <day>": the span up to the day, the day included (what was said on
    it about "last week" belongs to it); "after": the day and the span that follows."""
    match = _SPAN.search(text[: text.find(cue)])
    if match is None:
        return window
    count = w.count_of(match.group("n")) if match.group("n") else 1
    span = timedelta(days=count * _SPAN_DAYS[match.group("unit").rstrip("s")])
    if match.group("side") in ("after", "following"):
        return window[0], window[1] + span
    return window[0] - span, window[1]


def detect(query: str, reference: datetime) -> TimeIntent:
    """Read ``query``'s time intent relative to ``reference`` (see the module docstring)."""
    asks = when_asked(query)
    return _kind(query, reference, asks).model_copy(update={"asks": asks})


def _kind(query: str, reference: datetime, asks: bool) -> TimeIntent:
    text = " ".join(query.lower().split())
    found = _window(text, reference)
    served = None if asks else SERVED_CUES.search(text)  # "when is she going to make …"
    avoid = CONSTRAINT_CUES.search(text) or served
    current = CURRENT_CUES.search(text) or PRESENT_STATE_CUES.search(text)
    # "a restaurant this weekend, given my current situation": a time from today on that the
    # query plans for, not asks about; what holds now answers it
    ahead = found is not None and found[1][0] >= w.day_start(reference)
    if ahead and (current or avoid):
        found = None
    if found is not None:
        cue, (start, end), yearless = found
        start, end = _spanned(text, cue, (start, end))
        whole = not topic_words(text.replace(cue, " "))
        return TimeIntent(
            kind="window", cue=cue, start=start, end=end, yearless=yearless, whole=whole
        )
    when = None if asks else WHEN_CLAUSE.search(text)
    if when is not None:
        anchor = " ".join(when.group("rest").split()) or None
        whole = not topic_words(text.replace(when.group(0), " "))
        return TimeIntent(kind="past", cue=when.group(0).strip(), anchor=anchor, whole=whole)
    past = PAST_CUES.search(text)
    tensed = past is None
    past = past or PAST_STATE_CUES.search(text)
    if past is not None:
        whole = not topic_words(text.replace(past.group(0), " "))
        return TimeIntent(kind="past", cue=past.group(0), whole=whole, tensed=tensed)
    if current is not None:
        whole = SITUATION_CUES.search(text) is not None
        return TimeIntent(
            kind="current",
            cue=current.group(0),
            whole=whole,
            constraints=avoid is not None,
            served=served is not None,
        )
    if avoid is not None:  # what to avoid is what holds now
        cue = avoid.group(0).strip()
        return TimeIntent(kind="current", cue=cue, constraints=True, served=served is not None)
    return TimeIntent()
