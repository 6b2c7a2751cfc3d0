"""Triplets read from the dependency parse of one asserting sentence.

For every verb whose clause asserts (:func:`.clauses.clause_asserts`) and whose subject
is a participant (the speaker, or the other speaker of a two-person conversation, by
pronoun or by name) or a third party who is a person (:mod:`.others`; conjoined verbs
share their subject, and so does the complement of a verb such as "start" or "love": "I
started learning the cello", and the activity of "go": "we went camping with the kids"
gives ``go camping`` and ``camp_with kid``; a past event told without its "I" is the
speaker's: "Just got back from Kyoto"), each direct object gives ``subject verb object``
and each prepositional object gives ``subject verb_prep object``; a particle joins the
verb ("sign up for" -> ``sign_up_for``). A pastime told without an object gives ``do``
and its "-ing" word ("Tiago swims every Saturday" -> ``Tiago do swimming``). The
predicate is lemmatised and lowercased, and the fact keeps the words as written
("Caroline went to LGBTQ support group").
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

from graphmem.domain.extraction import ExtractedTriplet
from graphmem.domain.measure_words import QUANTITY_NOUNS
from graphmem.extraction.nlp.alternatives import alternative
from graphmem.extraction.nlp.births import births
from graphmem.extraction.nlp.clauses import clause_asserts, held_now
from graphmem.extraction.nlp.companions import companions
from graphmem.extraction.nlp.former import former_titles
from graphmem.extraction.nlp.names import (
    CONCEPT,
    PERSON,
    Named,
    Speakers,
    binomial,
    resolve,
    says_when,
    taken_up,
)
from graphmem.extraction.nlp.others import placed, relative, third_party
from graphmem.extraction.nlp.parsed import ParsedTriplet
from graphmem.extraction.nlp.pastimes import (
    DIRECTIONS,
    PASTIME_WORDS,
    activity,
    back_to,
    pastime,
    studied,
)
from graphmem.extraction.nlp.pattern_predicates import WORKPLACES, as_pattern, joined_group
from graphmem.extraction.nlp.plans import PLAN, planner, trip_ahead
from graphmem.extraction.nlp.repairs import opening_verb
from graphmem.extraction.nlp.shared_subjects import (
    after_breakdown,
    hired,
    participle,
    phrasal,
    told_before,
)
from graphmem.extraction.nlp.treatment import started
from graphmem.extraction.nlp.visits import visits
from graphmem.lifecycle.predicates import DEFAULT_FUNCTIONAL_PREDICATES, normalize_name
from graphmem.lifecycle.words import gerund

_SUBJECTS = frozenset({"nsubj"})
# Verbs whose complement happened or happens as stated: "I started learning the cello",
# "we love playing board games", "I finished reading it". Not "want", "plan", "try",
# "hope", "decide" (not done yet), "stop", "quit" (no longer) or "used to" (no longer).
_CARRIERS = frozenset(
    "start begin keep continue resume love enjoy like finish learn spend".split()  # noqa: SIM905
)


def _subject_tokens(verb: Token) -> list[Token]:
    """The verb's subjects, or those it shares: a conjoined verb's, or for the complement
    of a carrier verb ("I started learning"), the carrier's."""
    current = verb
    for _ in range(16):
        found = [child for child in current.children if child.dep_ in _SUBJECTS]
        if found:
            return told_before(verb, found)  # a participle after a thing's clause: the speaker
        if (employee := hired(current)) is not None:
            return [employee]
        if current.head.i == current.i or not (
            current.dep_ == "conj" or _carried(current) or participle(current)
        ):
            return []
        current = current.head
    return []


def _carried(verb: Token) -> bool:
    head = verb.head
    carrier = head.lemma_.lower() in _CARRIERS or planner(head, verb) or phrasal(head)
    return (verb.dep_ == "xcomp" and carrier) or activity(verb)


def used_to(verb: Token) -> bool:
    """The "used" of "I used to climb": a past that no longer holds, no fact of its own ("I
    used to go climbing" is no ``use``); "I use a whiteboard to stay on track" is a fact."""
    doc = verb.doc
    after = doc[verb.i + 1] if verb.i + 1 < len(doc) else None
    return verb.lower_ == "used" and after is not None and after.lower_ == "to"


def plan_only(verb: Token) -> bool:
    """A verb that tells what is planned, not done (:mod:`.plans`): the complement of a
    planning verb, directly or through verbs that carry it ("going to *start* learning",
    "planning to go *hiking*")."""
    if trip_ahead(verb):  # "we're going to Rome in June"
        return True
    current = verb
    for _ in range(8):  # parses are trees; the bound only guards odd input
        if not _carried(current) or current.head.i == current.i:
            return False
        if planner(current.head, current):
            return True
        current = current.head
    return False


