"""Facts a later memory ended, read from the graph: the pairs they form for the update rule.

An ``end`` transition (graphmem/lifecycle/guards.py) leaves a memory current for what else
it tells and ends only the facts a later memory denied ("Elio plays the trumpet in the
school band", then "Elio switched from trumpet to drums"): their triplets carry ``valid_to``
and ``ended_by``, the later memory. When both memories are among the results, they form an
update pair (:mod:`graphmem.search.updates`): the later one ranks first for a current or
general question, the earlier one for a question about the past. A fact ended after the
query's reference date was still current then, and forms no pair; nor does a question
worded in the past tense ("What did Elio play at the concert?") without a time intent of its
own: it asks what was, when the fact still held (on LoCoMo conversations 4-10, whose
questions mostly ask so, pairing them cost 0.004 R@10), unless it asks about the end itself
("Why did I stop metformin?": the memory that ended it answers).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime

from graphmem.ports.search import TripletHit
from graphmem.search import lucene
from graphmem.search.role_phrases import names
from graphmem.search.state_topics import DESCRIPTIONS
from graphmem.search.updates import Pair, Ranked

#: A question worded in the past tense asks what was, when the ended fact still held ("What
#: did Elio play at the school concert?", "When did Marc work at SNCF?").
_PAST_TENSE = re.compile(r"\b(?:did|didn't|was|wasn't|were|weren't|had)\b", re.IGNORECASE)


#: A question about the end itself ("Why did I stop metformin?", "When did Marc leave
#: SNCF?"): the memory that ended the fact answers it, past tense or not.
_ASKS_END = re.compile(
    r"\b(?:stop|stopped|quit|give\s+up|gave\s+up|leave|left|drop|dropped|switch|switched|"
    r"cancel|cancell?ed|break\s+up|broke\s+up|move\s+out|moved\s+out|sell|sold|pull\s+out|"
    r"pulled\s+out|retire|retired|resign|resigned)\b",
    re.IGNORECASE,
)


def asks_what_was(query: str) -> bool:
    """A question in the past tense that asks what was, not about the end itself."""
    return _PAST_TENSE.search(query) is not None and _ASKS_END.search(query) is None


def ended_pairs(
    triplets: Iterable[TripletHit],
    by_id: Mapping[str, Ranked],
    at: datetime,
    current: Callable[[str], bool] = lambda _: True,
    asked: Callable[[TripletHit], bool] = lambda _: True,
) -> list[Pair]:
    """The (older, newer) pairs that the ended facts among ``triplets`` form between the
    memories of ``by_id``, one per pair of memories, in a stable order. ``current`` tells
    by id whether a memory is still current: a superseded one is ranked below its
    replacement already (:mod:`.ranking`), and forms no pair here. ``asked`` tells whether
    the query asks about an ended fact (:func:`about`): "What's my job?" reorders nothing by
    an age corrected since."""
    found: dict[tuple[str, str], Pair] = {}
    for triplet in triplets:
        if not asked(triplet):
            continue
        newer = by_id.get(triplet.ended_by or "")
        if newer is None or triplet.valid_to is None or triplet.valid_to > at:
            continue
        told = f"{triplet.source} {triplet.predicate} {triplet.target}"
        for memory_id in triplet.memory_ids:
            older = by_id.get(memory_id)
            if older is not None and older is not newer and current(memory_id):
                found.setdefault(
                    (older.id, newer.id), Pair(older, newer, frozenset({told}), ended=True)
                )
    return [found[k] for k in sorted(found)]


def about(
    query: str, topics: frozenset[str] = frozenset(), *, everything: bool = False
) -> Callable[[TripletHit], bool]:
    """Whether the query asks about an ended fact. A query about some state topics by
    meaning (``topics``: job, home, age …, :mod:`.state_topics`) asks about an ended state
    fact only of those topics, or one it shares a word with (by their first four letters:
    "work" / "works_at"); any other fact ("take metformin"), any query about no state
    topic, and ``everything`` for a question about the past or the situation as a whole ask
    as before, unless the query names people the fact is not between and shares no word
    with it. A corrected age reached only through the graph is no answer to "What's my
    job?", nor a breakup to "Where does Kai work?" (whose name alone brings the triplet
    signal to "Zara girlfriend_of Kai"), nor a flatmate's moving out to "What does Priya do
    with Jess?"."""
    people = names(query)
    wanted = _roots(query) - _roots(" ".join(people))  # "Kai" is no topic of Kai's

    def asked(triplet: TripletHit) -> bool:
        if everything:
            return True
        if not topics:
            return _between_named(triplet, people) or bool(wanted & _fact_roots(triplet))
        if triplet.predicate not in DESCRIPTIONS or triplet.predicate in topics:
            return True
        return bool(wanted & _fact_roots(triplet))

    return asked


def _fact_roots(triplet: TripletHit) -> frozenset[str]:
    return _roots(f"{triplet.predicate.replace('_', ' ')} {triplet.target}")


def _between_named(triplet: TripletHit, people: set[str]) -> bool:
    """The fact is between everyone the query names (always, when it names nobody): "What
    does Priya do with Jess?" asks nothing about Omar's moving out of Priya's flat."""
    told = set(lucene.terms(f"{triplet.source} {triplet.target}"))
    return all(lucene.names(told, person) for person in people)


#: Words of a question that ask nothing about a fact.
_ASKING = frozenset(
    """
    what where when which who whom whose how why does did do is are was were the now still
    currently my your his her their our and for with
    """.split()  # noqa: SIM905
)


def _roots(text: str) -> frozenset[str]:
    words = (w for w in lucene.terms(text.replace("_", " ")) if w not in _ASKING)
    return frozenset(w[:4] for w in words if len(w) >= 3)
