"""When a fact told as an event starts: the date its own sentence tells, else a start the
message tells ahead of the telling ("got the Riverside job! starting in September": the job
starts in September, though its sentence names no date), else the telling itself.

Only a date after the telling, introduced by a word of starting ("starting", "from", "begins"),
is read from the rest of the message: "I moved to Leeds! flying to Rome next week" tells no
start of the move. The lifecycle then dates the change from that start
(``cypher/lifecycle/transition.cypher``), and search counts the old fact current until then."""

from __future__ import annotations

import re
from datetime import datetime

from graphmem.extraction.dates import resolve_relative

#: A start told ahead: "starting in September", "start on Monday", "from next month".
_START = re.compile(
    r"\b(?:starting|starts|start|begins|beginning|begin|from)\b[^.!?;]{0,40}",
    re.IGNORECASE,
)


def event_start(sentence: str, message: str, observed_at: datetime) -> datetime:
    """The start of an event fact told in ``sentence`` of ``message`` (see the module)."""
    told = resolve_relative(sentence, observed_at)
    if told is not None:
        return told
    for match in _START.finditer(message):
        ahead = resolve_relative(match.group(0), observed_at)
        if ahead is not None and ahead > observed_at:
            return ahead
    return observed_at