def _past(verb: Token) -> bool:
    """Told in the past tense: the verb itself, or the carrier it complements."""
    if plan_only(verb):  # "we decided to sell the house": not done yet
        return False
    return verb.tag_ == "VBD" or (_carried(verb) and verb.head.tag_ == "VBD")


def subject_of(verb: Token, speakers: Speakers) -> Named | None:
    """The subject, when it is a participant of the conversation (alone or among several),
    or a lone third party who is a person (:func:`.others.third_party`)."""
    tokens = _subject_tokens(verb)
    if not tokens and (_told_without_i(verb) or after_breakdown(verb)):
        return Named(speakers.me, PERSON)
    for token in tokens:
        for part in _with_conjuncts(token):  # "My cousin Ines and I went …": the speaker went
            named = resolve(part, speakers)
            if named is not None and named.name in {speakers.me, speakers.you}:
                return named
    if len(tokens) == 2 and tokens[1].i == tokens[0].i + 1 and tokens[1].pos_ == "PROPN":
        tokens = tokens[1:]  # "My partner Idris is learning …", misread as two subjects
    if len(tokens) == 1 and not any(c.dep_ == "conj" for c in tokens[0].children):
        return third_party(tokens[0], speakers)
    return None


def _told_without_i(verb: Token) -> bool:
    """Chat that leaves out the "I" of a past event: "Finally finished my quilt!", "Just got
    back from Kyoto", "Went to the market and bought peaches" (the opening verb in the past
    tense, with no subject; `.repairs` retags "Went" and "Got")."""
    top = verb
    for _ in range(16):
        if top.dep_ != "conj" or top.head.i == top.i:
            break
        top = top.head
    opening = opening_verb(top.sent)
    return opening is not None and opening.i == top.i and top.tag_ in {"VBD", "VBN"}


def _with_conjuncts(token: Token) -> Iterator[Token]:
    yield token
    if binomial(token) is not None:  # "mac and cheese" is one dish
        return
    for child in token.children:
        if child.dep_ == "conj":
            yield child


_NAMING = frozenset({"named", "called"})


def _objects(verb: Token) -> Iterator[tuple[list[Token], Token]]:
    """(words joining the verb to the object, object) for each object of ``verb``."""
    particles = [c for c in verb.children if c.dep_ == "prt"]
    for child in verb.children:
        if activity(child):
            continue  # "went hiking": the activity is its own verb (:func:`verb_triplets`)
        if child.dep_ == "dobj":
            for obj in _with_conjuncts(child):
                yield particles, _counted(obj)
            if _shares_home(verb):  # "shares a flat with two friends"
                yield from _told_after(child, {"with"})
        elif child.dep_ == "dative" and child.pos_ in {"PROPN", "NOUN"}:
            yield particles, child  # "I owe Marta 50 euros" -> owe Marta
        elif child.dep_ == "prep" or (child.dep_ == "dative" and child.pos_ == "ADP"):
            # "lent my drill to Piet": the parser's dative "to" -> lend_to Piet
            for pobj in (c for c in child.children if c.dep_ == "pobj"):
                for obj in _with_conjuncts(pobj):
                    yield [*particles, child], _counted(obj)  # "listen to a lot of jazz"
                if child.lower_ == "as" and verb.lemma_.lower() == "work":
                    yield from _told_after(pobj)  # "works as a train driver for SNCF"
                if child.lower_ == "from":  # "switched from Fortnite to Minecraft"
                    yield from ((particles + w, o) for w, o in _told_after(pobj, {"to"}))
            if child.lower_ == "from":  # the parser's other way: "to" hung from "from"
                yield from ((particles + w, o) for w, o in _told_after(child, {"to"}))
            yield from _gerund_objects(particles, child)
        elif child.dep_ == "advmod" and child.lower_ in DIRECTIONS:
            # "got back from Kyoto": the preposition hangs from the adverb -> get_back_from
            for prep in (c for c in child.children if c.dep_ == "prep"):
                for pobj in (c for c in prep.children if c.dep_ == "pobj"):
                    for obj in _with_conjuncts(pobj):
                        yield [*particles, child, prep], obj


_HOMES = frozenset({"flat", "apartment", "house", "room", "place", "home", "dorm", "studio"})


def _shares_home(verb: Token) -> bool:
    return verb.lemma_.lower() == "share" and any(
        c.dep_ == "dobj" and c.lemma_.lower() in _HOMES for c in verb.children
    )


