"""Places someone has been: "I've been to Paris", "We were in Rome for a week in May".

"be" is no verb the clause reader takes ("I was tired" tells no fact), yet "been to" a place
and "was in" a place, told in the past, say a visit as plainly as "I visited Paris" does:
``been_to`` Paris (a place the model labels GPE, LOC or FAC). Not ``visit``: that is one of the
verbs of travel a trip called off ends (:mod:`.trips`), and a visit told in the past is no
plan that a later "our Paris trip is off" could end. Only the past is read: "I'm in
Paris" says where one is now, and "I've been in Berlin for five years" where one lives. A
clause that does not assert ("Have you ever been to Japan?", "I've never been to Spain")
tells nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from graphmem.extraction.nlp.clauses import clause_asserts
from graphmem.extraction.nlp.names import Named, Speakers, resolve
from graphmem.extraction.nlp.parsed import ParsedTriplet
from graphmem.extraction.nlp.plans import PLACES

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

BEEN_TO = "been_to"
#: The tense of "be" and the prepositions that make it a visit: "have been to", "was in/at".
_PERFECT_PREPS = frozenset({"to"})
_PAST_PREPS = frozenset({"in", "at", "to"})


def visits(
    sentence: Span, speakers: Speakers, subject_of: Callable[[Token, Speakers], Named | None]
) -> Iterator[ParsedTriplet]:
    """``been_to`` facts of the sentence's past "be" clauses about a place; ``subject_of`` reads
    a clause's subject (:func:`.triplets.subject_of`)."""
    for verb in sentence:
        preps = _visit_preps(verb)
        if not preps or not clause_asserts(verb):
            continue
        source = subject_of(verb, speakers)
        if source is None:
            continue
        for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ in preps):
            for obj in (c for c in prep.children if c.dep_ == "pobj"):
                place = resolve(obj, speakers)
                if place is None or place.type not in PLACES:
                    continue
                fact = f"{source.name} {verb.text} {prep.text} {place.name}"
                yield ParsedTriplet(source, BEEN_TO, place, fact, True, verb.i)


def _visit_preps(verb: Token) -> frozenset[str]:
    """The prepositions that make ``verb`` a visit, or none when it is no past "be"."""
    if verb.lemma_.lower() != "be" or verb.dep_ in {"aux", "auxpass"}:
        return frozenset()
    if verb.tag_ == "VBN" and any(c.dep_ == "aux" and c.lemma_ == "have" for c in verb.children):
        return _PERFECT_PREPS
    return _PAST_PREPS if verb.tag_ == "VBD" else frozenset()
