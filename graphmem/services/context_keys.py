"""Context keys: each turn of a conversation is indexed with the turns before it.

A reply ("Yes, twice — it was so powerful") says little on its own; the question before it
says what it is about. So each verbatim memory of an add is also embedded and full-text
indexed as its *context key*: the previous ``turns`` messages of the add (``name: content``
lines), then its own. One speaker's list of statements is mostly a list of facts: there only
a message that leans on the one before it gets the turns before it
(:mod:`graphmem.domain.continuation`). A turn with nothing before it, or one that stands
alone in such a list, is keyed by its own line when it names its speaker, so every turn
carries the name of who said it, not only those that lean on a named line before them. An
agent that sends one turn per call gets the same from the last memories of its run. The
memory keeps its own text: results, lifecycle guards, dedupe and Dream all use that; only
search reads the key (docs/search.md). The key records the ids of the memories it was formed
from, so deleting one of them erases its words from every key they appear in.

What a key's vector is made of is in `graphmem.domain.key_vectors`.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from graphmem.domain.continuation import continues
from graphmem.domain.extraction import Message
from graphmem.domain.key_vectors import line


class Turn(BaseModel):
    """One line of context: what was said, and the memory that holds it (if stored)."""

    text: str
    memory_id: str | None = None


class Key(BaseModel):
    text: str
    source_ids: list[str]
    own: str  # the turn's own line, with which ``text`` ends


def keys_for(
    messages: Sequence[Message],
    memory_ids: Sequence[str | None],
    earlier: Sequence[Turn],
    turns: int,
) -> list[Key | None]:
    """Per message (same order): its key, or None for a system turn and for a turn that
    gets no context and names no speaker. A turn without context that names its speaker is
    keyed by its own line (``name: content``), so that it, like every other turn, is found
    by the name of whoever said it. ``memory_ids`` are the messages' memories; ``earlier``
    the turns stored before this add (oldest first). In one speaker's list of messages only
    a message that continues the one before it gets context (the list's earlier messages)."""
    if turns <= 0:
        return [None] * len(messages)
    history = list(earlier)
    keys: list[Key | None] = []
    monologue = _monologue(messages)
    for message, memory_id in zip(messages, memory_ids, strict=True):
        if message.role == "system":
            keys.append(None)
            continue
        own = Turn(text=line(message.name or message.role, message.content), memory_id=memory_id)
        context = history[-turns:]
        if monologue and not (context and continues(message.content)):
            context = []  # a fact that stands alone in a list
        keys.append(
            Key(
                text="\n".join(t.text for t in [*context, own]),
                source_ids=[t.memory_id for t in context if t.memory_id],
                own=own.text,
            )
            if context or message.name
            else None
        )
        history.append(own)
    return keys


def _monologue(messages: Sequence[Message]) -> bool:
    """Several messages, all from one speaker: a list of statements more than a talk."""
    spoken = [m for m in messages if m.role != "system"]
    return len(spoken) > 1 and len({m.name or m.role for m in spoken}) < 2
