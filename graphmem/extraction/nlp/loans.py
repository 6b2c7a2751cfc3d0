"""Loans and debts that ended: "Piet returned the drill", "I gave Tom his ladder back",
"Paid Marta back today", "I finally repaid my sister".

A thing given back ends lending it and borrowing it: "Piet returned the drill" denies the
speaker's ``lend drill`` and Piet's ``borrow drill`` and ``have drill`` (so "I lent my drill
to Piet, he's building a shed" is no longer current for "Who has my drill?"). Paying someone
back ends owing them: "Paid Marta back" denies ``owe Marta``. Read only where the clause
asserts.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from graphmem.extraction.nlp.clauses import clause_asserts
from graphmem.extraction.nlp.names import PERSON, Named, Speakers, resolve
from graphmem.extraction.nlp.others import relative
from graphmem.extraction.nlp.parsed import ParsedTriplet
from graphmem.extraction.nlp.triplets import subject_of

if TYPE_CHECKING:
    from spacy.tokens import Token

_RETURNERS = frozenset({"return", "give", "bring", "hand"})  # "give/bring/hand … back"
_PAYERS = frozenset({"pay", "repay"})


def ended_loans(verb: Token, speakers: Speakers) -> Iterator[ParsedTriplet]:
    """The denials of a thing given back or a debt paid (see the module)."""
    lemma = verb.lemma_.lower()
    if lemma not in _RETURNERS | _PAYERS or not clause_asserts(verb):
        return
    back = lemma in {"return", "repay"} or any(c.lower_ == "back" for c in verb.children)
    source = subject_of(verb, speakers)
    if not back or source is None:
        return
    me = Named(speakers.me, PERSON)
    for obj in (c for c in verb.children if c.dep_ in {"dobj", "dative"}):
        named = relative(obj, speakers) or resolve(obj, speakers)  # "repaid my sister"
        if named is None or named.name == source.name:
            continue
        if lemma in _PAYERS:  # "paid Marta back": owing her ended
            if named.type == PERSON or obj.pos_ == "PROPN":
                yield ParsedTriplet(source, "owe", named, f"{source.name} owes {named.name}",
                                    False, verb.i)  # fmt: skip
            continue
        if named.type == PERSON:
            continue  # "gave Tom his ladder back": the ladder is the dobj
        ends = [(source, "borrow"), (source, "have")]
        if source.name != me.name:  # "Piet returned the drill": the speaker lent it
            ends.append((me, "lend"))
        for who, predicate in ends:
            fact = f"{who.name} {predicate} {named.name}"
            yield ParsedTriplet(who, predicate, named, fact, False, verb.i)
