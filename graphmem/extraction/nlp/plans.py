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

#: Verbs of going that, told in the present progressive of a place, tell a trip ahead.
_TRAVELS = frozenset({"go", "fly", "drive", "head", "travel"})
#: The entity labels of places.
PLACES = frozenset({"GPE", "LOC", "FAC"})
_NOW = frozenset({"am", "is", "are", "'m", "'s", "'re"})

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


def trip_ahead(verb: Token) -> bool:
    """ "We're going to Rome in June", "I'm flying to Oslo tomorrow": a trip to a place told
    in the present progressive is one ahead (``plan_go_to Rome``), so that a past visit
    ("we went to Rome last spring") stays a fact of its own when the trip is called off."""
    if verb.lemma_.lower() not in _TRAVELS or verb.tag_ != "VBG":
        return False
    if not any(c.dep_ == "aux" and c.lower_ in _NOW for c in verb.children):
        return False
    return any(
        child.lower_ == "to" and any(_place(o) for o in child.children if o.dep_ == "pobj")
        for child in verb.children
        if child.dep_ == "prep"
    )


def _place(token: Token) -> bool:
    """A named place ("Rome", "the Alps"; not "the gym", a habit's place). The parser may
    label a town a person ("going to Krakow"): a proper noun one goes to is a place."""
    return token.ent_type_ in PLACES or token.pos_ == "PROPN"
