"""A commitment withdrawn from, told in positive words: "I pulled out of the marathon",
"Tom dropped out of the chess tournament", "she withdrew from the race", "we backed out
of the trip".

What one withdraws from is an event or an undertaking one had taken part in, signed up
for, trained for or planned: the withdrawal denies each of :data:`TAKING_PART` with it as
the value, so the lifecycle finds whichever one the old memory used ("I'm training for the
Berlin marathon" -> ``train_for Berlin marathon``, ended by ``train_for marathon``:
docs/lifecycle.md, "Supersede by denial"). Read only where the clause asserts and its
subject is a participant or a person (:func:`.triplets.subject_of`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from graphmem.extraction.nlp.clauses import clause_asserts
from graphmem.extraction.nlp.names import resolve
from graphmem.extraction.nlp.triplets import ParsedTriplet, subject_of
from graphmem.extraction.nlp.trips import is_trip, trip_ended

if TYPE_CHECKING:
    from spacy.tokens import Token

    from graphmem.extraction.nlp.names import Speakers

#: (verb lemma, the word after it, the preposition before what is left): "pull out of",
#: "drop out of", "back out of", "bow out of", "withdraw from".
_WITHDRAWING = frozenset(
    {("pull", "out", "of"), ("drop", "out", "of"), ("back", "out", "of"),
     ("bow", "out", "of"), ("opt", "out", "of"), ("withdraw", "", "from")}
)  # fmt: skip
_LEMMAS = frozenset(lemma for lemma, _, _ in _WITHDRAWING)
#: The predicates that tell taking part in an event or an undertaking (not a visit made:
#: "we pulled out of the car park" ends no "went to" it).
TAKING_PART = (
    "train_for", "sign_up_for", "register_for", "enter", "run", "do", "join", "take_part_in",
    "compete_in", "prepare_for", "play_in", "race_in", "attend", "plan_go_to",
    "plan_attend", "plan_run", "plan_do",
)  # fmt: skip


def withdrawn(verb: Token, speakers: Speakers) -> Iterator[ParsedTriplet]:
    """The denials of a withdrawal told by ``verb`` (see the module)."""
    lemma = verb.lemma_.lower()
    if lemma not in _LEMMAS or not clause_asserts(verb):
        return
    source = subject_of(verb, speakers)
    if source is None:
        return
    for left in _left(verb, lemma):
        if is_trip(left):  # "we backed out of the trip to Rome": going to Rome ended
            yield from trip_ended(source, left, speakers, verb.i)
            continue
        target = resolve(left, speakers)
        if target is None or target.name == source.name:
            continue
        for taking in TAKING_PART:
            fact = f"{source.name} {taking} {target.name}"
            yield ParsedTriplet(source, taking, target, fact, past=False, verb=verb.i)


def _left(verb: Token, lemma: str) -> Iterator[Token]:
    """What ``verb`` withdraws from: the object of its "of" after "out" (the parser hangs
    "out" as a particle or a preposition, and "of" from either) or of its "from"; nothing
    for a verb with an object ("withdrew money from the bank")."""
    if any(c.dep_ == "dobj" for c in verb.children):
        return
    outs = [c for c in verb.children if c.lower_ == "out"]
    if outs and (lemma, "out", "of") in _WITHDRAWING:
        heads = [verb, *outs]
        preps = [c for head in heads for c in head.children if c.lower_ == "of"]
    elif (lemma, "", "from") in _WITHDRAWING:
        preps = [c for c in verb.children if c.lower_ == "from" and c.dep_ == "prep"]
    else:
        return
    for prep in preps:
        yield from (c for c in prep.children if c.dep_ == "pobj")
