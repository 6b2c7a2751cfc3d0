"""Trips and plans that end: "We cancelled our trip to Rome", "I called off the Rome trip",
"Our flight to Tokyo got cancelled",
"We're not going to Rome anymore", "I'm no longer planning to move to Berlin".

A trip is told with other verbs from one telling to the next ("we're planning to fly to
Lisbon", then "we're not going to Lisbon anymore"), so the end of going somewhere denies each
verb of travel to that place, planned or not (:data:`TRAVEL`, :func:`travel_everywhere`).
A trip cancelled (the object of "cancel", "call off", "scrap" or "scratch": "our trip to
Rome", "the Rome trip", "the flight to Oslo") ends going there.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from graphmem.extraction.nlp.clauses import clause_asserts
from graphmem.extraction.nlp.names import Named, Speakers, resolve
from graphmem.extraction.nlp.parsed import ParsedTriplet
from graphmem.extraction.nlp.plans import PLACES, PLAN
from graphmem.extraction.nlp.triplets import subject_of

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Verbs of going somewhere; the end of going to a place denies each of them.
TRAVEL = frozenset(
    {"go_to", "fly_to", "travel_to", "drive_to", "head_to", "visit", "move_to", "book"}
)
_CANCELLERS = frozenset({("cancel", ""), ("call", "off"), ("scrap", ""), ("scratch", "")})
_TRIPS = frozenset({"trip", "holiday", "vacation", "visit", "flight", "journey", "getaway"})


def travel_everywhere(denied: Iterable[ParsedTriplet]) -> Iterator[ParsedTriplet]:
    """``denied`` with each end of going to a place told of every verb of travel, planned
    or not ("not going to Rome anymore" ends a planned flight to Rome)."""
    for triplet in denied:
        yield triplet
        if triplet.predicate.removeprefix(PLAN) in TRAVEL and triplet.target.type in PLACES:
            yield from _every_way(triplet.source, triplet.target, triplet.verb)


def cancelled(verb: Token, speakers: Speakers) -> Iterator[ParsedTriplet]:
    """The ends of going to the place of a trip ``verb`` cancels."""
    particle = next((c.lower_ for c in verb.children if c.dep_ == "prt"), "")
    if (verb.lemma_.lower(), particle) not in _CANCELLERS or not clause_asserts(verb):
        return
    for trip in (c for c in verb.children if c.lemma_.lower() in _TRIPS):
        if trip.dep_ == "dobj":  # "we cancelled our trip to Rome"
            source = subject_of(verb, speakers)
        elif trip.dep_ == "nsubjpass":  # "our flight to Tokyo got cancelled": whose trip
            source = next((resolve(c, speakers) for c in trip.children if c.dep_ == "poss"), None)
        else:
            continue
        if source is not None:
            yield from trip_ended(source, trip, speakers, verb.i)


def is_trip(token: Token) -> bool:
    return token.lemma_.lower() in _TRIPS


def trip_ended(
    source: Named, trip: Token, speakers: Speakers, verb: int
) -> Iterator[ParsedTriplet]:
    """The ends of ``source`` going to the place of ``trip`` ("our trip to Rome")."""
    for place in _places_of(trip, speakers):
        yield from _every_way(source, place, verb)


def _places_of(trip: Token, speakers: Speakers) -> Iterator[Named]:
    """ "the Rome trip", "our trip to Rome", "the flight to Oslo"."""
    near = [c for c in trip.children if c.dep_ == "compound"]
    near += [o for p in trip.children if p.dep_ == "prep" and p.lower_ in {"to", "in"}
             for o in p.children if o.dep_ == "pobj"]  # fmt: skip
    for token in near:
        named = resolve(token, speakers)
        # a trip's proper noun is its place, whatever the model labels it ("Crete": PERSON)
        if named is not None and (named.type in PLACES or token.pos_ == "PROPN"):
            yield named


def _every_way(source: Named, place: Named, verb: int) -> Iterator[ParsedTriplet]:
    for predicate in sorted(TRAVEL | {PLAN + p for p in TRAVEL}):
        fact = f"{source.name} {predicate} {place.name}"
        yield ParsedTriplet(source, predicate, place, fact, False, verb)
