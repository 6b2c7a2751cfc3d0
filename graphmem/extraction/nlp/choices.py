"""What a choice ends: "We're going to Porto instead of Lisbon", "I drink tea rather than
coffee now", "Instead of going to the gym, I run outside".

The alternative left (:mod:`.alternatives`) is denied as a switch "from" it is
(:mod:`.endings`): each fact the verb tells of its choice, told of the alternative
(``drink coffee``, ``go_to Lisbon``), and the facts of a verb left ("going to the gym":
``go_to gym``). A trip is told with other verbs from one telling to the next ("we're flying
to Lisbon", then "we're going to Porto instead"), so a place left denies each verb of travel
(:data:`TRAVEL`), and what was only planned too (:mod:`.plans`: ``plan_fly_to Lisbon``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from graphmem.extraction.nlp.alternatives import alternatives
from graphmem.extraction.nlp.clauses import clause_asserts
from graphmem.extraction.nlp.names import resolve
from graphmem.extraction.nlp.plans import PLACES, PLAN
from graphmem.extraction.nlp.triplets import ParsedTriplet, subject_of, verb_triplets
from graphmem.extraction.nlp.trips import TRAVEL

if TYPE_CHECKING:
    from spacy.tokens import Token

    from graphmem.extraction.nlp.names import Speakers


def chosen_against(verb: Token, speakers: Speakers) -> Iterator[ParsedTriplet]:
    """The denials of what ``verb``'s clause chose against; none where it does not
    assert."""
    left = list(alternatives(verb))
    if not left or not clause_asserts(verb):
        return
    source = subject_of(verb, speakers)
    if source is None:
        return
    facts = [t for t in verb_triplets(verb, speakers) if not t.predicate.endswith("_of")]
    for token in left:
        if token.pos_ in {"VERB", "AUX"}:  # "instead of going to the gym"
            yield from verb_triplets(token, speakers, source)
            continue
        if not facts:
            continue
        named = resolve(token, speakers)
        if named is None or named.name == source.name:
            continue
        predicates = {t.predicate.removeprefix(PLAN) for t in facts}
        if named.type in PLACES or predicates & TRAVEL:
            predicates |= TRAVEL
        for predicate in sorted(predicates | {PLAN + p for p in predicates}):
            fact = f"{source.name} {predicate} {named.name}"
            yield ParsedTriplet(source, predicate, named, fact, past=False, verb=verb.i)
