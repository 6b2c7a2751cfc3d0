"""Someone who took over a role holds it: "Dave's replacement is a woman called Oona" is
read as ``Oona replaces Dave`` (the pattern rules), and "Who is my manager?" resolves
through ``Dave manager_of Priya`` and then ``Oona replaces Dave`` to Oona too
(graphmem/search/successions.py). Readings (pure), then search against the real Neo4j."""

from __future__ import annotations

import pytest

from graphmem import Memory
from tests.support.nlp_reading import facts, read_one
from tests.support.telling import teller

ME = "Priya"


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        (
            "Dave's replacement is a woman called Oona, she's great so far",
            ("Oona", "replaces", "Dave"),
        ),
        ("Grant left the company! Sasha took over from Grant.", ("Sasha", "replaces", "Grant")),
        ("Oona replaced Dave as team lead.", ("Oona", "replaces", "Dave")),
        ("Mr Hale is taking over from Mrs Dunn after Easter.", ("Hale", "replaces", "Dunn")),
        (  # "his" is the person the message names
            "My boss Pieter is retiring, his replacement is someone called Anouk",
            ("Anouk", "replaces", "Pieter"),
        ),
    ],
)
def test_a_succession_is_read(said: str, fact: tuple[str, str, str]) -> None:
    assert fact in facts(read_one(said, ME).triplets)


@pytest.mark.parametrize(
    "said",
    [
        "Ben replaced the tyres last week.",
        "I replaced Tom's laptop.",
        "Not sure who replaces him.",
    ],
)
def test_no_succession_of_things_or_of_nobody(said: str) -> None:
    assert not {f for f in facts(read_one(said, ME).triplets) if f[1] == "replaces"}


@pytest.mark.neo4j
def test_the_successor_holds_the_role(memory: Memory, user_id: str) -> None:
    tell = teller(memory, user_id, ME)

    tell("Also my manager Dave is leaving, not sure who replaces him.", "2026-02-14T09:00:00Z")
    tell("Tash and I are growing herbs in the garden.", "2026-03-01T09:00:00Z")
    tell("My friend Tash is a nurse at Whipps Cross.", "2026-03-02T09:00:00Z")
    new = tell(
        "Dave's replacement is a woman called Oona, she's great so far.", "2026-05-09T09:00:00Z"
    )
    found = memory.search("Who is my manager?", user_id=user_id, explain=True)
    assert found.results[0].id == new
    told = {(r.source, r.predicate, r.target) for r in found.relations}
    assert {("Oona", "replaces", "Dave"), ("Dave", "manager_of", ME)} <= told
    assert found.explain is not None
    assert "Oona" in found.explain.signals["roles"]
