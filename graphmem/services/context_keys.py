"""Context keys: each turn of a conversation is indexed with the turns before it.

A reply ("Yes, twice — it was so powerful") says little on its own; the question before it
says what it is about. So each verbatim memory of an add is also embedded and full-text
indexed as its *context key*: the previous ``turns`` messages of the add (``name: content``
lines), then its own. One speaker's list of statements is mostly a list of facts: there only
a message that leans on the one before it gets the turns before it
(:mod:`graphmem.domain.continuation`). A first turn is keyed by its own line when it names
its speaker, so every turn of a talk carries the name of who said it; a list's keys carry no
name (one speaker's name on some of its lines only would lift those for any question naming
the speaker). An agent that sends one turn per call gets the same from the last memories of
its run. The memory keeps its own text: results, lifecycle guards, dedupe and Dream all use
that; only search reads the key (docs/search.md). The key records the ids of the memories it
was formed from, so deleting one of them erases its words from every key they appear in.

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
    """Per message (same order): its key, or None for a system turn, a turn that gets no
    context and names no speaker, and a turn that stands alone in one speaker's list. A
    first turn that names its speaker is keyed by its own line (``name: content``), so that
    it, like every later turn, is found by the name of whoever said it. ``memory_ids`` are
    the messages' memories; ``earlier`` the turns stored before this add (oldest first). In
    one speaker's list of messages only a message that continues the one before it is keyed
    (with the list's earlier messages), by their words alone: one speaker's name on every
    line tells nothing of any of them, and on only some of them (those keyed) it would lift
    those above the rest for any question that names the speaker."""
    if turns <= 0:
        return [None] * len(messages)
    history = list(earlier)
    keys: list[Key | None] = []
    monologue = _monologue(messages)
    for message, memory_id in zip(messages, memory_ids, strict=True):
        if message.role == "system":
            keys.append(None)
            continue
        speaker = message.name or message.role
        own = Turn(text=line(speaker, message.content), memory_id=memory_id)
        context = history[-turns:]
        if monologue:
            keys.append(_listed(message, context, speaker))
        else:
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


def _listed(message: Message, context: Sequence[Turn], speaker: str) -> Key | None:
    """The key of a message in one speaker's list: the words of the turns before it and its
    own, without the speaker's name, when it leans on them; else none."""
    if not (context and continues(message.content)):
        return None  # a fact that stands alone in a list
    said = [t.text.removeprefix(f"{speaker}: ") for t in context]
    return Key(
        text="\n".join([*said, message.content]),
        source_ids=[t.memory_id for t in context if t.memory_id],
        own=message.content,
    )


def _monologue(messages: Sequence[Message]) -> bool:
    """Several messages, all from one speaker: a list of statements more than a talk."""
    spoken = [m for m in messages if m.role != "system"]
    return len(spoken) > 1 and len({m.name or m.role for m in spoken}) < 2
