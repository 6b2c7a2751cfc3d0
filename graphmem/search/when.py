"""Questions that ask *when*, and memories that say when.

"When did Caroline join the support group?", "What year did we move?", "How long ago was the
wedding?" ask for a time the question does not give. The memory that answers one usually
states it — "I joined a support group *yesterday*", "we moved *in 2019*", "*two weeks ago*
I adopted a puppy", "I *just* got accepted" — while other memories about the same thing do
not ("the support group was so powerful"). So for such a question, a memory whose text
states a time (or that has an event date) gets a temporal score of its own
(:mod:`graphmem.search.time_plan`).

Both readings are fixed alternations over bounded word runs: deterministic, offline and
linear in the text's length.
"""

from __future__ import annotations

import re

from graphmem.domain.calendar_words import MONTHS, WEEKDAYS

_AUX = (
    r"did|do|does|was|were|is|are|will|would|has|have|had|can|could|should|shall|must|"
    r"might|may|am"
)
_ASKS = re.compile(
    rf"\bwhen\s+(?:{_AUX})\b|\bwhen's\b"
    r"|\b(?:what|which)\s+(?:date|day|year|month|week|weekend|season|time\s+of\s+(?:the\s+)?year)\b"
    r"|\bwhat\s+time\b|\bhow\s+long\s+ago\b|\bsince\s+when\b|\bby\s+when\b"
    r"|\bhow\s+long\s+(?:has|have|had|did|was|were|is|are)\b"
)
# A question that opens with "when" and asks nothing else ("When Jon lost his job?"); a
# clause like "When Alice visits, what should I cook?" asks something else.
_OPENING_WHEN = re.compile(
    r"^\W*when\b(?![^?]*\b(?:what|where|who|whom|whose|which|how|why)\b)[^?]*\?\s*$"
)

_DAY_RE = "|".join([*WEEKDAYS, "mon", "tues?", "wed", "thur?s?", "fri", "sat", "sun"])
_MONTH_RE = "|".join(m for m in MONTHS if m != "may")  # "may" is also a verb
_NUM = (
    r"\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"(?:a\s+)?couple(?:\s+of)?|(?:a\s+)?few|several"
)
_UNIT = r"days?|nights?|weeks?|weekends?|months?|years?|decades?"
_PERIOD = r"week|weekend|month|year|spring|summer|autumn|fall|winter|semester|night"
_SUBJECT = r"(?:i|we|you|he|she|they)"
# a past tense or participle: regular, or one of the common irregular ones
_PAST = (
    r"[a-z]+ed|got|gotten|had|made|won|went|gone|began|begun|bought|built|found|heard|"
    r"left|met|paid|ran|sold|sent|spent|took|taken|told|wrote|written"
)
_STATES = re.compile(
    r"\b(?:yesterday|today|tonight|tomorrow|recently|the\s+other\s+(?:day|night|week))\b"
    r"|\b(?:last|this|next|past|coming)\s+(?:past\s+)?"
    rf"(?:{_PERIOD}|morning|afternoon|evening|(?:{_DAY_RE})\b\.?)"
    rf"|\b(?:on|last|this|next)\s+(?:{_DAY_RE})\b"
    rf"|\b(?:{_NUM})\s+(?:{_UNIT})\s+(?:ago|back|now|already|before|earlier|later)\b"
    rf"|\b(?:for|in|over)\s+(?:the\s+(?:past|last)\s+)?(?:{_NUM})\s+(?:{_UNIT})\b"
    rf"|\b(?:in|during|since|of|by|early|late|mid|until|through)\s+(?:{_MONTH_RE}|may\s+(?:19|20)\d\d)\b"
    rf"|\b(?:{_MONTH_RE}|may)\s+[0-3]?\d(?:st|nd|rd|th)?\b"
    rf"|\b[0-3]?\d(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTH_RE}|may)\b"
    r"|\b(?:19|20)\d\d\b"
    # "we're flying out on the 16th instead": a day of the month told alone
    r"|\b(?:on|by|until|from|before|after|since)\s+the\s+[0-3]?\d(?:st|nd|rd|th)\b"
    # "I just got accepted", "we've just finished", "I'm currently reading": it is happening
    # at the time of the message (a bare "just", as in "just like", says nothing)
    rf"|\b{_SUBJECT}(?:'ve|'d|\s+have|\s+had)?\s+(?:only\s+|finally\s+)?just\s+(?:{_PAST})\b"
    rf"|\b(?:i'm|we're|i\s+am|we\s+are|he's|she's|they're)\s+currently\b"
)


def asks_time(query: str) -> bool:
    """Whether ``query`` asks for a time it does not give (when, what year, how long ago)."""
    text = " ".join(query.lower().split())
    return bool(_ASKS.search(text) or _OPENING_WHEN.search(text))


def states_time(text: str) -> bool:
    """Whether ``text`` says when something happened (a date, a relative time, a span)."""
    return _STATES.search(text.lower().replace("\u2019", "'")) is not None
