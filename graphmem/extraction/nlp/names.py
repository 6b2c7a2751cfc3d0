"""Names for tokens: named entities with their type, concepts, and resolved pronouns.

* A named entity keeps its spaCy label when it is one of :data:`ENTITY_LABELS`.
* A concept is the lemmatised head of a noun chunk with the compounds and adjectival
  modifiers just before it ("support group", "camping trip", "adoption agency").
  Pronouns, stop words, numbers, dates, calendar words ("Thursdays", "January") and vague
  nouns (:data:`VAGUE_NOUNS`) are not concepts, nor are evaluative adjectives ("great",
  "new") part of one.
* First-person pronouns are the speaker; "you" is the other speaker of a two-person
  conversation. Other pronouns ("she", "it") are not resolved.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from graphmem.domain.calendar_words import MONTHS, SEASONS, WEEKDAYS
from graphmem.domain.measure_words import QUANTITY_NOUNS
from graphmem.extraction.phrases import BINOMIALS, JOINER

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

ENTITY_LABELS = frozenset(
    {"PERSON", "ORG", "GPE", "LOC", "FAC", "NORP", "EVENT", "WORK_OF_ART", "PRODUCT", "LANGUAGE"}
)
CONCEPT = "CONCEPT"
PERSON = "PERSON"
ANIMAL = "ANIMAL"  # a pet named in the subject ("our dog Pixel")
FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself", "we", "us", "our", "ours"})
SECOND_PERSON = frozenset({"you", "your", "yours", "yourself", "ya", "u"})
VAGUE_NOUNS = frozenset(
    """
    thing things stuff lot lots time times way ways kind sort type bit something anything
    everything nothing someone anyone everyone people person guy guys one ones day days week
    weeks month months year years today tonight tomorrow yesterday moment while part piece
    place reason idea fact point matter case sense deal lol haha yeah
    thank thanks super cool wow omg congrat congrats congratulations hey hi hello bye ok okay
    sorry btw
    """.split()  # noqa: SIM905
)
_EVALUATIVE = frozenset(
    """
    good great nice bad new old big small little huge large amazing awesome wonderful
    beautiful lovely cool fun funny best better worst worse last next first other same whole
    many few much more most several various different own real true special happy sad hard
    tough tiny cute incredible fantastic perfect terrible horrible interesting exciting
    favorite favourite recent certain such entire
    """.split()  # noqa: SIM905
)
_MAX_NAME_CHARS = 200
#: Names of days and months say when, not what: they are no concept.
_CALENDAR_NAMES = frozenset({*WEEKDAYS, *MONTHS} | {f"{word}s" for word in WEEKDAYS})
#: Where an entity span meets one of these after a preposition, it ends (`.repairs`).
_TIME_WORDS = (
    _CALENDAR_NAMES
    | set(SEASONS)
    | {"weekend", "weekends", "morning", "mornings", "evening", "evenings", "night", "nights"}
)


@dataclass(frozen=True)
class Named:
    name: str
    type: str


@dataclass(frozen=True)
class Speakers:
    """Who "I" and "you" are in one message; ``they``: who "she" and "he" are in it
    (``.coref``), as (pronoun, name) pairs; ``people``: the normalised names known to be
    persons (stored as such, or typed so by this message)."""

    me: str
    you: str | None = None
    they: tuple[tuple[str, str], ...] = ()
    people: frozenset[str] = frozenset()


def is_time_word(token: Token) -> bool:
    """A word that says when: a calendar word ("Thursdays", "January", "summer",
    "weekend") or a year-like number."""
    return token.lower_ in _TIME_WORDS or (token.like_num and len(token.text) == 4)


#: Nouns of a part of a time span: "at the end of March", "by the start of next year".
_TIME_PARTS = frozenset({"end", "beginning", "start", "middle", "rest", "half"})


def says_when(obj: Token) -> bool:
    """An object that tells when, not what: "on weekends", "in January", "at the end of
    March" (no ``leave_at end``)."""
    if _race(obj):  # "a 10k", which the model may call a date
        return False
    if is_time_word(obj) or obj.ent_type_ in {"DATE", "TIME"}:
        return True
    of = [c for c in obj.children if c.dep_ == "prep" and c.lower_ == "of"]
    return obj.lemma_.lower() in _TIME_PARTS and any(
        is_time_word(p) or p.ent_type_ in {"DATE", "TIME"} for o in of for p in o.children
    )


def entity_span(token: Token) -> Span | None:
    """The named entity (of a kept label) that ``token`` is part of."""
    if token.ent_type_ not in ENTITY_LABELS:
        return None
    doc = token.doc
    start, end = token.i, token.i + 1
    while start > 0 and doc[start].ent_iob_ == "I":
        start -= 1
    while end < len(doc) and doc[end].ent_iob_ == "I":
        end += 1
    return doc[start:end]


