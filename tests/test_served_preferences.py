"""How one wants to be addressed and served (extraction/pattern_rules_preferences.py): a
name to go by, a time zone, the language of the answers (a standing instruction, read
though it is a request), a favourite or usual choice, a fan's team; a polite tail leaves a
statement told. Readings (pure), then the lifecycle against the real Neo4j."""

from __future__ import annotations

import pytest

from graphmem import Memory
from tests.support.nlp_reading import facts, read_one

ME = "Ines"


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Call me Tess, only my mum says Teresa.", (ME, "goes_by", "Tess")),
        ("I go by Max at work.", (ME, "goes_by", "Max")),
        ("My time zone is PST.", (ME, "timezone", "PST")),
        ("We moved, so I'm on Central European time now.", (ME, "timezone", "Central European")),
        ("From now on, please reply in German.", (ME, "response_language", "German")),
        ("I'm a die-hard fan of Ajax.", (ME, "likes", "Ajax")),
        ("My usual order is a cortado.", (ME, "prefers", "cortado")),
        ("I'm on the paleo diet this month.", (ME, "diet", "paleo")),
        ("I like long explanations, if possible.", (ME, "likes", "long explanations")),
        ("I prefer email, if you don't mind.", (ME, "prefers", "email")),
    ],
)
def test_how_one_wants_to_be_served(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in facts(read_one(text, ME).triplets)


@pytest.mark.parametrize(
    "text",
    [
        "Call me when you land.",
        "Can you reply in German?",  # a one-off question, not a standing instruction
        "If I move to Lyon, I'll learn French.",
        "I'm moving to Lyon if I can.",  # a real condition, not a polite one
    ],
)
def test_a_one_off_request_or_a_condition_tells_no_preference(text: str) -> None:
    told = facts(read_one(text, ME).triplets)
    assert not [
        t for t in told if t[1] in {"goes_by", "response_language", "likes", "lives_in", "move_to"}
    ]


@pytest.mark.neo4j
def test_a_new_answer_language_replaces_the_old(memory: Memory, user_id: str) -> None:
    def say(text: str, day: str) -> str:
        said = [{"role": "user", "name": ME, "content": text}]
        return memory.add(said, user_id=user_id, timestamp=day).results[0].id

    old = say("Please always answer in Spanish from now on.", "2026-01-05")
    new = say("Going forward, always reply in English please.", "2026-03-01")
    latest = memory.search(
        "Which language should I answer in?", user_id=user_id, latest_only=True
    ).results
    assert new in [r.id for r in latest] and old not in [r.id for r in latest]
    assert memory.get(old).lifecycle_state.value == "superseded"
