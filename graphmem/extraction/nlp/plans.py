"""Plans: what someone plans, intends, has decided or is going to do.

"We're planning to fly to Lisbon in June" tells no trip yet, but a plan: ``plan_fly_to
Lisbon``. The complement of a planning verb shares the planner's subject, as the complement
of "start" does, through such verbs ("I'm going to start learning Spanish" -> ``plan_learn
Spanish``), and keeps its own predicate with ``plan_`` before it. So a plan never tells the
fact it plans: "we plan to move to Berlin" is no home in Berlin and supersedes none, and a
change of plans ends it ("we're going to Porto instead", :mod:`.alternatives`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

#: The prefix of a planned fact's predicate.
PLAN = "plan_"
#: Verbs whose "to" complement is planned: "plan to", "intend to", "decided to", "aim to".
_PLANNERS = frozenset({"plan", "intend", "decide", "aim", "arrange", "schedule"})


def planner(verb: Token, complement: Token) -> bool:
    """Whether ``complement`` is what ``verb`` plans: the "to" complement of "plan",
    "intend" …, or of the "going" of "I'm going to visit" (not "we went to see a film", a
    purpose told in the past, nor "we're going camping", told as it is done)."""
    lemma = verb.lemma_.lower()
    if lemma in _PLANNERS:
        return True
    return (
        lemma == "go"
        and verb.tag_ == "VBG"
        and any(c.dep_ == "aux" and c.lemma_.lower() == "be" for c in verb.children)
        and any(c.dep_ == "aux" and c.lower_ == "to" for c in complement.children)
    )
