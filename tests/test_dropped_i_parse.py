"""Chat drops the "I" ("Quit the choir, my voice isn't what it was"): the parser then reads the
verb as a name, and the clause told nothing. The "I" is put back before parsing, so what was
left ends what was joined (extraction/sentence_variants.restore_dropped_i; the lifecycle part
against the real Neo4j)."""

from __future__ import annotations

import pytest

from graphmem import Memory
from graphmem.extraction.sentence_variants import restore_dropped_i
from tests.support.nlp_reading import facts, read_one

ME = "Gunnar"


@pytest.mark.parametrize(
    ("text", "restored"),
    [
        (
            "Quit the choir, my voice isn't what it was.",
            "I quit the choir, my voice isn't what it was.",
        ),
        ("Great news! Moved to Leeds. Love it.", "Great news! I moved to Leeds. I love it."),
        ("Left early.  Went home!", "I left early.  I went home!"),
        ("Quitting is hard. Quitters never win.", "Quitting is hard. Quitters never win."),
        ("", ""),
    ],
)
def test_each_sentence_gets_its_i_back(text: str, restored: str) -> None:
    assert restore_dropped_i(text) == restored


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("Quit the choir, my voice isn't what it was.", (ME, "join", "choir")),
        ("Great week. Quit the book club, too much reading.", (ME, "join", "book club")),
    ],
)
def test_a_group_quit_without_i_ends_joining_it(text: str, ended: tuple[str, str, str]) -> None:
    assert ended in facts(read_one(text, ME).denied)


def test_an_activity_taken_up_without_i_is_read() -> None:
    memory = read_one("Quit the choir. Took up woodcarving instead.", ME)
    assert (ME, "do", "woodcarving") in facts(memory.triplets)


@pytest.mark.neo4j
def test_quitting_the_choir_ends_having_joined_it(memory: Memory, user_id: str) -> None:
    joined = [
        {"role": "user", "name": ME, "content": "Joined the local choir, we sing on Wednesdays"}
    ]
    quit_ = [{"role": "user", "name": ME, "content": "Quit the choir, my voice isn't what it was."}]
    old = memory.add(joined, user_id=user_id, timestamp="2026-03-30").results[0]
    new = memory.add(quit_, user_id=user_id, timestamp="2026-11-12").results[0]
    assert [(t.action, t.outcome, t.old_memory_id) for t in new.transitions] == [
        ("end", "applied", old.id)
    ]