def _clean(text: str) -> str | None:
    text = " ".join(text.split()).strip(" '\"“”‘’.,;:!?()[]")
    if text.lower().startswith("the "):
        text = text[4:]
    if not any(ch.isalnum() for ch in text) or len(text) > _MAX_NAME_CHARS:
        return None
    return text


def named_entity(ent: Span) -> Named | None:
    """``ent`` (a doc entity, or a span inside one) as a typed name, if its label is kept."""
    label = ent.label_ or ent.root.ent_type_
    if label not in ENTITY_LABELS:
        return None
    name = _clean(ent.text)
    if name is None:
        return None
    if label == "PERSON" and _SAINTED.match(name):
        label = "ORG"  # "St Anne's", "St. Bernard's": a school, church or hospital
    elif label in MISREAD_AS and acts_like_someone(ent.root, len(ent)):
        label = "PERSON"  # "Yusuf started reception…", read by the small model as a title
    return Named(name, label)


#: Labels the small model gives a first name it does not know ("Yusuf": WORK_OF_ART, "Marek":
#: ORG, "Tamsin": GPE).
MISREAD_AS = frozenset({"WORK_OF_ART", "PRODUCT", "ORG", "GPE"})
#: Verbs only a person is the subject of, in chat about people.
_PEOPLE_VERBS = frozenset(
    {"start", "move", "say", "tell", "ask", "want", "think", "feel", "learn", "join",
     "graduate", "live", "work", "study", "struggle", "cry", "laugh", "walk", "talk", "pass",
     "fail", "turn", "marry", "propose", "retire", "sleep", "behave", "misbehave", "apologise",
     "apologize", "text", "call", "phone", "visit", "arrive", "quit", "resign", "relocate",
     "emigrate", "divorce", "date", "hand"}
)  # fmt: skip


#: More verbs a name the model left unlabelled does as a person ("Gwen is leaving the choir",
#: "Gwen rang"), where an organisation's label would make them ambiguous ("Tesco is leaving").
_UNLABELLED_PEOPLE_VERBS = frozenset({"leave", "ring", "sing", "meet", "stay", "come", "cook"})


def acts_like_someone(root: Token, words: int = 1, *, unlabelled: bool = False) -> bool:
    """One capitalised word (no acronym: "NHS", "BBC"), the subject of a verb only a person
    does ("Yusuf moves to St Bernard's", "Marek's moving to Bristol"); ``unlabelled``: the
    model gave it no label, and a few more verbs tell."""
    verb = root.head.lemma_.lower()
    return (
        words == 1
        and root.text[:1].isupper()
        and not root.text.isupper()
        and root.dep_ in {"nsubj", "nsubjpass"}
        and (verb in _PEOPLE_VERBS or (unlabelled and verb in _UNLABELLED_PEOPLE_VERBS))
    )


#: A saint's name is a place's (a school, a church, a hospital), never a person's in chat.
_SAINTED = re.compile(r"^(?:St\.?|Saint|Ste\.?)\s+[A-Z]")


def _modifiers(head: Token) -> list[Token]:
    """The compounds and kind-naming adjectives directly before ``head``, in order; a
    gerund naming the kind keeps what it is done with ("horse riding lessons")."""
    kept: list[Token] = []
    for left in reversed(list(head.lefts)):
        if left.i != head.i - len(kept) - 1:
            break
        if left.dep_ == "compound" or (
            left.dep_ == "amod"
            and left.tag_ in {"JJ", "VBG"}
            and left.lower_ not in _EVALUATIVE
            and not any(c.dep_ == "advmod" for c in left.children)
        ):
            kept.append(left)
            if left.tag_ == "VBG":
                kept += [c for c in left.lefts if c.i == left.i - 1 and c.pos_ == "NOUN"]
            continue
        break
    kept.sort(key=lambda t: t.i)
    word = hyphenated(kept[0]) if kept else None  # "a sixth-form college", "A-level chemistry"
    return [*word[: kept[0].i - word.start], *kept] if word is not None else kept


def hyphenated(token: Token) -> Span | None:
    """The hyphenated word ``token`` is part of ("mother-in-law", "self-care"; the
    tokenizer splits it at the hyphens), or None."""
    doc = token.doc
    start = end = token.i
    while (
        start >= 2
        and doc[start - 1].text == "-"
        and not doc[start - 2].whitespace_
        and (not doc[start - 1].whitespace_)
    ):
        start -= 2
    while (
        end + 2 < len(doc)
        and doc[end + 1].text == "-"
        and not doc[end].whitespace_
        and (not doc[end + 1].whitespace_)
    ):
        end += 2
    return doc[start : end + 1] if end > start else None


def binomial(head: Token) -> str | None:
    """The fixed pair a noun opens ("mac and cheese", "peanut butter and jelly"), as
    written when it is a name ("Dungeons and Dragons"), else lowercased; None when it opens
    none (:data:`graphmem.extraction.phrases.BINOMIALS`)."""
    conj = next((c for c in head.children if c.dep_ == "conj"), None)
    if conj is None:
        return None
    starts = [head.i, *(c.i for c in head.children if c.dep_ == "compound" and c.i < head.i)]
    for start in sorted(set(starts)):
        span = head.doc[start : conj.i + 1]
        if JOINER.join(span.text.lower().split()) in BINOMIALS:
            proper = any(t.pos_ == "PROPN" for t in span)
            return " ".join(span.text.split()) if proper else span.text.lower()
    return None


