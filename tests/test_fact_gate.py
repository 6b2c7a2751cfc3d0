"""The semantic gate lets a memory through by a fact it told: "Farewell cake for the bakery
crew tonight, I start at Siemens on Monday" is far from "Where do I work?" in words (its
text's cosine is low), but the fact read from it, "… works at Siemens", matched by the
triplet signal, is about the question. The test sets the gate between the two
cosines. Without that, the current employer never reached the results and the ended one
ranked first. Real Neo4j, offline extractor."""

from __future__ import annotations

import neo4j
import pytest

from graphmem import Memory
from graphmem.ports.embedder import Embedder
from graphmem.search.candidates import Pool
from graphmem.search.ranking import _by_fact  # pyright: ignore[reportPrivateUsage]
from graphmem.settings import Settings

pytestmark = pytest.mark.neo4j


def _said(memory: Memory, user_id: str, text: str, day: str) -> str:
    turn = [{"role": "user", "name": "Bruna", "content": text}]
    return memory.add(turn, user_id=user_id, timestamp=day).results[0].id


def _cosine(memory: Memory, query: str, text: str) -> float:
    a, b = memory.embedder.embed([query, text])
    return sum(x * y for x, y in zip(a, b, strict=True))


def test_a_memory_reaches_the_results_by_the_fact_it_told(
    memory: Memory, settings: Settings, driver: neo4j.Driver, embedder: Embedder, user_id: str
) -> None:
    query = "Where do I work?"
    old = _said(memory, user_id, "I'm a baker at a family bakery in Porto.", "2026-01-10")
    _said(memory, user_id, "Our cat Figo knocked over the plant again.", "2026-02-01")
    new = _said(
        memory,
        user_id,
        "Farewell cake for the bakery crew tonight, I start at Siemens on Monday.",
        "2026-05-02",
    )
    (fact,) = driver.execute_query(
        "MATCH ()-[r:RELATES_TO {predicate: 'works_at'}]->(:Entity {name: 'Siemens'}) "
        "WHERE $id IN r.memory_ids RETURN r.fact AS fact",
        id=new,
    ).records
    stored = memory.get(new)
    said = max(_cosine(memory, query, stored.text), _cosine(memory, query, f"Bruna: {stored.text}"))
    told = _cosine(memory, query, fact["fact"])
    assert told > said + 0.02  # the premise: the fact is nearer the question than the words
    gate = (said + told) / 2  # the text alone is under this gate, its fact above it

    found = memory.search(query, user_id=user_id, threshold=gate, explain=True)
    ranked = [r.id for r in found.results]
    assert new in ranked
    assert old not in ranked or ranked.index(new) < ranked.index(old)
    assert found.explain is not None
    assert "through the gate by a matched fact" in found.explain.signals["triplet"]

    off = settings.model_copy(
        update={"search": settings.search.model_copy(update={"fact_gate": False})}
    )
    with Memory(off, driver=driver, embedder=embedder) as words_only:
        gated = words_only.search(query, user_id=user_id, threshold=gate)
    assert new not in [r.id for r in gated.results]


def test_a_fact_far_from_the_query_lets_nothing_through() -> None:
    pool = Pool()
    pool.add_fact_cosine("m1", 0.05)

    class _Row:
        class memory:
            id = "m1"

    class _Ctx:
        threshold = 0.1

    assert not _by_fact(_Row(), pool, _Ctx())  # type: ignore[arg-type]
    pool.add_fact_cosine("m1", 0.2)
    assert _by_fact(_Row(), pool, _Ctx())  # type: ignore[arg-type]
