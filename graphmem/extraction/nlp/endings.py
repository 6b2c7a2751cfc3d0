"""What an ending verb, told in positive words, says has ended.

Each shape is read only where the ending verb's own clause asserts
(:func:`.clauses.clause_asserts`) and its subject is a participant or a third party who is a
person (:func:`.triplets.subject_of`):

* what one "used to" do gives its own triplets ("I used to drink coffee every morning" ->
  ``drink coffee``, "I used to live in Tokyo" -> ``lives_in Tokyo``); one with no object
  ends the activity whatever it was done with ("I used to smoke");
* the "-ing" complement of "stop" or "quit" gives its own triplets ("I stopped taking piano
  lessons" -> ``take piano lesson``, "we quit going to the gym" -> ``go_to gym``); one with
  no object ends the activity whatever it was done with ("I quit smoking", "I stopped
  drinking": :data:`graphmem.domain.extraction.ANY_VALUE`);
* a habit given up: the object of "give up", "quit", "stop", "cut out" or "swear off" ("I
  gave up coffee", "we cut out sugar", "I quit smoking");
* a habit left for another: what one switched or changed *from* ("I switched from running
  to cycling", "we changed from Android to iPhone");
* a thing one no longer has: the object of "sell", "replace", "trade (in)", "swap (out)",
  "give away" or "get rid of" ("Dad replaced his Volvo with a Tesla") denies having,
  owning, driving, riding or using it (:data:`graphmem.extraction.patterns.POSSESSION_VERBS`),
  whoever the subject;
* a workplace left: an organisation that is the object of "leave" or "quit" ("my wife left
  Siemens and joined Bosch"), or the "from" of "retire" or "resign" ("Dad retired from
  Boeing"), denies ``works_at`` it;
* a home left: one person who moved into or to somewhere, out or away ("Grandma moved into
  a care home", "my son moved out"), or who lives alone now, no longer lives with whoever
  they lived with (``live_with`` :data:`~graphmem.domain.extraction.ANY_VALUE`); the
  speaker only by moving out ("I moved to Berlin" may be with the partner they live with);
  not "we moved" (who moved together still live together), nor a move "in with" someone;
* a switch made for someone ("the doctor switched me from metformin", "the vet switched
  Pixel from kibble") ends the habit of the one switched;
* lessons, classes or courses ended also end learning, studying, taking or doing what
  they teach ("Mateo quit violin lessons" ends "Mateo is learning the violin");
* a subject or a course dropped ("Lotte dropped medicine") ends studying, taking, learning,
  doing or playing it; not a thing let fall or left ("dropped my phone in the lake");
* a work one is done with: the object of "finish" or "complete" ("I finished Dune", "we
  completed the pottery course") denies reading, watching, playing, taking or doing it
  (:mod:`.finished`): "I'm reading Dune" is no longer current.

A habit is not told by one verb: "I drink coffee every morning", "I have coffee after
lunch", "I go running before work". A habit that ended therefore denies each of the
:data:`HABIT_VERBS` with the thing as value (the verbs that tell doing, taking or using
something), so that the lifecycle finds whichever one the old memory used. Liking is not
among them: one may give up coffee and still love it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from graphmem.domain.extraction import ANY_VALUE
from graphmem.extraction.nlp.clauses import clause_asserts
from graphmem.extraction.nlp.finished import FINISHERS, WORK_VERBS, finished_work
from graphmem.extraction.nlp.names import (
    CONCEPT,
    PERSON,
    Named,
    Speakers,
    is_time_word,
    resolve,
)
from graphmem.extraction.nlp.others import person_of
from graphmem.extraction.nlp.triplets import (
    ParsedTriplet,
    activity_named,
    subject_of,
    used_to,
    verb_triplets,
)
from graphmem.extraction.patterns import POSSESSION_VERBS
from graphmem.lifecycle.words import gerund

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Verbs that end an activity told by their "-ing" complement.
_GERUND_ENDERS = frozenset({"stop", "quit", "drop"})
#: (verb lemma, particle or "") whose object is a habit that ended.
_HABIT_ENDERS = frozenset(
    {
        ("give", "up"),
        ("quit", ""),
        ("stop", ""),
        ("ditch", ""),
        ("cut", "out"),
        ("swear", "off"),
        ("pack", "in"),
        ("jack", "in"),
        ("chuck", "in"),
    }
)
#: What "drop" ends: a subject, a course, a sport or an app one did or used ("Lotte dropped
#: medicine", "dropped Duolingo");
#: not what one has ("I dropped my phone", "dropped the kids at school").
_DROPPED = ("study", "take", "learn", "do", "play", "practice", "attend", "use")
#: (verb lemma, particle or "") whose object one no longer has ("Dad replaced his Volvo with a
#: Tesla", "my sister sold her Mazda"): it denies each of the possession verbs.
_LETTERS_GO = frozenset(
    {("sell", ""), ("replace", ""), ("trade", ""), ("trade", "in"), ("swap", ""),
     ("swap", "out"), ("give", "away")}
)  # fmt: skip
#: Verbs whose organisation object is a workplace left ("my wife left Siemens").
_JOB_LEAVERS = frozenset({"leave", "quit"})
#: Verbs whose "from" is a workplace left ("Dad retired from Boeing", "she resigned from
#: the council").
_LEFT_FROM = frozenset({"retire", "resign"})
_JOB_WORDS = frozenset({"job", "position", "role", "gig", "post"})
#: Verbs that tell a home left (with a place moved to, or "out", "away").
_MOVERS = frozenset({"move", "relocate"})
_AWAY = frozenset({"into", "to", "out", "away"})
#: Several people who moved together, who still live together.
_TOGETHER = frozenset({"we", "they", "us"})
#: Verbs whose "from" names the habit left ("switched from X to Y").
_SWITCHERS = frozenset({"switch", "change", "shift", "transition", "convert"})
#: The verbs that tell a habit of doing, taking or using something.
HABIT_VERBS = (
    "drink", "eat", "have", "take", "use", "smoke", "play", "do", "practice", "go", "learn",
    "study", "join",  # "quit the choir" ends "joined the local choir"
    "start",  # "I quit pottery" ends "I started a pottery class"
    "work_from",  # "quit Second Home" ends "working from a coworking called Second Home"
)  # fmt: skip
#: What one takes to learn something ("violin lessons"), and the verbs that tell learning.
_LESSONS = frozenset({"lesson", "class", "course", "lessons", "classes", "courses"})
LEARNING_VERBS = ("learn", "study", "take", "do")
_ENDING_LEMMAS = (
    _GERUND_ENDERS
    | {v for v, _ in _HABIT_ENDERS | _LETTERS_GO}
    | _SWITCHERS
    | FINISHERS
    | _JOB_LEAVERS
    | _MOVERS
    | _LEFT_FROM
    | {"rid", "use", "live", "drop"}
)


def ended_triplets(verb: Token, speakers: Speakers) -> Iterator[ParsedTriplet]:
    """The denials ``verb`` tells in positive words (see the module), none where its clause
    does not assert."""
    lemma = verb.lemma_.lower()
    if lemma not in _ENDING_LEMMAS:  # every verb of every sentence comes here
        return
    if not clause_asserts(verb):
        return
    if lemma == "rid":  # "Ines got rid of her Fiat": the parser's passive "got rid"
        yield from _got_rid(verb, speakers)
        return
    source = subject_of(verb, speakers)
    if lemma in _SWITCHERS:  # "the doctor switched me from metformin": the one switched's
        source = _switched(verb, speakers) or source
    if source is None:
        return
    if lemma == "use":
        if used_to(verb):
            yield from _no_longer(source, verb, speakers)
        return
    if lemma == "live":  # "Lucie lives alone now": whoever she lived with
        if any(c.lower_ == "alone" for c in verb.children):
            yield _nobody(source, verb)
        return
    if lemma in _MOVERS:
        if _moved_away(verb, source, speakers):
            yield _nobody(source, verb)
            if source.name != speakers.me:  # "Chidi moved out": no longer the flatmate
                me = Named(speakers.me, PERSON)
                yield ParsedTriplet(
                    source, "roommate_of", me, f"{source.name} flatmate", False, verb.i
                )
        return
    for child in verb.children:
        ender = lemma in _GERUND_ENDERS or (lemma, _particle(verb)) in _HABIT_ENDERS
        if ender and child.dep_ in {"xcomp", "dobj"} and child.tag_ == "VBG":
            # its pastime ("do swimming") is among the habits that ``_habit`` ends
            told = [t for t in verb_triplets(child, speakers, source) if t.predicate != "do"]
            yield from told
            if _bare(child):
                # "I stopped drinking", "Pim dropped swimming for judo": the activity itself,
                # whatever it was done with ("stopped taking piano lessons" ends only those)
                yield from _habit(source, verb, child, speakers)
                yield any_ended(source, verb, child.lemma_.lower())
        elif (
            child.dep_ == "dobj"
            and lemma in _JOB_LEAVERS
            and (left := list(job_left(source, verb, child, speakers)))
        ):
            yield from left
        elif _habit_object(child) and (lemma, _particle(verb)) in _HABIT_ENDERS:
            yield from _habit(source, verb, child, speakers)
            if child.lower_.endswith("ing") and all(_when(c) for c in child.children):
                yield any_ended(source, verb, child.lower_)  # "I quit smoking" (read as a noun)
        elif child.dep_ == "dobj" and lemma == "drop" and _dropped_out(verb):
            yield from _habit(source, verb, child, speakers, _DROPPED)
        elif child.dep_ == "dobj" and (lemma, _particle(verb)) in _LETTERS_GO:
            yield from _habit(source, verb, child, speakers, POSSESSION_VERBS)
        elif child.dep_ == "prep" and child.lower_ == "from" and lemma in _LEFT_FROM:
            for place in (c for c in child.children if c.dep_ == "pobj"):
                yield from job_left(source, verb, place, speakers, employer=True)
        elif child.dep_ == "prep" and child.lower_ == "in" and (lemma, "in") in _HABIT_ENDERS:
            for habit in (c for c in child.children if c.dep_ == "pobj"):  # "packed in the Uber"
                yield from _habit(source, verb, habit, speakers)
        elif child.dep_ == "prep" and child.lower_ == "in" and lemma == "trade":
            for thing in (c for c in child.children if c.dep_ == "pobj"):  # "traded in her Fiat"
                yield from _habit(source, verb, thing, speakers, POSSESSION_VERBS)
        elif lemma in FINISHERS and (work := finished_work(child)) is not None:
            yield from _habit(source, verb, work, speakers, WORK_VERBS)
        elif child.dep_ == "prep" and child.lower_ == "from" and lemma in _SWITCHERS:
            for left in child.children:
                if left.dep_ == "pcomp" and left.tag_ == "VBG" and not _bare(left):
                    # "switched from studying medicine to law": studying medicine, not
                    # every habit of "studying"
                    told = verb_triplets(left, speakers, source)
                    # the parser may hang the switch's own "to law" from the gerund
                    to_switch = not any(c.lower_ == "to" for c in verb.children)
                    yield from (
                        t
                        for t in told
                        if t.predicate != "do" and not (to_switch and t.predicate.endswith("_to"))
                    )
                elif left.dep_ in {"pobj", "pcomp"}:
                    yield from _habit(source, verb, left, speakers)


def _dropped_out(verb: Token) -> bool:
    """ "dropped medicine", "dropped the course in March"; not a thing let fall or left
    somewhere ("dropped my phone in the lake", "dropped the kids off at school")."""
    return not _particle(verb) and all(
        _says_when_or_why(c) for c in verb.children if c.dep_ == "prep"
    )


def _nobody(source: Named, verb: Token) -> ParsedTriplet:
    """The end of living with whoever ``source`` lived with."""
    fact = f"{source.name} lives with"
    return ParsedTriplet(source, "live_with", Named(ANY_VALUE, CONCEPT), fact, False, verb.i)


def _switched(verb: Token, speakers: Speakers) -> Named | None:
    """The person a switch was made for, its object ("switched me", "switched Pixel")."""
    obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    return person_of(obj, speakers) if obj is not None else None


def _moved_away(verb: Token, source: Named, speakers: Speakers) -> bool:
    """One person moved into or to somewhere, out or away (the speaker: out), and not in
    with someone; not a thing moved ("I moved the couch")."""
    children = list(verb.children)
    if any(c.dep_ == "dobj" or (c.dep_ == "nsubj" and c.lower_ in _TOGETHER) for c in children):
        return False
    words = {c.lower_ for c in children if c.dep_ in {"prep", "prt", "advmod"}}
    # the speaker only by moving out: "I moved to Berlin" may be with the partner
    away = {"out"} if source.name == speakers.me else _AWAY
    return bool(words & away) and "with" not in words


def _habit_object(child: Token) -> bool:
    """The object of a habit ender; "smoking" in "I quit smoking two years ago" is read as
    a noun complement."""
    return child.dep_ == "dobj" or (child.dep_ == "xcomp" and child.pos_ == "NOUN")


def _no_longer(source: Named, verb: Token, speakers: Speakers) -> Iterator[ParsedTriplet]:
    """What the subject "used to" do: the complement's triplets, and the activity itself
    when told without what it was done with ("I used to smoke")."""
    for done in (c for c in verb.children if c.dep_ == "xcomp" and c.pos_ in {"VERB", "AUX"}):
        yield from verb_triplets(done, speakers, source)
        if done.pos_ == "VERB" and _bare(done) and not _pastime_kept(done):
            yield from _habit(source, verb, done, speakers)
            yield any_ended(source, verb, done.lemma_.lower())


def _pastime_kept(done: Token) -> bool:
    """A complement with a complement of its own ("used to go hiking") is told by that."""
    return any(c.dep_ == "xcomp" for c in done.children)


def job_left(
    source: Named, verb: Token, place: Token, speakers: Speakers, *, employer: bool = False
) -> Iterator[ParsedTriplet]:
    """ "works_at" the organisation left, when the parser names one (``employer``: any
    name but a person's, where the verb can only leave an employer: "laid off from
    Spotify"); the place of a job left ("quit his job at Deloitte"), or the place that names
    the job ("quit the library gig": ``works_at library``, which ends "works at the city
    library")."""
    if place.lower_ in _JOB_WORDS:
        # the parser hangs "at" from the job, the verb or the word "from" hangs on
        near = [*place.children, *verb.children, *place.head.head.children]
        held = [p for p in near if p.dep_ == "prep" and p.lower_ in {"at", "with"}]
        at = next((o for p in held for o in p.children if o.dep_ == "pobj"), None)
        named = [c.text for c in place.children if c.dep_ == "compound"]
        if at is None and named:
            where = Named(" ".join(named), CONCEPT)
            fact = f"{source.name} works at {where.name}"
            yield ParsedTriplet(source, "works_at", where, fact, past=False, verb=verb.i)
            return
        place = at or place
    target = resolve(place, speakers)
    named = employer and target is not None and target.type != PERSON
    if target is not None and (named or _workplace(place, target.type)):
        for worked in ("works_at", "work_from"):  # "working from a coworking called Hatch"
            fact = f"{source.name} {worked.replace('_', ' ')} {target.name}"
            yield ParsedTriplet(source, worked, target, fact, past=False, verb=verb.i)


def _workplace(place: Token, kind: str) -> bool:
    """An organisation or a building, or a proper noun the parser gave no type ("Marc left
    SNCF"); not a person or a town."""
    return kind in {"ORG", "FAC"} or (kind == CONCEPT and place.pos_ == "PROPN")


def passive_subject(verb: Token, speakers: Speakers) -> Named | None:
    """The one who underwent a passive ("Ines got rid of …", "I got laid off"): a speaker,
    or a third party who is a person; None without exactly one such subject."""
    subjects = [c for c in verb.children if c.dep_ == "nsubjpass"]
    return person_of(subjects[0], speakers) if len(subjects) == 1 else None


def _got_rid(verb: Token, speakers: Speakers) -> Iterator[ParsedTriplet]:
    """ "got rid of X" (parsed as a passive "rid" with its subject as ``nsubjpass``): X is
    no longer had, owned, driven or ridden."""
    source = passive_subject(verb, speakers)
    for of in (c for c in verb.children if c.dep_ == "prep" and c.lower_ == "of"):
        for thing in (c for c in of.children if c.dep_ == "pobj"):
            if source is not None:
                yield from _habit(source, verb, thing, speakers, POSSESSION_VERBS)


#: Prepositions that tell why or when an activity ended, not what it was done with.
_NOT_ARGUMENTS = frozenset({"for", "after", "since", "because", "due", "during", "when"})


def _bare(activity: Token) -> bool:
    """An activity told without what it was done with ("stopped drinking", "dropped
    swimming for judo"); not "taking piano lessons", "going to the gym", nor "going"."""
    if activity.lemma_.lower() == "go":
        return False
    return not any(
        c.dep_ == "dobj" or (c.dep_ == "prep" and not _says_when_or_why(c))
        for c in activity.children
    )


def _says_when_or_why(prep: Token) -> bool:
    """ "for judo", "after the injury", "in January", "on Monday": not what the activity
    was done with."""
    if prep.lower_ in _NOT_ARGUMENTS:
        return True
    objects = [c for c in prep.children if c.dep_ == "pobj"]
    return bool(objects) and all(
        is_time_word(o) or o.ent_type_ in {"DATE", "TIME"} for o in objects
    )


def _when(token: Token) -> bool:
    """A time told with an activity ("smoking two years ago"), not what it was done with."""
    return is_time_word(token) or token.ent_type_ in {"DATE", "TIME"}


def _particle(verb: Token) -> str:
    return next((c.lower_ for c in verb.children if c.dep_ == "prt"), "")


def _habit(
    source: Named,
    verb: Token,
    thing: Token,
    speakers: Speakers,
    verbs: tuple[str, ...] = HABIT_VERBS,
) -> Iterator[ParsedTriplet]:
    """One denial per verb of ``verbs`` with ``thing``: a noun as its concept ("coffee",
    "smoking"), an activity read as a verb as written ("running")."""
    target = activity_named(thing) or resolve(thing, speakers)
    if target is None or target.name == source.name:
        return
    owned = any(c.dep_ == "poss" for c in thing.children)  # "his Vespa": a thing, whatever
    if verbs is POSSESSION_VERBS and target.type == PERSON and not owned:  # the model reads it
        return  # "Dmitri replaced Mei": no one's
    for habit in verbs:
        fact = f"{source.name} {habit} {target.name}"
        yield ParsedTriplet(source, habit, target, fact, past=False, verb=verb.i)
    doing, _, done = target.name.partition(" ")
    for habit in (v for v in verbs if done and gerund(v) == doing):
        # "gave up drinking coffee", parsed as one noun: drinking coffee ended
        fact = f"{source.name} {habit} {done}"
        yield ParsedTriplet(source, habit, Named(done, CONCEPT), fact, past=False, verb=verb.i)
    taught, _, kind = target.name.rpartition(" ")
    if taught and kind in _LESSONS:  # "quit violin lessons": learning the violin ended
        subject = Named(taught, CONCEPT)
        for habit in LEARNING_VERBS:
            fact = f"{source.name} {habit} {taught}"
            yield ParsedTriplet(source, habit, subject, fact, past=False, verb=verb.i)


def any_ended(source: Named, verb: Token, activity: str) -> ParsedTriplet:
    """The end of ``activity`` whatever it was done with (:data:`ANY_VALUE`): its verb
    ("drink"), or its "-ing" word ("smoking") when the parser read it as a noun; the guard
    matches either to the old fact's verb."""
    fact = f"{source.name} {activity}"
    return ParsedTriplet(source, activity, Named(ANY_VALUE, CONCEPT), fact, past=False, verb=verb.i)
