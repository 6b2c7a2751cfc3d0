"""A change told in a later memory's own words, about what the question asks: "Wedding is set
for September 12th at Hawthorn Hall!", then "Hawthorn Hall double booked us so the wedding
moved to Ashby Barn". No fact in the graph ends (nothing is retired: the date still holds);
but for a current or general question that names what changed ("Where is the wedding?") the
later memory ranks above the earlier, and for a past one below, as an update pair
(:mod:`graphmem.search.updates`).

The later memory tells a change ("moved to", "switched (beans) to", "swapped for",
"instead", "stepping in", "took over", "grew to", "upped (my dose) to", "reduced to", "…
now": not "right now", "for now", "just now"); both have the same speaker; the two share a
word that is no stop word and that the question names too, not as a name ("wedding"; not
"Pepper" in "What breed is Pepper?", when "Pepper goes to doggy daycare now"; but a name a
present "When …?" question asks about, when both memories tell a time: "When are my lessons
with Kenji?" after "lessons on Sunday mornings", then "Kenji moved to evenings so now it's
Wednesday nights"; or what the question names is in the older one, or both name whom it
asks about, and the later one moves or switches away from a name the older told, naming it
again: "Tilly's started at nursery, Little Acorns", then "Tilly's moved to Bright Horizons,
Little Acorns closed down" — not the one that moves: "Hawthorn moved to Ely"); never when
only the older holds the kind of answer asked ("moving my stream from Twitch to YouTube",
then "Streams look gorgeous now" for "Where does Zak stream now?"); and the question is not
told in the past ("How did I hurt my wrist?" asks for the event, not the
state now). Chat says "now" of everything, so the question must name the topic: a change
marker alone pairs nothing; and a topic most candidates name (more than ``MAX_TOPIC`` of
them: "game" in a chat about games) is no one state.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from graphmem.search import answer_kinds
from graphmem.search.update_words import content, every_stem, names
from graphmem.search.updates import Pair, Ranked, said_before

_NOW = r"(?<!\bright\s)(?<!\bfor\s)(?<!\bjust\s)(?<!\buntil\s)(?<!\bby\s)\bnow\b(?!\s+that\b)"
_RISEN = (
    r"(?:grew|rose|jumped|climbed|went\s+(?:up|down)|crept\s+up|upped|bumped\s+up|dropped|"
    r"increased|decreased|raised|lowered|reduced|cut\s+back|cut\s+down)"
)
_CHANGES = re.compile(
    rf"{_NOW}|\binstead\b|\b(?:moved|switched|changed|swapped)\s+(?:[\w'-]+\s+){{0,3}}?(?:to|for)\b"
    rf"|\bstep(?:ping|ped|s)?\s+(?:in|up)\b|\b(?:taking|took|takes)\s+over\b"
    rf"|\breplac(?:ed|ing)\b|\b{_RISEN}\s+(?:[\w'-]+\s+){{0,3}}?to\b",
    re.IGNORECASE,
)
#: A move or a switch away from something, told as such (not a "now" alone)
_MOVED = re.compile(
    r"\b(?:moved|switched|changed|swapped)\s+(?:[\w'-]+\s+){0,3}?(?:to|for)\b|\breplac(?:ed|ing)\b"
    r"|(?-i:\binstead\b)",  # not "Home Instead", a name
    re.IGNORECASE,
)
_CAPITALISED = re.compile(r"\b[A-Z][\w-]*")
_CLAUSES = re.compile(r"[,.;:!?]|\b(?:so|and|but|then|because)\b", re.IGNORECASE)
#: A question in the past tense asks about an event ("How did I hurt my wrist?"), not a state
_TOLD_PAST = re.compile(r"\b(?:did|was|were|had|used\s+to)\b", re.IGNORECASE)
#: At most this many of the candidates name the asked word: a topic the conversation keeps
#: returning to ("game" in a chat about games) is no one state that changed (chosen on LoCoMo
#: conversations 1-3: 0.8338 without the bound, 0.8365 with it; docs/search.md)
MAX_TOPIC = 4
#: Notes that speak of their owner as "the user" ("User switched to light mode"): the word
#: is the asker, as "I" is, no topic
_ASKER = frozenset({"user"})
_CHANGE_WORDS = frozenset({"instead", "switched", "changed", "swapped", "replaced", "stepping"})


def tells_change(text: str) -> bool:
    """Whether ``text`` tells a change in its own words (see the module)."""
    return _CHANGES.search(text) is not None


def told_changes(memories: Sequence[Ranked], query: str, limit: int = 50) -> list[Pair]:
    """The (earlier, changing) pairs among the best ``limit`` memories about what ``query``
    names (see the module)."""
    # the query's words but names ("Pepper" is no topic that changed) and the asker
    asked = content(query) - _ASKER
    if not asked or _TOLD_PAST.search(query):
        return []
    top = memories[:limit]
    stems = {m.id: every_stem(m.text) for m in top}
    asked = {w for w in asked if sum(w in found for found in stems.values()) <= MAX_TOPIC}
    named = _named_when(query)
    asked_names = every_stem(" ".join(names(query)))
    answers = answer_kinds.answer_test(query)
    changing = [m for m in top if tells_change(m.text)]
    pairs: list[Pair] = []
    for newer in changing if asked else ():
        said = stems[newer.id] - _CHANGE_WORDS
        for older in said_before(newer, top):
            shared = said & stems[older.id]
            if _not_of_whom_asked(asked_names, stems[older.id], said, newer.text):
                continue
            if answers is not None and answers(older.text) and not answers(newer.text):
                continue  # only the older holds the kind of answer asked
            if (
                shared & asked
                or _both_when(shared & named, older, newer)
                or (
                    bool(shared & asked_names or asked & stems[older.id])
                    and _old_one_retold(asked_names, older, newer)
                )
            ):
                pairs.append(Pair(older, newer, frozenset(shared)))
    return pairs


#: Words that name someone without their name: "she's switched to netball now".
_THIRD_PERSON = re.compile(r"\b(?:she|he|her|him|his|they|them|their)\b", re.IGNORECASE)


def _not_of_whom_asked(
    asked_names: frozenset[str], older: frozenset[str], newer: frozenset[str], text: str
) -> bool:
    """The older memory names whom the question asks about and the newer one neither names
    them nor speaks of anyone as "she", "he" or "they": the change is someone else's ("Lowri
    got picked for the regional squad! Gran came to watch her play", then "Ankle's fine now,
    back playing five-a-side" for "What sport does Lowri play?")."""
    whom = asked_names & older
    return bool(whom) and not whom & newer and _THIRD_PERSON.search(text) is None


