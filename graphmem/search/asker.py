"""A question about the asker's own facts: "Where do I live?", "What car do we drive now?".

A first-person subject ("I", "we") with no relational phrase ("my sister", "Karl's
daughter", :func:`graphmem.search.roles.phrases`) and no other name asks about the asker.
Its words match another person's fact as well as the asker's own: "Where do I live?" meets
"My cousin Femke lives in Maastricht now" by its words, and "We moved to Haarlem" only by
its fact (``Ilse lives_in Haarlem``). So when the asker is known (one name recorded for the
owner, or the unnamed ``user``, :mod:`graphmem.search.self_names`) and holds one of the
facts the triplet signal matched, a memory whose matched facts are all another person's is
scored ``search.others_factor`` times (:mod:`graphmem.search.ranking`). "What should I cook
for my partner?" is about the partner: no change; nor when the asker has no matching fact.
"""

from __future__ import annotations

from collections.abc import Iterable

from graphmem.lifecycle.predicates import normalize_name
from graphmem.ports.search import TripletHit
from graphmem.search import lucene, roles

SUBJECTS = frozenset({"i", "we"})


def about_asker(query: str) -> bool:
    """``query`` asks about the asker's own facts (see the module)."""
    if not SUBJECTS & set(lucene.terms(query)):
        return False
    return not roles.phrases(query) and not roles.names(query)


def about_others(query: str, self_names: Iterable[str], matched: list[TripletHit]) -> set[str]:
    """The memories whose ``matched`` facts are all another person's, for a question about
    the asker who holds one of them; empty otherwise."""
    mine = set(self_names)
    own = {m for t in matched if normalize_name(t.source) in mine for m in t.memory_ids}
    if not own or not about_asker(query):
        return set()
    return {m for t in matched for m in t.memory_ids} - own