def _counted_thing(head: Token) -> bool:
    """A thing the model labelled with its count, in words ("half marathons" as a QUANTITY,
    or a TIME): still a concept; not "3 km", a measure ("two kilos") or a time word."""
    if head.ent_type_ not in {"QUANTITY", "CARDINAL", "TIME", "DATE"} or head.pos_ != "NOUN":
        return False
    if is_time_word(head):
        return False
    span = entity_span(head)
    words = list(span) if span is not None else [head]
    return not any(w.like_num and any(c.isdigit() for c in w.text) for w in words) and (
        head.lemma_.lower() not in QUANTITY_NOUNS
    )


#: A race by its distance: "a 5k", "the 10k", "my first 50km".
_RACE = re.compile(r"^\d{1,3}(?:k|km|mi)$")


def _race(head: Token) -> bool:
    """ "Signed up for a 5k": a distance with a determiner is the race (not "paid 5k")."""
    return _RACE.match(head.lower_) is not None and any(
        c.dep_ in {"det", "poss"} for c in head.children
    )


def concept(head: Token) -> Named | None:
    """The concept a noun names, or ``None`` when it is not one. A hyphenated word is one
    concept ("mother-in-law", not "mother" and "law"); before a proper noun only names
    count ("my roommate Ellis" names Ellis, not a "roommate Ellis"); a race by its distance
    is one ("a 5k")."""
    if _race(head):  # named with its kind, which the distance alone does not say
        return Named(f"{head.lower_} race", CONCEPT)
    if head.pos_ in {"NOUN", "PROPN"}:
        pair = binomial(head)
        if pair is not None:
            return Named(pair, CONCEPT)
        if head.dep_ == "conj" and binomial(head.head) is not None:
            return None  # the "cheese" of "mac and cheese"
    if (
        head.pos_ not in {"NOUN", "PROPN"}
        or head.is_stop
        or (head.ent_type_ and not _counted_thing(head))
        or head.lower_ in _CALENDAR_NAMES
    ):
        return None
    word = hyphenated(head)
    if word is not None:
        lemma = word.text if any(t.pos_ == "PROPN" for t in word) else word.text.lower()
        head = word[0]
    else:
        lemma = head.lemma_.lower() if head.pos_ == "NOUN" else head.text
    if lemma.lower() in VAGUE_NOUNS or (not lemma.isalpha() and "-" not in lemma):
        return None
    modifiers = _modifiers(head)
    if head.pos_ == "PROPN":
        modifiers = [m for m in modifiers if m.pos_ == "PROPN"]
    parts = [(m.text if m.pos_ == "PROPN" else m.lower_) + m.whitespace_ for m in modifiers]
    name = _clean(" ".join(["".join(parts).strip(), lemma]).strip())
    return Named(name, CONCEPT) if name else None


def resolve(token: Token, speakers: Speakers) -> Named | None:
    """The entity a subject or object token stands for, if any."""
    lower = token.lower_
    if lower in FIRST_PERSON:
        return Named(speakers.me, PERSON)
    if lower in SECOND_PERSON:
        return Named(speakers.you, PERSON) if speakers.you else None
    if token.pos_ == "PRON":
        return None
    ent = entity_span(token)
    if ent is not None:
        return named_entity(ent)
    for child in token.children:  # "my friend Alice": the apposition names her
        if child.dep_ == "appos":
            ent = entity_span(child)
            if ent is not None:
                return named_entity(ent)
    return concept(token)


#: Verbs that take up a pastime (lemma, particle): "I've picked up bouldering", "took up
#: painting", "started climbing".
_TAKERS = frozenset({("take", "up"), ("pick", "up"), ("start", ""), ("begin", "")})
#: Words in "-ing" that name no pastime.
_NOT_PASTIMES = frozenset({"thing", "morning", "evening", "building", "wedding", "meeting"})


def taken_up(token: Token) -> bool:
    """The pastime a verb takes up ("bouldering" in "I've picked up bouldering"): an "-ing"
    word, its object or complement, with no determiner of its own ("started a painting" is
    a thing made)."""
    head = token.head
    particle = next((c.lower_ for c in head.children if c.dep_ == "prt"), "")
    if (head.lemma_.lower(), particle) not in _TAKERS or token.dep_ not in {"dobj", "xcomp"}:
        return False
    word = token.lower_
    if not word.endswith("ing") or len(word) < 6 or word.removesuffix("s") in _NOT_PASTIMES:
        return False
    # "started learning the cello" takes up the cello, read from the verb and its object
    return not any(c.dep_ in {"det", "poss", "nummod", "dobj"} for c in token.children)
