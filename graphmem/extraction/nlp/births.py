"""Births: "Lucia was born on June 20th", "I was born in 1990", "my dad was born in Porto".

A birth told with its day gives the person's ``birthday`` (the functional predicate the
patterns give for "my birthday is on May 4th", so a later correction supersedes it); with a
year or a place, ``born_in``. Before, the passive "born" gave nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from graphmem.domain.calendar_words import MONTHS
from graphmem.extraction.nlp.clauses import clause_asserts
from graphmem.extraction.nlp.names import Named, Speakers
from graphmem.extraction.nlp.others import person_of
from graphmem.extraction.nlp.parsed import ParsedTriplet

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

_PLACES = frozenset({"GPE", "LOC"})
_DAY = re.compile(r"[0-3]?\d(?:st|nd|rd|th)?")  # "20th", "4": a day of the month


def births(verb: Token, speakers: Speakers) -> Iterator[ParsedTriplet]:
    """The birthday or birthplace a passive "born" tells of its subject."""
    if verb.lower_ != "born" or not clause_asserts(verb):
        return
    born = _subject(verb, speakers)
    if born is None:
        return
    for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ in {"on", "in"}):
        for when in (c for c in prep.children if c.dep_ == "pobj"):
            yield from _told(born, when, verb)


def _told(born: Named, token: Token, verb: Token) -> Iterator[ParsedTriplet]:
    span = _entity(token)
    if span is None:
        return
    if span.label_ == "DATE":
        text = span.text.removeprefix("the ").strip(" ,")
        words = {w.lower() for w in text.replace(",", " ").split()}
        day = any(_DAY.fullmatch(w) for w in words)
        if not day and not any(w.isdigit() for w in words) and not words & set(MONTHS):
            return  # "born on Monday", "born last week": no birthday, no year
        predicate = "birthday" if words & set(MONTHS) and day else "born_in"
    elif span.label_ in _PLACES:
        text, predicate = span.text, "born_in"
    else:
        return
    fact = f"{born.name} born {text}"
    yield ParsedTriplet(born, predicate, Named(text, span.label_), fact, False, verb.i)


def _entity(token: Token) -> Span | None:
    for ent in token.doc.ents:
        if ent.start <= token.i < ent.end:
            return ent
    return None


def _subject(verb: Token, speakers: Speakers) -> Named | None:
    subject = next((c for c in verb.children if c.dep_ == "nsubjpass"), None)
    return person_of(subject, speakers) if subject is not None else None
