"""Ends of a job and of a pet's life, told in positive words (denials for the lifecycle).

Each is read only where the verb's clause asserts (:func:`.clauses.clause_asserts`):

* **let go from a job**: "I got laid off from Spotify", "my brother got fired from Tesco",
  "I was let go from my job at Ikea" (the parser's passives) deny ``works_at`` the place
  (:func:`.endings.job_left`); without a place ("I got laid off"), and for one who retired
  without naming where ("I retired last year"), the job whatever it was: ``works_at`` and
  ``job_title`` of :data:`~graphmem.domain.extraction.ANY_VALUE`;
* **a pet that died**: "Mitzi died last week", "Bruno passed away", "we had to put Bruno
  down", "we had to say goodbye to Bramble" deny every pet relation of that name to the
  speaker (``dog_of``, ``cat_of`` …: whatever kind the store told) and the speaker's
  having it, so that "what pets do we have?" reads the ones alive. A person who died keeps
  their relations: a grandfather stays one;
* **a pet gone to another home**: "Bolt got adopted by a lovely family", "Rex was rehomed"
  deny the same (and fostering it).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from graphmem.domain.extraction import ANY_VALUE
from graphmem.extraction.nlp.clauses import clause_asserts
from graphmem.extraction.nlp.endings import job_left, passive_subject
from graphmem.extraction.nlp.names import ANIMAL, CONCEPT, PERSON, Named, Speakers, resolve
from graphmem.extraction.nlp.triplets import ParsedTriplet, subject_of
from graphmem.extraction.pattern_words import PETS

if TYPE_CHECKING:
    from spacy.tokens import Token

#: (lemma, particle or the word after it) of the verbs that let someone go from a job.
_LET_GO = frozenset({("lay", "off"), ("fire", ""), ("sack", ""), ("let", "go"), ("dismiss", "")})
_DIED = frozenset({("die", ""), ("pass", "away"), ("put", "down")})
_PET_RELATIONS = tuple(sorted({f"{kind}_of" for kind in PETS.values()}))
_JOB = ("works_at", "job_title")
#: Verbs that send a pet to another home: "Bolt got adopted by a family in Galway" (passive),
#: "we rehomed Rex", "Rex was rehomed".
_REHOMED = frozenset({"adopt", "rehome", "re-home"})
_LEMMAS = frozenset({lemma for lemma, _ in _LET_GO | _DIED} | {"retire", "say"} | _REHOMED)


def departures(verb: Token, speakers: Speakers) -> Iterator[ParsedTriplet]:
    """The denials ``verb`` tells (see the module), none where its clause does not assert."""
    lemma = verb.lemma_.lower()
    if lemma not in _LEMMAS:
        return  # every verb of every sentence comes here
    if lemma == "say":  # "we had to say goodbye to Bramble": a pet's death, told gently
        yield from _said_goodbye(verb, speakers)
        return
    if not clause_asserts(verb):
        return
    told = (lemma, _particle(verb))
    if told in _LET_GO:
        yield from _let_go(verb, speakers)
    elif lemma == "retire" and not _from(verb):
        source = subject_of(verb, speakers)
        if source is not None:
            yield from _any_job(source, verb)
    elif told in _DIED:
        yield from _pet_died(verb, speakers)
    elif lemma in _REHOMED:
        yield from _rehomed(verb, speakers)


def _rehomed(verb: Token, speakers: Speakers) -> Iterator[ParsedTriplet]:
    """A pet gone to another home: the passive subject of "adopted" or "rehomed" ("Bolt got
    adopted by a lovely family"; not "we adopted Bolt"), or what one rehomed."""
    role = {"nsubjpass"} if verb.lemma_.lower() == "adopt" else {"nsubjpass", "dobj"}
    told = [c for c in verb.children if c.dep_ in role]
    told += [a for c in told for a in c.children if a.dep_ == "appos"]
    # one adopted as a child ("Tom was adopted as a baby"): no pet gone; a pet known by name
    # is among the known people (persons and pets), so they cannot tell one
    if any(c.dep_ == "prep" and c.lower_ == "as" for c in verb.children):
        return
    yield from _pets_gone(told, speakers, verb)


def _particle(verb: Token) -> str:
    """The particle, or the bare verb complement ("let go")."""
    for child in verb.children:
        if child.dep_ == "prt" or (child.dep_ == "xcomp" and child.lower_ == "go"):
            return child.lower_
    return ""


def _from(verb: Token) -> list[Token]:
    """The "from" objects of the verb or of its "go" ("let go from my job at Ikea")."""
    heads = [verb, *(c for c in verb.children if c.dep_ == "xcomp" and c.lower_ == "go")]
    preps = [p for h in heads for p in h.children if p.dep_ == "prep" and p.lower_ == "from"]
    return [o for p in preps for o in p.children if o.dep_ == "pobj"]


def _let_go(verb: Token, speakers: Speakers) -> Iterator[ParsedTriplet]:
    if any(c.dep_ == "nsubj" for c in verb.children):
        return  # "they fired him": the one let go is no subject
    source = passive_subject(verb, speakers)
    if source is None:
        return
    places = _from(verb)
    for place in places:
        yield from job_left(source, verb, place, speakers, employer=True)
    if not places:
        yield from _any_job(source, verb)


def _any_job(source: Named, verb: Token) -> Iterator[ParsedTriplet]:
    for predicate in _JOB:
        fact = f"{source.name} {predicate.replace('_', ' ')}"
        yield ParsedTriplet(source, predicate, Named(ANY_VALUE, CONCEPT), fact, False, verb.i)


def _said_goodbye(verb: Token, speakers: Speakers) -> Iterator[ParsedTriplet]:
    """ "We had to say goodbye to Bramble": "had to" and a goodbye, to a name (not "I said
    goodbye to Tom at the station"); asserted by "had", whose clause it is."""
    had = verb.head
    if verb.dep_ != "xcomp" or had.lemma_.lower() != "have" or not clause_asserts(had):
        return
    if not any(c.dep_ == "dobj" and c.lower_ in {"goodbye", "bye"} for c in verb.children):
        return
    to = [p for p in verb.children if p.dep_ == "prep" and p.lower_ == "to"]
    yield from _pets_gone([c for p in to for c in p.children if c.dep_ == "pobj"], speakers,
                          verb)  # fmt: skip


def _pet_died(verb: Token, speakers: Speakers) -> Iterator[ParsedTriplet]:
    """A pet named as the one who died ("Mitzi died") or was put down ("put Bruno down")."""
    role = "dobj" if verb.lemma_.lower() == "put" else "nsubj"
    told = [c for c in verb.children if c.dep_ == role]
    # "our hamster Toffee died": the name in apposition to the pet word
    told += [a for c in told for a in c.children if a.dep_ == "appos"]
    told = [_named_before(c) if c.lower_ in {"her", "him", "it"} else c for c in told]
    yield from _pets_gone(told, speakers, verb)


def _pets_gone(told: list[Token], speakers: Speakers, verb: Token) -> Iterator[ParsedTriplet]:
    """The denials of the pets named in ``told``: every pet relation to the speaker, and
    having them."""
    # a name, or a capitalised word the tagger took for a noun ("Bramble")
    named_here = (c for c in told if c.pos_ == "PROPN" or (c.is_title and c.i > c.sent.start))
    for token in named_here:
        named = resolve(token, speakers)
        if named is None or named.name in {speakers.me, speakers.you}:
            continue
        pet = Named(named.name if named.type != CONCEPT else token.text, ANIMAL)
        owner = Named(speakers.me, PERSON)
        for relation in _PET_RELATIONS:
            fact = f"{pet.name} {relation.replace('_', ' ')} {owner.name}"
            yield ParsedTriplet(pet, relation, owner, fact, False, verb.i)
        for verb_of_having in ("have", "own", "foster"):  # "we have two cats, Mochi and Pixel"
            fact = f"{owner.name} {verb_of_having} {pet.name}"
            yield ParsedTriplet(owner, verb_of_having, pet, fact, False, verb.i)


def _named_before(pronoun: Token) -> Token:
    """The name a pronoun put down stands for: the sentence's last proper noun before it
    ("Olive got sick and we had to put her down"); else the pronoun itself."""
    names = [t for t in pronoun.sent if t.i < pronoun.i and t.pos_ == "PROPN"]
    return names[-1] if names else pronoun
