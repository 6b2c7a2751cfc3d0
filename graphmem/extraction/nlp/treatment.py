"""What a carer changes in what someone takes: "My doctor put me on Jardiance", "the doctor
took me off metformin", "my GP prescribed me amoxicillin", "my doctor swapped the metformin
for Jardiance", "the cardiologist replaced my beta blocker with an ACE inhibitor", "Dad's
doctor switched him from warfarin to Eliquis"; and "I was prescribed amoxicillin".

Before, these were facts of the doctor (``Doctor swap metformin``, ``Doctor put_on
Jardiance``), and the speaker's ``take metformin`` stayed current. Now the patient takes
what is started (:func:`started`: ``take Jardiance``) and no longer what is stopped
(:func:`stopped`: a denial of taking, using or having it, as for a habit given up, so that
"I take metformin every morning" ends).

The patient is the person the verb names ("put *me* on", "switched *him* from", "prescribed
*me*"), else the owner of the thing ("*my* beta blocker"), else the one whose carer it is
("*Dad's* doctor"), else the speaker ("the doctor").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from graphmem.extraction.nlp.clauses import clause_asserts
from graphmem.extraction.nlp.names import (
    CONCEPT,
    FIRST_PERSON,
    PERSON,
    Named,
    Speakers,
    resolve,
)
from graphmem.extraction.nlp.others import person_of
from graphmem.extraction.nlp.parsed import ParsedTriplet

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Who may start or stop what someone takes.
CARERS = frozenset(
    """
    doctor doc gp physician dentist specialist consultant surgeon nurse midwife pharmacist
    cardiologist endocrinologist dermatologist neurologist oncologist psychiatrist therapist
    allergist rheumatologist gastroenterologist urologist gynecologist gynaecologist
    pediatrician paediatrician dietitian dietician nutritionist vet veterinarian
    """.split()  # noqa: SIM905
)
#: The verbs that tell one takes something, denied when it is stopped.
TAKING = ("take", "use", "have")
#: (verb, particle or preposition) -> whether its object is started (True) or stopped.
_PUT = {
    ("put", "on"): True,
    ("start", "on"): True,
    ("want", "on"): True,  # "the GP wants me on statins"
    ("have", "on"): True,  # "the doctor has me on metformin"
    ("get", "on"): True,
    ("take", "off"): False,
}
#: Verbs that replace one thing with another, and the words before the new one.
_SWAPPERS = frozenset({"swap", "replace", "switch", "change", "substitute", "exchange"})
_NEW_AFTER = frozenset({"for", "with", "to"})
#: Every verb that may start or stop something: those of :data:`_PUT`, the swappers, and
#: "prescribe".
_CHANGERS = frozenset({verb for verb, _ in _PUT} | _SWAPPERS | {"prescribe"})
_PATIENTS = frozenset({"me", "him", "her", "us", "them"})
#: What a carer puts one on or changes that is nothing taken ("put me on the waiting list",
#: "changed the appointment to Friday").
_NOT_TAKEN = frozenset(
    """
    list waitlist schedule rota hold leave notice phone speaker call record register team
    shift case appointment date time plan booking slot ward floor table bed
    """.split()  # noqa: SIM905
)


def started(verb: Token, speakers: Speakers) -> Iterator[ParsedTriplet]:
    """``take`` of what ``verb`` starts for its patient; none where the clause does not
    assert or no carer acts."""
    for patient, thing, new in _changes(verb, speakers):
        if new:
            yield _taking(patient, "take", thing, verb)


def stopped(verb: Token, speakers: Speakers) -> Iterator[ParsedTriplet]:
    """The denials of taking, using or having what ``verb`` stops for its patient."""
    for patient, thing, new in _changes(verb, speakers):
        if not new:
            for predicate in TAKING:
                yield _taking(patient, predicate, thing, verb)


def _taking(patient: Named, predicate: str, thing: Named, verb: Token) -> ParsedTriplet:
    fact = f"{patient.name} {predicate} {thing.name}"
    return ParsedTriplet(patient, predicate, thing, fact, past=False, verb=verb.i)


def _changes(verb: Token, speakers: Speakers) -> Iterator[tuple[Named, Named, bool]]:
    """(patient, thing, started) for each thing ``verb`` starts or stops."""
    lemma = verb.lemma_.lower()
    if lemma not in _CHANGERS:
        return  # every verb of every sentence comes here
    if not clause_asserts(verb):
        return
    passive = _passive_patient(verb, speakers) if lemma == "prescribe" else None
    if passive is not None:  # "I was prescribed amoxicillin"
        for thing in (*_objects(verb, "dobj"), *_objects(verb, "oprd")):
            yield from _named(passive, thing, speakers, new=True)
        return
    carer = _carer(verb)
    if carer is None:
        return
    people = [c for c in verb.children if c.dep_ in {"dobj", "dative"} and _person(c)]
    patient = _patient(people, carer, speakers)
    if patient is None:
        return
    if lemma == "prescribe":
        for thing in (c for c in verb.children if c.dep_ == "dobj" and not _person(c)):
            yield from _named(patient, thing, speakers, new=True)
        return
    for prep in (c for c in verb.children if c.dep_ in {"prep", "prt"}):
        way = (lemma, prep.lower_)
        if people and way in _PUT:  # "put me on Jardiance", "took me off metformin"
            for thing in _objects(prep, "pobj"):
                yield from _named(patient, thing, speakers, new=_PUT[way])
        elif lemma in _SWAPPERS and prep.lower_ == "from":  # "switched him from warfarin"
            for thing in _objects(prep, "pobj"):
                yield from _named(patient, thing, speakers, new=False)
        elif lemma in _SWAPPERS and prep.lower_ in _NEW_AFTER and _replaces(verb, people):
            for thing in _objects(prep, "pobj"):
                yield from _named(patient, thing, speakers, new=True)
    if lemma in _SWAPPERS and not people:  # "swapped the metformin for Jardiance"
        for thing in _objects(verb, "dobj"):
            yield from _named(_owner(thing, speakers) or patient, thing, speakers, new=False)


def _replaces(verb: Token, people: list[Token]) -> bool:
    """A swap of something for something: "switched me to", "swapped the metformin for";
    not "my dentist switched to a new clinic"."""
    return bool(people) or any(c.dep_ == "dobj" for c in verb.children)


def _objects(head: Token, dep: str) -> Iterator[Token]:
    for child in (c for c in head.children if c.dep_ == dep):
        yield child
        # "a newer drug, Jardiance": the name the apposition gives
        yield from (c for c in child.children if c.dep_ == "appos")


def _named(
    patient: Named, thing: Token, speakers: Speakers, *, new: bool
) -> Iterator[tuple[Named, Named, bool]]:
    if thing.ent_type_ in {"DATE", "TIME"} or thing.lemma_.lower() in _NOT_TAKEN:
        return  # "changed the appointment to Friday", "put me on the waiting list"
    named = resolve(thing, speakers) or _misread(thing)
    if named is None or named.type == PERSON or named.name == patient.name:
        return
    first, _, rest = named.name.partition(" ")
    if first.lower() in _PATIENTS and rest:  # "prescribed me amoxicillin", read as one noun
        named = Named(rest, named.type)
    yield patient, named, new


def _misread(thing: Token) -> Named | None:
    """A drug's name the small model tags as a verb or an adjective ("to tramadol", "my
    statin"): in an object's place it is still the thing."""
    if thing.pos_ in {"VERB", "ADJ"} and thing.is_alpha and not thing.is_stop:
        return Named(thing.lower_, CONCEPT)
    return None


