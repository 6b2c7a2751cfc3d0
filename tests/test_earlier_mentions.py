"""An entity an add creates is mentioned by the owner's earlier memories that name it, as a
later memory naming it would be: the graph's mentions do not depend on the order things were
told (adapters/neo4j/earlier_mentions.py, against the real Neo4j)."""

from __future__ import annotations

import logging

import neo4j
import pytest

from graphmem import Memory, Settings
from graphmem.extraction.mentions import mention_pattern
from graphmem.ports.embedder import Embedder
from tests.support.indexes import index_dropped

pytestmark = pytest.mark.neo4j

SPEAKER = "Caroline"


def _say(memory: Memory, user_id: str, text: str, run: str, day: int) -> None:
    memory.add(
        [{"role": "user", "content": text, "name": SPEAKER}],
        user_id=user_id,
        run_id=run,
        timestamp=f"2024-05-{day:02d}T10:00:00Z",
    )


def _mentioning(driver: neo4j.Driver, user_id: str, name: str) -> set[str]:
    records, _, _ = driver.execute_query(
        "MATCH (m:Memory)-[:MENTIONS]->(e:Entity {user_id: $u, name: $name}) RETURN m.text AS t",
        u=user_id,
        name=name,
    )
    return {r["t"] for r in records}


def test_earlier_memories_that_name_a_new_entity_mention_it(
    memory: Memory, user_id: str, driver: neo4j.Driver
) -> None:
    earlier = [
        "I went to a LGBTQ support group yesterday and it was so powerful.",
        "They help LGBTQ+ folks with adoption.",
    ]
    for day, text in enumerate(earlier, start=1):
        _say(memory, user_id, text, f"session-{day}", day)  # another run each: one owner
    _say(memory, user_id, "Went to the lgbtqia fair today.", "session-3", 3)
    assert not _mentioning(driver, user_id, "LGBTQ")  # no such entity yet
    later = "I just joined a new LGBTQ activist group last Tuesday."
    _say(memory, user_id, later, "session-4", 4)
    assert _mentioning(driver, user_id, "LGBTQ") == {*earlier, later}  # not "lgbtqia"


def test_an_update_that_names_a_new_entity_links_the_earlier_memories(
    memory: Memory, user_id: str, driver: neo4j.Driver
) -> None:
    """An explicit update re-extracts its text: an entity it creates is mentioned by the
    owner's earlier memories that spell it too."""
    earlier = "I went to a LGBTQ support group yesterday and it was so powerful."
    _say(memory, user_id, earlier, "s1", 1)
    _say(memory, user_id, "Joined a new activist group last Tuesday.", "s2", 2)
    (stored,) = [m for m in memory.get_all(user_id=user_id) if m.text.startswith("Joined")]
    changed = "I just joined a new LGBTQ activist group last Tuesday."
    memory.update(stored.id, changed)
    assert _mentioning(driver, user_id, "LGBTQ") == {earlier, changed}


def test_another_owners_memories_are_not_linked(
    memory: Memory, user_id: str, driver: neo4j.Driver
) -> None:
    other = f"{user_id}-other"
    _say(memory, other, "I went to a LGBTQ support group yesterday.", "s1", 1)
    _say(memory, user_id, "I just joined a new LGBTQ activist group last Tuesday.", "s1", 2)
    assert _mentioning(driver, other, "LGBTQ") == set()
    assert len(_mentioning(driver, user_id, "LGBTQ")) == 1
    memory.delete_all(user_id=other)


@pytest.mark.parametrize(
    ("text", "name", "mentions"),
    [
        ("Went to an LGBTQ+ parade.", "LGBTQ", True),
        ("went to the lgbtq center", "LGBTQ", True),
        ("Went to the LGBTQIA fair.", "LGBTQ", False),
        ("I met Ana.\nShe's great", "ana", True),
        ("Anabel called", "Ana", False),
        ("We ate at Joe's Diner", "Joe's Diner", True),
        ("price is $5 (a+b)", "a+b", True),
        ("nothing", r"x\E.*", False),  # a name cannot end the quoting
    ],
)
def test_the_mention_pattern_is_a_whole_name_in_any_case(
    driver: neo4j.Driver, text: str, name: str, mentions: bool
) -> None:
    records, _, _ = driver.execute_query(
        "RETURN $text =~ $pattern AS hit", text=text, pattern=mention_pattern(name)
    )
    assert records[0]["hit"] is mentions


def test_an_add_stands_when_the_earlier_mentions_cannot_be_read(
    memory: Memory,
    user_id: str,
    driver: neo4j.Driver,
    settings: Settings,
    embedder: Embedder,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The link is a step of its own after the add commits: with the memory full-text index
    gone (search degrades, docs/search.md), the add is stored and a WARNING says why."""
    _say(memory, user_id, "I went to a LGBTQ support group yesterday.", "s1", 1)
    later = "I just joined a new LGBTQ activist group last Tuesday."
    logger = "graphmem.adapters.neo4j.earlier_mentions"
    with (
        index_dropped(driver, settings.neo4j.database, embedder, "memory_text"),
        caplog.at_level(logging.WARNING, logger=logger),
    ):
        _say(memory, user_id, later, "s2", 2)
    assert _mentioning(driver, user_id, "LGBTQ") == {later}  # stored; the earlier one unlinked
    warned = [r.getMessage() for r in caplog.records if "not linked" in r.getMessage()]
    assert warned and "StorageError" in warned[0] and "LGBTQ" not in warned[0]
