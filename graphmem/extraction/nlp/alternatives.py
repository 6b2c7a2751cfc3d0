"""The words "instead of" or "rather than" leave: "We're going to Porto instead of
*Lisbon*", "I drink tea rather than *coffee* now", "Instead of *going to the gym*, I run".

What is left is no fact: the parser's reading made it one ("I drink tea instead of coffee"
gave ``drink coffee``; "I take Jardiance instead of metformin" gave ``take_of
metformin``), so :mod:`.triplets` reads no object here. What the choice ends is read by
:mod:`.choices`.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import TYPE_CHECKING

from graphmem.extraction.nlp.clauses import clause_of

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: The two words before an alternative left: "instead of", "rather than".
_LEFT_BY = frozenset({("instead", "of"), ("rather", "than")})


def alternative(token: Token) -> bool:
    """Whether ``token`` (or the phrase it heads) comes right after "instead of" or "rather
    than"."""
    start = token.left_edge.i
    if start < 2:
        return False
    doc = token.doc
    return (doc[start - 2].lower_, doc[start - 1].lower_) in _LEFT_BY


def leaves_any(sentence: Span) -> bool:
    """Whether the sentence says "instead of" or "rather than" at all (most do not: then no
    verb's clause is walked for what it leaves)."""
    return any((a.lower_, b.lower_) in _LEFT_BY for a, b in pairwise(sentence))


def alternatives(verb: Token) -> Iterator[Token]:
    """The heads of what ``verb``'s own clause leaves: a noun ("Lisbon", "coffee") or a
    verb ("going")."""
    for token in verb.subtree:
        if token.i == verb.i or not alternative(token):
            continue
        head = token.head
        if head.i != token.i and head.left_edge.i == token.left_edge.i and alternative(head):
            continue  # a word inside the phrase ("a" of "instead of a hotel")
        if token.pos_ in {"VERB", "AUX"}:
            if clause_of(token.head).i == verb.i:
                yield token
        elif token.pos_ in {"NOUN", "PROPN", "NUM"} and clause_of(token).i == verb.i:
            yield token
