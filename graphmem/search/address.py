"""A memory that only addresses the person a query asks about is not about that person.

In a conversation, "Thanks, Melanie! That sounds fun." is said *to* Melanie. Asked "what
does Melanie do to relax?", the name makes such a turn look relevant (the full-text match,
the mention), yet what Melanie does is in what she says and in what is said about her. So
when the query names a speaker, a memory said by someone the query does not name, whose every
mention of a named speaker is a direct address, is multiplied by ``search.address_factor``.
Every signal still counts: an addressed turn that matches the query much better still ranks.

A mention is a direct address (a vocative) when the name stands between the edges of a
clause: nothing or a clause mark (``, . ! ? ; :``) or a greeting word ("hey", "thanks",
"wow"…) before it, and a clause mark or the end of the text after it ("Hey Mel!", "Wow,
Caroline, …", "…, Jon."). A short form of the first name addressed this way counts as that
name ("Hey Mel!" for Melanie). "I told Melanie." and "with Melanie, and" are mentions.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

MIN_SHORT_FORM = 3  # "Mel" for Melanie; shorter prefixes are not read as the name
_GREETINGS = frozenset(
    {
        "hey",
        "hi",
        "hello",
        "hiya",
        "yo",
        "thanks",
        "thank",
        "thx",
        "wow",
        "oh",
        "ooh",
        "aw",
        "aww",
        "awww",
        "yeah",
        "yes",
        "yep",
        "yup",
        "nope",
        "congrats",
        "congratulations",
        "sorry",
        "ok",
        "okay",
        "well",
        "dear",
        "bye",
        "goodbye",
        "haha",
        "omg",
        "whoa",
        "hmm",
        "morning",
        "evening",
        "night",
        "cheers",
        "welcome",
    }
)
_CLAUSE_MARKS = ",.!?;:…"
_WORD = re.compile(r"[^\W\d_][\w-]*")  # "Melanie's" reads as "Melanie" followed by "'s"


def named_people(actors: Iterable[str | None]) -> frozenset[str]:
    """The first names of the speakers the query names (the speaker signal's actors)."""
    return frozenset(a.split()[0] for a in actors if a and a.split())


@lru_cache(maxsize=4096)  # read for every candidate of every search naming a speaker
def addresses_only(text: str, people: frozenset[str]) -> bool:
    """True when ``text`` names someone of ``people`` and every such mention is an address."""
    addressed = False
    for match in _WORD.finditer(text):
        word = match.group(0)
        if not word[0].isupper():
            continue
        vocative = _vocative(text, match.start(), match.end())
        if word in people:
            if not vocative:
                return False
            addressed = True
        elif vocative and _short_form(word, people):
            addressed = True  # a capitalised "Mel" elsewhere may be a word: only addresses
    return addressed


def _short_form(word: str, people: frozenset[str]) -> bool:
    return len(word) >= MIN_SHORT_FORM and any(name.startswith(word) for name in people)


def _vocative(text: str, start: int, end: int) -> bool:
    after = text[end:].lstrip()
    if after and after[0] not in _CLAUSE_MARKS:
        return False
    before = text[:start].rstrip()
    if not before or before[-1] in _CLAUSE_MARKS:
        return True
    last = before.split()[-1].lower().strip("\"'“”‘’")
    return last in _GREETINGS


def factor(text: str, actor: str | None, people: frozenset[str], address_factor: float) -> float:
    """The multiplier for a memory said by ``actor`` when the query names ``people``."""
    if address_factor >= 1.0 or not people:
        return 1.0
    if actor and actor.split() and actor.split()[0] in people:
        return 1.0
    return address_factor if addresses_only(text, people) else 1.0
