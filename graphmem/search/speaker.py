"""Speaker match: a memory said by someone the query names ("what books has Melanie read?")
is about that person, so it gets an entity contribution without a graph hop. The actor is
on the memory, so this costs no query. It finds no candidates: it is applied after the gate,
beside the fusion (:mod:`graphmem.search.ranking`), to the candidates the signals found.
It fires only when the query names someone: a first-person pronoun says nothing about
relevance (every memory the user said would match), so it never counts."""

from __future__ import annotations

from graphmem.search import lucene


def query_words(query: str) -> frozenset[str]:
    return frozenset(lucene.terms(query))


def named(actor: str | None, words: frozenset[str]) -> bool:
    """Every word of the actor's name is in the query (never true for a pronoun)."""
    return lucene.names(words, actor)


def score(actor: str | None, words: frozenset[str], weight: float) -> float:
    """``weight`` when the query names the actor."""
    return weight if weight > 0 and named(actor, words) else 0.0


def status(matched: int, weight: float) -> str:
    """What ``explain`` reports for this signal."""
    if weight <= 0:
        return "off: speaker_match is 0 in settings"
    return f"ok ({matched} of the candidates said by someone the query names)"
