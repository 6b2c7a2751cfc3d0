"""linked_memory_ids (issue 12, section 7): each memory records, when written, the memories it
relates to — its context's turns and the owner's memories sharing entities with it (hubs
excluded) — returned by get, get_all and search; ``include_linked`` brings them along; a delete
removes the link (real Neo4j)."""

from __future__ import annotations

import neo4j
import pytest

from graphmem import Memory, Settings
from graphmem.ports.embedder import Embedder

pytestmark = pytest.mark.neo4j


def one(memory: Memory, text: str, user_id: str) -> str:
    return memory.add(text, user_id=user_id).results[0].id


def test_a_memory_links_to_earlier_ones_sharing_an_entity(memory: Memory, user_id: str) -> None:
    daughter = one(memory, "Ines is Karl's daughter.", user_id)
    unrelated = one(memory, "The printer on the third floor is broken.", user_id)
    sailing = one(memory, "Karl goes sailing every summer in Brittany.", user_id)
    linked = memory.get(sailing).linked_memory_ids
    assert daughter in linked and unrelated not in linked
    assert memory.get(daughter).linked_memory_ids == []  # links point back in time
    listed = {m.id: m for m in memory.get_all(user_id=user_id)}
    assert daughter in listed[sailing].linked_memory_ids


def test_links_stay_inside_the_owner(memory: Memory, user_id: str) -> None:
    other = f"{user_id}-other"
    theirs = one(memory, "Karl bought a new boat.", other)
    mine = one(memory, "Karl moved to Lisbon.", user_id)
    assert theirs not in memory.get(mine).linked_memory_ids


def with_indexing(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, **indexing: int
) -> Memory:
    changed = settings.model_copy(deep=True)
    changed.indexing = changed.indexing.model_copy(update=indexing)
    return Memory(changed, driver=driver, embedder=embedder)


def test_hub_entities_link_nothing(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    memory = with_indexing(settings, driver, embedder, link_max_mentions=2)
    one(memory, "Karl likes chess.", user_id)
    second = one(memory, "Karl plays the piano.", user_id)
    third = one(memory, "Karl teaches history.", user_id)  # Karl now in 3 memories: a hub
    assert memory.get(second).linked_memory_ids != []
    assert memory.get(third).linked_memory_ids == []


def test_a_turn_links_to_its_context(memory: Memory, user_id: str) -> None:
    added = memory.add(
        [
            {"role": "user", "name": "Melanie", "content": "Did you go to the pottery class?"},
            {"role": "user", "name": "Caroline", "content": "Yes, twice, it was so much fun!"},
        ],
        user_id=user_id,
    )
    question, reply = (r.id for r in added.results)
    assert question in memory.get(reply).linked_memory_ids


def test_search_brings_linked_memories_along(memory: Memory, user_id: str) -> None:
    daughter = one(memory, "Ines is Karl's daughter.", user_id)
    sailing = one(memory, "Karl goes sailing every summer in Brittany.", user_id)
    plain = memory.search("sailing in Brittany", user_id=user_id, top_k=1)
    assert [m.id for m in plain.results] == [sailing] and plain.linked == []
    found = memory.search("sailing in Brittany", user_id=user_id, top_k=1, include_linked=True)
    assert [m.id for m in found.results] == [sailing]
    assert [m.id for m in found.linked] == [daughter]
    assert found.results[0].linked_memory_ids == [daughter]


def test_deleting_a_memory_removes_its_links(memory: Memory, user_id: str) -> None:
    daughter = one(memory, "Ines is Karl's daughter.", user_id)
    sailing = one(memory, "Karl goes sailing every summer in Brittany.", user_id)
    memory.delete(daughter)
    assert memory.get(sailing).linked_memory_ids == []


def test_links_can_be_switched_off(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    memory = with_indexing(settings, driver, embedder, linked_memories=0)
    one(memory, "Ines is Karl's daughter.", user_id)
    sailing = one(memory, "Karl goes sailing every summer in Brittany.", user_id)
    assert memory.get(sailing).linked_memory_ids == []
