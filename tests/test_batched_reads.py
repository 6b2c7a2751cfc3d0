"""The batched reads of an add answer what the per-memory reads answered, against the real
Neo4j: lifecycle candidates and their triplets for several new memories in one read each, and
a memory whose candidate an earlier transition of the same add retired reads afresh."""

from __future__ import annotations

from typing import Any

import neo4j
import pytest

from graphmem import Memory
from graphmem.adapters.neo4j.lifecycle_view import TxLifecycleView
from graphmem.domain.scope import Scope
from graphmem.domain.transitions import CandidateQuery, CandidateRead
from tests.support.indexes import rebuilt_on_defect

pytestmark = pytest.mark.neo4j


def test_two_moves_in_one_add_retire_the_old_home_once(memory: Memory, user_id: str) -> None:
    tokyo = memory.add("I live in Tokyo.", user_id=user_id, timestamp="2025-01-10").results[0]
    osaka, kyoto = memory.add(
        ["I moved to Osaka.", "I moved to Kyoto."], user_id=user_id, timestamp="2025-06-01"
    ).results
    assert [(t.action, t.old_memory_id, t.outcome) for t in osaka.transitions] == [
        ("supersede", tokyo.id, "applied")
    ]
    # Tokyo is no longer active when Kyoto's candidates are read: no lost race is reported
    assert kyoto.transitions == []


def _triplet_ids(view: TxLifecycleView, ids: list[str]) -> set[str]:
    hits = view.triplet_hits(ids)
    return {t.id for found in hits.values() for t in found}


def _read(memory: Memory, items: list[tuple[str, list[str]]], k: int, new: list[str]) -> Any:
    """A CandidateRead of these (new id, proposed ids)."""
    settings = memory.settings.lifecycle
    return CandidateRead(
        queries=[CandidateQuery(new_id=i, proposed=p) for i, p in items],
        k=k,
        exclude=new,
        exact_scan_max=settings.exact_scan_max,
        fetch=settings.text_fetch,
    )


def test_batched_candidates_equal_the_per_memory_reads(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    texts = ["I live in Tokyo.", "I like green tea.", "My sister Ana works at Acme.", "I run."]
    old = [r.id for r in memory.add(texts, user_id=user_id).results]
    new = [r.id for r in memory.add(["I moved to Osaka.", "I like tea."], user_id=user_id).results]
    items = [(new[0], []), (new[1], [old[3]])]

    def compare(tx: neo4j.ManagedTransaction) -> None:
        view = TxLifecycleView(tx)
        batch = view.candidates_many(_read(memory, items, 3, new))
        for item in items:
            one = view.candidates_many(_read(memory, [item], 3, new))[item[0]]
            assert {r["id"]: r for r in batch[item[0]]} == {r["id"]: r for r in one}
        assert old[3] in {r["id"] for r in batch[new[1]]}  # proposed, not among the nearest 3
        for ids in (old, old[:2], old[2:]):
            per_memory = {t.id for t in memory.store.triplets_for(ids)}
            assert _triplet_ids(view, ids) == per_memory
        assert memory.store.triplets_for(old)  # the store's triplets were read at all

    with driver.session() as session:
        session.execute_read(compare)


def test_similar_for_several_vectors_in_one_read(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    texts = ["I live in Tokyo.", "I like green tea.", "I run every morning."]
    ids = [r.id for r in memory.add(texts, user_id=user_id, infer=False).results]
    vectors = memory.embedder.embed(["Where do I live? Tokyo", "tea", "running"])
    found = memory.store.similar_active_many(Scope(user_id=user_id), vectors, 1)
    assert [[r["id"] for r in rows] for rows in found] == [[ids[0]], [ids[1]], [ids[2]]]
    # a user beyond the scan size: narrowed through the vector indexes, the same answer
    scope = Scope(user_id=user_id)
    indexed = rebuilt_on_defect(
        driver, "neo4j", memory.embedder,
        lambda: memory.store.similar_active_many(scope, vectors, 1, exact_scan_max=0),
    )  # fmt: skip
    assert indexed == found
    assert memory.store.similar_active_many(Scope(user_id=user_id), [], 1) == []


def test_triplets_read_with_the_candidates_equal_a_separate_read(
    memory: Memory, driver: neo4j.Driver, user_id: str
) -> None:
    """candidates_many reads each candidate's triplets in the same statement; the next
    triplet_hits answers from them, and a later one (after a write could have changed them)
    reads again: both equal triplet/hits_for_memories on a fresh view."""
    texts = ["My sister Ana works at Acme.", "Ana lives in Lisbon.", "I like green tea."]
    memory.add(texts, user_id=user_id)
    new = [r.id for r in memory.add(["Ana moved to Porto."], user_id=user_id).results]

    def compare(tx: neo4j.ManagedTransaction) -> None:
        view = TxLifecycleView(tx)
        ids = [r["id"] for r in view.candidates_many(_read(memory, [(new[0], [])], 5, new))[new[0]]]
        assert ids
        expected = TxLifecycleView(tx).triplet_hits(ids)
        assert any(expected.values())
        assert view.triplet_hits(ids) == expected
        assert view.triplet_hits(ids) == expected  # read again, not kept twice

    with driver.session() as session:
        session.execute_read(compare)
