"""Who "she" or "he" is, for the functional patterns of one sentence.

"My mother-in-law Gloria is coming to stay" followed by "she's allergic to peanuts" states
Gloria's allergy. A third-person pronoun subject ("she", "he") is read as the one person,
other than the speakers, that the message names; when it names none, the one person named
by the latest of the two messages before it that names anyone. With two or more candidates
nothing is resolved (no gender or salience model: a wrong subject would give a functional
fact to the wrong person, and a later one would supersede it). Only the patterns read the
rewritten sentence: the memory's text is unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from graphmem.lifecycle.predicates import normalize_name

if TYPE_CHECKING:
    from spacy.tokens import Span

PRONOUNS = frozenset({"she", "he"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})


class RecentPeople:
    """The people (besides the speakers) named by the last two messages of an add."""

    def __init__(self, speakers: Iterable[str]) -> None:
        self._skip = {normalize_name(s) for s in speakers}
        self._last: list[dict[str, str]] = []  # per message, oldest first: key -> name

    def _others(self, names: Iterable[str]) -> dict[str, str]:
        return {normalize_name(n): n for n in names if normalize_name(n) not in self._skip}

    def who(self, named_here: Iterable[str]) -> str | None:
        """Who "she"/"he" is in a message naming ``named_here``: the one person it names,
        else the one person the latest earlier message naming anyone named, else None."""
        here = self._others(named_here)
        if not here:
            here = next((m for m in reversed(self._last) if m), {})
        return next(iter(here.values())) if len(here) == 1 else None

    def saw(self, names: Iterable[str]) -> None:
        """Record the people a message named (its PERSON entities)."""
        self._last = [*self._last, self._others(names)][-2:]


def with_subject(sentence: Span, name: str) -> str | None:
    """``sentence``'s text with each "she"/"he" subject replaced by ``name``, or None when
    no such pronoun is a subject in it."""
    found = [t for t in sentence if t.lower_ in PRONOUNS and t.dep_ in _SUBJECTS]
    if not found:
        return None
    text = sentence.text
    for token in reversed(found):  # from the end, so earlier offsets stay valid
        start = token.idx - sentence.start_char
        text = text[:start] + name + text[start + len(token.text) :]
    return text
