"""Memories that tell of a past that no longer holds.

"I used to go climbing every weekend, but not anymore", "we don't live in Leeds any
more", "back then I was a night-shift nurse": such a memory answers a question about the
past ("what hobbies did she have before?") whatever the lifecycle recorded, since the text
itself says the state ended; and it is not part of the current picture. The temporal plan
(:mod:`graphmem.search.time_plan`) gives it the full past score for a past question and
no current-period score for a current one.

The reading is a fixed alternation over the text: deterministic, offline and linear in the
text's length.
"""

from __future__ import annotations

import re

_BYGONE = re.compile(
    # "any more" only where a clause ends: "do you want any more cake?" is a quantity
    r"\b(?:used\s+to|no\s+longer|anymore|any\s+more(?=\s*(?:[.,;:!?]|$))|back\s+then"
    r"|back\s+in\s+the\s+day"
    r"|in\s+the\s+old\s+days|these\s+days\s+are\s+gone|not\s+since)\b",
    re.IGNORECASE,
)


#: "I'm used to the cold", "getting used to it": accustomed, not a past habit.
_ACCUSTOMED = re.compile(
    r"\b(?:am|'m|is|'s|are|'re|was|were|be|been|being|get|gets|got|getting)\s+$", re.IGNORECASE
)


def tells_past(text: str) -> bool:
    """Whether ``text`` says that what it tells has ended ("used to", "no longer",
    "anymore", "back then")."""
    for match in _BYGONE.finditer(text):
        if match.group(0).lower().startswith("used") and _ACCUSTOMED.search(
            text, max(0, match.start() - 12), match.start()
        ):
            continue
        return True
    return False
