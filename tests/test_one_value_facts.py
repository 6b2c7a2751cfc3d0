"""Values one holds one of at a time, told in chat: a corrected birthday supersedes the old
one, a new count of children replaces the old count, and a question about either ranks the
newer first. Real Neo4j, offline extractor."""

from __future__ import annotations

import pytest

from graphmem import Memory

pytestmark = pytest.mark.neo4j


def test_a_corrected_birthday_supersedes_the_first(memory: Memory, user_id: str) -> None:
    def said(text: str, day: str) -> str:
        turn = [{"role": "user", "name": "Odile", "content": text}]
        return memory.add(turn, user_id=user_id, timestamp=day).results[0].id

    first = said("Note for later: my birthday is on the 9th of November.", "2026-01-04")
    said("We booked the cabin in Dalarna for the summer.", "2026-02-04")
    fixed = memory.add(
        [{"role": "user", "name": "Odile", "content": "Oops, my birthday is November 19th."}],
        user_id=user_id,
        timestamp="2026-03-04",
    ).results[0]
    assert [(t.action, t.old_memory_id) for t in fixed.transitions if t.outcome == "applied"] == [
        ("supersede", first)
    ]
    assert memory.get(first).lifecycle_state == "superseded"
    found = memory.search("When is my birthday?", user_id=user_id)
    assert found.results[0].id == fixed.id


def test_a_new_count_supersedes_the_old(memory: Memory, user_id: str) -> None:
    def said(text: str, day: str) -> str:
        turn = [{"role": "user", "name": "Odile", "content": text}]
        return memory.add(turn, user_id=user_id, timestamp=day).results[0].id

    first = said("We have one kid and a very old cat.", "2026-01-04")
    later = said("Twins arrived! Now we have three kids.", "2026-06-04")
    assert memory.get(first).lifecycle_state in {"active", "superseded"}
    found = memory.search("How many kids do we have?", user_id=user_id)
    ranked = [r.id for r in found.results]
    assert ranked.index(later) < ranked.index(first)
