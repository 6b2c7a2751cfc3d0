"""Small stores for search tests: one user per conversation, one add per timed statement."""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager

from graphmem import Memory


@contextmanager
def stored_users(
    memory: Memory, prefix: str, conversations: Mapping[str, Sequence[tuple[str, str]]]
) -> Iterator[dict[str, str]]:
    """Store each conversation's ``(timestamp, text)`` statements under a fresh user (one add
    each, offline extraction); yield conversation name -> user id; delete them afterwards."""
    users: dict[str, str] = {}
    try:
        for name, messages in conversations.items():
            user = f"{prefix}-{name}-{uuid.uuid4()}"
            users[name] = user
            for timestamp, text in messages:
                memory.add(text, user_id=user, timestamp=timestamp)
        yield users
    finally:
        for user in users.values():
            memory.delete_all(user_id=user)


#: One session of named turns: (timestamp, speaker's name, the turns in order).
Session = tuple[str, str, Sequence[str]]


@contextmanager
def stored_sessions(memory: Memory, prefix: str, sessions: Sequence[Session]) -> Iterator[str]:
    """Store each session as one add of its speaker's turns under a fresh user (offline
    extraction); yield the user id; delete the user afterwards."""
    user = f"{prefix}-{uuid.uuid4()}"
    try:
        for timestamp, name, turns in sessions:
            messages = [{"role": "user", "name": name, "content": turn} for turn in turns]
            memory.add(messages, user_id=user, timestamp=timestamp)
        yield user
    finally:
        memory.delete_all(user_id=user)
