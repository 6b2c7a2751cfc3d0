"""An inferred add's lifecycle candidates (``cypher/memory/candidates_batch.cypher``) against
the real Neo4j: an owner above ``lifecycle.exact_scan_max`` is narrowed to full-text matches
first and re-scored exactly, which keeps every near-duplicate a merge needs; a functional slot's
memory is a candidate however far it ranks by similarity; agents' owners too."""

from __future__ import annotations

from typing import Any

import neo4j
import pytest

from graphmem import Memory
from graphmem.adapters.neo4j.lifecycle_view import TxLifecycleView
from graphmem.cypher_catalog import query
from graphmem.domain.scope import Scope, entity_key
from graphmem.domain.transitions import CandidateQuery, CandidateRead
from graphmem.ports.embedder import Embedder
from graphmem.search.lucene import scoped_query
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
    memory: Memory, driver: neo4j.Driver, new_ids: list[str], owner: Scope, **read: Any
) -> dict[str, list[dict[str, Any]]]:
    texts = [memory.get(i).text for i in new_ids]  # type: ignore[union-attr]
    queries = [
        CandidateQuery(new_id=i, query=scoped_query("text", t, owner.model_dump()))
        for i, t in zip(new_ids, texts, strict=True)
    ]
    settings = {
        "k": 3,
        "exclude": new_ids,
        "exact_scan_max": 1000,
        "fetch": 50,
    } | read
    with driver.session() as session:
        return session.execute_read(
            lambda tx: TxLifecycleView(tx).candidates_many(
                CandidateRead(queries=queries, **settings)
            )
        )