def _named_when(query: str) -> frozenset[str]:
    """The names a "When …?" question asks about ("When are my lessons with Kenji?"): the
    time of someone's or something's is the state that changed, when both memories tell
    one ("lessons on Sunday mornings", then "Kenji moved to evenings so now it's Wednesday
    nights")."""
    if answer_kinds.asked(query) != "when":
        return frozenset()
    return frozenset(n.lower() for n in names(query))


def _both_when(shared_names: frozenset[str], older: Ranked, newer: Ranked) -> bool:
    return bool(shared_names) and all(answer_kinds.holds(m.text, "when") for m in (older, newer))


def _old_one_retold(asked_names: frozenset[str], older: Ranked, newer: Ranked) -> bool:
    """The newer memory moves or switches away from what the older one named, naming it
    again ("Tilly's started at nursery, Little Acorns", then "Tilly's moved to Bright
    Horizons, Little Acorns closed down"; "coffee beans come from a roaster in Bath, Round
    Hill", then "Round Hill put their prices up so we've gone with Extract instead"): a "now"
    alone is no such move ("Pepper goes to doggy daycare now"), nor is a name the question
    asks about the old one. (The caller pairs them unless the older holds the kind of answer
    the question asks and the newer does not: "carers come in twice a day, from Bluebird",
    then "we've changed agency …" for "How often do the carers come?")"""
    move = _MOVED.search(newer.text)
    if move is None:
        return False
    retold = every_stem(" ".join(_capitalised(older.text) & _capitalised(newer.text)))
    # the one that moves is no old one left ("Dr Lim is my dentist at Hawthorn", then
    # "Hawthorn moved to Ely": the dentist is the same)
    mover = _CLAUSES.split(newer.text[: move.start()])[-1]
    return bool(retold - asked_names - every_stem(" ".join(_capitalised(mover))))


def _capitalised(text: str) -> set[str]:
    """The capitalised words of ``text``, a clause's first too ("Oakfield stopped delivering")."""
    return set(_CAPITALISED.findall(text))
