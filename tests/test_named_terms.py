"""A name in the query only adds to a memory another query word found in full-text
(graphmem/search/scope_terms.py): the entity signal counts the person or pet the query
names, and alone the name found the shortest memories that spell it. Pure, then against
the real Neo4j."""

from __future__ import annotations

import pytest

from graphmem import Memory
from graphmem.ports.search import TermHits
from graphmem.search.scope_terms import MINOR_WORDS, FieldStats, named, scores


@pytest.mark.parametrize(
    ("query", "names"),
    [
        ("How old is Rollo?", {"rollo"}),
        ("What breed is Rollo's mum?", {"rollo"}),
        ("Rollo is how old?", set()),  # a sentence's first word may be any word
        ("Where did Caroline go in May?", {"caroline"}),  # months and weekdays are no names
        ("What do I do on Sundays?", set()),
    ],
)
def test_the_names_a_query_gives(query: str, names: set[str]) -> None:
    assert named(query) == names


def _hits(term: str, ids: list[str], lengths: list[int]) -> TermHits:
    return TermHits(term=term, field="text", ids=ids, scores=[1.0] * len(ids), lengths=lengths)


def test_a_name_alone_scores_nothing_a_name_with_a_word_adds() -> None:
    stats = {"text": FieldStats(docs=10, avg_chars=40.0)}
    hits = [_hits("rollo", ["short", "long"], [30, 60]), _hits("breed", ["long"], [60])]
    minor = MINOR_WORDS | {"rollo"}
    found = scores(hits, stats, ["rollo", "breed"], minor)
    assert set(found) == {"long"}  # "short" only spells the name
    plain = scores(hits, stats, ["rollo", "breed"])
    assert found["long"] == pytest.approx(plain["long"])  # the name still adds to it
    # a query of nothing but a name keeps its hits
    assert set(scores(hits[:1], stats, ["rollo"], minor)) == {"short", "long"}


@pytest.mark.neo4j
def test_the_memory_that_answers_ranks_above_the_shortest_naming_one(
    memory: Memory, user_id: str
) -> None:
    said = [
        "We adopted a beagle called Rollo from the shelter!",
        "Rollo lost 2 kilos since February!",
        "Our vet says the breed is prone to ear infections, so we clean his ears weekly.",
    ]
    ids = [
        memory.add([{"role": "user", "name": "Tomas", "content": t}], user_id=user_id).results[0].id
        for t in said
    ]
    found = memory.search("What breed is Rollo?", user_id=user_id, top_k=3, explain=True)
    assert found.results[0].id == ids[0]
    kilos = next(r for r in found.results if r.id == ids[1])
    assert kilos.score_breakdown is not None and kilos.score_breakdown.fulltext == 0.0
