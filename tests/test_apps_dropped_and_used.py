"""An app or a tool dropped for another, told in chat's clipped clauses ("dropped Duolingo, it
was too gamey, using Anki flashcards instead"), and "use to" that tells a purpose, not a past
habit ("What app do I use to study?"). Found by a language learner's chat, twenty-first stop;
the sentences here are other wordings."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial

import neo4j
import pytest

from graphmem import Memory, Settings
from graphmem.ports.embedder import Embedder
from graphmem.search.intent import detect
from tests.support.nlp_reading import denied, told

SPEAKER = "Tove"
REF = datetime(2026, 8, 1, tzinfo=UTC)

triples = partial(told, speaker=SPEAKER)
denials = partial(denied, speaker=SPEAKER)


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("dropped Strava, it was too much about the numbers", "Strava"),
        ("I dropped Headspace last month, it got repetitive", "Headspace"),
        ("ditched Notion last week, way too fiddly", "Notion"),
    ],
)
def test_an_app_dropped_is_no_longer_used(text: str, left: str) -> None:
    assert (SPEAKER, "use", left) in denials(text)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        (
            "dropped Strava, it was too much about numbers, using Garmin Connect instead",
            (SPEAKER, "use", "Garmin Connect"),
        ),
        (
            "I sold the Corsa, it kept breaking down, driving a Yaris now",
            (SPEAKER, "drive", "Yaris"),
        ),
    ],
)
def test_a_participle_after_a_things_clause_is_the_speakers(
    text: str, wanted: tuple[str, str, str]
) -> None:
    """The participle shares the subject of the verb before it, unless that subject is a
    thing ("it was too gamey"): then it is the speaker who opened the sentence."""
    assert wanted in triples(text)


def test_a_participle_after_a_things_clause_alone_is_nobodys() -> None:
    facts = triples("It poured all afternoon, watching old films")
    assert not any(p == "watch" for _, p, _ in facts), facts


@pytest.mark.parametrize(
    ("query", "past"),
    [
        ("Which notebook do you use to plan your week?", False),
        ("What do I use to clean the oven?", False),
        ("What did I use to cook on Sundays?", True),
        ("Where did Mia and I use to swim?", True),
    ],
)
def test_use_to_is_a_past_only_in_the_pasts_question(query: str, past: bool) -> None:
    assert (detect(query, REF).kind == "past") is past


@pytest.mark.neo4j
def test_the_app_used_now_ranks_above_the_one_dropped(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    turns = [
        ("2026-03-01T09:00:00Z", "doing Strava for every run, 40 day streak"),
        (
            "2026-05-10T09:00:00Z",
            "dropped Strava, it was too much about numbers, using Garmin Connect instead",
        ),
    ]
    with Memory(settings, driver=driver, embedder=embedder) as memory:
        first, then = (
            memory.add(
                [{"role": "user", "name": SPEAKER, "content": text}], user_id=user_id, timestamp=at
            ).results[0]
            for at, text in turns
        )
        found = memory.search("What app do I use to log my runs?", user_id=user_id, top_k=2)
    assert found.results[0].id == then.id, [m.text for m in found.results]
    assert [(t.action, t.old_memory_id) for t in then.transitions] == [("end", first.id)]


def test_a_place_worked_from_is_left_when_quit() -> None:
    """ "quit Second Home" ends "working from a coworking called Second Home" (the
    predicate the parse gives the first)."""
    assert (SPEAKER, "work_from", "Impact Hub") in denials(
        "quit Impact Hub, the coffee at Hatch is better"
    )


def test_a_day_right_after_a_verb_stays_when() -> None:
    """The name read as the object must not be a day: "we went Monday" goes nowhere."""
    assert not any(t == "Monday" for _, _, t in triples("we went Monday, it was quiet"))
