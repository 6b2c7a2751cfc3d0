"""Whom the speaker did something with, told as a subject beside "I": "Chloe and I started
doing pottery", "me and my sister went to Lisbon" give ``do_with Chloe`` and ``go_with
<Speaker>'s Sister`` beside the verb's own facts, as "I play tennis with Sam" gives
``play_with Sam``. The companion links the activity to the person in the graph, so "What
does Lena do with Chloe?" reaches the pottery through Chloe's entity."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from graphmem.extraction.nlp.names import PERSON, Named, Speakers, resolve
from graphmem.extraction.nlp.others import relative
from graphmem.extraction.nlp.parsed import ParsedTriplet

if TYPE_CHECKING:
    from spacy.tokens import Token


#: What the small model calls a first name that opens a sentence ("Chloe and I …": ORG); beside
#: "I" as a subject, a proper name is someone.
_MISREAD = frozenset({"ORG", "PRODUCT", "WORK_OF_ART", "NORP", "GPE", "CONCEPT"})


def companions(
    verb: Token, subjects: Sequence[Token], told: Sequence[ParsedTriplet], speakers: Speakers
) -> Iterator[ParsedTriplet]:
    """``<verb>_with`` each person among ``subjects`` (the verb's subject words and their
    conjuncts) other than the speaker, when the speaker is the subject of what ``told``
    (the verb's own triplets) says."""
    if not told or told[0].source.name != speakers.me:
        return
    source, past = told[0].source, told[0].past
    particles = [c.lower_ for c in verb.children if c.dep_ == "prt"]  # "took up"
    predicate = "_".join([verb.lemma_.lower(), *particles, "with"])
    for token in (t for s in subjects for t in (s, *_conjuncts(s))):
        named = relative(token, speakers) or resolve(token, speakers)
        if named is None or named.name in {speakers.me, speakers.you}:
            continue
        if named.type != PERSON and not (token.pos_ == "PROPN" and named.type in _MISREAD):
            continue
        fact = f"{source.name} {verb.text} with {named.name}"
        yield ParsedTriplet(source, predicate, Named(named.name, PERSON), fact, past, verb.i)


def _conjuncts(token: Token) -> Iterator[Token]:
    """The words joined to a subject by "and": its conjuncts in the parse, and the word
    before "and I" (the small model may hang "Marta" of "Marta and I took up salsa" off the
    verb, as an adverb)."""
    yield from (c for c in token.children if c.dep_ == "conj")
    doc = token.doc
    if token.lower_ == "i" and token.i >= 2 and doc[token.i - 1].lower_ == "and":
        before = doc[token.i - 2]
        if before.dep_ != "conj" and before.pos_ in {"PROPN", "NOUN"}:
            yield before
