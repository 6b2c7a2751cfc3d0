"""A question about the person a role resolves to is read in its own domain (real Neo4j).

The query vector embeds the words the user wrote ("Paul's daughter"), not the person they
name (Nina): without reading Nina's memories against the resolved query, her fact in the
question's domain ranked below the bridge "Nina is Paul's daughter", and a fact of hers
whose words were far from the question's fell under the semantic gate."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from graphmem import Memory

TS = "2025-01-10T10:00:00Z"
TOM_BRIDGE = "Tom is Rita's husband."
TOM_FOOD = "Tom is allergic to shellfish."
TOM_HOBBY = "Tom plays the cello in a small orchestra."
NINA_BRIDGE = "Nina is Paul's daughter."
NINA_FOOD = "Nina has been avoiding dairy since last spring."
NINA_HOBBY = "Nina spends her evenings building model trains."


def _rel(source: str, relation: str, target: str) -> list[dict[str, str]]:
    return [{"source": source, "relation": relation, "target": target}]


@pytest.fixture(scope="module")
def households(memory: Memory) -> Iterator[str]:
    user = f"test-role-domain-{uuid.uuid4()}"
    adds: list[tuple[str, list[dict[str, str]] | None]] = [
        (TOM_BRIDGE, _rel("Rita", "married_to", "Tom")),
        (TOM_FOOD, _rel("Tom", "allergic_to", "shellfish")),
        (TOM_HOBBY, _rel("Tom", "plays", "cello")),
        ("Rita baked sourdough bread this morning.", None),
        ("Rita is training for the city marathon.", None),
        ("Rita ordered a new phone.", None),
        (NINA_BRIDGE, _rel("Paul", "parent_of", "Nina")),  # stored from the parent's side
        (NINA_FOOD, _rel("Nina", "avoids", "dairy")),
        (NINA_HOBBY, _rel("Nina", "builds", "model trains")),
        ("Paul loves grilled fish.", None),
        ("Paul drives an old van.", None),
        ("The boiler needs a service before winter.", None),
        ("I moved my desk next to the window.", None),
    ]
    for text, relations in adds:
        memory.add(text, user_id=user, relations=relations, timestamp=TS)
    yield user
    memory.delete_all(user_id=user)


def _ranked(memory: Memory, user: str, query: str) -> tuple[list[str], str]:
    result = memory.search(query, user_id=user, top_k=8, explain=True)
    assert result.explain is not None
    return [m.text for m in result.results], result.explain.signals["roles"]


def _first_of(texts: list[str], answer: str, others: tuple[str, ...]) -> None:
    assert answer in texts[:3], texts
    assert all(texts.index(answer) < texts.index(t) for t in others if t in texts), texts


@pytest.mark.parametrize(
    ("query", "answer", "other"),
    [
        ("What can I serve Paul's daughter for dessert?", NINA_FOOD, NINA_HOBBY),
        ("Is there a dish I should not offer the daughter of Paul?", NINA_FOOD, NINA_HOBBY),
        ("What would Paul's daughter like for her birthday?", NINA_HOBBY, NINA_FOOD),
        ("How does the daughter of Paul spend her free time?", NINA_HOBBY, NINA_FOOD),
        ("Is there anything Rita's husband can't eat?", TOM_FOOD, TOM_HOBBY),
        ("Rita's husband is coming for lunch: anything to avoid on the menu?", TOM_FOOD, TOM_HOBBY),
    ],
)
def test_the_resolved_persons_fact_in_the_questions_domain_ranks_first(
    memory: Memory, households: str, query: str, answer: str, other: str
) -> None:
    texts, roles = _ranked(memory, households, query)
    assert "->" in roles, roles
    bridge = NINA_BRIDGE if answer.startswith("Nina") else TOM_BRIDGE
    _first_of(texts, answer, (other, bridge))


@pytest.mark.parametrize(
    "query",
    [
        "How could I spend a Saturday with the husband of Rita?",
        "What would Rita's husband like to talk about?",
    ],
)
def test_no_fact_of_the_resolved_person_falls_under_the_gate(
    memory: Memory, households: str, query: str
) -> None:
    """The question's words are far from "Tom plays the cello": read against "How could I
    spend a Saturday with Tom?" it passes, and ranks above what only mentions Rita."""
    texts, _ = _ranked(memory, households, query)
    assert {TOM_FOOD, TOM_HOBBY, TOM_BRIDGE} == set(texts[:3]), texts


@pytest.mark.parametrize(
    ("query", "bridge"),
    [
        ("Who is Rita's husband?", TOM_BRIDGE),
        ("What is the name of the daughter of Paul?", NINA_BRIDGE),
    ],
)
def test_a_question_about_the_relation_itself_ranks_the_bridge_first(
    memory: Memory, households: str, query: str, bridge: str
) -> None:
    texts, _ = _ranked(memory, households, query)
    assert texts[0] == bridge, texts


def test_explain_says_the_resolved_query_was_read(memory: Memory, households: str) -> None:
    _, roles = _ranked(memory, households, "Is there anything Rita's husband can't eat?")
    assert "closer to the resolved query" in roles, roles
