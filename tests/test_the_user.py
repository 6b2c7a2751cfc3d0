""" "The user" in facts an assistant writes, or a plain string stored for a user: "The user
lives in Oslo", "User prefers dark mode", "The user's daughter Sofie is allergic to eggs".
They are the owner's user's facts, and the same ``user`` that "I" is in an unnamed user
message. A named person saying "the user" means someone else."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphmem import Memory
from graphmem.domain.extraction import ExtractionRequest, Message
from tests.support.nlp_reading import extractor, facts


def _read(*messages: Message) -> list[set[tuple[str, str, str]]]:
    request = ExtractionRequest(
        messages=list(messages), observed_at=datetime(2026, 6, 1, tzinfo=UTC)
    )
    return [facts(m.triplets) for m in extractor().extract(request).memories]


def test_plain_facts_about_the_user_are_the_unnamed_users() -> None:
    (told,) = _read(Message(role="user", content="The user lives in Oslo and works as a nurse."))
    assert {("user", "lives_in", "Oslo"), ("user", "job_title", "nurse")} <= told
    (kin,) = _read(Message(role="user", content="The user's daughter Sofie is allergic to eggs."))
    assert ("Sofie", "daughter_of", "user") in kin
    (prefers,) = _read(Message(role="user", content="User prefers dark mode in all apps."))
    assert ("user", "prefers", "dark mode") in prefers


def test_an_assistant_telling_of_the_user_means_the_named_user() -> None:
    said = _read(
        Message(role="user", name="Keiko", content="Hi, can you plan my week?"),
        Message(role="assistant", content="Noted: the user moved to Bergen in May."),
    )
    assert ("Keiko", "lives_in", "Bergen") in said[1]


def test_a_named_person_saying_the_user_means_someone_else() -> None:
    (said,) = _read(Message(role="user", name="Dev", content="The user lives in Oslo."))
    assert not [t for t in said if t[0] in {"Dev", "user"}]


def test_a_move_and_a_switch_of_a_third_party() -> None:
    (moved,) = _read(Message(role="user", name="Ana", content="My brother Tiago moved to Porto."))
    assert ("Tiago", "lives_in", "Porto") in moved
    (moving,) = _read(
        Message(role="user", name="Ana", content="My brother Tiago is moving to Lyon in June.")
    )
    assert not [t for t in moving if t[1] == "lives_in"]  # a move still to come is no home yet
    (switched,) = _read(Message(role="user", name="Ana", content="I switched to oat milk."))
    assert ("Ana", "prefers", "oat milk") in switched


@pytest.mark.neo4j
def test_facts_stored_as_the_user_replace_each_other(memory: Memory, user_id: str) -> None:
    oslo = memory.add("The user lives in Oslo and works as a nurse.", user_id=user_id,
                      timestamp="2026-01-09").results[0]  # fmt: skip
    dark = memory.add("User prefers dark mode in all apps.", user_id=user_id,
                      timestamp="2026-02-10").results[0]  # fmt: skip
    bergen = memory.add("The user moved to Bergen for a new job at Haukeland hospital.",
                        user_id=user_id, timestamp="2026-05-13").results[0]  # fmt: skip
    light = memory.add("User switched to light mode because of eye strain.", user_id=user_id,
                       timestamp="2026-06-14").results[0]  # fmt: skip
    assert [(t.action, t.old_memory_id) for t in bergen.transitions if t.outcome == "applied"] == [
        ("end", oslo.id)
    ]
    assert [t.old_memory_id for t in light.transitions if t.outcome == "applied"] == [dark.id]
    for query, first in (("Where does the user live?", bergen.id),
                         ("Which display mode does the user like?", light.id)):  # fmt: skip
        found = memory.search(query, user_id=user_id, reference_date="2026-11-20")
        assert found.results[0].id == first, query


def test_the_user_in_a_compound_noun_is_no_person() -> None:
    for text in ("The user interface is slow.", "The user settings page broke.",
                 "I hate the user onboarding flow."):  # fmt: skip
        (said,) = _read(Message(role="user", content=text))
        assert not [t for t in said if "User" in (t[0], t[2]) or t[2].startswith("User ")], text
