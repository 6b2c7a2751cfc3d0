"""Subjects a verb takes from another word of its sentence, for :mod:`.triplets`: a
participle clause shares the subject of the verb before it ("I quit the bakery, *doing* a
barista course now"), and the complement of a hiring verb has its object as subject ("We
hired Dmitri *to replace* Mei")."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Verbs whose object does what their complement says: "We hired Dmitri to replace Mei".
_HIRERS = frozenset({"hire", "recruit", "appoint", "employ", "bring"})


def hired(verb: Token) -> Token | None:
    """The object that is the subject of ``verb`` as the complement of a hiring verb."""
    head = verb.head
    if verb.dep_ != "xcomp" or head.lemma_.lower() not in _HIRERS:
        return None
    return next((c for c in head.children if c.dep_ == "dobj"), None)


def participle(verb: Token) -> bool:
    """A clause of the verb before it, told by a participle: "I quit the bakery, *doing* a
    barista course now" (not "while doing", which a marker opens)."""
    return (
        verb.dep_ == "advcl"
        and verb.tag_ == "VBG"
        and verb.head.i < verb.i
        and not any(c.dep_ in {"mark", "nsubj", "nsubjpass"} for c in verb.children)
    )
