""" "The user" as a name of the owner's user: "The user lives in Oslo", "User prefers dark
mode" (facts as an assistant, or an agent storing its own notes, writes them).

In a message the assistant (or any role but a named user) writes, or one with no speaker's
name (a plain string given to ``add``), "the user" and "User" name the user the memory
belongs to: the name of the conversation's named user message if there is one, else the
unnamed ``user`` entity, which is who "I" is in an unnamed user message. So "The user's
daughter Sofie is allergic to eggs" gives ``Sofie daughter_of user`` and the same ``user``
that "I moved to Bergen" gives. A named person saying "the user" ("the user clicks the
button and the app crashes") means someone else, and is read as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from graphmem.domain.extraction import Message
from graphmem.domain.scope import SELF_ENTITY
from graphmem.extraction.offline import speaker_of

#: The normalised word that names the owner's user in such a message.
WORD = "user"


def owner_name(messages: Iterable[Message]) -> str:
    """The name of the first named user message, else the unnamed ``user``."""
    named = (m for m in messages if m.role == "user" and (m.name or "").strip())
    return next((speaker_of(m) for m in named), SELF_ENTITY)


def tells_of_owner(message: Message) -> bool:
    """Whether "the user" in ``message`` names the owner's user (see the module)."""
    return message.role != "user" or not (message.name or "").strip()


#: "the user" before a possessive, a verb or an adverb; not in a compound noun ("the user
#: interface", "the user manual", "the user settings")
_THE_USER = re.compile(
    r"\b[Tt]he user(?!\s+(?:settings|accounts|groups|stories|interfaces|manuals|sessions|"
    r"profiles|reviews|details|permissions|preferences|names|ids|roles|types|metrics|"
    r"counts|numbers|journeys|tests|needs\s+(?:analysis|assessment))\b)"
    r"(?=(?:'s|\s+(?:is|was|has|had|does|did|can|could|will|would|should|may|"
    r"might|must|isn't|wasn't|hasn't|doesn't|didn't|can't|won't|also|now|still|just|"
    r"recently|often|usually|always|never|really|currently|finally|and|\w+ed|\w+s))\b)"
)


def as_named(text: str) -> str:
    """``text`` with "the user" written as the name "User", for the parser and the patterns
    ("The user's daughter Sofie" reads as "Karl's daughter Ines" does); the memory keeps
    its own words."""
    return _THE_USER.sub("User", text)
