"""An inferred add's lifecycle candidates (``cypher/memory/candidates_batch.cypher``) against
the real Neo4j: an owner above ``lifecycle.exact_scan_max`` is read through the vector indexes
(a keyed turn through its context key's) and re-scored exactly; a functional slot's memory is a
candidate however far it ranks by similarity; an owner without a user is scanned exactly."""

from __future__ import annotations

from typing import Any

import neo4j
import pytest

from graphmem import Memory
from graphmem.adapters.neo4j.lifecycle_view import TxLifecycleView
from graphmem.domain.transitions import CandidateQuery, CandidateRead
from graphmem.lifecycle.predicates import FunctionalPredicates
from graphmem.ports.embedder import Embedder
from graphmem.settings import Settings

pytestmark = pytest.mark.neo4j

FILLER = [
    "The hiking boots I ordered arrived on Tuesday.",
    "My favourite board game is Carcassonne.",
    "I finished reading a novel about lighthouse keepers.",
    "We painted the kitchen a pale green colour.",
    "The bakery near the station sells excellent rye bread.",
    "I practise the cello for twenty minutes before dinner.",
    "Our team won the pub quiz last Thursday.",
    "I keep my passwords in a paper notebook.",
]
CHAT = [
    {"role": "user", "name": "Mel", "content": "Guess what, we adopted a puppy named Oscar!"},
    {"role": "user", "name": "Jon", "content": "No way, what breed is he?"},
    {"role": "user", "name": "Mel", "content": "A beagle, he chews every shoe in the house."},
]


def with_lifecycle(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, **lifecycle: Any
) -> Memory:
    changed = settings.lifecycle.model_copy(update=lifecycle)
    return Memory(
        settings.model_copy(update={"lifecycle": changed}), driver=driver, embedder=embedder
    )


def read_candidates(
    memory: Memory, driver: neo4j.Driver, new_ids: list[str], **read: Any
) -> dict[str, list[dict[str, Any]]]:
    texts = [memory.get(i).text for i in new_ids]  # type: ignore[union-attr]
    vectors = memory.embedder.embed(texts)
    queries = [CandidateQuery(new_id=i, vector=v) for i, v in zip(new_ids, vectors, strict=True)]
    settings = {
        "k": 3,
        "exclude": new_ids,
        "exact_scan_max": 1000,
        "fetch": 50,
        "functional": sorted(FunctionalPredicates().names),
    } | read
    with driver.session() as session:
        return session.execute_read(
            lambda tx: TxLifecycleView(tx).candidates_many(
                CandidateRead(queries=queries, **settings)
            )
        )


def test_the_index_read_ranks_as_the_exact_scan_and_finds_keyed_turns(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    memory.add(FILLER, user_id=user_id, infer=False)
    memory.add(CHAT, user_id=user_id, run_id="chat", infer=False)  # keyed turns
    new = memory.add(
        ["Mel's family adopted a beagle puppy called Oscar.", "I bake rye bread at home."],
        user_id=user_id,
        infer=False,
    ).results
    ids = [r.id for r in new]
    exact = read_candidates(memory, driver, ids)
    indexed = read_candidates(memory, driver, ids, exact_scan_max=5)
    for new_id in ids:
        assert [(r["id"], round(r["cosine"], 6)) for r in indexed[new_id]] == [
            (r["id"], round(r["cosine"], 6)) for r in exact[new_id]
        ]
    puppy = memory.get(indexed[ids[0]][0]["id"])
    assert puppy is not None and puppy.text == CHAT[0]["content"]  # found by its context key
    # a fetch of one per index query: at most three rows, so the indexes answered, not a scan
    narrow = read_candidates(memory, driver, ids, exact_scan_max=5, fetch=1)
    assert all(1 <= len(rows) <= 3 for rows in narrow.values())
    assert narrow[ids[0]][0]["id"] == exact[ids[0]][0]["id"]


@pytest.mark.parametrize("exact_scan_max", [1000, 0], ids=["exact", "indexes"])
def test_a_move_supersedes_the_old_home_however_far_it_ranks(
    settings: Settings,
    driver: neo4j.Driver,
    embedder: Embedder,
    user_id: str,
    exact_scan_max: int,
) -> None:
    memory = with_lifecycle(
        settings, driver, embedder, similar_top_s=1, exact_scan_max=exact_scan_max
    )
    tokyo = memory.add("I live in Tokyo.", user_id=user_id, timestamp="2025-01-10").results[0]
    nearer = ["I moved my piano to Osaka.", "I moved the sofa to the Osaka flat.", *FILLER]
    memory.add(nearer, user_id=user_id, infer=False)
    osaka = memory.add("I moved to Osaka.", user_id=user_id, timestamp="2025-06-01").results[0]
    assert [(t.action, t.old_memory_id, t.outcome) for t in osaka.transitions] == [
        ("supersede", tokyo.id, "applied")
    ]


@pytest.mark.parametrize("exact_scan_max", [1000, 0], ids=["exact", "indexes"])
def test_a_repeated_statement_merges_in_a_large_owner(
    settings: Settings,
    driver: neo4j.Driver,
    embedder: Embedder,
    user_id: str,
    exact_scan_max: int,
) -> None:
    memory = with_lifecycle(settings, driver, embedder, exact_scan_max=exact_scan_max)
    memory.add(FILLER, user_id=user_id, infer=False)
    first = memory.add("drinks oat milk in coffee", user_id=user_id).results[0]
    again = memory.add("drinks oat milk in coffee, even at the office", user_id=user_id).results[0]
    assert [(t.action, t.old_memory_id, t.outcome) for t in again.transitions] == [
        ("merge", first.id, "applied")
    ]


def test_an_agent_owner_is_scanned_exactly_whatever_its_size(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    memory = with_lifecycle(settings, driver, embedder, exact_scan_max=0)
    agent = f"agent-{user_id}"
    memory.add(FILLER, agent_id=agent, infer=False)
    tokyo = memory.add("I live in Tokyo.", agent_id=agent, timestamp="2025-01-10").results[0]
    osaka = memory.add("I moved to Osaka.", agent_id=agent, timestamp="2025-06-01").results[0]
    assert [(t.action, t.old_memory_id) for t in osaka.transitions] == [("supersede", tokyo.id)]
