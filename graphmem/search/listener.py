"""A memory that speaks only of the listener tells little about anyone.

"Wow, that looks amazing! Those colors are so vivid." or "You'd be a great counselor! Your
empathy will really help the people you work with." is said *to* someone, about what they
said or did: a compliment, encouragement, a reaction. The fact a later question looks for is
in the listener's own turn. Such a turn still matches a question's words ("What has Melanie
painted?" finds every "your painting is awesome"), so it keeps its signals and is multiplied
by ``search.listener_factor``.

A memory speaks only to its listener when its text has a second-person pronoun (you, your,
yourself, u, ur…) and no first-person one (I, me, my, we, us, our…, with or without the
apostrophe: "im", "ive"). On LoCoMo conversations 1–3, 21% of the turns that do not only ask
are such turns, and 4.5% of those are a question's evidence, against 29% of the others (4–10:
6.7% against 30%; docs/search.md, "Memories that speak only to the listener").

A question about what was said to someone ("What advice did Evan give Sam?", "What did Dave
think of the song?") asks for such turns: for it the rule is off. An assistant's turn is left
alone: "You have a dentist appointment on Tuesday" is the assistant telling the user something
about the user. A memory that only asks has its own factor (:mod:`graphmem.search.asking`) and
is not multiplied again; one that also addresses a person the query names ("Your boat is
perfect, Nadia!") is multiplied by both factors.
"""

from __future__ import annotations

import re
from functools import lru_cache

_SECOND = re.compile(
    r"\b(?:you|you[’']?(?:re|ve|d|ll)|your|yours|yourself|yourselves|y[’']?all|u(?!\.\w)|ur)\b",
    re.IGNORECASE,
)
_FIRST = re.compile(
    # without the apostrophe only "im", "ive", "weve": "ill", "id", "were", "wed", "well" are
    # words of their own
    r"\b(?:i|i[’']?(?:m|ve)|i[’'](?:d|ll)|me|my|mine|myself|we|we[’']?ve|we[’'](?:re|d|ll)|us|"
    r"our|ours|ourselves)\b",
    re.IGNORECASE,
)
#: Set phrases with a "you" that address no one's deeds: "Poppy's seven now, can you believe
#: it", "you know", "mind you", "if you ask me" (a thanks is the listener's: left in).
_FORMULAS = re.compile(
    r"\b(?:(?:can|could|would)\s+you\s+believe(?:\s+(?:it|that|this))?|you\s+know(?:\s+what)?|"
    r"mind\s+you|you\s+see|if\s+you\s+ask\s+me|believe\s+you\s+me|"
    r"you\s+never\s+know|would\s+you\s+believe)\b",
    re.IGNORECASE,
)
#: A question about what was said *to* someone asks for the very turns the rule damps: advice,
#: a suggestion, a compliment, an opinion of their work ("What advice did Evan give Sam?",
#: "What did Dave think of Calvin's song?").
_ASKS_WHAT_WAS_SAID = re.compile(
    r"\b(?:advi[cs]\w*|suggest\w*|recommend\w*|tips?|encourag\w*|told|tells?|telling|says?|"
    r"said|offer\w*|remind\w*|warn\w*|urg(?:e|es|ed|ing)|compliment\w*|congratulat\w*|"
    r"prais\w*|reassur\w*|propos\w*|invit\w*|think|thinks|thought|opinions?|react\w*|"
    r"respon\w*|repl(?:y|ies|ied)|feedback|comment\w*)\b",
    re.IGNORECASE,
)
#: Roles whose turns tell the user about the user: never multiplied.
TELLING_ROLES = frozenset({"assistant", "system", "tool"})


@lru_cache(maxsize=4096)  # read for every candidate of every search
def speaks_to_listener(text: str) -> bool:
    """True when ``text`` speaks of the listener and of no one speaking (module docstring);
    a set phrase's "you" ("can you believe it") is no one's."""
    text = _FORMULAS.sub(" ", text)
    return _SECOND.search(text) is not None and _FIRST.search(text) is None


@lru_cache(maxsize=256)
def asks_what_was_said(query: str) -> bool:
    """True when ``query`` asks what someone said to someone (advice, an opinion…)."""
    return _ASKS_WHAT_WAS_SAID.search(query) is not None


def factor(text: str, role: str | None, query: str, listener_factor: float) -> float:
    """The multiplier for a memory whose own text is ``text``, said in ``role``, for
    ``query``."""
    if listener_factor >= 1.0 or (role or "").lower() in TELLING_ROLES:
        return 1.0
    if not speaks_to_listener(text) or asks_what_was_said(query):
        return 1.0
    return listener_factor
