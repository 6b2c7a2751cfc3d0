"""Pastimes told by their verb: "Tiago swims every Saturday", "I've been running 5k three
times a week" (``do swimming``, ``do running``), and taken up again ("I'm back to running").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from graphmem.domain.schooling import SUBJECTS
from graphmem.extraction.nlp.names import CONCEPT, Named
from graphmem.lifecycle.words import gerund

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: Verbs that name a pastime when told without an object: "Tiago swims every Saturday", "I
#: paint on weekends" -> ``do swimming``, ``do painting`` (the "do" that an ended habit
#: denies: "Tiago dropped swimming", :mod:`.endings`); also the habits told alone ("I vape
#: every day" -> ``do vaping``, which "I quit vaping" ends).
_PASTIMES = frozenset(
    """
    swim run jog cycle bike hike ski snowboard surf skate dance climb row sail fish hunt
    paint draw knit sew crochet bake cook garden sing meditate kayak canoe golf box bowl
    skateboard volunteer smoke vape drink gamble
    """.split()  # noqa: SIM905
)
#: The pastimes as "-ing" words ("swimming"), which the parser may read as nouns.
PASTIME_WORDS = frozenset(gerund(verb) for verb in _PASTIMES)
#: A verb's dependents that make it no pastime told alone ("I ran into Tom", "I ran out").
_NOT_ALONE = frozenset({"dobj", "prt", "ccomp", "xcomp", "attr", "dative", "oprd"})
#: How much, which the parser may read as an object ("I vape a lot", "we swim a bit").
_HOW_MUCH = frozenset({"lot", "bit", "ton", "lots", "tons"})
#: A distance, which the parser reads as an object ("I've been running 5k", "I swim 40 laps").
_DISTANCE = re.compile(r"\d+(?:\.\d+)?k|\d+|km|kms|miles?|laps?|lengths?|kilometers?|k")


def studied(predicate: str, obj: Token) -> bool:
    """ "do" of a school subject: "doing physics" is study, not a pastime ("doing physics,
    maths and computing", "Jess is doing law": ``study``, the subject as written)."""
    return (predicate == "do" or predicate.endswith("_do")) and obj.lower_ in SUBJECTS


#: Adverbs that join their verb the way a particle does ("came back from", "moved out of").
DIRECTIONS = frozenset({"back", "out", "up", "down", "away", "off", "home", "over"})


def activity(verb: Token) -> bool:
    """The "-ing" of "went hiking", "go swimming", "we go fishing": an activity the subject
    of "go" did (or does), named by the word as written ("hiking")."""
    return (
        verb.tag_ == "VBG"
        and verb.dep_ in {"xcomp", "advcl", "dobj"}
        and verb.head.lemma_.lower() == "go"
    )


def pastime(verb: Token) -> bool:
    """A pastime verb told alone: no object, particle or clause of its own, and no
    direction ("ran back")."""
    if verb.lemma_.lower() not in _PASTIMES or verb.dep_ in {"amod", "compound"}:
        return False
    if activity(verb):  # "went swimming" is read as such
        return False
    return not any(
        (c.dep_ in _NOT_ALONE and c.lower_ not in _HOW_MUCH and not _DISTANCE.fullmatch(c.lower_))
        or (c.dep_ == "advmod" and c.lower_ in DIRECTIONS)
        or (c.dep_ == "prep" and c.lower_ in {"into", "across"})  # "ran into Tom"
        for c in verb.children
    )


def back_to(sentence: Span) -> Iterator[tuple[Token, Named]]:
    """(the verb whose subject it is, pastime) for each pastime taken up again: "I'm back to
    running", "Ana is back to swimming after her surgery" -> ``do running``."""
    for back in (t for t in sentence if t.lower_ == "back" and t.dep_ == "advmod"):
        for to in (c for c in back.children if c.dep_ == "prep" and c.lower_ == "to"):
            for done in (c for c in to.children if c.dep_ in {"pcomp", "pobj"}):
                if done.lower_ in PASTIME_WORDS and not any(
                    c.dep_ in _NOT_ALONE for c in done.children
                ):
                    yield back.head, Named(done.lower_, CONCEPT)
