"""Subjects a verb takes from another word of its sentence, for :mod:`.triplets`: a
participle clause shares the subject of the verb before it ("I quit the bakery, *doing* a
barista course now"), or, when that verb's subject is a thing ("it was too gamey"), the
speaker who opened the sentence ("I dropped Duolingo, it was too gamey, *using* Anki
instead"); and the complement of a hiring verb has its object as subject ("We
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


#: Phrasal carriers: what one is "off" to do ("I'm off to go swimming"), "ended up" or "wound
#: up" doing ("Grace ended up volunteering at the shelter"), one does.
_PHRASAL_CARRIERS = {"be": "off", "end": "up", "wind": "up"}


def phrasal(head: Token) -> bool:
    """``head`` with its particle carries its complement as done (:data:`_PHRASAL_CARRIERS`);
    so does leaving to go ("Chloe's leaving to go travelling in Asia")."""
    lemma = head.lemma_.lower()
    if lemma == "leave":
        return any(c.dep_ == "xcomp" and c.lemma_.lower() == "go" for c in head.children)
    particle = _PHRASAL_CARRIERS.get(lemma)
    return particle is not None and any(c.lower_ == particle for c in head.children)


def participle(verb: Token) -> bool:
    """A clause of the verb before it, told by a participle: "I quit the bakery, *doing* a
    barista course now" (not "while doing", which a marker opens)."""
    return (
        verb.dep_ == "advcl"
        and verb.tag_ == "VBG"
        and verb.head.i < verb.i
        and not any(c.dep_ in {"mark", "nsubj", "nsubjpass"} for c in verb.children)
    )


#: Subjects that name a thing, never who does what a participle after them tells.
_THINGS = frozenset({"it", "that", "this"})
_SELF = frozenset({"i", "we"})


#: What befalls a thing that stops working ("the quad bike packed in", "my laptop died", "my
#: phone got stolen"): the participle after it tells what the speaker does instead.
_BROKE = frozenset(
    "break die pack conk crash fail give go quit stop steal lose nick pinch".split()  # noqa: SIM905
)


def told_before(verb: Token, found: list[Token]) -> list[Token]:
    """``found``, the subjects a participle ``verb`` shares with the verb before it; or, when
    those only name a thing, the first-person subject that opened the sentence; or, after a
    thing that broke, the speaker (an empty list: the caller's default)."""
    if not participle(verb) or not found:
        return found
    if after_breakdown(verb):
        return []
    if any(t.lower_ not in _THINGS for t in found):
        return found
    opener = next((t for t in verb.sent if t.dep_ == "nsubj"), None)
    return [opener] if opener is not None and opener.lower_ in _SELF else found


def after_breakdown(verb: Token) -> bool:
    """ "the quad bike packed in, *using* the old Land Rover": a participle after a clause
    whose subjects are common nouns, no one's name, and whose verb tells it stopped working;
    what the participle tells is the speaker's."""
    head = verb.head
    found = [t for t in head.children if t.dep_ in {"nsubj", "nsubjpass"}]
    return (
        participle(verb)
        and (head.lemma_.lower() in _BROKE or _got_broken(head))
        and bool(found)
        and all(t.pos_ == "NOUN" and not t.ent_type_ for t in found)
    )


def _got_broken(head: Token) -> bool:
    """ "my bike got nicked": "got" with the participle of what befell it."""
    return head.lemma_.lower() == "get" and any(
        c.dep_ in {"acomp", "xcomp", "oprd"} and c.lemma_.lower() in _BROKE for c in head.children
    )
