"""Trips and plans that end: "We cancelled our trip to Rome", "I called off the Rome trip",
"Our flight to Tokyo got cancelled",
"We're not going to Rome anymore", "I'm no longer planning to move to Berlin", "Japan is off".

A trip is told with other verbs from one telling to the next ("we're planning to fly to
Lisbon", then "we're not going to Lisbon anymore"), so the end of going somewhere denies each
verb of travel to that place, planned or not (:data:`TRAVEL`, :func:`travel_everywhere`).
A trip cancelled (the object of "cancel", "call off", "scrap" or "scratch": "our trip to
Rome", "the Rome trip", "the flight to Oslo") ends going there; so does a trip or a place
said to be off ("Japan is off, flights too expensive": the speaker's going there, unless the
trip is someone's: "Tom's trip to Oslo is off"); a trip cancelled in the passive only when its
owner is said ("our flight to Tokyo got cancelled", not "The flight to Oslo was cancelled").
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from graphmem.extraction.nlp.clauses import clause_asserts
from graphmem.extraction.nlp.names import PERSON, Named, Speakers, resolve
from graphmem.extraction.nlp.parsed import ParsedTriplet
from graphmem.extraction.nlp.plans import PLACES, PLAN
from graphmem.extraction.nlp.triplets import subject_of

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

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
    for trip in (c for c in verb.children if c.dep_ in {"dobj", "nsubjpass"}):
        if trip.dep_ == "dobj" and is_trip(trip):  # "we cancelled our trip to Rome"
            source = subject_of(verb, speakers)
            if source is not None:
                yield from trip_ended(source, trip, speakers, verb.i)
        elif trip.dep_ == "nsubjpass":  # "our flight to Tokyo got cancelled": whose it says
            yield from _gone_off(trip, speakers, verb.i, owned=True)


_OFF_DEPS = frozenset({"advmod", "prt", "acomp", "prep"})  # "is off": how the parse hangs "off"


def called_off(sentence: Span, speakers: Speakers) -> Iterator[ParsedTriplet]:
    """ "Japan is off", "the Rome trip is off": the ends of going there. "be" is no verb the
    other readers are given, so the sentence is read whole."""
    for verb in sentence:
        if verb.lemma_.lower() != "be" or not clause_asserts(verb):
            continue
        if any(c.lower_ == "off" and c.dep_ in _OFF_DEPS for c in verb.children):
            for subject in (c for c in verb.children if c.dep_ == "nsubj"):
                yield from _gone_off(subject, speakers, verb.i)


def _gone_off(
    subject: Token, speakers: Speakers, verb: int, *, owned: bool = False
) -> Iterator[ParsedTriplet]:
    """The ends of going to what ``subject`` of a call-off names: a trip (whose it says, else
    the speaker's) or a place (the speaker's going there). ``owned``: only a trip whose owner
    is said ("The flight to Oslo was cancelled", in an assistant's notes, is nobody's)."""
    owner = next((resolve(c, speakers) for c in subject.children if c.dep_ == "poss"), None)
    if owned and owner is None:
        return
    source = owner or Named(speakers.me, PERSON)
    if is_trip(subject):
        yield from trip_ended(source, subject, speakers, verb)
        return
    place = resolve(subject, speakers)
    if place is not None and place.type in PLACES:
        yield from _every_way(source, place, verb)


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
