"""A question about the asker's own facts: "Where do I live?", "What car do we drive now?".

A first-person word ("I", "we", "my job") with no relational phrase ("my sister", "Karl's
daughter", :func:`graphmem.search.roles.phrases`) and no other name asks about the asker.
Its words match another person's fact as well as the asker's own: "Where do I live?" meets
"My cousin Femke lives in Maastricht now" by its words, and "We moved to Haarlem" only by
its fact (``Ilse lives_in Haarlem``). So when the asker is known (one name recorded for the
owner, or the unnamed ``user``, :mod:`graphmem.search.self_names`) and holds one of the
facts the triplet signal matched, a memory whose matched facts are all another person's is
scored ``search.others_factor`` times (:mod:`graphmem.search.ranking`). "What should I cook
for my partner?" is about the partner: no change; nor when the asker has no matching fact.

A question about one person it names ("What is Bruno's job?") is read the same way: when a
fact of that person (as either end) is among those matched, a memory whose matched facts
are all other people's ("My husband got a new job in Porto", told to Bruno) is scored
``search.named_others_factor`` times: a milder factor, since two people talking tell each
other's things ("I love the painting you made, Mel").
"""

from __future__ import annotations

from collections.abc import Iterable

from graphmem.lifecycle.predicates import normalize_name
from graphmem.ports.search import TripletHit
from graphmem.search import lucene, role_phrases

SUBJECTS = frozenset({"i", "we", "my", "our", "me", "us"})  # "What's my job?" too


def about_asker(query: str) -> bool:
    """``query`` asks about the asker's own facts (see the module)."""
    if not SUBJECTS & set(lucene.terms(query)):
        return False
    return not role_phrases.phrases(query) and not role_phrases.names(query)


def about_others(query: str, self_names: Iterable[str], matched: list[TripletHit]) -> set[str]:
    """The memories whose ``matched`` facts are all another person's, for a question about
    the asker who holds one of them; empty otherwise."""
    if not about_asker(query):
        return set()
    mine = set(self_names)
    own = {m for t in matched if normalize_name(t.source) in mine for m in t.memory_ids}
    return _besides(own, matched)


def about_others_than(query: str, matched: list[TripletHit]) -> set[str]:
    """The same for a question about the one person it names (:func:`named`): the memories
    whose ``matched`` facts all leave that person out, when a fact of theirs (as either end)
    is among them; empty otherwise."""
    name = named(query)
    if name is None:
        return set()
    # who someone is to that person ("Aoife girlfriend_of Callum") is no fact of their own
    # unless the question asks for a relation ("Who is Callum's girlfriend?")
    related = bool(role_phrases.phrases(query))
    own = {
        m
        for t in matched
        if name in _ends(t) and (related or not _told_relation(t, name))
        for m in t.memory_ids
    }
    return _besides(own, matched)


#: Predicates that tell who one person is to another, besides the ``…_of`` relations.
_COUPLES = frozenset({"dating", "married_to", "engaged_to"})


def _told_relation(triplet: TripletHit, name: str) -> bool:
    """``triplet`` says who someone else is to ``name``: a relation pointing at them."""
    relation = triplet.predicate.endswith("_of") or triplet.predicate in _COUPLES
    return relation and normalize_name(triplet.target) == name


def _besides(own: set[str], matched: list[TripletHit]) -> set[str]:
    if not own:
        return set()
    return {m for t in matched for m in t.memory_ids} - own


def named(query: str) -> str | None:
    """The one person a question asks about by name ("What is Bruno's job?", "Where does
    Lena work?"): one name, and no first-person subject; None otherwise."""
    if SUBJECTS & set(lucene.terms(query)):
        return None
    found = role_phrases.names(query)
    return normalize_name(next(iter(found))) if len(found) == 1 else None


def _ends(triplet: TripletHit) -> set[str]:
    return {normalize_name(triplet.source), normalize_name(triplet.target)}