def _told_after(
    noun: Token, links: frozenset[str] | set[str] = frozenset({"at", "for"})
) -> Iterator[tuple[list[Token], Token]]:
    """Where one works, told after the job ("as a nurse at St. Luke's"): read as the verb's
    own "at" or "for" (``work_at``, ``work_for``); or whom a home is shared with, told after
    it ("shares a flat with two friends": ``share_with``)."""
    for prep in (c for c in noun.children if c.dep_ == "prep" and c.lower_ in links):
        for pobj in (c for c in prep.children if c.dep_ == "pobj"):
            yield [prep], pobj


def _counted(obj: Token) -> Token:
    """ "I eat a lot of sugar", "doing loads of swimming": what is counted, not the count."""
    if obj.lower_ not in QUANTITY_NOUNS:
        return obj
    for prep in (c for c in obj.children if c.dep_ == "prep" and c.lower_ == "of"):
        for pobj in (c for c in prep.children if c.dep_ in {"pobj", "pcomp"}):
            return pobj
    return obj


def _gerund_objects(particles: list[Token], prep: Token) -> Iterator[tuple[list[Token], Token]]:
    """A bare activity after a preposition ("got into running"), and where it is the "from"
    of a change, the "to" the parser hangs from it ("switched from running to cycling")."""
    for doing in (c for c in prep.children if c.dep_ == "pcomp" and c.tag_ == "VBG"):
        if any(c.dep_ in {"dobj", "nsubj", "aux", "mark", "prt"} for c in doing.children):
            continue  # a clause of its own ("about moving my desk", "of signing up for …")
        if prep.lower_ != "from" and any(c.dep_ == "prep" for c in doing.children):
            continue  # "thinking of moving to Leeds": not "moving", a thing thought of
        yield [*particles, prep], doing
        if prep.lower_ != "from":
            continue
        for to in (c for c in doing.children if c.dep_ == "prep" and c.lower_ == "to"):
            for obj in (c for c in to.children if c.dep_ in {"pobj", "pcomp"}):
                yield [*particles, to], obj


#: Kinds of workplace that "called"/"named" names ("a startup called Medly").
def activity_named(token: Token) -> Named | None:
    """An activity the parser read as a verb ("got into running", "switched from running"),
    named as written; None for any other word."""
    return Named(token.lower_, CONCEPT) if token.tag_ == "VBG" else None


def _named_as(obj: Token) -> Token:
    """ "a kid named Leo": the name, not the kind ("I coach a kid named Leo" -> coach Leo)."""
    for acl in (c for c in obj.children if c.dep_ == "acl" and c.lower_ in _NAMING):
        for name in acl.children:
            if name.dep_ in {"oprd", "attr", "dobj"} and name.pos_ == "PROPN":
                return name
    return obj


def _predicate(verb: Token, links: list[Token]) -> str:
    """``verb_prep`` from the lemmas; a bare verb that spells a functional predicate (an
    attribute with one value: "I emailed the school" is no ``email`` address, and would
    supersede the last thing emailed) takes its past form: ``emailed``."""
    lemma = verb.lemma_.lower()
    if not links and lemma in DEFAULT_FUNCTIONAL_PREDICATES:
        return lemma + ("d" if lemma.endswith("e") else "ed")
    # "taking part in the charity swim": take_part_in, not take_in
    idiom = [c.lower_ for c in verb.children if _idiom(verb, c)]
    return "_".join([lemma, *idiom[:1], *(link.lower_ for link in links)])


#: A verb and the object that is part of its meaning.
_IDIOMS = frozenset({("take", "part"), ("take", "care")})


def _idiom(verb: Token, obj: Token) -> bool:
    return obj.dep_ == "dobj" and (verb.lemma_.lower(), obj.lower_) in _IDIOMS


#: Verbs of choosing, and the adverbs that make a choice a habit: "I always book aisle
#: seats", "she usually orders the vegan option" tell a preference (``prefers``, one per kind
#: of thing: a later "I prefer window seats" supersedes it).
_CHOOSERS = frozenset({"book", "order", "choose", "pick", "request", "reserve", "get"})
_HABITUAL = frozenset({"always", "usually", "normally", "generally", "typically"})


def _chooses(verb: Token, links: list[Token]) -> bool:
    return (
        not links
        and verb.lemma_.lower() in _CHOOSERS
        and any(c.dep_ == "advmod" and c.lower_ in _HABITUAL for c in verb.children)
    )


def _fact(source: Named, verb: Token, links: list[Token], target: Named) -> str:
    return " ".join([source.name, verb.text, *(link.text for link in links), target.name])


#: The slots a clause may tell besides what its pattern read ("Joost works as a paramedic
#: for the Red Cross": the pattern reads the job, the parse the workplace).
_SLOTS = frozenset({"works_at", "lives_in"})


def adds_slot(parsed: ParsedTriplet, told: Iterable[ExtractedTriplet]) -> bool:
    """Whether ``parsed`` tells a workplace or home of its subject that nothing in ``told``
    (the message's triplets so far) does."""
    if parsed.predicate not in _SLOTS:
        return False
    source = normalize_name(parsed.source.name)
    return not any(
        t.predicate == parsed.predicate and normalize_name(t.source) == source for t in told
    )