def test_a_large_owner_keeps_its_near_duplicates_among_full_text_matches(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    owner = Scope(user_id=user_id)
    memory.add(FILLER, user_id=user_id, infer=False)
    memory.add(CHAT, user_id=user_id, run_id="chat", infer=False)  # keyed turns
    new = memory.add(
        ["We adopted a puppy named Oscar, a beagle.", "fond of rye bread from the bakery"],
        user_id=user_id,
        infer=False,
    ).results
    ids = [r.id for r in new]
    exact = read_candidates(memory, driver, ids, owner)
    large = read_candidates(memory, driver, ids, owner, exact_scan_max=5)
    for new_id in ids:  # the nearest of each is a lexical neighbour: the same in both reads
        assert large[new_id][0] == exact[new_id][0]
    texts = [memory.get(large[i][0]["id"]).text for i in ids]  # type: ignore[union-attr]
    assert texts == [CHAT[0]["content"], FILLER[4]]
    # narrowed before the cosine: two full-text hits, one of them the new memory itself
    narrow = read_candidates(memory, driver, ids, owner, exact_scan_max=5, fetch=2)
    assert [len(rows) for rows in narrow.values()] == [1, 1]


@pytest.mark.parametrize("exact_scan_max", [1000, 0], ids=["scan", "full-text"])
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


@pytest.mark.parametrize("exact_scan_max", [1000, 0], ids=["scan", "full-text"])
def test_a_denial_finds_the_fact_it_ends_however_far_it_ranks(
    settings: Settings,
    driver: neo4j.Driver,
    embedder: Embedder,
    user_id: str,
    exact_scan_max: int,
) -> None:
    """The denied fact's slot (subject, predicate; not a functional one) is read through
    the graph, as a move's is: nearer memories do not hide the one that told it."""
    memory = with_lifecycle(
        settings, driver, embedder, similar_top_s=1, exact_scan_max=exact_scan_max
    )
    said = memory.add("I play the trombone.", user_id=user_id, timestamp="2025-01-10").results[0]
    nearer = ["I play the trombone solo in the school band.", *FILLER]
    memory.add(nearer, user_id=user_id, infer=False)
    ended = "I don't play the trombone anymore."
    new = memory.add(ended, user_id=user_id, timestamp="2025-06-01").results[0]
    assert [(t.action, t.old_memory_id, t.outcome) for t in new.transitions] == [
        ("supersede", said.id, "applied")
    ]


@pytest.mark.parametrize("exact_scan_max", [1000, 0], ids=["scan", "full-text"])
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


def test_an_agent_owner_beyond_the_scan_size_finds_its_slot_and_duplicates(
    settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    memory = with_lifecycle(settings, driver, embedder, exact_scan_max=0)
    agent = f"agent-{user_id}"
    memory.add(FILLER, agent_id=agent, infer=False)
    tokyo = memory.add("I live in Tokyo.", agent_id=agent, timestamp="2025-01-10").results[0]
    osaka = memory.add("I moved to Osaka.", agent_id=agent, timestamp="2025-06-01").results[0]
    assert [(t.action, t.old_memory_id) for t in osaka.transitions] == [("supersede", tokyo.id)]
    first = memory.add("likes window seats", agent_id=agent).results[0]
    again = memory.add("likes window seats on long flights", agent_id=agent).results[0]
    assert [(t.action, t.old_memory_id) for t in again.transitions] == [("merge", first.id)]


def test_two_words_for_a_beginner_are_no_change_of_job(memory: Memory, user_id: str) -> None:
    """A functional slot is found however far apart two memories are, so a phrase misread as
    a job title would retire an unrelated memory: "I'm still a newbie" (climbing) and "I'm
    still a rookie" (cooking) are not jobs, and the first stays active."""
    climb = memory.add(
        [
            {
                "role": "user",
                "name": "Andrew",
                "content": "The climb was tricky, since I'm still a "
                "newbie. But I made it with support from my friends.",
            }
        ],
        user_id=user_id,
    ).results[0]
    cook = memory.add(
        [
            {
                "role": "user",
                "name": "Andrew",
                "content": "Cooking helps me de-stress. I'm still a "
                "rookie, but I'm having fun experimenting.",
            }
        ],
        user_id=user_id,
    ).results[0]
    assert cook.transitions == []
    assert memory.get(climb.id).lifecycle_state == "active"  # type: ignore[union-attr]
    manager = memory.add(
        [{"role": "user", "name": "Andrew", "content": "I'm an assistant manager now."}],
        user_id=user_id,
    ).results[0]
    coach = memory.add(
        [{"role": "user", "name": "Andrew", "content": "I'm a swimming coach now."}],
        user_id=user_id,
    ).results[0]
    assert [(t.action, t.old_memory_id) for t in coach.transitions] == [("supersede", manager.id)]


def test_only_the_triplets_a_guard_can_read_are_read(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    """A candidate's triplets come back only when the new memory asserts a functional slot,
    or a proposal named the candidate; otherwise null (a merge reads none), which spares
    expanding the speaker's entity for every candidate."""
    old = memory.add(["I live in Tokyo.", "I like green tea."], user_id=user_id)
    tokyo, tea = (r.id for r in old.results)
    new = memory.add(["I like matcha tea.", "I moved to Osaka."], user_id=user_id, infer=False)
    matcha, osaka = (r.id for r in new.results)
    home = entity_key(Scope(user_id=user_id).key, "user")
    items = [
        {"new_id": matcha, "query": None, "proposed": [], "slots": []},
        {"new_id": osaka, "query": None, "proposed": [tea], "slots": []},
        {"new_id": osaka, "query": None, "proposed": [],
         "slots": [{"source_key": home, "predicate": "lives_in"}]},
    ]  # fmt: skip
    rows: list[dict[str, Any]] = []
    for item in items:
        params = {"k": 5, "fetch": 50, "exact_scan_max": 1000, "exclude": [matcha, osaka]}
        found = driver.execute_query(query("memory/candidates_batch"), items=[item], **params)
        rows.append({r["id"]: r["triplets"] for r in found.records})
    assert set(rows[0]) == {tokyo, tea} and set(rows[0].values()) == {None}
    assert [t["predicate"] for t in rows[1][tea]] == ["likes"]  # proposed: read
    assert rows[1][tokyo] is None
    assert [t["predicate"] for t in rows[2][tokyo]] == ["lives_in"]  # a slot: all are read
    assert [t["predicate"] for t in rows[2][tea]] == ["likes"]
