"""The NLP extractor's parts switched off one at a time (settings.extraction; the issue 11
ablation in docs/benchmarks.md), through Memory.add against the real Neo4j."""

from __future__ import annotations

import neo4j
import pytest

from graphmem import Memory, Settings
from graphmem.ports.embedder import Embedder

pytestmark = pytest.mark.neo4j

TEXT = (
    "I went to a LGBTQ support group yesterday. I live in Tokyo. "
    "Paris was beautiful and the pottery class was so fun."
)
FULL_ENTITIES = {
    "Caroline": "PERSON",
    "Paris": "GPE",
    "LGBTQ support group": "CONCEPT",  # also the go_to triplet's target
    "pottery class": "CONCEPT",
    "Tokyo": "GPE",
}
FULL_TRIPLETS = {
    ("Caroline", "go_to", "LGBTQ support group"),  # dependency triplet
    ("Caroline", "lives_in", "Tokyo"),  # functional pattern
}


def stored(driver: neo4j.Driver, user_id: str) -> tuple[dict[str, str], set[tuple[str, ...]]]:
    entities = driver.execute_query(
        "MATCH (e:Entity {user_id: $u}) RETURN e.name AS name, e.type AS type", u=user_id
    ).records
    triplets = driver.execute_query(
        "MATCH (s:Entity {user_id: $u})-[r:RELATES_TO]->(t:Entity) "
        "RETURN s.name AS s, r.predicate AS p, t.name AS t",
        u=user_id,
    ).records
    return (
        {r["name"]: r["type"] for r in entities},
        {(r["s"], r["p"], r["t"]) for r in triplets},
    )


@pytest.mark.parametrize(
    ("switch", "entities_gone", "triplets_gone"),
    [
        (None, set(), set()),
        ("named_entities", {"Paris"}, set()),
        ("concepts", {"pottery class"}, set()),
        ("dependency_triplets", set(), {("Caroline", "go_to", "LGBTQ support group")}),
    ],
)
def test_a_part_switched_off_adds_nothing_of_its_own(
    settings: Settings,
    driver: neo4j.Driver,
    embedder: Embedder,
    user_id: str,
    switch: str | None,
    entities_gone: set[str],
    triplets_gone: set[tuple[str, str, str]],
) -> None:
    extraction = settings.extraction.model_copy(update={switch: False} if switch else {})
    memory = Memory(
        settings.model_copy(update={"extraction": extraction}), driver=driver, embedder=embedder
    )
    added = memory.add(
        [{"role": "user", "name": "Caroline", "content": TEXT}],
        user_id=user_id, timestamp="2023-05-08",
    ).results  # fmt: skip
    assert [r.memory for r in added] == [TEXT]
    entities, triplets = stored(driver, user_id)
    # a switched-off part's entities are gone, everything else (triplet ends included) stays
    assert entities == {k: v for k, v in FULL_ENTITIES.items() if k not in entities_gone}
    assert triplets == FULL_TRIPLETS - triplets_gone
    assert memory.get(added[0].id).event_date is not None  # dates are not a switched part


def test_the_parts_are_on_by_default() -> None:
    extraction = Settings().extraction
    assert extraction.named_entities and extraction.concepts and extraction.dependency_triplets
