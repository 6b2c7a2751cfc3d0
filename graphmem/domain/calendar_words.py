"""English calendar and number words shared by the readers of time: event dates at ingest
(:mod:`graphmem.extraction.dates`), a query's time intent (:mod:`graphmem.search.intent`),
memories that say when (:mod:`graphmem.search.when`) and update pairing's values
(:mod:`graphmem.search.updates`); the numbers also by the counts the patterns read ("two
kids", :mod:`graphmem.extraction.patterns`). Lower case, in calendar order."""

from __future__ import annotations

import calendar

WEEKDAYS = tuple(day.lower() for day in calendar.day_name)  # monday … sunday
MONTHS = tuple(month.lower() for month in calendar.month_name if month)  # january … december
MONTH_ABBREVIATIONS = tuple(month.lower() for month in calendar.month_abbr if month)  # jan … dec
#: Northern-hemisphere seasons and the month each starts in.
SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}
#: Numbers written as words, one to twelve ("two weeks ago", "three kids").
NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}  # fmt: skip
#: Ages written as words ("Poppy's seven now", "she's forty"): one to twelve, the teens and
#: the tens.
AGE_WORDS = {
    **NUMBER_WORDS,
    "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
    "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}  # fmt: skip

#: An event one has entered, which takes place later ("I've entered the Manchester Marathon
#: in April", "signed up for the Berlin half in September"; not "signed up for the gym in
#: March", which is when one joined): a month after it is ahead (extraction/dates.py).
ENTERED = (
    r"\b(?:signed\s+up\s+for|entered|registered\s+for|got\s+(?:a\s+)?(?:place|spot)\s+in)\s+"
    r"(?:the\s+|a\s+|an\s+)?(?:[\w'-]+\s+){0,3}?(?:marathon|half|race|10k|5k|triathlon|ultra|"
    r"sportive|tournament|competition|championships?|trek|challenge|swim|ride)\b"
)
