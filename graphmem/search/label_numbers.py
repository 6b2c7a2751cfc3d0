"""Numbers that name a thing rather than count or price it: "plot 9", "room 12", "year 5",
"bus 38". They hold no amount or age (:mod:`.answer_kinds`), and they are values of their own
kind for the update rule (:mod:`.update_words`): "my plot is number 14" may update to "plot
22", but "someone's been nicking courgettes off plot 9" is no newer rent than "the rent for
plots is going up to 60 a year"."""

from __future__ import annotations

import re

LABELLED = re.compile(
    r"\b(?:plot|room|flat|apartment|unit|house|number|no\.?|bus|route|platform|gate|seat|"
    r"table|page|level|floor|chapter|episode|season|series|size|version|ward|bay|aisle|"
    r"stand|locker|year|grade|class|track|lane|pitch|court|block|cabin|car|coach)\s+#?"
    r"(?P<n>\d+)[a-z]?\b",
    re.I,
)


def labels(text: str) -> list[str]:
    """The numbers of ``text`` that name a thing."""
    return [m.group("n") for m in LABELLED.finditer(text)]


def without_labels(text: str) -> str:
    """``text`` with its numbers that name a thing (and the word naming it) blanked."""
    return LABELLED.sub(" ", text)
