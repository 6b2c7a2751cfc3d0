"""A day of the year is one per person: a corrected birthday supersedes the old one, and a
question about it ranks the correction first. Real Neo4j, offline extractor."""

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