def sentence_triplets(sentence: Span, speakers: Speakers) -> Iterator[ParsedTriplet]:
    for verb in sentence:
        if verb.pos_ == "VERB" and (now := held_now(verb)):  # "no longer at X; now at Y"
            yield from (t for t in verb_triplets(verb, speakers) if told_now(t, now))
        if verb.pos_ == "VERB" and not used_to(verb) and clause_asserts(verb):
            told = list(verb_triplets(verb, speakers))
            yield from told  # and whom "Chloe and I" did it with:
            yield from companions(verb, _subject_tokens(verb), told, speakers)
            yield from started(verb, speakers)  # "my doctor put me on Jardiance"
            yield from births(verb, speakers)  # "Lucia was born on June 20th"
            if verb.lemma_.lower() in {"retire", "resign"}:  # "retired as head nurse"
                yield from former_titles(verb, speakers, subject_of(verb, speakers))
    yield from visits(sentence, speakers, subject_of)  # "I've been to Paris"
    for copula, done in back_to(sentence):  # "I'm back to running"
        who = subject_of(copula, speakers) if clause_asserts(copula) else None
        if who is not None:
            yield ParsedTriplet(who, "do", done, f"{who.name} back to {done.name}", False, copula.i)


def told_now(triplet: ParsedTriplet, now: frozenset[str]) -> bool:
    """Whether ``triplet``'s value is one a denied clause says holds now (``held_now``)."""
    return triplet.target.name.lower() in now


def verb_triplets(
    verb: Token, speakers: Speakers, source: Named | None = None
) -> Iterator[ParsedTriplet]:
    """The triplets of one verb, whether its clause asserts or not (the caller decides);
    ``source`` when the subject is another verb's (:func:`.endings.ended_triplets`)."""
    source = placed(verb, speakers) or source or subject_of(verb, speakers)
    if source is None:
        return
    plan = PLAN if plan_only(verb) else ""  # "we plan to go camping": plan_go
    for child in verb.children if verb.lemma_.lower() == "go" else ():
        if activity(child):  # "went camping" -> go camping
            done = Named(child.lower_, CONCEPT)
            fact = f"{source.name} {verb.text} {child.text}"
            yield ParsedTriplet(source, plan + "go", done, fact, _past(verb), verb.i)
    for child in (c for c in verb.children if taken_up(c)):  # "picked up bouldering"
        fact = f"{source.name} {verb.text} {child.text}"
        done = Named(child.lower_, CONCEPT)
        yield ParsedTriplet(source, plan + "do", done, fact, _past(verb), verb.i)
    if pastime(verb):
        done = Named(gerund(verb.lemma_.lower()), CONCEPT)
        fact = f"{source.name} {verb.text}"
        yield ParsedTriplet(source, plan + "do", done, fact, _past(verb), verb.i)
    for links, obj in _objects(verb):
        if alternative(obj) or (links and says_when(obj)) or _idiom(verb, obj):
            continue  # "tea instead of coffee", "at the end of May", "take *care* of"
        target = relative(obj, speakers) or resolve(_named_as(obj), speakers)
        target = target or activity_named(obj)
        predicate = plan + ("prefers" if _chooses(verb, links) else _predicate(verb, links))
        if predicate.endswith("switch_to") and obj.lower_ in PASTIME_WORDS:
            predicate = plan + "do"  # "I switched to swimming": a pastime, not a preference
        if predicate == "share_with" and _shares_home(verb):
            predicate = "live_with"  # "shares a flat with two friends"
        if studied(predicate, obj):  # "doing physics, maths and computing"
            subject = [t.lower_ for t in obj.lefts if t.dep_ == "compound"] + [obj.lower_]
            predicate, target = predicate[: -len("do")] + "study", Named(" ".join(subject), CONCEPT)
        if target is not None:
            # "joined a startup called Medly", "works as a nurse at St. Mary's": a workplace
            # named, whatever its label (but a person's)
            workplace = obj.lemma_.lower() in WORKPLACES and _named_as(obj) is not obj
            after_job = bool(links) and links[-1].head.i != verb.i and target.type != PERSON
            kind = "ORG" if workplace or after_job else target.type
            kind = "GROUP" if joined_group(verb, obj) else kind  # a member, no employee
            predicate = as_pattern(predicate, kind, done=verb.tag_ in {"VBD", "VBN"})
        if target is None or target.name == source.name or len(predicate) > 100:
            continue
        fact = _fact(source, verb, links, target)
        yield ParsedTriplet(source, predicate, target, fact, _past(verb), verb.i)
