"""An owner's known entity names that a message mentions, found by key whatever the size of
the owner's graph (extraction/mentions.py; the lookup against the real Neo4j)."""

from __future__ import annotations

from datetime import UTC, datetime

import neo4j
import pytest

from graphmem import Memory
from graphmem.domain.extraction import Message
from graphmem.domain.scope import Scope, entity_key
from graphmem.extraction.mentions import MAX_CHARS, MAX_WORDS, candidate_names
from graphmem.lifecycle.predicates import normalize_name
from graphmem.services.context import KNOWN_NAMES_MAX, build_context


def test_candidates_cover_possessives_inner_punctuation_and_articles() -> None:
    found = candidate_names(["We met Caroline's friend O'Brien, at the Louvre in St. Louis."])
    for name in ("caroline", "caroline's", "o'brien", "louvre", "st. louis", "st louis"):
        assert name in found, name
    assert "we met caroline's friend o'brien" in found  # runs up to MAX_WORDS words
    assert all(len(name.split()) <= MAX_WORDS for name in found)
    assert len(found) == len(set(found))


def test_no_text_no_candidates() -> None:
    assert candidate_names(["", "  ", "!?"]) == []


def test_a_function_word_is_never_a_name_mentioned() -> None:
    """An entity named "was" (an odd reading, an extractor's slip) is never found by mention:
    every text with the word would otherwise mention it."""
    found = candidate_names(["It was the day we met Ana, and it was great."])
    assert not {"was", "the", "it", "we", "and"} & set(found)
    assert "ana" in found
    assert "it was" in found  # runs of several words still count
    assert {"may", "will"} <= set(candidate_names(["Lunch with May and Will today."]))


def test_a_pathological_token_is_not_looked_up() -> None:
    assert candidate_names(["x" * 10_000]) == []
    assert all(len(n) <= MAX_CHARS for n in candidate_names(["a" * 150 + " " + "b" * 150]))


@pytest.mark.neo4j
def test_a_known_name_is_found_however_many_names_sort_before_it(
    memory: Memory, user_id: str, driver: neo4j.Driver
) -> None:
    """More known names than the old alphabetical read returned (500), and the one the
    message mentions sorts after all of them: it is still found and spelled as known
    (lower case, so only the known name can make it an entity)."""
    owner = Scope(user_id=user_id).owner_key
    known = "Zyqwer-Blorvath"
    names = [f"Aaa {i}" for i in range(520)] + [known]
    _known_names(driver, owner, names)
    try:
        added = memory.add(f"Dinner with {known.lower()} tonight.", user_id=user_id)
        mentioned = {
            r["name"]
            for r in driver.execute_query(
                "MATCH (:Memory {id: $id})-[:MENTIONS]->(e:Entity) RETURN e.name AS name",
                id=added.results[0].id,
            ).records
        }
        assert known in mentioned
        found = [
            e.name
            for e in memory.store.known_entities_in(
                Scope(user_id=user_id), candidate_names([f"Ask {known} first"])
            )
        ]
        assert known in found and not any(n.startswith("Aaa") for n in found)
    finally:
        memory.delete_all(user_id=user_id)
        driver.execute_query("MATCH (e:Entity {owner: $owner}) DETACH DELETE e", owner=owner)


@pytest.mark.neo4j
def test_an_llm_request_lists_the_names_mentioned_and_those_of_similar_memories(
    memory: Memory, user_id: str, driver: neo4j.Driver
) -> None:
    """The LLM extractor's known names (its prompt lists them, so that it reuses their
    spelling): the owner's names the messages mention, then the names the similar memories
    shown to it mention; not the owner's whole list, which for a large graph cost prompt
    tokens and, cut at 500 alphabetically, missed the names that mattered."""
    owner = Scope(user_id=user_id).owner_key
    noise = [f"Aaa {i}" for i in range(300)]
    _known_names(driver, owner, noise)
    try:
        memory.add(
            [{"role": "user", "name": "Ines", "content": "I adopted a cat called Zorblax."}],
            user_id=user_id,
        )
        memory.add("Quentin Vlasky is my dentist.", user_id=user_id)
        messages = [
            Message(role="user", content="Does my cat need a vet visit? Ask Quentin Vlasky.")
        ]
        request = build_context(
            memory.store,
            memory.embedder,
            memory.settings.lifecycle,
            Scope(user_id=user_id),
            messages,
            datetime.now(UTC),
            {},
        )
        names = request.known_entities
        assert {"cat", "Quentin Vlasky"} <= set(names)  # what the message names, first
        assert "Zorblax" in names  # mentioned by the similar memory about the cat only
        assert names.index("Quentin Vlasky") < names.index("Zorblax")
        assert any(k.text == "I adopted a cat called Zorblax." for k in request.similar)
        assert not any(n.startswith("Aaa") for n in names)
        assert len(names) == len(set(names)) <= KNOWN_NAMES_MAX
    finally:
        memory.delete_all(user_id=user_id)
        driver.execute_query("MATCH (e:Entity {owner: $owner}) DETACH DELETE e", owner=owner)


def _known_names(driver: neo4j.Driver, owner: str, names: list[str]) -> None:
    """Entities the owner already knows, written directly (no memory mentions them)."""
    driver.execute_query(
        "UNWIND $rows AS row CREATE (:Entity {key: row.key, owner: $owner, name: row.name, "
        "id: randomUUID()})",
        rows=[{"key": entity_key(owner, normalize_name(n)), "name": n} for n in names],
        owner=owner,
    )
