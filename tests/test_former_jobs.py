"""What someone was until an end told in the same message ("Retired after 30 years as a
postman"), and a subject or course dropped ("Lotte dropped medicine"). Readings (pure), then
through ``add`` and ``search`` on the real Neo4j."""

from __future__ import annotations

import pytest

from graphmem import Memory
from tests.support.nlp_reading import facts, read_one
from tests.support.telling import teller

ME = "Walter"
PEOPLE = ("Lotte", "Henk")


@pytest.mark.parametrize(
    ("text", "who", "title"),
    [
        ("Retired after 30 years as a postman, now I have time for the garden.", ME, "postman"),
        ("I retired as head nurse in March.", ME, "head nurse"),
        ("Henk retired from Philips after 35 years as an engineer.", "Henk", "engineer"),
        ("I worked as a bus driver for 20 years before I retired.", ME, "bus driver"),
        ("I resigned as treasurer of the club.", ME, "treasurer"),
    ],
)
def test_a_job_ended_in_the_same_message_is_a_former_one(text: str, who: str, title: str) -> None:
    told = facts(read_one(text, ME, PEOPLE).triplets)
    assert (who, "former_job_title", title) in told, told
    assert not [t for t in told if t[1] == "job_title"], told  # nothing current


def test_a_job_told_alone_is_current() -> None:
    told = facts(read_one("I work as a bus driver in Utrecht.", ME, PEOPLE).triplets)
    assert (ME, "job_title", "bus driver") in told


def test_a_job_told_after_losing_one_is_current() -> None:
    """The end of whatever job ("laid off") comes with the new one: no retirement, and
    "now" tells the new job as current."""
    said = "Got laid off, so I'm working at my uncle's bakery now."
    told = facts(read_one(said, ME, PEOPLE).triplets)
    assert [t for t in told if t[1] == "works_at"], told
    assert not [t for t in told if t[1].startswith("former_")], told


@pytest.mark.parametrize(
    "text",
    ["Lotte dropped medicine and is doing psychology now.", "Lotte dropped medicine in May."],
)
def test_a_subject_dropped_ends_studying_it(text: str) -> None:
    assert ("Lotte", "study", "medicine") in facts(read_one(text, ME, PEOPLE).denied)


@pytest.mark.parametrize(
    "text",
    ["I dropped my phone in the canal.", "I dropped the kids off at school.",
     "I dropped the kids at school."],
)  # fmt: skip
def test_a_thing_let_fall_or_left_ends_nothing(text: str) -> None:
    assert not read_one(text, ME, PEOPLE).denied


@pytest.mark.neo4j
def test_a_former_job_is_found_and_superseded_by_nothing(memory: Memory, user_id: str) -> None:
    tell = teller(memory, user_id, ME)

    postman = tell("Retired after 30 years as a postman, now I finally have time for my garden.",
                   "2026-01-05")  # fmt: skip
    tell("I volunteer at the library on Tuesdays, reading to the kids.", "2026-02-11")
    tell("My granddaughter Lotte studies medicine in Utrecht.", "2026-03-01")
    tell("I started working part time as a gardener at the botanical garden.", "2026-06-01")
    assert memory.get(postman).lifecycle_state == "active"
    found = memory.search("What was my job before I retired?", user_id=user_id,
                          reference_date="2026-11-01")  # fmt: skip
    assert postman in [r.id for r in found.results[:2]]
