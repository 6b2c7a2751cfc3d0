"""What someone was until an end told in the same message: "Retired after 30 years as a
postman", "I retired as head nurse", "I worked as a teacher for 20 years before I retired".

Such a message tells a fact and its end at once. Before, it gave the end alone (``job_title``
of any value, for the lifecycle) and either nothing of what was ("postman" was only a
concept) or the fact as current, told and denied in one message (``job_title teacher``). Now
what was is kept as such, with ``former_`` before its predicate: ``former_job_title
postman``. It is no current fact: no new job supersedes it and no end ends it, and "What did
I do for a living?" still finds it. Only a message that tells a retirement, and nothing as
current ("now"), reads what it ends as former.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from graphmem.domain.extraction import ANY_VALUE, ExtractedTriplet
from graphmem.extraction.nlp.clauses import clause_asserts
from graphmem.extraction.nlp.names import concept
from graphmem.extraction.nlp.parsed import ParsedTriplet
from graphmem.lifecycle.predicates import FORMER, normalize_name

if TYPE_CHECKING:
    from spacy.tokens import Token

    from graphmem.extraction.nlp.names import Named, Speakers

#: Verbs that end a job, told with what one was ("retired as head nurse").
_ENDERS = frozenset({"retire", "resign"})


def former_titles(verb: Token, speakers: Speakers, source: Named | None) -> Iterator[ParsedTriplet]:
    """``former_job_title`` of what ``source`` retired or resigned "as", directly or after
    a span of time ("after 30 years as a postman")."""
    if source is None or verb.lemma_.lower() not in _ENDERS or not clause_asserts(verb):
        return
    for title in _as_what(verb):
        named = concept(title)
        if named is not None and named.name != source.name:
            fact = f"{source.name} was {named.name}"
            yield ParsedTriplet(source, FORMER + "job_title", named, fact, True, verb.i)


def _as_what(verb: Token) -> Iterator[Token]:
    """The objects of "as" on the verb, or on the time it hangs ("after 30 years as")."""
    for prep in (c for c in verb.children if c.dep_ == "prep"):
        if prep.lower_ == "as":
            yield from (c for c in prep.children if c.dep_ == "pobj")
            continue
        for span in (c for c in prep.children if c.dep_ == "pobj"):
            for inner in (c for c in span.children if c.dep_ == "prep" and c.lower_ == "as"):
                yield from (c for c in inner.children if c.dep_ == "pobj")


#: A retirement told in the message, and words that make what else it tells current.
_RETIRED = re.compile(r"\bretir(?:e|ed|ing|ement)\b", re.IGNORECASE)
#: Predicates whose fact a message's end makes former without a retirement: a role in a band,
#: a club or a committee, named as its holder leaves.
_ENDED_WITH_IT = frozenset({"holds_role"})
_NOW = re.compile(r"\b(?:now|currently|these\s+days|nowadays)\b", re.IGNORECASE)


def as_former(
    triplets: Iterable[ExtractedTriplet], denied: Iterable[ExtractedTriplet], text: str
) -> list[ExtractedTriplet]:
    """``triplets`` with each fact whose slot the same message ends (any value, or the same
    one) told as former, in a message that tells a retirement and nothing current: "I worked
    as a teacher for 20 years before I retired"; and a named job the message ends, as former
    ("got laid off from Stripe": ``former_works_at Stripe``). "Got laid off, so I'm working
    at my uncle's shop now" keeps the new job. A role told with its holder's leaving is former
    whatever the message says ("our drummer Kez quit the band": ``former_holds_role drummer``)."""
    retired = _RETIRED.search(text) is not None and _NOW.search(text) is None
    denied = list(denied)
    ended = {(normalize_name(d.source), d.predicate, normalize_name(d.target)) for d in denied}
    kept: list[ExtractedTriplet] = list(_jobs_left(denied))
    for triplet in triplets:
        if not retired and triplet.predicate not in _ENDED_WITH_IT:
            kept.append(triplet)
            continue
        slot = (normalize_name(triplet.source), triplet.predicate)
        target = normalize_name(triplet.target)
        if (*slot, ANY_VALUE) in ended or (*slot, target) in ended:
            triplet = triplet.model_copy(update={"predicate": FORMER + triplet.predicate})
        kept.append(triplet)
    return kept


#: Ends whose named value is kept as what was: "got laid off from Stripe" tells a job held;
#: so does "I used to work at Ysgol Bro", whatever the tagger takes the name for.
_HELD_UNTIL_ENDED = frozenset({"works_at", "work_at", "work_for"})


def _jobs_left(denied: list[ExtractedTriplet]) -> Iterator[ExtractedTriplet]:
    """``former_works_at Stripe`` for each end of a named job ("got laid off from Stripe",
    "I quit my job at Google"): what was, for "Where did I work before?"."""
    for triplet in denied:
        if triplet.predicate not in _HELD_UNTIL_ENDED or triplet.target == ANY_VALUE:
            continue
        if triplet.predicate == "works_at" or triplet.target[:1].isupper():
            yield triplet.model_copy(update={"predicate": f"{FORMER}works_at"})
