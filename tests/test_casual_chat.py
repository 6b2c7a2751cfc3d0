"""Casual chat read as written English (graphmem/extraction/casual.py): lower case, no
apostrophes, shorthand ("im allergic to shellfish btw", "my gf anna is vegan"). The memory
keeps the text as typed. Readings (pure), then search against the real Neo4j."""

from __future__ import annotations

import pytest

from graphmem import Memory
from graphmem.extraction.casual import tidy
from tests.support.nlp_reading import facts, read_one
from tests.support.telling import teller

ME = "Sam"


@pytest.mark.parametrize(
    ("typed", "written"),
    [
        ("im allergic to shellfish btw", "I'm allergic to shellfish."),
        ("i dont eat pork", "I don't eat pork."),
        ("my gf anna is vegan", "my girlfriend Anna is vegan."),
        ("dinner w/ my sis tmrw", "dinner with my sister tomorrow."),
        ("his name is bolt!!", "his name is Bolt!!"),
        # written text, and words that only look like shorthand, stay as they are
        ("I called off the Rome trip.", "I called off the Rome trip."),
        ("My sister lives in Porto.", "My sister lives in Porto."),
        ("U2 is my favourite band, i.e. the best.", "U2 is my favourite band, i.e. the best."),
        ("got cash at the atm, made a u-turn", "got cash at the atm, made a u-turn."),
    ],
)
def test_casual_text_is_read_as_written(typed: str, written: str) -> None:
    assert tidy(typed) == written


@pytest.mark.parametrize(
    ("typed", "fact"),
    [
        ("im allergic to shellfish btw", (ME, "allergic_to", "shellfish")),
        ("i dont eat pork", (ME, "avoids", "pork")),
        ("my bf theo is a nurse", ("Theo", "boyfriend_of", ME)),
        ("my gf anna is vegan", ("Anna", "diet", "vegan")),
        ("i work as a barista rn", (ME, "job_title", "barista")),
        ("my brother tom and i went hiking", ("Tom", "brother_of", ME)),
        ("new puppy!! we named him bolt", None),  # no pet word before a verb: nothing made up
    ],
)
def test_casual_chat_tells_its_facts(typed: str, fact: tuple[str, str, str] | None) -> None:
    memory = read_one(typed, ME)
    assert memory.text == typed
    if fact is not None:
        assert fact in facts(memory.triplets)


@pytest.mark.parametrize(
    ("typed", "ended"),
    [
        ("no longer vegetarian lol", (ME, "diet", "vegetarian")),
        ("im not vegan anymore", (ME, "diet", "vegan")),
        ("my bf and i broke up :(", (ME, "dating", f"{ME}'s Boyfriend")),
    ],
)
def test_casual_chat_tells_what_ended(typed: str, ended: tuple[str, str, str]) -> None:
    memory = read_one(typed, ME)
    assert ended in facts(memory.denied)
    assert not set(facts(memory.triplets)) & set(facts(memory.denied))


@pytest.mark.neo4j
def test_a_casual_diet_change_ranks_first_and_keeps_history(memory: Memory, user_id: str) -> None:
    tell = teller(memory, user_id, ME)

    tell("im vegetarian, have been for 5 years", "2026-01-04")
    tell("my sister lives in porto, visiting her in june", "2026-01-20")
    ended = tell("no longer vegetarian lol, started eating fish again", "2026-03-02")
    found = memory.search("what's my diet now?", user_id=user_id, reference_date="2026-04-01")
    assert found.results[0].id == ended
    assert len(memory.get_all(user_id=user_id)) == 3
