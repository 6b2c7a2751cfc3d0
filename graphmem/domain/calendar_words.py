"""English calendar words shared by the readers of time: event dates at ingest
(:mod:`graphmem.extraction.dates`), a query's time intent (:mod:`graphmem.search.intent`),
memories that say when (:mod:`graphmem.search.when`) and update pairing's values
(:mod:`graphmem.search.updates`). Lower case, in calendar order."""

from __future__ import annotations

import calendar

WEEKDAYS = tuple(day.lower() for day in calendar.day_name)  # monday … sunday
MONTHS = tuple(month.lower() for month in calendar.month_name if month)  # january … december
MONTH_ABBREVIATIONS = tuple(month.lower() for month in calendar.month_abbr if month)  # jan … dec
#: Northern-hemisphere seasons and the month each starts in.
SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}