def _carer(verb: Token) -> Token | None:
    """The verb's subject, when it is a carer ("my doctor", "the vet", "Dad's GP")."""
    for subject in (c for c in verb.children if c.dep_ == "nsubj"):
        if subject.lemma_.lower() in CARERS or _titled_doctor(subject):
            return subject
    return None


def _titled_doctor(subject: Token) -> bool:
    """ "Dr. Osei put me on warfarin": a doctor by title."""
    return any(
        c.dep_ == "compound" and c.lower_.rstrip(".") in {"dr", "doctor"} for c in subject.children
    )


def _person(token: Token) -> bool:
    return token.lower_ in _PATIENTS or token.lower_ in FIRST_PERSON or token.pos_ == "PROPN"


def _patient(people: list[Token], carer: Token, speakers: Speakers) -> Named | None:
    """The person the verb names, else the one whose carer it is, else the speaker."""
    if people:
        return _who(people[0], speakers, carer)
    for owner in (c for c in carer.children if c.dep_ == "poss"):
        return _who(owner, speakers, None)
    return Named(speakers.me, PERSON)


def _who(token: Token, speakers: Speakers, carer: Token | None) -> Named | None:
    if token.lower_ in {"him", "her"} and carer is not None:
        # "Dad's doctor switched him": the one whose doctor it is
        owner = next((c for c in carer.children if c.dep_ == "poss"), None)
        return _who(owner, speakers, None) if owner is not None else None
    return person_of(token, speakers)


def _owner(thing: Token, speakers: Speakers) -> Named | None:
    """Whose the thing is ("*my* beta blocker", "*Dad's* warfarin"), if told."""
    for owner in (c for c in thing.children if c.dep_ == "poss"):
        return _who(owner, speakers, None)
    return None


def _passive_patient(verb: Token, speakers: Speakers) -> Named | None:
    for subject in (c for c in verb.children if c.dep_ == "nsubjpass"):
        return _who(subject, speakers, None)
    return None
